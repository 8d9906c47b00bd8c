import { type Kysely, sql, type Transaction } from 'kysely'
import { likePattern } from '~/lib/search.ts'
import { priceTrip } from '~/features/rates/domain/pricing/engine.ts'
import { type Island, type LineKind, type MealPlan } from '~/features/rates/domain/pricing/types.ts'
import { describeProblem } from '~/features/rates/domain/builder.ts'
import { parseBuilderParams } from '~/features/rates/domain/builder.ts'
import { briefFromBuilder, briefFromLead, planFromBrief, type TripBrief } from '~/features/sales/domain/brief.ts'
import {
	blankDay,
	defaultStay,
	type ItineraryPlan,
	itineraryTrip,
	mealWarnings,
	newDayKey,
	newPlan,
	nightIsland,
	planNights,
	staleItineraryMessage,
} from '~/features/sales/domain/itinerary.ts'
import { isIsoDate, nowIso, todayInIndia } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { formatReference, isId, newId } from '~/lib/ids.ts'
import type { IslandSlug } from '~/lib/islands.ts'
import { type Actor, nextSequence, recordAudit } from '~/server/db/audit.server.ts'
import { camelColumns, jsonColumn } from '~/server/db/rows.ts'
import { setArchivedAt } from '~/server/db/archive.server.ts'
import type { Database, ItineraryRow, LeadRow } from '~/server/db/schema.ts'
import { getPricing } from '~/features/rates/server/rate-book.server.ts'
import { listDayTemplates } from './day-templates.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { createOnce } from '~/server/db/create-once.server.ts'
import { type BookedStay, readTripAvailability } from '~/features/inventory/server/inventory.server.ts'
import { availabilityNote, type StayAvailability } from '~/features/inventory/domain/availability.ts'

/** What staff see of a priced plan: every line with its cost and sell, the margin and the per-person price. */
export type ItineraryPrice =
	| {
			ok: true
			startDate: string
			endDate: string
			nights: number
			lines: Array<{
				kind: LineKind
				description: string
				dates: string[]
				cost: number
				sell: number
				hotelName?: string
				roomTypeName?: string
				mealPlan?: MealPlan
				/** Hotel lines: the hotel, room type and rooms the stay takes (docs/inventory.md). */
				hotelId?: string
				roomTypeId?: string
				rooms?: number
			}>
			subtotal: number
			totalCost: number
			markupPercent: number
			markup: number
			discount: number
			taxableAmount: number
			gstPercent: number
			gst: number
			total: number
			perPerson: number
			payingTravellers: number
			margin: number
			warnings: string[]
	  }
	| { ok: false; problems: string[] }

/** The rooms a priced plan's hotel lines take, stay by stay (what a quote holds and its booking takes). */
export function planStays(price: ItineraryPrice): BookedStay[] {
	if (!price.ok) return []
	return price.lines.flatMap((line) =>
		line.kind === 'hotel' && line.hotelId && line.roomTypeId && line.dates.length
			? [{ hotelId: line.hotelId, roomTypeId: line.roomTypeId, arrival: line.dates[0]!, nights: line.dates.length, rooms: line.rooms ?? 1 }]
			: [],
	)
}

/** What staff see of each stay's hotel on the plan's dates, read live (rooms sell while the plan waits): available, on request or why not. */
export type StayAvailabilityNote = {
	hotelName: string
	roomTypeName: string
	arrival: string
	nights: number
	status: StayAvailability['status']
	note: string
}

/**
 * Every stay of a priced plan checked against its hotel's inventory today (docs/inventory.md), in
 * one read for the whole trip: the itinerary editor shows it beside the price, so a stop-sold or full
 * hotel is seen before the quote is sent (sending with holds on would refuse it).
 */
export async function planAvailability(db: Executor, price: ItineraryPrice | null, today: string): Promise<StayAvailabilityNote[]> {
	if (!price?.ok) return []
	const lines = price.lines.filter((line) => line.kind === 'hotel' && line.hotelId && line.roomTypeId && line.dates.length)
	const verdicts = await readTripAvailability(db, planStays(price), today)
	return lines.map((line, index) => {
		const verdict = verdicts[index]!
		const left = verdict.status === 'available' ? verdict.left : null
		const note = availabilityNote(verdict) ?? (left === null ? 'Available (free sale).' : `Available: ${left} rooms left.`)
		return {
			hotelName: line.hotelName ?? '',
			roomTypeName: line.roomTypeName ?? '',
			arrival: line.dates[0]!,
			nights: line.dates.length,
			status: verdict.status,
			note,
		}
	})
}

