import { type Kysely, sql } from 'kysely'
import { slugify } from '~/features/catalog/domain/package-form.ts'
import { likePattern } from '~/lib/search.ts'
import { type ItineraryPlan, planIslands, planNights } from '~/features/sales/domain/itinerary.ts'
import { nowIso, todayInIndia } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { islandLabel, type IslandSlug } from '~/lib/islands.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { Database, SavedPackageRow } from '~/server/db/schema.ts'
import { createPackage } from '~/features/catalog/server/packages.server.ts'
import { publicPagesChanged } from '~/server/page-cache-signal.server.ts'
import { refreshPackagePrices } from '~/features/rates/server/package-prices.server.ts'
import { getPricing } from '~/features/rates/server/rate-book.server.ts'
import { claimItineraryRevision, getItinerary } from './itineraries.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { setArchivedAt } from '~/server/db/archive.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { createOnce } from '~/server/db/create-once.server.ts'

export const savedPackagesPerPage = 20

export type SavedPackage = ReturnType<typeof toSavedPackage>

export function toSavedPackage(row: SavedPackageRow) {
	return {
		id: row.id,
		title: row.title,
		summary: row.summary,
		nights: row.nights,
		islands: row.islands.split(',').filter(Boolean),
		plan: JSON.parse(row.plan_json) as ItineraryPlan,
		sourceItineraryId: row.source_itinerary_id,
		catalogPackageId: row.catalog_package_id,
		archived: row.archived_at !== null,
		updatedAt: row.updated_at,
	}
}

function summaryOf(plan: ItineraryPlan): string {
	const parts: string[] = []
	for (const day of plan.days) {
		if (!day.stay) continue
		const name = islandLabel(day.stay.island).replace(/ \(.*\)$/, '')
		const last = parts.at(-1)
		const match = last ? /^(.*) (\d+)N$/.exec(last) : null
		if (match && match[1] === name) parts[parts.length - 1] = `${name} ${Number(match[2]) + 1}N`
		else parts.push(`${name} 1N`)
	}
	return parts.join(', ') || 'No nights yet'
}

export function savedPackageColumns(plan: ItineraryPlan, title: string) {
	const islands = planIslands(plan)
	const summary = summaryOf(plan)
	return {
		title,
		summary,
		nights: planNights(plan),
		islands: `,${islands.join(',')},`,
		search_text: [title, summary, ...plan.days.map((day) => day.title)].join(' ').toLowerCase(),
		plan_json: JSON.stringify({ ...plan, title }),
	}
}

function rowFor(db: Executor, id: string, forUpdate = false) {
	return rowById(db, 'saved_packages', id, 'There is no saved package with that id. Choose one from the list.', { forUpdate })
}

export async function getSavedPackage(db: Executor, id: string) {
	return toSavedPackage(await rowFor(db, id))
}

/** Saves an itinerary's plan as a reusable package (the itinerary itself is unchanged). */
export async function saveItineraryAsPackage(
	db: Kysely<Database>,
	actor: Actor,
	itineraryId: string,
	{ title, revision }: { title?: string; /** The editor's revision: a stale one is refused, and saving moves it on (ADR 164). */ revision?: number } = {},
) {
	const itinerary = await getItinerary(db, itineraryId)
	if (itinerary.plan.days.length < 2) throw new AppError('failed-precondition', 'Add at least two days before saving the itinerary as a package.')
	const name = (title ?? itinerary.title).trim()
	return db.transaction().execute(async (trx) => {
		// The plan read above is the one at this revision, or the claim refuses.
		if (revision !== undefined) await claimItineraryRevision(trx, itineraryId, revision)
		const id = newId()
		const now = nowIso()
		await trx
			.insertInto('saved_packages')
			.values({
				id,
				...savedPackageColumns(itinerary.plan, name),
				source_itinerary_id: itineraryId,
				catalog_package_id: null,
				archived_at: null,
				created_by: actor.id,
				created_at: now,
				updated_at: now,
			})
			.execute()
		await recordAudit(trx, { actor, action: 'saved-package.create', entity: 'saved_package', entityId: id, after: { title: name, itineraryId } })
		return toSavedPackage(await rowFor(trx, id))
	})
}

export type SavedPackageFilters = { q: string; archived: boolean; page: number }

/** Server-side search (title, islands summary, day titles) and pagination, newest first. */
export async function listSavedPackages(db: Executor, filters: SavedPackageFilters) {
	let query = db.selectFrom('saved_packages')
	query = filters.archived ? query.where('archived_at', 'is not', null) : query.where('archived_at', 'is', null)
	for (const word of filters.q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
		query = query.where('search_text', 'like', sql<string>`${likePattern(word)} escape '\\'`)
	}
	const [rows, count] = await Promise.all([
		query
			.selectAll()
			.orderBy('updated_at', 'desc')
			.orderBy('id', 'desc')
			.limit(savedPackagesPerPage)
			.offset((filters.page - 1) * savedPackagesPerPage)
			.execute(),
		query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
	])
	const total = Number(count?.n ?? 0)
	return { packages: rows.map(toSavedPackage), total, pages: Math.max(1, Math.ceil(total / savedPackagesPerPage)) }
}

