import { expect, test } from 'vitest'
import { AppError, foundOr404, notFoundOn } from './errors.ts'

async function thrown(run: () => unknown): Promise<unknown> {
	try {
		await run()
	} catch (error) {
		return error
	}
	throw new Error('expected a throw')
}

test('a read that finds nothing is the 404 page, with the page’s message or the read’s own', async () => {
	const missing = () => Promise.reject(new AppError('not-found', 'There is no ferry booking with that id.'))
	const withOwn = await thrown(() => foundOr404(missing()))
	expect(withOwn).toBeInstanceOf(Response)
	expect((withOwn as Response).status).toBe(404)
	expect(await (withOwn as Response).text()).toBe('There is no ferry booking with that id.')

	const withPage = (await thrown(() => foundOr404(missing(), 'Search the ferry bookings list by name, phone or PNR.'))) as Response
	expect([withPage.status, await withPage.text()]).toEqual([404, 'Search the ferry bookings list by name, phone or PNR.'])
})

test('anything else is thrown on unchanged, and a found record is returned', async () => {
	const refused = new AppError('failed-precondition', 'That booking is cancelled.')
	expect(await thrown(() => foundOr404(Promise.reject(refused), 'unused'))).toBe(refused)
	const fault = new Error('connection terminated')
	expect(await thrown(() => foundOr404(Promise.reject(fault)))).toBe(fault)
	expect(await foundOr404(Promise.resolve({ id: 'b1' }))).toEqual({ id: 'b1' })

	expect(() => notFoundOn(refused, 'unused')).not.toThrow()
	expect(() => notFoundOn('not an error')).not.toThrow()
	await expect(thrown(() => notFoundOn(new AppError('not-found', 'Gone.')))).resolves.toBeInstanceOf(Response)
})
