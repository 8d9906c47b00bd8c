import { expect, test } from 'vitest'
import { AppError } from '~/lib/errors.ts'
import { errorsOf, resultFor, valuesOf } from '~/lib/forms.ts'
import { z } from '~/lib/zod.ts'
import { backTo, intent, runIntent } from './form-intents.server.ts'
import { refuse } from './forms.server.ts'

const posted = (fields: Record<string, string>) => {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.append(name, value)
	return form
}

const done: string[] = []
const intents = {
	rename: intent(z.object({ intent: z.literal('rename'), name: z.string().trim().min(2, 'Enter a name.') }), async ({ name }, context: { who: string }) => {
		done.push(`${context.who} renamed to ${name}`)
		return new Response(null, { status: 302 })
	}),
	fail: intent(z.object({ intent: z.literal('fail'), code: z.enum(['conflict', 'fault']) }), async ({ code }) => {
		throw code === 'conflict' ? new AppError('failed-precondition', 'Already done.', { fields: { code: 'Pick another.' } }) : new TypeError('x is undefined')
	}),
}
const options = { unknown: 'Choose what to do.', context: () => ({ who: 'Asha' }) }

test('each intent parses with its own schema and runs its named function with the parsed input', async () => {
	const answer = await runIntent(posted({ intent: 'rename', name: '  Ravi ', extra: 'dropped' }), intents, options)
	expect(answer).toBeInstanceOf(Response)
	expect(done.at(-1)).toBe('Asha renamed to Ravi')
})

test('an unknown intent is refused on the intent field; a refused submission goes back to its form with its values; neither builds the context', async () => {
	let built = 0
	const counting = { ...options, context: () => (built++, { who: 'Asha' }) }
	const unknown = (await runIntent(posted({ intent: 'explode' }), intents, counting)) as { data: unknown; init: ResponseInit | null }
	expect(unknown.init?.status).toBe(400)
	expect(errorsOf(resultFor(unknown.data, 'explode'))).toEqual({ intent: 'Choose what to do.' })
	const refused = (await runIntent(posted({ intent: 'rename', name: 'x' }), intents, counting)) as { data: unknown; init: ResponseInit | null }
	expect(refused.init?.status).toBe(400)
	expect(errorsOf(resultFor(refused.data, 'rename'))).toEqual({ name: 'Enter a name.' })
	expect(valuesOf(resultFor(refused.data, 'rename'))).toEqual({ intent: 'rename', name: 'x' })
	expect(built).toBe(0)
})

test('an expected failure comes back with its status, message and fields; onError may turn it into something else; a fault is rethrown', async () => {
	const conflict = (await runIntent(posted({ intent: 'fail', code: 'conflict' }), intents, options)) as { data: unknown; init: ResponseInit | null }
	expect(conflict.init?.status).toBe(409)
	expect(errorsOf(resultFor(conflict.data, 'fail'))).toEqual({ form: 'Already done.', code: 'Pick another.' })
	const page = new Response('Gone', { status: 404 })
	await expect(
		runIntent(posted({ intent: 'fail', code: 'conflict' }), intents, {
			...options,
			onError: () => {
				throw page
			},
		}),
	).rejects.toBe(page)
	await expect(runIntent(posted({ intent: 'fail', code: 'fault' }), intents, options)).rejects.toBeInstanceOf(TypeError)
})

test('a row action goes back to its list page with its filters, never elsewhere', () => {
	expect(backTo('/admin/add-days?island=neil', '/admin/add-days')).toBe('/admin/add-days?island=neil')
	expect(backTo('//evil.example/admin/add-days', '/admin/add-days')).toBe('/admin/add-days')
	expect(backTo('https://evil.example/', '/admin/add-days')).toBe('/admin/add-days')
	expect(backTo(null, '/admin/saved-packages')).toBe('/admin/saved-packages')
})

// What the second dispatcher (ADR 144, now one with this one) answered for the pages it served.
const noteSchema = z.object({ intent: z.literal('note'), text: z.string() })
const ticket = { unknown: { formError: 'Choose what to do with the ticket.' }, missing: 'There is no ticket with that id.', context: () => 'T1' }

async function statusOf(promise: Promise<unknown>): Promise<number> {
	try {
		const answer = (await promise) as { init?: ResponseInit }
		return answer.init?.status ?? 200
	} catch (thrown) {
		if (thrown instanceof Response) return thrown.status
		throw thrown
	}
}

