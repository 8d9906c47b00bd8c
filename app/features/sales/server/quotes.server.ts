import type { Kysely, Transaction } from 'kysely'
import { describeCancellationTiers } from '~/features/bookings/domain/cancellation.ts'
import type { LeadStatus } from '~/features/leads/domain/lead.ts'
import { statusLabels, transitionLead } from '~/features/leads/domain/status.ts'
import type { MealPlan } from '~/features/rates/domain/pricing/types.ts'
import { type TravellerPrice, travellerPrice } from '~/features/rates/domain/traveller-price.ts'
import { activitiesWithPriced, type FerryLeg, type Meal } from '~/features/sales/domain/day-template.ts'
import { dayDate, dayMeals, planNights } from '~/features/sales/domain/itinerary.ts'
import {
	acceptProblem,
	effectiveQuoteStatus,
	isQuoteStatus,
	type QuoteStatus,
	quoteStatusLabels,
	quoteValidUntil,
	quoteWhatsAppGreeting,
	transitionQuote,
} from '~/features/sales/domain/quote.ts'
import { quoteLinkPlaceholder, quoteSentEmail } from '~/features/email/domain/emails.ts'
import { enqueueEmail } from '~/features/email/server/outbox.server.ts'
import { env } from '~/server/env.server.ts'
import { nowIso, todayInIndia } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { Database, QuoteRow } from '~/server/db/schema.ts'
import { isPostgres } from '~/server/db/client.server.ts'
import { refreshLeadProgress } from '~/features/reports/server/lead-progress.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { addLeadEvent, setLeadStatus } from '~/features/leads/server/trip-events.server.ts'
import { claimItineraryRevision, getItinerary, planStays, pricePlan } from './itineraries.server.ts'
import { holdRoomsForQuote, releaseQuoteHolds } from '~/features/inventory/server/holds.server.ts'
import type { BookedStay } from '~/features/inventory/server/inventory.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'

/** What a quote froze when it was sent: never changes afterwards (docs/product.md). Its price is the traveller's price: sell prices only, never costs. */
export type QuoteSnapshot = TravellerPrice & {
	title: string
	reference: string
	leadName: string
	startDate: string
	endDate: string
	nights: number
	party: {
		adults: number
		childAges: number[]
		infants: number
		rooms: number
	}
	days: Array<{
		date: string
		island: string
		title: string
		description: string
		activities: string[]
		transfers: string[]
		ferry: FerryLeg | null
		meals: Meal[]
		stay: {
			island: string
			hotelName: string
			roomTypeName: string
			mealPlan: MealPlan
		} | null
	}>
	inclusions: string[]
	exclusions: string[]
	advancePercent: number
	cancellation: Array<{ when: string; feePercent: number }>
	company: { name: string; phone: string; whatsapp: string; email: string }
	/** The rooms the quote's booking takes (absent on quotes sent before hotel inventory). */
	stays?: BookedStay[]
}

export type Quote = ReturnType<typeof toQuote>

export function toQuote(row: QuoteRow, today = todayInIndia()) {
	const stored: QuoteStatus = isQuoteStatus(row.status) ? row.status : 'draft'
	return {
		id: row.id,
		itineraryId: row.itinerary_id,
		leadId: row.lead_id,
		version: row.version,
		storedStatus: stored,
		status: effectiveQuoteStatus(stored, row.valid_until, today),
		snapshot: JSON.parse(row.snapshot_json) as QuoteSnapshot,
		total: Number(row.total),
		perPerson: Number(row.per_person),
		validUntil: row.valid_until,
		sentAt: row.sent_at,
		viewedAt: row.viewed_at,
		acceptedAt: row.accepted_at,
		declinedAt: row.declined_at,
		supersededById: row.superseded_by_id,
		createdAt: row.created_at,
	}
}

function quoteRow(db: Executor, id: string, forUpdate = false) {
	return rowById(db, 'quotes', id, 'There is no quote at this link. Check the link, or ask your planner to send it again.', { forUpdate })
}

export async function getQuote(db: Executor, id: string, today = todayInIndia()) {
	return toQuote(await quoteRow(db, id), today)
}

export async function quotesForItinerary(db: Executor, itineraryId: string) {
	const rows = await db.selectFrom('quotes').selectAll().where('itinerary_id', '=', itineraryId).orderBy('version', 'desc').execute()
	return rows.map((row) => toQuote(row))
}

/** A lead's quotes, newest first (the lead page lists them under their itineraries). */
export async function quotesForLead(db: Executor, leadId: string) {
	const rows = await db.selectFrom('quotes').selectAll().where('lead_id', '=', leadId).orderBy('created_at', 'desc').orderBy('version', 'desc').execute()
	return rows.map((row) => toQuote(row))
}