/** Prices a plan with the engine on the server (a client price is never read). */
export async function pricePlan(db: Kysely<Database>, plan: ItineraryPlan, today = todayInIndia()): Promise<ItineraryPrice> {
	const { trip, errors } = itineraryTrip(plan)
	if (Object.keys(errors).length) return { ok: false, problems: Object.values(errors) }
	const pricing = await getPricing(db)
	const priced = priceTrip(pricing.book, pricing.settings, trip, today)
	if (!priced.ok)
		return {
			ok: false,
			problems: [...new Set(priced.problems.filter((problem) => problem.severity === 'error').map(describeProblem))],
		}
	return {
		ok: true,
		startDate: priced.startDate,
		endDate: priced.endDate,
		nights: priced.nights,
		lines: priced.lines.map((line) => ({
			kind: line.kind,
			description: line.description,
			dates: line.dates,
			cost: line.cost,
			sell: line.sell,
			...(line.kind === 'hotel'
				? {
						hotelName: line.details.hotelName,
						roomTypeName: line.details.roomTypeName,
						mealPlan: line.details.mealPlan,
						hotelId: line.details.hotelId,
						roomTypeId: line.details.roomTypeId,
						rooms: line.details.rooms,
					}
				: {}),
		})),
		subtotal: priced.subtotal,
		totalCost: priced.totalCost,
		markupPercent: priced.markupBp / 100,
		markup: priced.markup,
		discount: priced.discount,
		taxableAmount: priced.taxableAmount,
		gstPercent: priced.gstBp / 100,
		gst: priced.gst,
		total: priced.total,
		perPerson: priced.perPerson,
		payingTravellers: priced.payingTravellers,
		margin: priced.margin,
		warnings: [...priced.problems.map((problem) => problem.message), ...mealWarnings(plan)],
	}
}

export type Itinerary = ReturnType<typeof toItinerary>

export function toItinerary(row: ItineraryRow) {
	return {
		...camelColumns(row, ['id', 'reference', 'lead_id', 'title', 'origin', 'origin_id', 'created_at', 'updated_at']),
		plan: jsonColumn<ItineraryPlan>(row.plan_json, newPlan(todayInIndia())),
		price: jsonColumn<ItineraryPrice | null>(row.price_json, null),
		total: row.total === null ? null : Number(row.total),
		revision: Number(row.revision),
		archived: row.archived_at !== null,
	}
}

function rowFor(db: Executor, id: string, forUpdate = false) {
	return rowById(db, 'itineraries', id, 'There is no itinerary with that id. Start a new one from the itineraries page.', { forUpdate })
}

export async function getItinerary(db: Executor, id: string) {
	return toItinerary(await rowFor(db, id))
}

/**
 * Refuses a write from a page rendered at another revision: the itinerary was saved in between
 * (docs/decisions/164-itinerary-edits-check-the-revision.md). A 409 the editor shows with what was typed.
 */
function checkRevision(current: number, posted: number) {
	if (Number(current) !== posted) throw new AppError('aborted', staleItineraryMessage)
}

/**
 * For a write that changes what the editor shows without saving the plan (sending a quote, saving it as a
 * package), inside the caller's transaction: locks the itinerary (FOR UPDATE on PostgreSQL; SQLite's write
 * transaction serialises), refuses a stale revision and moves it on by one, so the same post sent twice is
 * refused the second time. Returns the new revision.
 */
export async function claimItineraryRevision(trx: Transaction<Database>, id: string, revision: number): Promise<number> {
	const row = await rowFor(trx, id, true)
	checkRevision(row.revision, revision)
	await trx
		.updateTable('itineraries')
		.set({ revision: sql<number>`revision + 1` })
		.where('id', '=', id)
		.execute()
	return revision + 1
}

export type ItineraryOrigin = {
	kind: 'blank' | 'lead' | 'saved' | 'catalog'
	id: string | null
}

/** A catalog package's address as the start page takes it (`?package=<slug>`). */
export const catalogSlugPattern = /^[a-z0-9-]{1,100}$/

export type StartingPoint = { origin: ItineraryOrigin & { label: string }; problem: string | null }

