import { type Kysely, sql } from 'kysely'
import {
	type CatalogPackage,
	nightBands,
	type PackageCategory,
	type PackageFilters,
	packagesPerPage,
	type PackageStatus,
} from '~/features/catalog/domain/packages.ts'
import { budgetBandsFor, parseBudgetBand, withPackageCounts } from '~/features/catalog/domain/budget-bands.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import type { IslandSlug } from '~/lib/islands.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { Database, NewPackageRow, PackageRow } from '~/server/db/schema.ts'
import { publicPagesChanged } from '~/server/page-cache-signal.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { photosFor } from '~/features/media/server/media.server.ts'
import { listReviews, reviewSummary } from '~/features/reviews/server/reviews.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import type { PackageViewChoice } from '~/features/catalog/domain/package-trip.ts'
import { packageTripView } from './package-trip.server.ts'

export function toPackage(row: PackageRow): CatalogPackage {
	return {
		id: row.id,
		slug: row.slug,
		title: row.title,
		category: row.category as PackageCategory,
		status: row.status as PackageStatus,
		featured: row.featured === 1,
		summary: row.summary,
		totalNights: row.total_nights,
		islands: row.islands.split(',').filter(Boolean) as IslandSlug[],
		stays: JSON.parse(row.stays_json),
		days: JSON.parse(row.days_json),
		highlights: JSON.parse(row.highlights_json),
		inclusions: JSON.parse(row.inclusions_json),
		exclusions: JSON.parse(row.exclusions_json),
		images: JSON.parse(row.images_json),
		faqs: JSON.parse(row.faqs_json),
		seoTitle: row.seo_title,
		seoDescription: row.seo_description,
		prices: { standard: row.price_standard, deluxe: row.price_deluxe, premium: row.price_premium },
		updatedAt: row.updated_at,
	}
}

export type PackageInput = Omit<CatalogPackage, 'id' | 'updatedAt' | 'totalNights' | 'islands'>

export function toRow(input: PackageInput): Omit<NewPackageRow, 'id' | 'created_at' | 'updated_at' | 'created_by'> {
	return {
		slug: input.slug,
		title: input.title,
		category: input.category,
		status: input.status,
		featured: input.featured ? 1 : 0,
		summary: input.summary,
		total_nights: input.stays.reduce((sum, stay) => sum + stay.nights, 0),
		islands: `,${[...new Set(input.stays.map((stay) => stay.island))].join(',')},`,
		stays_json: JSON.stringify(input.stays),
		days_json: JSON.stringify(input.days),
		highlights_json: JSON.stringify(input.highlights),
		inclusions_json: JSON.stringify(input.inclusions),
		exclusions_json: JSON.stringify(input.exclusions),
		images_json: JSON.stringify(input.images),
		faqs_json: JSON.stringify(input.faqs),
		seo_title: input.seoTitle,
		seo_description: input.seoDescription,
		price_standard: input.prices.standard,
		price_deluxe: input.prices.deluxe,
		price_premium: input.prices.premium,
	}
}

/** The "from" price per person in SQL: the cheapest tier that has a price (tiers rise standard → premium). */
const fromPriceSql = sql<number>`coalesce(price_standard, price_deluxe, price_premium)`

/** The budget bands of the package filters, fitted to the published packages' "from" prices. */
export async function catalogBudgetBands(db: Executor) {
	const rows = await db.selectFrom('packages').select(fromPriceSql.as('price')).where('status', '=', 'published').execute()
	const prices = rows.flatMap((row) => (row.price === null ? [] : [Number(row.price) / 100]))
	// Bands fitted to the catalogue, each with how many published packages it holds.
	return withPackageCounts(budgetBandsFor(prices), prices)
}

export async function listPackages(db: Executor, filters: PackageFilters, options: { includeDrafts?: boolean } = {}) {
	let query = db.selectFrom('packages')
	query = options.includeDrafts ? query.where('status', '!=', 'archived') : query.where('status', '=', 'published')
	if (filters.category) query = query.where('category', '=', filters.category)
	if (filters.island) query = query.where('islands', 'like', `%,${filters.island},%`)
	if (filters.nights) {
		const band = nightBands[filters.nights]
		query = query.where('total_nights', '>=', band.min).where('total_nights', '<=', band.max)
	}
	const band = parseBudgetBand(filters.budget)
	if (band) {
		query = query.where(fromPriceSql, '>=', band.min * 100)
		if (band.max !== null) query = query.where(fromPriceSql, '<', band.max * 100)
	}
	const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
	const pages = Math.max(1, Math.ceil(Number(total) / packagesPerPage))
	const page = Math.min(filters.page, pages)
	let ordered = query.selectAll()
	switch (filters.sort) {
		case 'price-asc':
			ordered = ordered.orderBy(fromPriceSql, 'asc')
			break
		case 'price-desc':
			ordered = ordered.orderBy(fromPriceSql, 'desc')
			break
		case 'nights-asc':
			ordered = ordered.orderBy('total_nights', 'asc')
			break
		case 'nights-desc':
			ordered = ordered.orderBy('total_nights', 'desc')
			break
		default:
			ordered = ordered.orderBy('featured', 'desc').orderBy(fromPriceSql, 'asc')
	}
	const rows = await ordered
		.orderBy('slug')
		.limit(packagesPerPage)
		.offset((page - 1) * packagesPerPage)
		.execute()
	return { packages: await withOperatorPhotos(db, rows.map(toPackage)), total: Number(total), page, pages }
}

