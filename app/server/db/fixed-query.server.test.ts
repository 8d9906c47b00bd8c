import { sql } from 'kysely'
import { expect, test } from 'vitest'
import type { Executor } from './client.server.ts'
import { fixedQuery } from './fixed-query.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'

const settingsAt = '2026-11-24T00:00:00Z'

/** A query with a bound value, a constant and an `in` list of constants. */
const settingsMatching = fixedQuery((db: Executor, pattern: string, key: string) =>
	db
		.selectFrom('settings')
		.select(['key', 'value_json'])
		.where('key', 'like', pattern)
		.where((eb) => eb.or([eb('key', '=', key), eb('value_json', 'in', ['"kept"', '"also kept"'])]))
		.where('updated_at', '=', settingsAt)
		.orderBy('key'),
)

describeEachDatabase('queries compiled once', (get) => {
	test('each call binds its own values, beside the constants the query holds', async () => {
		const { db } = get()
		await db
			.insertInto('settings')
			.values([
				{ key: 'fixed.a', value_json: '"kept"', updated_at: settingsAt },
				{ key: 'fixed.b', value_json: '"other"', updated_at: settingsAt },
				{ key: 'fixed.c', value_json: '"also kept"', updated_at: settingsAt },
				{ key: 'other.a', value_json: '"kept"', updated_at: settingsAt },
			])
			.execute()
		const keys = async (pattern: string, key: string) => (await settingsMatching.execute(db, pattern, key)).map((row) => row.key)
		expect(await keys('fixed.%', 'fixed.b')).toEqual(['fixed.a', 'fixed.b', 'fixed.c'])
		expect(await keys('fixed.%', 'nothing')).toEqual(['fixed.a', 'fixed.c'])
		expect(await keys('other.%', 'nothing')).toEqual(['other.a'])
		// A value that looks like SQL is only ever a value.
		expect(await keys("fixed.%' or 1=1 --", 'fixed.b')).toEqual([])
		expect(await settingsMatching.executeTakeFirst(db, 'fixed.%', 'fixed.b')).toEqual({ key: 'fixed.a', value_json: '"kept"' })
		expect(await settingsMatching.executeTakeFirst(db, 'none.%', 'none')).toBeUndefined()
	})

	test('inside a transaction it sees the transaction’s own writes', async () => {
		const { db } = get()
		await db.transaction().execute(async (trx) => {
			await trx.insertInto('settings').values({ key: 'fixed.t', value_json: '"other"', updated_at: settingsAt }).execute()
			expect((await settingsMatching.execute(trx, 'fixed.t', 'fixed.t')).map((row) => row.key)).toEqual(['fixed.t'])
		})
	})

	test('a value spread into a list, changed before binding, written into SQL or left out is refused on the first run', async () => {
		const { db } = get()
		const spread = fixedQuery((db: Executor, key: string) => db.selectFrom('settings').select('key').where('key', 'in', [key, key]))
		await expect(spread.execute(db, 'x')).rejects.toThrow('fixedQuery: value 1 must be bound once as a plain value')
		const inText = fixedQuery((db: Executor, key: string) => db.selectFrom('settings').select('key').where(sql.raw(`key = '${key}'`) as never))
		await expect(inText.execute(db, 'x')).rejects.toThrow('fixedQuery: value 1 must be bound once as a plain value')
		const changed = fixedQuery((db: Executor, prefix: string) => db.selectFrom('settings').select('key').where('key', 'like', `${prefix}%`))
		await expect(changed.execute(db, 'x')).rejects.toThrow('fixedQuery: value 1 must be bound once as a plain value')
		const unused = fixedQuery((db: Executor, _key: string) => db.selectFrom('settings').select('key'))
		await expect(unused.execute(db, 'x')).rejects.toThrow('fixedQuery: value 1 must be bound once as a plain value')
	})
})