/** Copies a saved package; the same Duplicate button posted twice makes one copy (createOnce, keyed per package). */
export async function duplicateSavedPackage(db: Kysely<Database>, actor: Actor, id: string, options: { submissionKey?: string | null } = {}) {
	const { id: madeId } = await createOnce(db, options.submissionKey ? `${options.submissionKey}:${id}` : null, 'saved_package', async (trx) => {
		const source = toSavedPackage(await rowFor(trx, id))
		const copyId = newId()
		const now = nowIso()
		const title = `${source.title} (copy)`.slice(0, 120)
		await trx
			.insertInto('saved_packages')
			.values({
				id: copyId,
				...savedPackageColumns(source.plan, title),
				source_itinerary_id: source.sourceItineraryId,
				catalog_package_id: null,
				archived_at: null,
				created_by: actor.id,
				created_at: now,
				updated_at: now,
			})
			.execute()
		await recordAudit(trx, { actor, action: 'saved-package.duplicate', entity: 'saved_package', entityId: copyId, after: { title, from: id } })
		return copyId
	})
	return getSavedPackage(db, madeId)
}

export async function setSavedPackageArchived(db: Kysely<Database>, actor: Actor, id: string, archived: boolean) {
	return db.transaction().execute(async (trx) => {
		const before = toSavedPackage(await rowFor(trx, id, true))
		if (before.archived === archived) return before
		await setArchivedAt(trx, actor, { table: 'saved_packages', entity: 'saved_package', prefix: 'saved-package' }, id, archived)
		return toSavedPackage(await rowFor(trx, id))
	})
}

/**
 * Publishes a saved package to the catalog as a draft package (staff review it
 * in /test-packages before publishing). Its day plan and stays come from the
 * plan; its tier prices come from the rate refresh, like every package's.
 */
export async function publishSavedPackage(db: Kysely<Database>, actor: Actor, id: string) {
	const saved = await getSavedPackage(db, id)
	if (saved.catalogPackageId) throw new AppError('already-exists', 'This saved package is already in the catalog as a draft. Open it in the package preview.')
	const plan = saved.plan
	const stays: Array<{ island: IslandSlug; nights: number }> = []
	for (const day of plan.days) {
		if (!day.stay) continue
		const last = stays.at(-1)
		if (last && last.island === day.stay.island) last.nights += 1
		else stays.push({ island: day.stay.island as IslandSlug, nights: 1 })
	}
	if (!stays.length || stays[0]!.island !== 'port-blair')
		throw new AppError('failed-precondition', 'A catalog package starts in Port Blair: make the first night a Port Blair stay, then publish.')
	let slug = slugify(saved.title) || 'andaman-package'
	if (await db.selectFrom('packages').select('id').where('slug', '=', slug).executeTakeFirst()) slug = `${slug}-${newId(6).toLowerCase()}`
	const pkg = await createPackage(
		db,
		{
			slug,
			title: saved.title,
			category: 'family',
			status: 'draft',
			featured: false,
			summary: `${saved.nights} nights: ${saved.summary}.`,
			stays,
			days: plan.days.map((day, index) => ({ day: index + 1, island: day.island, title: day.title, description: day.description })),
			highlights: [...new Set(plan.days.flatMap((day) => day.activities))].slice(0, 8),
			inclusions: plan.inclusions,
			exclusions: plan.exclusions,
			// A first photo by the first island visited after Port Blair; staff change it in the package editor.
			images: [
				{
					src: stays.some((stay) => stay.island === 'havelock')
						? '/images/radhanagar-beach.jpg'
						: stays.some((stay) => stay.island === 'neil')
							? '/images/neil-island.jpg'
							: '/images/port-blair.jpg',
					alt: saved.title,
				},
			],
			faqs: [],
			seoTitle: null,
			seoDescription: null,
			prices: { standard: null, deluxe: null, premium: null },
		},
		actor,
	)
	await db.transaction().execute(async (trx) => {
		await trx.updateTable('saved_packages').set({ catalog_package_id: pkg.id, updated_at: nowIso() }).where('id', '=', id).execute()
		await recordAudit(trx, { actor, action: 'saved-package.publish', entity: 'saved_package', entityId: id, after: { packageId: pkg.id, slug: pkg.slug } })
	})
	// The "from" prices come from the rate tables, like every other package's.
	if (await refreshPackagePrices(db, await getPricing(db), todayInIndia(), pkg.id)) await publicPagesChanged(db)
	return pkg
}
