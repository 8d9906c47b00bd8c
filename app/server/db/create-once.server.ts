import type { Transaction } from 'kysely'
import { AppError } from '~/lib/errors.ts'
import { type DB, isUniqueViolation } from './client.server.ts'
import type { Database } from './schema.ts'

/** What `createOnce` answers: the record's id, and whether this post made it. */
export type CreatedOnce = { id: string; created: boolean }

async function madeBy(db: DB, key: string, entity: string): Promise<string | null> {
	const row = await db.selectFrom('form_submissions').select(['entity', 'entity_id']).where('key', '=', key).executeTakeFirst()
	if (!row) return null
	if (row.entity !== entity) throw new AppError('invalid-argument', 'This form was already used for something else. Reload the page and try again.')
	return row.entity_id
}

/**
 * Runs a staff form's create once per form render (docs/decisions/166-staff-creates-once-per-submission.md):
 * `key` is the form's one-time key (`newSubmissionKey` in its loader, a hidden field). The key is claimed in
 * the same transaction as the record, so of the same form posted twice (a double click, a resend after a
 * lost answer) one creates and the other is answered with that record: it finds the key, or it collides
 * with it (PostgreSQL makes it wait for the first to commit; SQLite runs them one after the other) and
 * its whole transaction, reference number included, rolls back. Without a key it simply creates.
 */
export async function createOnce(
	db: DB,
	key: string | null | undefined,
	entity: string,
	create: (trx: Transaction<Database>) => Promise<string>,
): Promise<CreatedOnce> {
	if (!key) return { id: await db.transaction().execute(create), created: true }
	const earlier = await madeBy(db, key, entity)
	if (earlier) return { id: earlier, created: false }
	try {
		const id = await db.transaction().execute(async (trx) => {
			const made = await create(trx)
			await trx.insertInto('form_submissions').values({ key, entity, entity_id: made, created_at: new Date().toISOString() }).execute()
			return made
		})
		return { id, created: true }
	} catch (error) {
		if (!isUniqueViolation(error)) throw error
		const winner = await madeBy(db, key, entity)
		if (!winner) throw error
		return { id: winner, created: false }
	}
}
