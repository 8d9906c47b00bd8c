import { type ExpressionBuilder, type RawBuilder, sql } from 'kysely'
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
import { trigramMatches } from '~/features/leads/server/desk.server.ts'

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

type SearchedTable = 'bookings' | 'vouchers' | 'ferry_leads' | 'ferry_bookings' | 'offline_tickets' | 'agents'

/**
 * The rows of `table` whose search line contains a needle. On SQLite the table's FTS5 trigram
 * twin (`<table>_search`, migration 20261125_0500_search_indexes) narrows the rows first, as
 * leads_search does for leads (ADR 032); the LIKE then re-checks exactly. PostgreSQL's trigram
 * index serves the LIKE itself; needles under 3 characters or with wildcards read the table.
 */
function rowsMatching(db: Executor, table: SearchedTable, line: RawBuilder<unknown>, needles: string[]) {
	const exact = matchesAny(line, needles)
	if (isPostgres(db) || !needles.every((needle) => needle.length >= 3 && !/[\\%_]/.test(needle))) return exact
	const narrowed = sql.join(
		needles.map((needle) => sql`search_text like ${`%${needle}%`}`),
		sql` or `,
	)
	return sql<boolean>`(${sql.ref(`${table}.rowid`)} in (select rowid from ${sql.table(`${table}_search`)} where ${narrowed}) and ${exact})`
}

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
	// On SQLite the leads' trigram table narrows the rows once for both leads and quotes (ADR 032).
	const leadRows = wanted.has('lead') || wanted.has('quote') ? await trigramMatches(db, needles) : null
	const leadMatches = (eb: ExpressionBuilder<Database, 'leads'>) => {
		const conditions = [eb.or(needles.map((needle) => eb(sql.ref('leads.search_text'), 'like', sql<string>`${likePattern(needle)} escape '\\'`)))]
		if (leadRows !== null) conditions.unshift(eb(sql.ref('leads.rowid'), 'in', sql`(select value from json_each(${leadRows}))`))
		return eb.and([eb('leads.merged_into_id', 'is', null), ...conditions])
	}
	const searches: Array<Promise<SearchHit[]>> = []
	const limit = resultsPerKind

	if (wanted.has('lead') || wanted.has('quote')) {
		// The newest matching leads: the first few are hits, and their quotes are the quotes found by
		// name, phone or email. Capped, so a common surname never turns into every lead's quotes.
		const leads = db
			.selectFrom('leads')
			.select(['id', 'reference', 'name', 'phone', 'email', 'status'])
			.where(leadMatches)
			.orderBy('created_at', 'desc')
			.orderBy('id', 'desc')
			.limit(leadsForQuotes)
			.execute()
		if (wanted.has('lead'))
			searches.push(
				leads.then((rows) =>
					rows.slice(0, limit).map((row) => ({
						kind: 'lead' as const,
						id: row.id,
						title: `${row.reference} · ${row.name}`,
						detail: joinDetail(labelOf(statusLabels, row.status), row.phone && formatPhone(row.phone), row.email),
						href: `/admin/leads/${row.id}`,
					})),
				),
			)
		if (wanted.has('quote')) searches.push(leads.then((rows) => quoteHits(db, q, needles, rows.map((row) => row.id))))
	}

	if (wanted.has('booking'))
		searches.push(
			db
				.selectFrom('bookings')
				.select(['id', 'reference', 'contact_name as name', 'contact_phone as phone', 'status', 'title', 'start_date as startDate'])
				.where(rowsMatching(db, 'bookings', bookingLine, needles))
				.orderBy('created_at', 'desc')
				.orderBy('id', 'desc')
				.limit(limit)
				.execute()
				.then((rows) =>
					rows.map((row) => ({
						kind: 'booking' as const,
						id: row.id,
						title: `${row.reference} · ${row.name}`,
						detail: joinDetail(labelOf(bookingStatusLabels, row.status), row.title, `arrives ${formatTravelDate(row.startDate)}`, formatPhone(row.phone)),
						href: `/admin/pending/${row.id}`,
					})),
				),
		)

	if (wanted.has('voucher'))
		searches.push(
			db
				.selectFrom('vouchers')
				.select(['id', 'booking_id as bookingId', 'booking_reference as bookingReference', 'lead_name as name', 'version', 'status'])
				.where(rowsMatching(db, 'vouchers', voucherLine, needles))
				.orderBy('issued_at', 'desc')
				.orderBy('id', 'desc')
				.limit(limit)
				.execute()
				.then((rows) =>
					rows.map((row) => ({
						kind: 'voucher' as const,
						id: row.id,
						title: `Voucher v${row.version} · ${row.bookingReference} · ${row.name}`,
						detail: labelOf(voucherStatusLabels, row.status),
						href: `/admin/pending/${row.bookingId}`,
					})),
				),
		)

	if (wanted.has('ferry-lead'))
		searches.push(
			db
				.selectFrom('ferry_leads')
				.select(['id', 'reference', 'name', 'phone', 'status', 'first_date as firstDate'])
				.where(rowsMatching(db, 'ferry_leads', sql`ferry_leads.search_text`, needles))
				.orderBy('created_at', 'desc')
				.orderBy('id', 'desc')
				.limit(limit)
				.execute()
				.then((rows) =>
					rows.map((row) => ({
						kind: 'ferry-lead' as const,
						id: row.id,
						title: `${row.reference} · ${row.name}`,
						detail: joinDetail(labelOf(ferryLeadMachine.labels, row.status), `first sailing ${formatTravelDate(row.firstDate)}`, formatPhone(row.phone)),
						href: `/admin/ferry-leads/${row.id}`,
					})),
				),
		)

	if (wanted.has('ferry-booking'))
		searches.push(
			db
				.selectFrom('ferry_bookings')
				.select(['id', 'reference', 'contact_name as name', 'status', 'from_island as from', 'to_island as to', 'travel_date as travelDate', 'pnr'])
				.where(rowsMatching(db, 'ferry_bookings', sql`ferry_bookings.search_text`, needles))
				.orderBy('created_at', 'desc')
				.orderBy('id', 'desc')
				.limit(limit)
				.execute()
				.then((rows) =>
					rows.map((row) => ({
						kind: 'ferry-booking' as const,
						id: row.id,
						title: `${row.reference} · ${row.name}`,
						detail: joinDetail(labelOf(ferryBookingMachine.labels, row.status), routeLabel(row.from, row.to), formatTravelDate(row.travelDate), row.pnr && `PNR ${row.pnr}`),
						href: `/admin/ferry-bookings/${row.id}`,
					})),
				),
		)

	if (wanted.has('offline-ticket'))
		searches.push(
			db
				.selectFrom('offline_tickets')
				.select(['id', 'reference', 'status', 'route', 'travel_date as travelDate', 'pnr', 'operator'])
				.where(rowsMatching(db, 'offline_tickets', sql`offline_tickets.search_text`, needles))
				.orderBy('created_at', 'desc')
				.orderBy('id', 'desc')
				.limit(limit)
				.execute()
				.then((rows) =>
					rows.map((row) => ({
						kind: 'offline-ticket' as const,
						id: row.id,
						title: joinDetail(row.reference, row.route),
						detail: joinDetail(labelOf(offlineTicketMachine.labels, row.status), formatTravelDate(row.travelDate), row.operator, row.pnr && `PNR ${row.pnr}`),
						href: `/admin/offline-tickets/${row.id}`,
					})),
				),
		)

	if (wanted.has('agent'))
		searches.push(
			db
				.selectFrom('agents')
				.select(['id', 'company', 'contact_person as contact', 'phone', 'city'])
				.where(rowsMatching(db, 'agents', sql`agents.search_text`, needles))
				.orderBy('company')
				.orderBy('id')
				.limit(limit)
				.execute()
				.then((rows) =>
					rows.map((row) => ({
						kind: 'agent' as const,
						id: row.id,
						title: row.company,
						detail: joinDetail(row.contact, formatPhone(row.phone), row.city),
						href: `/admin/agents/${row.id}`,
					})),
				),
		)

	return (await Promise.all(searches)).flat()
}