/**
 * What the start page offers to begin from, read from its address: a lead (`?lead=<id>`), a saved
 * package (`?from=<id>`), a catalog package (`?package=<slug>`) or nothing. One that is not found
 * is a problem to show beside a blank start, not an error page.
 */
export async function startingPointFor(db: Executor, ask: { leadId: string | null; savedId: string | null; slug: string | null }): Promise<StartingPoint> {
	const blank: StartingPoint = { origin: { kind: 'blank', id: null, label: 'a blank itinerary' }, problem: null }
	if (ask.leadId) {
		const lead = isId(ask.leadId) ? await db.selectFrom('leads').select(['id', 'name', 'reference']).where('id', '=', ask.leadId).executeTakeFirst() : undefined
		if (lead) return { origin: { kind: 'lead', id: lead.id, label: `the brief of ${lead.name} (${lead.reference})` }, problem: null }
		return { ...blank, problem: 'That lead was not found. Open the itinerary from the lead’s page, or start a blank one.' }
	}
	if (ask.savedId) {
		const saved = isId(ask.savedId) ? await db.selectFrom('saved_packages').select(['id', 'title']).where('id', '=', ask.savedId).executeTakeFirst() : undefined
		if (saved) return { origin: { kind: 'saved', id: saved.id, label: `the saved package “${saved.title}”` }, problem: null }
		return { ...blank, problem: 'That saved package was not found. Choose one from Saved packages.' }
	}
	if (ask.slug) {
		const pkg = catalogSlugPattern.test(ask.slug)
			? await db.selectFrom('packages').select(['slug', 'title']).where('slug', '=', ask.slug).executeTakeFirst()
			: undefined
		if (pkg) return { origin: { kind: 'catalog', id: pkg.slug, label: `the catalog package “${pkg.title}”` }, problem: null }
		return { ...blank, problem: 'That catalog package was not found. Choose one from the packages list.' }
	}
	return blank
}

/**
 * What a lead asked for: the trip builder's snapshot when the lead came from
 * the builder (read as on the day it was priced), else its islands, nights and
 * preferences.
 */
export function leadBrief(
	lead: Pick<
		LeadRow,
		'name' | 'builder_json' | 'travel_start' | 'nights' | 'islands_json' | 'interests_json' | 'adults' | 'child_ages_json' | 'infants' | 'tier'
	>,
): TripBrief {
	const builder = jsonColumn<{ query?: unknown; pricedOn?: unknown } | null>(lead.builder_json, null)
	if (builder && typeof builder.query === 'string' && typeof builder.pricedOn === 'string' && isIsoDate(builder.pricedOn)) {
		const { config, errors } = parseBuilderParams(new URLSearchParams(builder.query), builder.pricedOn)
		if (Object.keys(errors).length === 0) return briefFromBuilder(config, lead.name)
	}
	return briefFromLead({
		name: lead.name,
		travelStart: lead.travel_start,
		nights: lead.nights,
		islands: jsonColumn<string[]>(lead.islands_json, []),
		interests: jsonColumn<string[]>(lead.interests_json, []),
		adults: lead.adults,
		childAges: jsonColumn<number[]>(lead.child_ages_json, []),
		infants: lead.infants,
		tier: lead.tier,
	})
}

