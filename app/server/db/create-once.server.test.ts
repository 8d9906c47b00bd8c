import { expect, test } from 'vitest'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { nextSequence } from './audit.server.ts'
import type { DB } from './client.server.ts'
import { createOnce } from './create-once.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'

/** A create like the real ones: a numbered reference from the counter, then the row. */
function makeNote(db: DB, key: string | null, entity = 'note') {
	return createOnce(db, key, entity, async (trx) => {
		const id = newId()
		const number = await nextSequence(trx, `note-${key ?? 'none'}`, 2026)
		await trx
			.insertInto('settings')
			.values({ key: `note.${id}`, value_json: JSON.stringify({ number }), updated_at: '2026-11-24T00:00:00Z' })
			.execute()
		return id
	})
}

const notes = (db: DB) => db.selectFrom('settings').select('key').where('key', 'like', 'note.%').execute()
const counter = async (db: DB, key: string) =>
	(await db.selectFrom('counters').select('value').where('name', '=', `note-${key}`).executeTakeFirst())?.value ?? 0

describeEachDatabase('a staff create runs once per form render', (get) => {
	test('the same form posted six times at once makes one record, numbered once; every post is answered with it', async () => {
		const { db } = get()
		const key = newId()
		const answers = await Promise.all(Array.from({ length: 6 }, () => makeNote(db, key)))
		const ids = new Set(answers.map((answer) => answer.id))
		expect(ids.size).toBe(1)
		expect(answers.filter((answer) => answer.created)).toHaveLength(1)
		expect((await notes(db)).map((row) => row.key)).toEqual([`note.${[...ids][0]}`])
		// The posts that lost rolled back their reference number too: no gap.
		expect(await counter(db, key)).toBe(1)

		// Posted again later (a resend after a lost answer): the same record, nothing new.
		expect(await makeNote(db, key)).toEqual({ id: [...ids][0], created: false })
		expect(await notes(db)).toHaveLength(1)
	})

	test('a new render is a new record; no key always creates; a key used for another kind of record is refused', async () => {
		const { db } = get()
		const before = (await notes(db)).length
		const first = await makeNote(db, newId())
		const second = await makeNote(db, newId())
		expect(first.id).not.toBe(second.id)
		await makeNote(db, null)
		await makeNote(db, null)
		expect(await notes(db)).toHaveLength(before + 4)

		const key = newId()
		await makeNote(db, key, 'note')
		const misuse = await makeNote(db, key, 'agent').catch((error: unknown) => error)
		expect(misuse).toBeInstanceOf(AppError)
		expect(misuse).toMatchObject({ code: 'invalid-argument' })
	})

	test('a failure inside the create saves nothing and leaves the key free for the next try', async () => {
		const { db } = get()
		const key = newId()
		await expect(createOnce(db, key, 'note', async () => Promise.reject(new AppError('failed-precondition', 'No rooms left on that date.')))).rejects.toThrow(
			'No rooms left',
		)
		expect(await db.selectFrom('form_submissions').select('key').where('key', '=', key).executeTakeFirst()).toBeUndefined()
		expect((await makeNote(db, key)).created).toBe(true)
	})
})