test('an answer other than a Response comes back as it is; an unknown intent can be refused on the whole form without echoing anything posted', async () => {
	const calls: string[] = []
	const notes = { note: intent(noteSchema, async ({ text }, id: string) => (calls.push(`${id}: ${text}`), { saved: text })) }
	expect(await runIntent(posted({ intent: 'note', text: 'hi' }), notes, ticket)).toEqual({ saved: 'hi' })
	expect(calls).toEqual(['T1: hi'])
	const refused = await runIntent(posted({ intent: 'x'.repeat(9000), text: 'secret' }), notes, ticket)
	expect(JSON.stringify(refused)).not.toContain('xxxx')
	expect(JSON.stringify(refused)).not.toContain('secret')
	expect((refused as { data: { intent: string } }).data.intent).toBe('')
	expect(errorsOf(resultFor((refused as { data: unknown }).data))).toEqual({ form: 'Choose what to do with the ticket.' })
	expect(await statusOf(runIntent(posted({ intent: 'toString' }), notes, ticket))).toBe(400)
	expect(calls).toEqual(['T1: hi'])
})

test('an intent may add a whole-form message to a refusal; its function gets the form as posted and the submission to refuse with', async () => {
	const status = {
		status: intent(
			z.object({ intent: z.literal('status'), status: z.enum(['open', 'closed'], { message: 'Choose the new status.' }) }),
			async () => new Response(null, { status: 302 }),
			{ formError: 'Choose the new status.' },
		),
	}
	const refused = (await runIntent(posted({ intent: 'status', status: 'exploded' }), status, ticket)) as { data: unknown; init: ResponseInit | null }
	expect(refused.init?.status).toBe(400)
	expect(errorsOf(resultFor(refused.data, 'status'))).toEqual({ form: 'Choose the new status.', status: 'Choose the new status.' })
	const upload = {
		upload: intent(z.object({ intent: z.literal('upload') }), async (_input, _context: string, { formData, submission }) => {
			const file = formData.get('file')
			return file instanceof File ? { uploaded: file.name } : refuse(submission, { intent: 'upload', fieldErrors: { file: 'Choose a file.' } })
		}),
	}
	const form = posted({ intent: 'upload' })
	form.append('file', new File(['%PDF'], 'ticket.pdf', { type: 'application/pdf' }))
	expect(await runIntent(form, upload, ticket)).toEqual({ uploaded: 'ticket.pdf' })
	const empty = await runIntent(posted({ intent: 'upload' }), upload, ticket)
	expect(errorsOf(resultFor((empty as { data: unknown }).data, 'upload'))).toEqual({ file: 'Choose a file.' })
})

test('with `missing`, a vanished record is the 404 page; a not-found naming a field stays on the form; without it every expected failure goes back to the form', async () => {
	const failing = (error: Error) => ({ note: intent(noteSchema, async () => Promise.reject(error)) })
	const conflict = await runIntent(
		posted({ intent: 'note', text: 'hi' }),
		failing(new AppError('failed-precondition', 'Enter the PNR first.', { fields: { text: 'Enter the PNR.' } })),
		ticket,
	)
	expect((conflict as { init?: ResponseInit }).init?.status).toBe(409)
	expect(errorsOf(resultFor((conflict as { data: unknown }).data, 'note'))).toEqual({ form: 'Enter the PNR first.', text: 'Enter the PNR.' })
	expect(await statusOf(runIntent(posted({ intent: 'note', text: 'hi' }), failing(new AppError('not-found', 'gone')), ticket))).toBe(404)
	// A not-found naming a field is about that field (a place chosen from a stale list), not the page.
	const field = await runIntent(
		posted({ intent: 'note', text: 'hi' }),
		failing(new AppError('not-found', 'gone', { fields: { text: 'Choose again.' } })),
		ticket,
	)
	expect(errorsOf(resultFor((field as { data: unknown }).data))).toEqual({ form: 'gone', text: 'Choose again.' })
	const kept = await runIntent(posted({ intent: 'note', text: 'hi' }), failing(new AppError('not-found', 'gone')), { ...ticket, missing: undefined })
	expect((kept as { init?: ResponseInit }).init?.status).toBe(404)
	expect(errorsOf(resultFor((kept as { data: unknown }).data, 'note'))).toEqual({ form: 'gone' })
	const fault = new AppError('internal', 'The database is gone.')
	await expect(runIntent(posted({ intent: 'note', text: 'hi' }), failing(fault), ticket)).rejects.toBe(fault)
})

test('a body that cannot be read is refused with its own message and no intent; a fault reading it is rethrown', async () => {
	const notRun = { note: intent(noteSchema, async () => Promise.reject(new Error('not run'))) }
	const unread = await runIntent(
		Promise.reject(new AppError('invalid-argument', 'The file is larger than 5 MB.', { fields: { file: 'The file is larger than 5 MB.' } })),
		notRun,
		ticket,
	)
	expect((unread as { init?: ResponseInit }).init?.status).toBe(400)
	expect((unread as { data: { intent: string } }).data.intent).toBe('')
	expect(errorsOf(resultFor((unread as { data: unknown }).data))).toEqual({ form: 'The file is larger than 5 MB.', file: 'The file is larger than 5 MB.' })
	const broken = new TypeError('Body is unusable')
	await expect(runIntent(Promise.reject(broken), notRun, ticket)).rejects.toBe(broken)
})
