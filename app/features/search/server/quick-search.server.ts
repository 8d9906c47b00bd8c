import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely'
import { bookingStatusLabels } from '~/features/bookings/domain/booking.ts'
import { routeLabel } from '~/features/ferries/domain/enquiry.ts'
import { ferryBookingMachine, ferryLeadMachine, offlineTicketMachine } from '~/features/ferries/domain/status.ts'
import { likePattern, searchNeedles } from '~/lib/search.ts'
import { statusLabels } from '~/features/leads/domain/status.ts'
import { quoteStatusLabels } from '~/features/sales/domain/quote.ts'
import { resultsPerKind, type SearchHit, type SearchKind } from '~/features/search/domain/quick-search.ts'
import { voucherStatusLabels } from '~/features/bookings/domain/voucher.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { formatPhone } from '~/lib/phone.ts'
import type { Database } from '~/server/db/schema.ts'
import { type Executor, isPostgres } from '~/server/db/client.server.ts'
import { trigramRowids, trigramUsable } from './trigram.server.ts'

/**
 * The lower-cased line each kind is searched by (docs/decisions/129-quick-search.md). Kinds that
 * keep a `search_text` column use it; bookings and vouchers are read through the same expression
 * the PostgreSQL trigram index of migration 20261125_0500_search_indexes is built on, so that
 * index serves the LIKE.
 */
const bookingLine = sql`lower(bookings.reference || ' ' || bookings.contact_name || ' ' || bookings.contact_phone || ' ' || coalesce(bookings.contact_email, ''))`
const voucherLine = sql`lower(vouchers.booking_reference || ' ' || vouchers.lead_name)`

function matchesAny(line: RawBuilder<unknown>, needles: string[]) {
	return sql<boolean>`(${sql.join(
		needles.map((needle) => sql`${line} like ${likePattern(needle)} escape '\\'`),
		sql` or `,
	)})`
}

type Searched = 'leads' | 'bookings' | 'vouchers' | 'ferry_leads' | 'ferry_bookings' | 'offline_tickets' | 'agents'

/** How one kind is searched, put in order and shown. */
type KindSearch<T extends Searched, Row> = {
	table: T
	/** The lower-cased line searched (see bookingLine). */
	line: RawBuilder<unknown>
	/** What a row must also be to count: leads that were merged into another are left out. */
	also?: RawBuilder<boolean>
	/** The kind's order, then id the same way: newest first, agents by company. */
	order: { column: string; direction: 'asc' | 'desc' }
	select: (from: SelectQueryBuilder<Database, T, object>) => SelectQueryBuilder<Database, T, Row>
	hit: (row: Row) => SearchHit
}

const kindSearch = <T extends Searched, Row>(search: KindSearch<T, Row>) => search

/**
 * Sizes of the three ways `firstMatching` finds a kind's first `limit` rows, as multiples of
 * `limit` (docs/decisions/129-quick-search.md has the measurements behind them).
 */
const candidatesPerResult = 20
const windowPerResult = 200

/**
 * The first `limit` rows of a kind, in its order, whose search line contains a needle: the same
 * rows as one "where line like … order by … limit" query, found without sorting every match of a
 * common word or walking the whole table for a rare one:
 * 1. Up to `limit × 20` + 1 matching rows in any order, through the trigram index (on SQLite the
 *    kind's FTS5 table `<table>_search`, migration 20261125_0500_search_indexes, which stops
 *    early; on PostgreSQL the pg_trgm index serves the LIKE). Fewer than that: they are every
 *    match, and only they are sorted.
 * 2. More (a common word): the newest `limit × 200` rows in the kind's order, read from its
 *    order index and stopping at `limit` matches, which a common word fills.
 * 3. Not filled (a common word whose rows are all older): the plain ordered query.
 * Needles the trigram index cannot serve (no 3 characters in a row but LIKE wildcards) go
 * straight to 3, which reads the table in order (short needles match often, so it stops early).
 */
