import type { Kysely } from 'kysely'
import { type Passenger, parsePassengers, passengerRowsSchema } from '~/features/ferries/domain/passengers.ts'
import { actorOf, type User } from '~/features/identity/server/users.server.ts'
import { invariantResponse } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { z } from '~/lib/zod.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import type { Database } from '~/server/db/schema.ts'
import { type Intent, intent, runIntent } from '~/server/form-intents.server.ts'
import { refuse } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { readMultipartForm } from '~/server/uploads.server.ts'

/**
 * The two forms a ferry booking and an offline ticket both have (app/routes/admin/ferries/ferry-booking.tsx,
 * offline-ticket.tsx): the passenger rows, checked against the record's travel date, and the ticket
 * file. Each page passes its own data functions and toast titles; the checks and answers are one.
 */
export type TicketRecordContext = { db: DB; id: string; actor: Actor; here: string; request: Request }

type DB = Kysely<Database>

/**
 * The action of either page, after its staff guard, with the database first: the record's id must be well formed, and the form is
 * read as multipart (the ticket file) and run through the page's intents. `path` is the list the record
 * sits under; `missing` says what to do when the id names no record; `unknown` answers an unknown intent.
 */
export function runTicketRecordIntent<Intents extends Record<string, Intent<TicketRecordContext, unknown>>>(
	db: DB,
	request: Request,
	user: User,
	id: string | undefined,
	intents: Intents,
	{ path, missing, unknown }: { path: string; missing: string; unknown: string },
) {
	invariantResponse(id && isId(id), missing)
	const context: TicketRecordContext = { db, id, actor: actorOf(user), here: `${path}/${id}`, request }
	return runIntent<TicketRecordContext, Intents>(readMultipartForm(request), intents, { unknown: { formError: unknown }, missing, context: () => context })
}

export function passengersIntent({
	travelDateOf,
	save,
	savedTitle,
}: {
	travelDateOf: (db: DB, id: string) => Promise<string>
	save: (db: DB, actor: Actor, id: string, passengers: readonly Passenger[]) => Promise<unknown>
	savedTitle: (count: number) => string
}) {
	return intent(passengerRowsSchema, async (rows, { db, id, actor, here }: TicketRecordContext, { submission }) => {
		const parsed = parsePassengers(rows, await travelDateOf(db, id))
		if (!parsed.ok) return refuse(submission, { intent: 'passengers', fieldErrors: parsed.errors })
		await save(db, actor, id, parsed.passengers)
		return redirectWithToast(here, { title: savedTitle(parsed.passengers.length) })
	})
}

const uploadSchema = z.object({ intent: z.literal('upload') })

export function ticketFileIntent({
	attach,
	uploadedTitle,
}: {
	attach: (db: DB, actor: Actor, id: string, file: FormDataEntryValue | null) => Promise<{ name: string }>
	uploadedTitle: string
}) {
	return intent(uploadSchema, async (_input, { db, id, actor, here, request }: TicketRecordContext, { formData }) => {
		const uploaded = await attach(db, actor, id, formData.get('file'))
		// With JavaScript the upload form stays on the page (a fetcher) and reads this answer; without it, back to the record.
		if (request.headers.get('Accept')?.includes('text/html')) return redirectWithToast(here, { title: uploadedTitle, description: uploaded.name })
		return { intent: 'upload', uploaded: uploaded.name }
	})
}