/**
 * Pages show the operator's own photos of a package, cover first, in place of
 * the demo illustrations it was created with (docs/decisions/132-media-library.md).
 */
async function withOperatorPhotos(db: Executor, packages: CatalogPackage[]): Promise<CatalogPackage[]> {
	const photos = await photosFor(
		db,
		'package',
		packages.map((pkg) => pkg.id),
	)
	return packages.map((pkg) => {
		const own = photos.get(pkg.id)
		return own ? { ...pkg, images: own } : pkg
	})
}

export async function getPackageBySlug(db: Executor, slug: string, options: { includeDrafts?: boolean } = {}) {
	let query = db.selectFrom('packages').selectAll().where('slug', '=', slug)
	if (!options.includeDrafts) query = query.where('status', '=', 'published')
	const row = await query.executeTakeFirst()
	return row ? toPackage(row) : null
}

export async function getPackageById(db: Executor, id: string) {
	const row = await db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst()
	return row ? toPackage(row) : null
}

/** Every package not archived, by title: the choices staff start an itinerary from. */
export function packagesToStartFrom(db: Executor) {
	return db.selectFrom('packages').select(['slug', 'title', 'status']).where('status', '!=', 'archived').orderBy('title').execute()
}

/** Address and status of the given packages (those that exist), to link a saved package to what it became. */
export async function packageLinks(db: Executor, ids: string[]) {
	return ids.length ? db.selectFrom('packages').select(['id', 'slug', 'status']).where('id', 'in', ids).execute() : []
}

export async function featuredPackages(db: Executor, limit = 6) {
	const rows = await db
		.selectFrom('packages')
		.selectAll()
		.where('status', '=', 'published')
		.orderBy('featured', 'desc')
		.orderBy(fromPriceSql, 'asc')
		.limit(limit)
		.execute()
	return withOperatorPhotos(db, rows.map(toPackage))
}

export async function packagesInCategory(db: Executor, category: PackageCategory, limit = 6) {
	const rows = await db
		.selectFrom('packages')
		.selectAll()
		.where('status', '=', 'published')
		.where('category', '=', category)
		.orderBy('featured', 'desc')
		.orderBy('total_nights')
		.limit(limit)
		.execute()
	return withOperatorPhotos(db, rows.map(toPackage))
}

/** Other published packages that share an island, for "you may also like". */
export async function relatedPackages(db: Executor, pkg: CatalogPackage, limit = 3) {
	const rows = await db
		.selectFrom('packages')
		.selectAll()
		.where('status', '=', 'published')
		.where('id', '!=', pkg.id)
		.where((eb) => eb.or(pkg.islands.map((island) => eb('islands', 'like', `%,${island},%`))))
		.orderBy((eb) => eb.case().when('category', '=', pkg.category).then(0).else(1).end())
		.orderBy('featured', 'desc')
		.limit(limit)
		.execute()
	return withOperatorPhotos(db, rows.map(toPackage))
}

export async function publishedPackageSlugs(db: Executor) {
	return db.selectFrom('packages').select(['slug', 'updated_at']).where('status', '=', 'published').orderBy('slug').execute()
}

/** Creates a catalog package. A slug in use is already-exists, with the field named. */
export async function createPackage(db: Kysely<Database>, input: PackageInput, actor: Actor): Promise<CatalogPackage> {
	const now = new Date().toISOString()
	const id = newId()
	return db.transaction().execute(async (trx) => {
		const existing = await trx.selectFrom('packages').select('id').where('slug', '=', input.slug).executeTakeFirst()
		if (existing)
			throw new AppError('already-exists', `The web address /packages/${input.slug} is already used by another package.`, {
				fields: { slug: 'Choose another web address: this one is taken.' },
			})
		await trx
			.insertInto('packages')
			.values({ ...toRow(input), id, created_by: actor.id, created_at: now, updated_at: now })
			.execute()
		await recordAudit(trx, { actor, action: 'create', entity: 'package', entityId: id, after: input })
		if (input.status === 'published') await publicPagesChanged(trx)
		const row = await trx.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
		return toPackage(row)
	})
}

/** Everything the package page shows, for visitors (published only) or the staff preview (drafts too). */
export async function loadPackagePage(db: Kysely<Database>, slug: string, options: { includeDrafts?: boolean; choice?: PackageViewChoice } = {}) {
	const found = await getPackageBySlug(db, slug, options)
	if (!found) return null
	const pkg = (await withOperatorPhotos(db, [found]))[0]!
	const [related, reviews, rating, settings, trip] = await Promise.all([
		relatedPackages(db, pkg),
		listReviews(db, { packageId: pkg.id, limit: 4 }),
		reviewSummary(db, { packageId: pkg.id }),
		getSettings(db),
		packageTripView(db, pkg, options.choice ?? {}),
	])
	return { pkg, related, reviews, rating, advancePercent: settings.advancePercent, gstPercent: settings.gstPercent, trip }
}