async function firstMatching<T extends Searched, Row>(db: Executor, search: KindSearch<T, Row>, needles: string[], limit: number): Promise<Row[]> {
	const { table, order } = search
	const matches = search.also ? sql<boolean>`(${search.also} and ${matchesAny(search.line, needles)})` : matchesAny(search.line, needles)
	const ordered = (from: SelectQueryBuilder<Database, T, object>, ...where: Array<RawBuilder<boolean>>) =>
		where
			.reduce((query, condition) => query.where(condition), search.select(from))
			.orderBy(sql.ref(`${table}.${order.column}`), order.direction)
			.orderBy(sql.ref(`${table}.id`), order.direction)
			.limit(limit)
			.execute()
	const from = () => db.selectFrom(table as Searched) as unknown as SelectQueryBuilder<Database, T, object>

	if (trigramUsable(needles)) {
		const cap = limit * candidatesPerResult
		const candidates = isPostgres(db)
			? await sql<{ key: string }>`select ${sql.ref(`${table}.id`)} as key from ${sql.table(table)} where ${matches} limit ${cap + 1}`.execute(db)
			: await sql<{
					key: number
				}>`select ${sql.ref(`${table}.rowid`)} as key from ${trigramRowids(table, needles)} as trigram cross join ${sql.table(table)} on ${sql.ref(`${table}.rowid`)} = trigram.found where ${matches} limit ${cap + 1}`.execute(
					db,
				)
		const keys = candidates.rows.map((row) => row.key)
		if (!keys.length) return []
		if (keys.length <= cap)
			return ordered(
				from(),
				isPostgres(db)
					? sql<boolean>`${sql.ref(`${table}.id`)} = any(${keys})`
					: sql<boolean>`${sql.ref(`${table}.rowid`)} in (select value from json_each(${JSON.stringify(keys)}))`,
			)
		const first = db
			.selectFrom(table as Searched)
			.selectAll()
			.orderBy(sql.ref(order.column), order.direction)
			.orderBy(sql.ref('id'), order.direction)
			.limit(limit * windowPerResult)
		const recent = await ordered(db.selectFrom(first.as(table)) as unknown as SelectQueryBuilder<Database, T, object>, matches)
		if (recent.length === limit) return recent
	}
	return ordered(from(), matches)
}