function addQuoteEvent(trx: Executor, leadId: string, actor: Actor, body: string, meta: unknown) {
	return addLeadEvent(trx, leadId, actor, 'quote', body, meta)
}

/**
 * Sends the itinerary as a new quote version: prices it again on the server,
 * freezes the snapshot, supersedes the open earlier versions, moves the lead
 * to quoted (when its pipeline allows) and writes the timeline, in one transaction.
 */
/** Why no quote is sent from an archived itinerary, and what to do. */
export const archivedQuoteMessage = 'This itinerary is archived, so no quote can be sent from it. Restore it first, then send the quote.'

/** What a quote needs before it can be sent or previewed: a live itinerary with a lead, priced today. */
async function quotable(db: Kysely<Database>, itineraryId: string, today: string) {
	const itinerary = await getItinerary(db, itineraryId)
	if (itinerary.archived) throw new AppError('failed-precondition', archivedQuoteMessage)
	if (!itinerary.leadId) throw new AppError('failed-precondition', 'Link this itinerary to a lead before sending a quote: open it from the lead’s page.')
	const price = await pricePlan(db, itinerary.plan, today)
	if (!price.ok) throw new AppError('failed-precondition', `This itinerary cannot be priced yet: ${price.problems.join(' ')}`)
	return { itinerary, leadId: itinerary.leadId, price, settings: await getSettings(db) }
}

/** The quote email, from what the quote froze; `url` null for the preview. */
function quoteEmail(input: {
	leadName: string
	title: string
	version: number
	total: number
	perPerson: number
	payingTravellers: number
	validUntil: string
	url: string | null
	company: QuoteSnapshot['company']
}) {
	return quoteSentEmail({ name: input.leadName, ...input })
}

export type QuotePreview = Awaited<ReturnType<typeof previewQuote>>

/**
 * What the traveller will receive when the itinerary is sent as its next quote version, without
 * sending anything: the email (when the lead has an address) and the WhatsApp message. The quote's
 * link is made when it is sent, so a placeholder stands in for it.
 */
export async function previewQuote(db: Kysely<Database>, itineraryId: string, today = todayInIndia()) {
	const { itinerary, leadId, price, settings } = await quotable(db, itineraryId, today)
	const lead = await rowById(db, 'leads', leadId, 'The itinerary’s lead no longer exists.')
	const last = await db.selectFrom('quotes').select('version').where('itinerary_id', '=', itineraryId).orderBy('version', 'desc').executeTakeFirst()
	const version = (last?.version ?? 0) + 1
	const email = quoteEmail({
		leadName: lead.name,
		title: itinerary.plan.title,
		version,
		total: price.total,
		perPerson: price.perPerson,
		payingTravellers: price.payingTravellers,
		validUntil: quoteValidUntil(today, settings.quoteValidityDays),
		url: null,
		company: settings.company,
	})
	return {
		version,
		email: lead.email ? { to: lead.email, ...email } : null,
		whatsapp: { to: lead.phone, text: `${quoteWhatsAppGreeting(lead.name, version)} ${quoteLinkPlaceholder}` },
	}
}

