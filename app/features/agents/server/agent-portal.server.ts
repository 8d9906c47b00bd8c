import type { Kysely } from 'kysely'
import { agentNetPrice, clientPrice, type Markup, type RateRule } from '~/features/agents/domain/agent-pricing.ts'
import { type DraftResult, resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { tiers } from '~/features/catalog/domain/packages.ts'
import { toPackage } from '~/features/catalog/server/packages.server.ts'
import { builderIslands } from '~/features/rates/domain/builder.ts'
import { activityOptions } from '~/features/rates/server/builder.server.ts'
import { getPricing } from '~/features/rates/server/rate-book.server.ts'
import { AppError } from '~/lib/errors.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import type { Database } from '~/server/db/schema.ts'
import { createAgentBooking, getAgentCredit, rateRuleOf } from './agent-credit.server.ts'

type DB = Kysely<Database>

/**
 * The agent area's pricing and booking (docs/decisions/223-agent-rate-rules-and-net-pricing.md): a trip is
 * priced by the same engine and the same reader as /book-now (a package for a date, tier and party, or a
 * builder configuration), never from a price the browser sends; the agency's rate rule turns our price into
 * its net, and its markup into its client's price. Our sell price and cost are never returned.
 */

export type AgentQuote = {
	title: string
	startDate: string
	nights: number
	adults: number
	net: number
	markup: number
	client: number
	carry: Record<string, string>
	availability: string[]
}

/** The agency's rate rule (commission off our sell price, or a margin on our cost); an unknown agency is a 404. */
async function agencyRateRule(db: Executor, agentId: string): Promise<RateRule> {
	const agency = await db.selectFrom('agents').select(['rate_rule', 'commission_bp', 'margin_bp']).where('id', '=', agentId).executeTakeFirst()
	if (!agency) throw new AppError('not-found', 'There is no agency with that id.')
	return rateRuleOf(agency)
}

type Resolved = Extract<DraftResult, { ok: true }>

/** A trip the engine priced, at the agency's net and with the agent's markup: the sell price and our cost stay in here. */
function atNet(resolved: Resolved, rule: RateRule, markup: Markup) {
	const { draft } = resolved
	// Our sell price and our planned cost (the engine's, ADR 231) stay here: the agent is given the net, markup and client price only.
	const net = agentNetPrice({ sell: draft.price.total, cost: resolved.cost }, rule)
	if (!net.ok) return { ok: false as const, reason: net.reason }
	const priced = clientPrice(net.net, markup)
	const quote: AgentQuote = {
		title: draft.title,
		startDate: draft.startDate,
		nights: draft.nights,
		adults: draft.adults,
		net: priced.net,
		markup: priced.markup,
		client: priced.client,
		carry: draft.carry,
		availability: draft.availability ?? [],
	}
	return { ok: true as const, quote, draft, commission: net.commission }
}

/** Prices a trip for an agency at net, with the markup given; a trip that cannot be priced is a 400 with the reason. */
export async function priceForAgency(db: DB, agentId: string, params: URLSearchParams, markup: Markup) {
	const rule = await agencyRateRule(db, agentId)
	const resolved = await resolveBookingDraft(db, params)
	if (!resolved.ok) throw new AppError('invalid-argument', Object.values(resolved.errors).join(' ') || 'Choose a trip to price.', { fields: resolved.errors })
	const priced = atNet(resolved, rule, markup)
	if (!priced.ok) throw new AppError('failed-precondition', priced.reason)
	return priced
}

/** One hotel category of a package on the instant price list: the agency's net and its client's price, or why it cannot be sold. */
export type PriceListTier = { tier: string; net: number; markup: number; client: number; perPerson: number } | { tier: string; problem: string }

/**
 * The agency's instant price list (ADR 231): every published package in every hotel category it offers, for one
 * arrival date and party, priced by the same engine and rate rule as one trip at /agent/book. Our sell price and
 * cost are never in it. `perPerson`: the client's price per paying traveller, rounded to the rupee.
 */
export async function agencyPriceList(
	db: DB,
	agentId: string,
	party: { startDate: string; adults: string; childAges: string },
	markup: Markup,
): Promise<Array<{ slug: string; title: string; nights: number; tiers: PriceListTier[] }>> {
	const rule = await agencyRateRule(db, agentId)
	const rows = await db.selectFrom('packages').selectAll().where('status', '=', 'published').orderBy('title').execute()
	const list = []
	for (const pkg of rows.map(toPackage)) {
		const offered = tiers.filter((tier) => pkg.prices[tier] !== null)
		const priced: PriceListTier[] = []
		for (const tier of offered) {
			const resolved = await resolveBookingDraft(db, new URLSearchParams({ package: pkg.slug, tier, ...party }))
			if (!resolved.ok) {
				priced.push({ tier, problem: Object.values(resolved.errors).join(' ') || 'Not on sale for this date.' })
				continue
			}
			const atNetPrice = atNet(resolved, rule, markup)
			if (!atNetPrice.ok) priced.push({ tier, problem: atNetPrice.reason })
			else {
				const { net, markup: added, client } = atNetPrice.quote
				priced.push({ tier, net, markup: added, client, perPerson: Math.round(client / 100 / Math.max(1, resolved.draft.price.payingTravellers)) * 100 })
			}
		}
		list.push({ slug: pkg.slug, title: pkg.title, nights: pkg.totalNights, tiers: priced })
	}
	return list
}

/**
 * What the agent's trip builder offers (ADR 231): the active hotels on the builder's islands and the activities
 * with a price, by name only (no sell price or cost: the trip is priced at net when it is built).
 */
export async function agencyBuilderChoices(db: DB) {
	const { book } = await getPricing(db)
	const hotels = [...book.hotels.values()]
		.map(({ hotel }) => hotel)
		.filter((hotel) => hotel.active && (builderIslands as readonly string[]).includes(hotel.island))
		.map((hotel) => ({ id: hotel.id, name: hotel.name, island: hotel.island, tier: hotel.tier }))
		.sort((a, b) => a.island.localeCompare(b.island) || a.name.localeCompare(b.name))
	return { hotels, activities: activityOptions(book) }
}

/**
 * The agency books the trip for its client: priced again here, charged at net to its credit (confirmed at once
 * when it fits, otherwise waiting for staff). We send the client nothing ourselves (no email, no message):
 * the agency owns the client relationship and our documents would show our net.
 */
export async function bookForAgency(
	db: DB,
	actor: Actor,
	agentId: string,
	input: { params: URLSearchParams; markup: Markup; clientName: string; clientPhone: string },
	options: { submissionKey: string },
) {
	const { draft, quote, commission } = await priceForAgency(db, agentId, input.params, input.markup)
	return createAgentBooking(
		db,
		actor,
		agencyBookingOf(draft, { agentId, net: quote.net, markup: quote.markup, commission }, { name: input.clientName, phone: input.clientPhone }),
		options,
	)
}

type Draft = Resolved['draft']

/** The booking an agency makes for its client: the trip as priced, at the agency's net, with no contact email (docs/decisions/225). */
export function agencyBookingOf(
	draft: Draft,
	agent: { agentId: string; net: number; markup: number; commission: number },
	client: { name: string; phone: string },
) {
	return {
		packageId: draft.packageId,
		title: draft.title,
		tier: draft.tier,
		startDate: draft.startDate,
		nights: draft.nights,
		adults: draft.adults,
		childAges: draft.childAges,
		infants: draft.infants,
		price: {
			lines: [{ label: 'Net price to the agency', quantity: 1, unit: agent.net, amount: agent.net }],
			total: agent.net,
			perPerson: Math.round(agent.net / Math.max(1, draft.price.payingTravellers)),
			payingTravellers: draft.price.payingTravellers,
		},
		advanceDue: 0,
		contactName: client.name,
		contactPhone: client.phone,
		contactEmail: null,
		specialRequests: null,
		travellers: [],
		rooms: Math.max(1, Math.ceil(draft.adults / 2)),
		...(draft.stays?.length ? { stays: draft.stays } : {}),
		agent,
	}
}

/** The agency's own bookings, newest first: never another agency's (the query is scoped to the signed-in user's agency). */
export async function listAgencyBookings(db: Executor, agentId: string) {
	const rows = await db
		.selectFrom('bookings')
		.select([
			'id',
			'reference',
			'title',
			'status',
			'start_date as startDate',
			'contact_name as clientName',
			'agent_net as net',
			'agent_markup as markup',
			'agent_credit_state as creditState',
			'created_at as createdAt',
		])
		.select((eb) => [
			eb
				.selectFrom('booking_components')
				.select((inner) => inner.fn.countAll<number>().as('n'))
				.whereRef('booking_components.booking_id', '=', 'bookings.id')
				.as('components'),
			eb
				.selectFrom('booking_components')
				.select((inner) => inner.fn.countAll<number>().as('n'))
				.whereRef('booking_components.booking_id', '=', 'bookings.id')
				.where('booking_components.supplier_status', '=', 'confirmed')
				.as('confirmedComponents'),
		])
		.where('agent_id', '=', agentId)
		.orderBy('created_at', 'desc')
		.orderBy('id')
		.limit(200)
		.execute()
	return rows.map((row) => ({
		...row,
		net: Number(row.net ?? 0),
		markup: Number(row.markup ?? 0),
		components: Number(row.components ?? 0),
		confirmedComponents: Number(row.confirmedComponents ?? 0),
	}))
}

/** The published packages an agent can price (slug and title only). */
export async function bookablePackages(db: Executor) {
	return db.selectFrom('packages').select(['slug', 'title']).where('status', '=', 'published').orderBy('title').execute()
}

/**
 * The agency's credit as its own users see it: limit, wallet, used, held and available. Never its rate rule: with the
 * net it is quoted, a margin agency's margin would give our cost away (ADR 223).
 */
export async function agencyCredit(db: Executor, agentId: string) {
	const { rateRule: _staffOnly, ...account } = await getAgentCredit(db, agentId)
	return account
}
