import { expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { parseEnv } from './env.server.ts'
import { countPublicForm, publicFormLimit } from './public-form-limit.server.ts'

test('the public form limit is 10 posts an hour unless PUBLIC_FORM_LIMIT says otherwise, within 1 to 10,000', () => {
	expect(parseEnv({}).PUBLIC_FORM_LIMIT).toBe(10)
	expect(parseEnv({ PUBLIC_FORM_LIMIT: '40' }).PUBLIC_FORM_LIMIT).toBe(40)
	expect(() => parseEnv({ PUBLIC_FORM_LIMIT: '0' })).toThrow(/PUBLIC_FORM_LIMIT/)
	expect(() => parseEnv({ PUBLIC_FORM_LIMIT: '10001' })).toThrow(/PUBLIC_FORM_LIMIT/)
	expect(() => parseEnv({ PUBLIC_FORM_LIMIT: 'many' })).toThrow(/PUBLIC_FORM_LIMIT/)
	expect(publicFormLimit(25)).toEqual({ limit: 25, windowSeconds: 3600 })
})

describeEachDatabase('public form limit', (get) => {
	test('the post over the limit is refused with when to come back; other forms and other addresses are counted apart', async () => {
		const { db } = get()
		const now = new Date()
		const limit = publicFormLimit(3)
		const answers = []
		for (let i = 0; i < 4; i++) answers.push(await countPublicForm(db, '198.51.100.7', 'book-now', limit, now))
		expect(answers.slice(0, 3)).toEqual([null, null, null])
		expect(answers[3]).toMatch(/^We have had many messages from your connection in the last hour\. Please try again in \d+ minutes?, or call or WhatsApp us\.$/)
		expect(await countPublicForm(db, '198.51.100.7', 'contact', limit, now)).toBeNull()
		expect(await countPublicForm(db, '198.51.100.8', 'book-now', limit, now)).toBeNull()
	})

	test('a raised limit lets an office book more from one address, and still stops at its number', async () => {
		const { db } = get()
		const now = new Date()
		const limit = publicFormLimit(12)
		const answers = []
		for (let i = 0; i < 13; i++) answers.push(await countPublicForm(db, '198.51.100.9', 'book-now', limit, now))
		expect(answers.filter((answer) => answer === null)).toHaveLength(12)
		expect(answers[12]).not.toBeNull()
	})
})