/** What is searched for each kind, in what order, and what a hit says. */
const kindSearches = {
	lead: kindSearch({
		table: 'leads',
		line: sql`leads.search_text`,
		also: sql<boolean>`leads.merged_into_id is null`,
		order: { column: 'created_at', direction: 'desc' },
		select: (from) => from.select(['leads.id', 'leads.reference', 'leads.name', 'leads.phone', 'leads.email', 'leads.status']),
		hit: (row) => ({
			kind: 'lead',
			id: row.id,
			title: `${row.reference} · ${row.name}`,
			detail: joinDetail(labelOf(statusLabels, row.status), row.phone && formatPhone(row.phone), row.email),
			href: `/admin/leads/${row.id}`,
		}),
	}),
	booking: kindSearch({
		table: 'bookings',
		line: bookingLine,
		order: { column: 'created_at', direction: 'desc' },
		select: (from) =>
			from.select([
				'bookings.id',
				'bookings.reference',
				'bookings.contact_name as name',
				'bookings.contact_phone as phone',
				'bookings.status',
				'bookings.title',
				'bookings.start_date as startDate',
			]),
		hit: (row) => ({
			kind: 'booking',
			id: row.id,
			title: `${row.reference} · ${row.name}`,
			detail: joinDetail(labelOf(bookingStatusLabels, row.status), row.title, `arrives ${formatTravelDate(row.startDate)}`, formatPhone(row.phone)),
			href: `/admin/pending/${row.id}`,
		}),
	}),
	voucher: kindSearch({
		table: 'vouchers',
		line: voucherLine,
		order: { column: 'issued_at', direction: 'desc' },
		select: (from) =>
			from.select([
				'vouchers.id',
				'vouchers.booking_id as bookingId',
				'vouchers.booking_reference as bookingReference',
				'vouchers.lead_name as name',
				'vouchers.version',
				'vouchers.status',
			]),
		hit: (row) => ({
			kind: 'voucher',
			id: row.id,
			title: `Voucher v${row.version} · ${row.bookingReference} · ${row.name}`,
			detail: labelOf(voucherStatusLabels, row.status),
			href: `/admin/pending/${row.bookingId}`,
		}),
	}),
	'ferry-lead': kindSearch({
		table: 'ferry_leads',
		line: sql`ferry_leads.search_text`,
		order: { column: 'created_at', direction: 'desc' },
		select: (from) =>
			from.select([
				'ferry_leads.id',
				'ferry_leads.reference',
				'ferry_leads.name',
				'ferry_leads.phone',
				'ferry_leads.status',
				'ferry_leads.first_date as firstDate',
			]),
		hit: (row) => ({
			kind: 'ferry-lead',
			id: row.id,
			title: `${row.reference} · ${row.name}`,
			detail: joinDetail(labelOf(ferryLeadMachine.labels, row.status), `first sailing ${formatTravelDate(row.firstDate)}`, formatPhone(row.phone)),
			href: `/admin/ferry-leads/${row.id}`,
		}),
	}),
	'ferry-booking': kindSearch({
		table: 'ferry_bookings',
		line: sql`ferry_bookings.search_text`,
		order: { column: 'created_at', direction: 'desc' },
		select: (from) =>
			from.select([
				'ferry_bookings.id',
				'ferry_bookings.reference',
				'ferry_bookings.contact_name as name',
				'ferry_bookings.status',
				'ferry_bookings.from_island as from',
				'ferry_bookings.to_island as to',
				'ferry_bookings.travel_date as travelDate',
				'ferry_bookings.pnr',
			]),
		hit: (row) => ({
			kind: 'ferry-booking',
			id: row.id,
			title: `${row.reference} · ${row.name}`,
			detail: joinDetail(
				labelOf(ferryBookingMachine.labels, row.status),
				routeLabel(row.from, row.to),
				formatTravelDate(row.travelDate),
				row.pnr && `PNR ${row.pnr}`,
			),
			href: `/admin/ferry-bookings/${row.id}`,
		}),
	}),
	'offline-ticket': kindSearch({
		table: 'offline_tickets',
		line: sql`offline_tickets.search_text`,
		order: { column: 'created_at', direction: 'desc' },
		select: (from) =>
			from.select([
				'offline_tickets.id',
				'offline_tickets.reference',
				'offline_tickets.status',
				'offline_tickets.route',
				'offline_tickets.travel_date as travelDate',
				'offline_tickets.pnr',
				'offline_tickets.operator',
			]),
		hit: (row) => ({
			kind: 'offline-ticket',
			id: row.id,
			title: joinDetail(row.reference, row.route),
			detail: joinDetail(labelOf(offlineTicketMachine.labels, row.status), formatTravelDate(row.travelDate), row.operator, row.pnr && `PNR ${row.pnr}`),
			href: `/admin/offline-tickets/${row.id}`,
		}),
	}),
	agent: kindSearch({
		table: 'agents',
		line: sql`agents.search_text`,
		order: { column: 'company', direction: 'asc' },
		select: (from) => from.select(['agents.id', 'agents.company', 'agents.contact_person as contact', 'agents.phone', 'agents.city']),
		hit: (row) => ({
			kind: 'agent',
			id: row.id,
			title: row.company,
			detail: joinDetail(row.contact, formatPhone(row.phone), row.city),
			href: `/admin/agents/${row.id}`,
		}),
	}),
} satisfies Record<Exclude<SearchKind, 'quote'>, KindSearch<any, any>>

const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value
const joinDetail = (...parts: Array<string | null | undefined | false>) => parts.filter(Boolean).join(' · ')

/**
 * Finds records of the given kinds whose reference, name, phone or email contains the words,
 * newest first, at most `resultsPerKind` of each. Phone-like input is also tried as its digits
 * (searchNeedles), so "98765 43210", "098765-43210" and "+91 98765 43210" find the same person.
 * The caller passes only the kinds the signed-in role may open.
 */
