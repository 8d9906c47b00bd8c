import { expect, test } from 'vitest'
import { AppError } from '~/lib/errors.ts'
import { errorsOf, resultFor, valuesOf } from '~/lib/forms.ts'
import { z } from '~/lib/zod.ts'
import { backTo, intent, runIntent } from './form-intents.server.ts'

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
