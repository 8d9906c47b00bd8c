import { expect, test } from 'vitest'
import { AppError } from '~/lib/errors.ts'
import { rowById } from './row-by-id.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'

const at = '2026-11-24T00:00:00.000Z'

describeEachDatabase('one row by its id', (get) => {
	test('finds the row, refuses a missing id with the caller’s message, and locks inside a transaction', async () => {
		const { db } = get()
		const template = {
			island: 'Havelock',
			title: 'Radhanagar Beach afternoon',
			description: 'Sunset at beach no. 7.',
			activities_json: '[]',
			transfers_json: '[]',
			ferry_json: null,
			meals_json: '[]',
			tags: ',beach,',
			position: 1,
			active: 1,
			archived_at: null,
			created_at: at,
			updated_at: at,
		}
		await db
			.insertInto('day_templates')
			.values([
				{ id: 'day-one', ...template },
				{ id: 'day-two', ...template, title: 'Elephant Beach snorkelling' },
			])
			.execute()

		expect(await rowById(db, 'day_templates', 'day-two', 'No such day.')).toMatchObject({
			id: 'day-two',
			title: 'Elephant Beach snorkelling',
			island: 'Havelock',
		})

		const missing = await rowById(db, 'day_templates', "day-one' or '1'='1", 'No such day.').catch((error: unknown) => error)
		expect(missing).toBeInstanceOf(AppError)
		expect(missing).toMatchObject({ code: 'not-found', message: 'No such day.' })

		const title = await db.transaction().execute(async (trx) => {
			const row = await rowById(trx, 'day_templates', 'day-one', 'No such day.', { forUpdate: true })
			await trx
				.updateTable('day_templates')
				.set({ title: `${row.title} (edited)` })
				.where('id', '=', row.id)
				.execute()
			return (await rowById(trx, 'day_templates', 'day-one', 'No such day.')).title
		})
		expect(title).toBe('Radhanagar Beach afternoon (edited)')
	})
})
