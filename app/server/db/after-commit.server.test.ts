import { expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { afterCommit } from './after-commit.server.ts'

describeEachDatabase('work after commit', (get) => {
	test('runs once the transaction has committed, not inside it', async () => {
		const { db } = get()
		const ran: string[] = []
		await db.transaction().execute(async (trx) => {
			await trx.insertInto('counters').values({ name: 'after_commit_test', year: 1, value: 1 }).execute()
			await afterCommit(trx, () => ran.push('first'))
			await afterCommit(trx, () => ran.push('second'))
			expect(ran).toEqual([])
		})
		expect(ran).toEqual(['first', 'second'])
	})

	test('never runs when the transaction rolls back, and is not left for the next one on that connection', async () => {
		const { db } = get()
		const ran: string[] = []
		await expect(
			db.transaction().execute(async (trx) => {
				await afterCommit(trx, () => ran.push('rolled back'))
				throw new Error('refused')
			}),
		).rejects.toThrow('refused')
		// SQLite has one connection and PostgreSQL's pool hands back an idle one: the next transaction reuses it.
		await db.transaction().execute(async (trx) => {
			await afterCommit(trx, () => ran.push('committed'))
		})
		expect(ran).toEqual(['committed'])
	})

	test('runs at once outside a transaction, and a failing callback does not fail the commit', async () => {
		const { db } = get()
		const ran: string[] = []
		await afterCommit(db, () => ran.push('now'))
		expect(ran).toEqual(['now'])
		await db.transaction().execute(async (trx) => {
			await afterCommit(trx, () => {
				throw new Error('listener broke')
			})
			await afterCommit(trx, () => ran.push('still runs'))
		})
		expect(ran).toEqual(['now', 'still runs'])
	})
})
