import type { Machine } from '~/lib/state-machine.ts'
import { z } from '~/lib/zod.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { type DB } from '~/server/db/client.server.ts'
import { db } from '~/server/db/index.server.ts'
import { intent } from '~/server/form-intents.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'

/** What a record page's intents get: the record, who acts, and the page to come back to. */
export type RecordContext = { id: string; actor: Actor; here: string }

/**
 * The `status` intent of a record page with StatusButtons: the posted status must be one of the
 * machine's states ("Choose the new status." otherwise); `change` checks the move and saves it; the
 * answer is the page again with "<Record> is now <state>".
 */
export function statusIntent<S extends string>(machine: Machine<S>, change: (db: DB, actor: Actor, id: string, to: S) => Promise<S>) {
	const message = 'Choose the new status.'
	const schema = z.object({ intent: z.literal('status'), status: z.enum(machine.states as readonly [S, ...S[]], { message }) })
	const noun = machine.noun.charAt(0).toUpperCase() + machine.noun.slice(1)
	return intent(
		schema,
		async ({ status }, { id, actor, here }: RecordContext) => {
			const to = await change(db(), actor, id, status as S)
			return redirectWithToast(here, { title: `${noun} is now ${machine.labels[to].toLowerCase()}` })
		},
		{ formError: message },
	)
}