/** The plan a new itinerary starts from: a lead's brief, a saved package, a catalog package or nothing. `notes` tell staff what the brief could not keep. */
export async function startingPlan(
	db: Executor,
	origin: ItineraryOrigin,
	today = todayInIndia(),
): Promise<{ plan: ItineraryPlan; leadId: string | null; notes?: string[] }> {
	if (origin.kind === 'lead' && origin.id) {
		const lead = await db.selectFrom('leads').selectAll().where('id', '=', origin.id).executeTakeFirst()
		if (!lead) throw new AppError('not-found', 'There is no lead with that id. Open the itinerary from the lead’s page.')
		const templates = await listDayTemplates(db, { island: null, tag: null, q: '', archived: false })
		const { plan, notes } = planFromBrief(leadBrief(lead), templates, today)
		return { plan, leadId: lead.id, notes }
	}
	if (origin.kind === 'saved' && origin.id) {
		const saved = await db.selectFrom('saved_packages').select(['plan_json', 'title']).where('id', '=', origin.id).executeTakeFirst()
		if (!saved) throw new AppError('not-found', 'There is no saved package with that id. Choose one from Saved packages.')
		const plan = jsonColumn<ItineraryPlan>(saved.plan_json, newPlan(today))
		return {
			plan: {
				...plan,
				startDate: plan.startDate >= today ? plan.startDate : newPlan(today).startDate,
				days: plan.days.map((day) => ({ ...day, key: newDayKey() })),
			},
			leadId: null,
		}
	}
	if (origin.kind === 'catalog' && origin.id) {
		const pkg = await db.selectFrom('packages').selectAll().where('slug', '=', origin.id).executeTakeFirst()
		if (!pkg) throw new AppError('not-found', 'There is no catalog package at that address. Choose one from the packages list.')
		const plan = newPlan(today)
		plan.title = pkg.title
		plan.inclusions = jsonColumn<string[]>(pkg.inclusions_json, plan.inclusions)
		plan.exclusions = jsonColumn<string[]>(pkg.exclusions_json, plan.exclusions)
		const stays = jsonColumn<Array<{ island: string; nights: number }>>(pkg.stays_json, [])
		const nights: Island[] = stays.flatMap((stay) => Array.from({ length: stay.nights }, () => nightIsland(stay.island)))
		const days = jsonColumn<Array<{ island: IslandSlug; title: string; description: string }>>(pkg.days_json, [])
		const count = Math.max(days.length, nights.length + 1)
		plan.days = Array.from({ length: count }, (_, index) => {
			const source = days[index]
			const day = blankDay(source?.island ?? ((nights[index] ?? 'port-blair') as IslandSlug))
			if (source) {
				day.title = source.title
				day.description = source.description
			}
			day.stay = index < count - 1 ? defaultStay(nights[index] ?? day.island) : null
			return day
		})
		return { plan, leadId: null }
	}
	return { plan: newPlan(today), leadId: null }
}

function overrides(plan: ItineraryPlan) {
	return { markupPercent: plan.markupPercent, discount: plan.discount }
}

/** Creates an itinerary with its first pricing. */
export async function createItinerary(
	db: Kysely<Database>,
	actor: Actor,
	input: {
		plan: ItineraryPlan
		leadId: string | null
		origin: ItineraryOrigin
	},
	options: { submissionKey?: string | null } = {},
) {
	const price = await pricePlan(db, input.plan)
	// The start page's Start button posted twice makes one itinerary (createOnce).
	const { id: madeId } = await createOnce(db, options.submissionKey, 'itinerary', async (trx) => {
		const now = nowIso()
		const id = newId()
		const year = Number(now.slice(0, 4))
		const reference = formatReference('IT', year, await nextSequence(trx, 'itinerary', year))
		await trx
			.insertInto('itineraries')
			.values({
				id,
				reference,
				lead_id: input.leadId,
				title: input.plan.title,
				origin: input.origin.kind,
				origin_id: input.origin.id,
				start_date: input.plan.startDate,
				nights: planNights(input.plan),
				plan_json: JSON.stringify(input.plan),
				price_json: JSON.stringify(price),
				total: price.ok ? price.total : null,
				archived_at: null,
				created_by: actor.id,
				created_at: now,
				updated_at: now,
			})
			.execute()
		await recordAudit(trx, {
			actor,
			action: 'itinerary.create',
			entity: 'itinerary',
			entityId: id,
			after: {
				reference,
				leadId: input.leadId,
				origin: input.origin,
				title: input.plan.title,
			},
		})
		if (input.plan.markupPercent !== null || input.plan.discount !== null) {
			await recordAudit(trx, {
				actor,
				action: 'itinerary.price-override',
				entity: 'itinerary',
				entityId: id,
				before: { markupPercent: null, discount: null },
				after: overrides(input.plan),
			})
		}
		return id
	})
	return getItinerary(db, madeId)
}

/**
 * Saves the plan and prices it again, when `revision` (the one the editor was rendered from) is still the
 * itinerary's: otherwise it was saved meanwhile and the save is refused (`aborted`, 409) rather than
 * overwriting that change. The row is locked for the check and the write (FOR UPDATE on PostgreSQL; SQLite's
 * write transaction serialises), so of two saves from the same revision exactly one is written.
 * A changed markup or discount override is audited on its own. An autosave that changes neither the plan
 * nor its price writes nothing (no new revision, no audit row).
 */
