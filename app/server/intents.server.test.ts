import { expect, test } from 'vitest'
import { AppError } from '~/lib/errors.ts'
import { errorsOf, resultFor } from '~/lib/forms.ts'
import { z } from '~/lib/zod.ts'
import { runIntent } from './intents.server.ts'

const noteSchema = z.object({ intent: z.literal('note'), text: z.string() })
const messages = { unknownIntent: 'Choose what to do with the ticket.', missing: 'There is no ticket with that id.' }

function posted(fields: Record<string, string>): FormData {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.append(name, value)
	return form
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
	try {
		const answer = (await promise) as { init?: ResponseInit }
		return answer.init?.status ?? 200
	} catch (thrown) {
		if (thrown instanceof Response) return thrown.status
		throw thrown
	}
}

test('the posted intent runs its own function; an intent the page lacks is refused without echoing it', async () => {
	const calls: string[] = []
	const intents = { note: [noteSchema, async (_form: FormData, id: string) => (calls.push(id), 'saved')] } as const
	expect(await runIntent(posted({ intent: 'note', text: 'hi' }), intents, 'T1', messages)).toBe('saved')
	expect(calls).toEqual(['T1'])
	const refused = await runIntent(posted({ intent: 'x'.repeat(9000), text: 'secret' }), intents, 'T1', messages)
	expect(JSON.stringify(refused)).not.toContain('xxxx')
	expect(JSON.stringify(refused)).not.toContain('secret')
	expect(errorsOf(resultFor((refused as { data: unknown }).data))).toEqual({ form: 'Choose what to do with the ticket.' })
	expect(await statusOf(runIntent(posted({ intent: 'toString' }), intents, 'T1', messages))).toBe(400)
	expect(calls).toEqual(['T1'])
})

test('expected failures go back to their form; a vanished record is the 404 page; faults are rethrown', async () => {
	const failing = (error: Error) => ({ note: [noteSchema, async () => Promise.reject(error)] }) as const
	const conflict = await runIntent(posted({ intent: 'note', text: 'hi' }), failing(new AppError('failed-precondition', 'Enter the PNR first.', { fields: { text: 'Enter the PNR.' } })), null, messages)
	expect((conflict as { init?: ResponseInit }).init?.status).toBe(409)
	expect(errorsOf(resultFor((conflict as { data: unknown }).data, 'note'))).toEqual({ form: 'Enter the PNR first.', text: 'Enter the PNR.' })
	expect(await statusOf(runIntent(posted({ intent: 'note' }), failing(new AppError('not-found', 'gone')), null, messages))).toBe(404)
	// A not-found naming a field is about that field (a place chosen from a stale list), not the page.
	const field = await runIntent(posted({ intent: 'note' }), failing(new AppError('not-found', 'gone', { fields: { text: 'Choose again.' } })), null, messages)
	expect(errorsOf(resultFor((field as { data: unknown }).data))).toEqual({ form: 'gone', text: 'Choose again.' })
	// Without a `missing` message every expected failure goes back to the form.
	const kept = await runIntent(posted({ intent: 'note', text: 'hi' }), failing(new AppError('not-found', 'gone')), null, { unknownIntent: 'x' })
	expect((kept as { init?: ResponseInit }).init?.status).toBe(404)
	expect(errorsOf(resultFor((kept as { data: unknown }).data, 'note'))).toEqual({ form: 'gone' })
	// A body that cannot be read: its own message, no intent.
	const unread = await runIntent(Promise.reject(new AppError('invalid-argument', 'The file is larger than 5 MB.', { fields: { file: 'The file is larger than 5 MB.' } })), failing(new Error('not run')), null, messages)
	expect((unread as { data: { intent: string } }).data.intent).toBe('')
	expect(errorsOf(resultFor((unread as { data: unknown }).data))).toEqual({ form: 'The file is larger than 5 MB.', file: 'The file is larger than 5 MB.' })
	const fault = new AppError('internal', 'The database is gone.')
	await expect(runIntent(posted({ intent: 'note' }), failing(fault), null, messages)).rejects.toBe(fault)
})