export async function sendQuote(
	db: Kysely<Database>,
	actor: Actor,
	itineraryId: string,
	{
		today = todayInIndia(),
		revision,
	}: { today?: string; /** The editor's revision: a stale one is refused, and sending moves it on (ADR 164). */ revision?: number } = {},
) {
	const { itinerary, price, settings } = await quotable(db, itineraryId, today)
	const hotelByNight = new Map<string, { hotelName: string; roomTypeName: string; mealPlan: MealPlan }>()
	for (const line of price.lines)
		if (line.kind === 'hotel')
			for (const date of line.dates)
				hotelByNight.set(date, {
					hotelName: line.hotelName ?? '',
					roomTypeName: line.roomTypeName ?? '',
					mealPlan: line.mealPlan ?? 'CP',
				})
	const plan = itinerary.plan
	const validUntil = quoteValidUntil(today, settings.quoteValidityDays)

	return db.transaction().execute(async (trx) => {
		// One sender at a time per itinerary: versions are numbered without gaps or clashes.
		let current = trx.selectFrom('itineraries').select(['id', 'archived_at']).where('id', '=', itineraryId)
		if (isPostgres(trx)) current = current.forUpdate()
		const locked = await current.executeTakeFirst()
		if (!locked) throw new AppError('not-found', 'There is no itinerary with that id.')
		// Archived meanwhile: still refused.
		if (locked.archived_at !== null) throw new AppError('failed-precondition', archivedQuoteMessage)
		if (revision !== undefined) await claimItineraryRevision(trx, itineraryId, revision)
		const lead = await trx
			.selectFrom('leads')
			.select(['id', 'name', 'email', 'status', 'reference', 'merged_into_id'])
			.where('id', '=', itinerary.leadId!)
			.executeTakeFirst()
		if (!lead) throw new AppError('not-found', 'The itinerary’s lead no longer exists.')
		const previous = await trx.selectFrom('quotes').selectAll().where('itinerary_id', '=', itineraryId).orderBy('version', 'desc').execute()
		const version = (previous[0]?.version ?? 0) + 1
		const id = newId()
		const now = nowIso()
		const snapshot: QuoteSnapshot = {
			title: plan.title,
			reference: `${itinerary.reference} v${version}`,
			leadName: lead.name,
			startDate: price.startDate,
			endDate: price.endDate,
			nights: planNights(plan),
			party: {
				adults: plan.adults,
				childAges: plan.childAges,
				infants: plan.infants,
				rooms: plan.rooms,
			},
			days: plan.days.map((day, index) => {
				const date = dayDate(plan.startDate, index)
				const hotel = day.stay ? hotelByNight.get(date) : undefined
				return {
					date,
					island: day.island,
					title: day.title,
					description: day.description,
					activities: activitiesWithPriced(day),
					transfers: day.transfers,
					ferry: day.ferry,
					// What the meal plans include, never what a day's text hoped for (a CP stay shows breakfast only).
					meals: dayMeals(plan, index),
					stay: day.stay && hotel ? { island: day.stay.island, ...hotel } : null,
				}
			}),
			...travellerPrice(price),
			inclusions: plan.inclusions,
			exclusions: plan.exclusions,
			advancePercent: settings.advancePercent,
			cancellation: describeCancellationTiers(settings.cancellationTiers),
			company: {
				name: settings.company.name,
				phone: settings.company.phone,
				whatsapp: settings.company.whatsapp,
				email: settings.company.email,
			},
			stays: planStays(price),
		}
		await trx
			.insertInto('quotes')
			.values({
				id,
				itinerary_id: itineraryId,
				lead_id: lead.id,
				version,
				status: 'sent',
				snapshot_json: JSON.stringify(snapshot),
				total: price.total,
				per_person: price.perPerson,
				valid_until: validUntil,
				sent_at: now,
				viewed_at: null,
				accepted_at: null,
				declined_at: null,
				superseded_by_id: null,
				created_by: actor.id,
				created_at: now,
				updated_at: now,
			})
			.execute()
		const superseded: string[] = []
		for (const old of previous) {
			const from = isQuoteStatus(old.status) ? old.status : 'draft'
			if (!transitionQuote(from, 'superseded').ok) continue
			await trx
				.updateTable('quotes')
				.set({ status: 'superseded', superseded_by_id: id, updated_at: now })
				.where('id', '=', old.id)
				.where('status', '=', old.status)
				.execute()
			superseded.push(old.id)
		}
		// The versions it replaces give their rooms back first; then, when the owner has chosen so, this one holds its own until it expires (ADR 200).
		await releaseQuoteHolds(trx, superseded)
		if (settings.quoteHoldsRooms) await holdRoomsForQuote(trx, id, snapshot.stays ?? [], validUntil, today)
		await refreshLeadProgress(trx, lead.id)
		// The email goes out with the quote (the outbox, in this transaction); the timeline says how it reached the traveller.
		if (lead.email) {
			const url = new URL(`/quote/${id}`, env().SITE_URL).href
			const email = quoteEmail({ ...snapshot, version, perPerson: price.perPerson, payingTravellers: price.payingTravellers, validUntil, url })
			await enqueueEmail(trx, { ...email, kind: 'quote-sent', to: lead.email, bookingId: null, dedupeKey: `quote-sent:${id}` })
		}
		const how = lead.email ? `emailed to ${lead.email}` : 'no email address on the lead: send the link on WhatsApp'
		await addQuoteEvent(trx, lead.id, actor, `Quote v${version} sent (${snapshot.reference}), valid until ${validUntil}; ${how}`, {
			quoteId: id,
			version,
			total: price.total,
			emailedTo: lead.email,
		})
		const from = lead.status as LeadStatus
		if (from !== 'quoted' && !lead.merged_into_id) {
			const moved = transitionLead(from, 'quoted')
			if (moved.ok) {
				await setLeadStatus(trx, lead.id, from, 'quoted', actor, `${statusLabels[from]} → ${statusLabels.quoted}: quote v${version} sent`, { quoteId: id })
			}
		}
		await recordAudit(trx, {
			actor,
			action: 'quote.send',
			entity: 'quote',
			entityId: id,
			after: {
				itineraryId,
				version,
				total: price.total,
				validUntil,
				superseded: previous.map((row) => row.id),
			},
		})
		return { ...toQuote(await quoteRow(trx, id), today), emailedTo: lead.email }
	})
}