export async function quickSearch(db: Executor, q: string, kinds: readonly SearchKind[]): Promise<SearchHit[]> {
	const needles = searchNeedles(q)
	if (!needles.length || !kinds.length) return []
	const wanted = new Set(kinds)
	// The newest matching leads, looked up once: the first few are hits, and their quotes are the
	// quotes found by name, phone or email (capped, so a common surname never turns into every lead's quotes).
	const leads =
		wanted.has('lead') || wanted.has('quote') ? firstMatching(db, kindSearches.lead, needles, wanted.has('quote') ? leadsForQuotes : resultsPerKind) : null
	const searches = resultsOrder
		.filter((kind) => wanted.has(kind))
		.map(async (kind): Promise<SearchHit[]> => {
			if (kind === 'lead') return (await leads!).slice(0, resultsPerKind).map(kindSearches.lead.hit)
			if (kind === 'quote')
				return quoteHits(
					db,
					q,
					needles,
					(await leads!).map((row) => row.id),
				)
			const search: KindSearch<Searched, any> = kindSearches[kind]
			return (await firstMatching(db, search, needles, resultsPerKind)).map(search.hit)
		})
	return (await Promise.all(searches)).flat()
}

/** The order of the groups in the answer. */
const resultsOrder: SearchKind[] = ['lead', 'quote', 'booking', 'voucher', 'ferry-lead', 'ferry-booking', 'offline-ticket', 'agent']

/** How many of the newest matching leads the quotes are looked up for. */
const leadsForQuotes = 50

/**
 * Quotes of the given leads, or of an itinerary whose reference matches, or with exactly this id,
 * newest first: one query over a union of three indexed lookups (an OR across them walks every
 * quote, on SQLite and on PostgreSQL alike).
 */
async function quoteHits(db: Executor, q: string, needles: string[], leadIds: string[]): Promise<SearchHit[]> {
	const rows = await db
		.selectFrom('quotes')
		.innerJoin('leads', 'leads.id', 'quotes.lead_id')
		.innerJoin('itineraries', 'itineraries.id', 'quotes.itinerary_id')
		.select([
			'quotes.id',
			'quotes.itinerary_id as itineraryId',
			'quotes.version',
			'quotes.status',
			'quotes.total',
			'quotes.valid_until as validUntil',
			'leads.name',
			'leads.reference as leadReference',
			'itineraries.reference as itineraryReference',
		])
		.where('quotes.id', 'in', (eb) => {
			// The reference is read from its unique index, never from the itinerary rows (SQLite has no trigram table for it).
			const matchingReferences = eb
				.selectFrom('itineraries as matched')
				.select('matched.reference')
				.where(matchesAny(sql`lower(matched.reference)`, needles))
			const byReference = eb
				.selectFrom('quotes as found')
				.select('found.id')
				.where('found.itinerary_id', 'in', eb.selectFrom('itineraries as i').select('i.id').where('i.reference', 'in', matchingReferences))
			// Record ids are letters and digits (docs/conventions.md): anything else is no quote's id.
			const id = q.trim()
			const lookups = /^[A-Za-z0-9]+$/.test(id)
				? byReference.union(eb.selectFrom('quotes as found').select('found.id').where('found.id', '=', id))
				: byReference
			return leadIds.length ? lookups.union(eb.selectFrom('quotes as found').select('found.id').where('found.lead_id', 'in', leadIds)) : lookups
		})
		.orderBy('quotes.created_at', 'desc')
		.orderBy('quotes.id', 'desc')
		.limit(resultsPerKind)
		.execute()
	return rows.map((row) => ({
		kind: 'quote' as const,
		id: row.id,
		title: `${row.itineraryReference} v${row.version} · ${row.name}`,
		detail: joinDetail(
			labelOf(quoteStatusLabels, row.status),
			formatINR(Number(row.total)),
			`valid until ${formatTravelDate(row.validUntil)}`,
			row.leadReference,
		),
		href: `/admin/create-itinerary/${row.itineraryId}#quotes-heading`,
	}))
}