export async function saveItinerary(db: Kysely<Database>, actor: Actor, id: string, plan: ItineraryPlan, revision: number) {
	const price = await pricePlan(db, plan)
	return db.transaction().execute(async (trx) => {
		const before = toItinerary(await rowFor(trx, id, true))
		if (before.archived) throw new AppError('failed-precondition', 'This itinerary is archived. Restore it to make changes.')
		checkRevision(before.revision, revision)
		if (JSON.stringify(before.plan) === JSON.stringify(plan) && JSON.stringify(before.price) === JSON.stringify(price)) return before
		await trx
			.updateTable('itineraries')
			.set({
				title: plan.title,
				start_date: plan.startDate,
				nights: planNights(plan),
				plan_json: JSON.stringify(plan),
				price_json: JSON.stringify(price),
				total: price.ok ? price.total : null,
				revision: sql<number>`revision + 1`,
				updated_at: nowIso(),
			})
			.where('id', '=', id)
			.execute()
		await recordAudit(trx, {
			actor,
			action: 'itinerary.update',
			entity: 'itinerary',
			entityId: id,
			before: {
				title: before.title,
				startDate: before.plan.startDate,
				days: before.plan.days.length,
				total: before.total,
			},
			after: {
				title: plan.title,
				startDate: plan.startDate,
				days: plan.days.length,
				total: price.ok ? price.total : null,
			},
		})
		const was = overrides(before.plan)
		const now = overrides(plan)
		if (was.markupPercent !== now.markupPercent || was.discount !== now.discount) {
			await recordAudit(trx, {
				actor,
				action: 'itinerary.price-override',
				entity: 'itinerary',
				entityId: id,
				before: was,
				after: now,
			})
		}
		return toItinerary(await rowFor(trx, id))
	})
}

/** Archives an itinerary (kept, read-only, out of the lists; no quote can be sent from it) or restores it. Audited; a repeat is a no-op. */
export async function setItineraryArchived(db: Kysely<Database>, actor: Actor, id: string, archived: boolean) {
	return db.transaction().execute(async (trx) => {
		const before = toItinerary(await rowFor(trx, id, true))
		if (before.archived === archived) return before
		await setArchivedAt(trx, actor, { table: 'itineraries', entity: 'itinerary', prefix: 'itinerary' }, id, archived)
		return toItinerary(await rowFor(trx, id))
	})
}

/** Recent itineraries, newest first, searchable by title or reference. Archived ones only when asked for. */
export async function listItineraries(db: Executor, filters: { q: string; leadId?: string | null; limit?: number; includeArchived?: boolean }) {
	let query = db
		.selectFrom('itineraries')
		.leftJoin('leads', 'leads.id', 'itineraries.lead_id')
		.select([
			'itineraries.id',
			'itineraries.reference',
			'itineraries.title',
			'itineraries.start_date as startDate',
			'itineraries.nights',
			'itineraries.total',
			'itineraries.updated_at as updatedAt',
			'itineraries.archived_at as archivedAt',
			'leads.id as leadId',
			'leads.name as leadName',
			'leads.reference as leadReference',
		])
	if (!filters.includeArchived) query = query.where('itineraries.archived_at', 'is', null)
	if (filters.leadId) query = query.where('itineraries.lead_id', '=', filters.leadId)
	if (filters.q)
		query = query.where(sql`lower(itineraries.title || ' ' || itineraries.reference)`, 'like', sql`${likePattern(filters.q.toLowerCase())} escape '\\'`)
	const rows = await query
		.orderBy('itineraries.updated_at', 'desc')
		.orderBy('itineraries.id', 'desc')
		.limit(filters.limit ?? 20)
		.execute()
	return rows.map(({ archivedAt, ...row }) => ({
		...row,
		total: row.total === null ? null : Number(row.total),
		archived: archivedAt !== null,
	}))
}

/** The hotels and room types staff can pick per night, by island. */
export async function hotelChoices(db: Executor) {
	const [hotels, rooms] = await Promise.all([
		db
			.selectFrom('hotels')
			.select(['id', 'name', 'island', 'tier', 'stars'])
			.where('active', '=', 1)
			.orderBy('island')
			.orderBy('tier')
			.orderBy('name')
			.execute(),
		db.selectFrom('room_types').select(['id', 'hotel_id', 'name']).orderBy('hotel_id').orderBy('name').execute(),
	])
	return hotels.map((hotel) => ({
		...hotel,
		rooms: rooms.filter((room) => room.hotel_id === hotel.id).map((room) => ({ id: room.id, name: room.name })),
	}))
}