const travellerActor: Actor = { id: null, label: 'traveller (quote link)' }

/** The first view by a person (bots are filtered by the caller) marks a sent quote viewed; an open quote past validity is recorded as expired. */
export async function recordQuoteView(db: Kysely<Database>, id: string, today = todayInIndia()) {
	return db.transaction().execute(async (trx) => {
		const row = await quoteRow(trx, id, true)
		const quote = toQuote(row, today)
		const now = nowIso()
		if (quote.status === 'expired' && quote.storedStatus !== 'expired') {
			await trx.updateTable('quotes').set({ status: 'expired', updated_at: now }).where('id', '=', id).where('status', '=', quote.storedStatus).execute()
			await releaseQuoteHolds(trx, [id])
			return toQuote(await quoteRow(trx, id), today)
		}
		if (quote.storedStatus !== 'sent') return quote
		const updated = await trx
			.updateTable('quotes')
			.set({ status: 'viewed', viewed_at: now, updated_at: now })
			.where('id', '=', id)
			.where('status', '=', 'sent')
			.executeTakeFirst()
		if (Number(updated.numUpdatedRows) === 1) {
			await addQuoteEvent(trx, quote.leadId, travellerActor, `Quote v${quote.version} opened by the traveller`, { quoteId: id })
			await recordAudit(trx, {
				actor: travellerActor,
				action: 'quote.view',
				entity: 'quote',
				entityId: id,
				before: { status: 'sent' },
				after: { status: 'viewed' },
			})
		}
		return toQuote(await quoteRow(trx, id), today)
	})
}

/**
 * Accepts a quote, once: the conditional update only matches an open quote, so
 * two tabs accepting at once record one acceptance. Accepting an accepted
 * quote again is fine (the traveller goes on to the booking form).
 */
export async function acceptQuote(db: Executor, id: string, today = todayInIndia()): Promise<{ quote: Quote; accepted: boolean }> {
	const run = async (tx: Transaction<Database>) => {
		const row = await quoteRow(tx, id, true)
		const quote = toQuote(row, today)
		if (quote.storedStatus === 'accepted') return { quote, accepted: false }
		const problem = acceptProblem(quote.storedStatus, quote.validUntil, today)
		if (problem) throw new AppError('failed-precondition', problem)
		const now = nowIso()
		const updated = await tx
			.updateTable('quotes')
			.set({ status: 'accepted', accepted_at: now, updated_at: now })
			.where('id', '=', id)
			.where('status', 'in', ['sent', 'viewed'])
			.executeTakeFirst()
		if (Number(updated.numUpdatedRows) !== 1) return { quote: toQuote(await quoteRow(tx, id), today), accepted: false }
		await addQuoteEvent(tx, quote.leadId, travellerActor, `Quote v${quote.version} accepted by the traveller`, { quoteId: id, total: quote.total })
		await recordAudit(tx, {
			actor: travellerActor,
			action: 'quote.accept',
			entity: 'quote',
			entityId: id,
			before: { status: quote.storedStatus },
			after: { status: 'accepted' },
		})
		return { quote: toQuote(await quoteRow(tx, id), today), accepted: true }
	}
	// Inside the booking's transaction (bookings.server.ts) the acceptance commits or rolls back with the booking.
	return db.isTransaction ? run(db as Transaction<Database>) : db.transaction().execute(run)
}

export async function declineQuote(db: Kysely<Database>, id: string, today = todayInIndia()) {
	return db.transaction().execute(async (trx) => {
		const quote = toQuote(await quoteRow(trx, id, true), today)
		const moved = transitionQuote(quote.status, 'declined')
		if (!moved.ok) throw new AppError('failed-precondition', moved.error)
		const now = nowIso()
		await trx
			.updateTable('quotes')
			.set({ status: 'declined', declined_at: now, updated_at: now })
			.where('id', '=', id)
			.where('status', '=', quote.storedStatus)
			.execute()
		await releaseQuoteHolds(trx, [id])
		await addQuoteEvent(trx, quote.leadId, travellerActor, `Quote v${quote.version} declined by the traveller`, { quoteId: id })
		await recordAudit(trx, {
			actor: travellerActor,
			action: 'quote.decline',
			entity: 'quote',
			entityId: id,
			before: { status: quote.status },
			after: { status: 'declined' },
		})
		return toQuote(await quoteRow(trx, id), today)
	})
}

export { quoteStatusLabels }
