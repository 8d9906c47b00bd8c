import type { Kysely } from 'kysely'
import type { Database, ReviewRow } from '~/server/db/schema.ts'

export type Review = { id: string; name: string; city: string | null; trip: string; rating: number; title: string; body: string; travelledOn: string }

function toReview(row: ReviewRow): Review {
	return { id: row.id, name: row.name, city: row.city, trip: row.trip, rating: row.rating, title: row.title, body: row.body, travelledOn: row.travelled_on }
}

export async function listReviews(db: Kysely<Database>, options: { limit?: number; packageId?: string } = {}) {
	let query = db.selectFrom('reviews').selectAll().where('published', '=', 1)
	if (options.packageId) query = query.where('package_id', '=', options.packageId)
	const rows = await query
		.orderBy('travelled_on', 'desc')
		.orderBy('id')
		.limit(options.limit ?? 100)
		.execute()
	return rows.map(toReview)
}

/** Average rating and count, for the page and the aggregate rating in JSON-LD. */
export async function reviewSummary(db: Kysely<Database>) {
	const row = await db
		.selectFrom('reviews')
		.select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.avg<number>('rating').as('average')])
		.where('published', '=', 1)
		.executeTakeFirstOrThrow()
	return { count: Number(row.count), average: row.average === null ? null : Math.round(Number(row.average) * 10) / 10 }
}