/** How many of the newest matching leads the quotes are looked up for. */
const leadsForQuotes = 50

/**
 * Quotes of the given leads, or of an itinerary whose reference matches, or with exactly this id:
 * two indexed lookups merged newest first (an OR across them made SQLite walk every quote).
 */
async function quoteHits(db: Executor, q: string, needles: string[], leadIds: string[]): Promise<SearchHit[]> {
	const base = db
		.selectFrom('quotes')
		.innerJoin('leads', 'leads.id', 'quotes.lead_id')
		.innerJoin('itineraries', 'itineraries.id', 'quotes.itinerary_id')
		.select(['quotes.id', 'quotes.itinerary_id as itineraryId', 'quotes.version', 'quotes.status', 'quotes.total', 'quotes.valid_until as validUntil', 'quotes.created_at as createdAt', 'leads.name', 'leads.reference as leadReference', 'itineraries.reference as itineraryReference'])
		.orderBy('quotes.created_at', 'desc')
		.orderBy('quotes.id', 'desc')
		.limit(resultsPerKind)
	const [ofLeads, byReference] = await Promise.all([
		leadIds.length ? base.where('quotes.lead_id', 'in', leadIds).execute() : Promise.resolve([]),
		base.where((eb) => eb.or([eb('quotes.itinerary_id', 'in', eb.selectFrom('itineraries').select('itineraries.id').where(matchesAny(sql`lower(itineraries.reference)`, needles))), eb('quotes.id', '=', q.trim())])).execute(),
	])
	const unique = new Map([...ofLeads, ...byReference].map((row) => [row.id, row]))
	return [...unique.values()]
		.sort((a, b) => (a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt)))
		.slice(0, resultsPerKind)
		.map((row) => ({
			kind: 'quote' as const,
			id: row.id,
			title: `${row.itineraryReference} v${row.version} · ${row.name}`,
			detail: joinDetail(labelOf(quoteStatusLabels, row.status), formatINR(Number(row.total)), `valid until ${formatTravelDate(row.validUntil)}`, row.leadReference),
			href: `/admin/create-itinerary/${row.itineraryId}#quotes-heading`,
		}))
}
