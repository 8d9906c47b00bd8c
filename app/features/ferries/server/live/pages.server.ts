import { holdFormSchema, liveSearchSchema } from '~/features/ferries/domain/live/forms.ts'
import type { FerryIsland } from '~/features/ferries/domain/enquiry.ts'
import { type BasketLeg, basketLegProblem, basketRoute, nextLegStart } from '~/features/ferries/domain/live/basket.ts'
import { type LiveOperator, liveOperatorLabels, type Sailing, type SearchQuery, type Seat } from '~/features/ferries/domain/live/operator.ts'
import { isId } from '~/lib/ids.ts'
import { jsonColumn } from '~/server/db/rows.ts'
import { AppError } from '~/lib/errors.ts'
import { fieldErrors } from '~/lib/forms.ts'
import type { DB } from '~/server/db/client.server.ts'
import { seatsWithHolds } from './holds.server.ts'
import { ferryLiveSettings, liveOperatorSetup, type OperatorSetup } from './operators.server.ts'
import { type PricedSailing, priced, type SearchAnswer, searchSailings } from './search.server.ts'

export type LiveSearchPage = {
	/** Operators searched live; empty when none is configured (then only the enquiry is shown). */
	operators: Array<{ operator: LiveOperator; label: string }>
	query: SearchQuery | null
	answer: SearchAnswer | null
	errors: Record<string, string>
	/** Searching the next leg of a basket (`basket=` in the address): its legs so far, and where the next one starts. */
	basket: BasketSearch | null
}

export type BasketSearch = {
	id: string
	held: boolean
	legs: number
	route: string
	adults: number
	infants: number
	next: { from: FerryIsland; date: string } | null
}

/** /ferries?search=1&from=…: the live sailings, when a search was asked for and any operator is live. */
export async function liveSearchPage(db: DB, params: URLSearchParams, today: string, setup: OperatorSetup = liveOperatorSetup()): Promise<LiveSearchPage> {
	const operators = setup.adapters.map((adapter) => ({ operator: adapter.operator, label: liveOperatorLabels[adapter.operator] }))
	const basket = operators.length ? await basketSearch(db, params.get('basket')) : null
	if (!operators.length || params.get('search') !== '1') return { operators, query: null, answer: null, errors: {}, basket }
	// The next leg of a basket carries the basket's travellers, whatever the address says.
	const fields = { ...Object.fromEntries(params), ...(basket ? { adults: String(basket.adults), infants: String(basket.infants) } : {}) }
	const parsed = liveSearchSchema(today).safeParse(fields)
	if (!parsed.success) return { operators, query: null, answer: null, errors: fieldErrors(parsed.error.issues), basket }
	if (basket && !basket.held) return { operators, query: null, answer: null, errors: {}, basket }
	if (basket) {
		const legs = await basketLegsOf(db, basket.id)
		const problem = basketLegProblem(legs, basket, parsed.data)
		if (problem) return { operators, query: null, answer: null, errors: { from: problem }, basket }
	}
	const settings = await ferryLiveSettings(db)
	return { operators, query: parsed.data, answer: await searchSailings(setup, parsed.data, settings.markupPercent), errors: {}, basket }
}

export type SeatsPage = {
	query: SearchQuery
	operator: LiveOperator
	operatorLabel: string
	sailing: PricedSailing | null
	classCode: string
	seats: Seat[]
	basket: string | null
}

/** /ferries/seats?…: one class of one sailing, with its seats (those others hold shown taken). */
export async function seatsPage(db: DB, params: URLSearchParams, today: string, setup: OperatorSetup = liveOperatorSetup()): Promise<SeatsPage> {
	const parsed = holdFormSchema(today).safeParse({ ...Object.fromEntries(params), seats: undefined })
	if (!parsed.success) throw new AppError('invalid-argument', 'This seat list address is incomplete. Search for sailings again.')
	const { operator, sailing: sailingKey, class: classCode, seats: _seats, basket, ...query } = parsed.data
	const settings = await ferryLiveSettings(db)
	const found = await seatsWithHolds(db, setup, operator, sailingKey, query, classCode)
	return {
		query,
		operator,
		operatorLabel: liveOperatorLabels[operator],
		sailing: found.sailing ? priced(found.sailing, query, settings.markupPercent) : null,
		classCode,
		seats: found.seats,
		basket: basket ?? null,
	}
}

/** The basket a search adds a leg to; null when the address names none (or one that does not exist). */
async function basketSearch(db: DB, id: string | null): Promise<BasketSearch | null> {
	if (!id || !isId(id)) return null
	const rows = await db.selectFrom('ferry_seat_holds').select(['status', 'expires_at', 'adults', 'infants']).where('basket_id', '=', id).execute()
	if (!rows.length) return null
	const legs = await basketLegsOf(db, id)
	const held = rows.every((row) => row.status === 'held' && row.expires_at > new Date().toISOString())
	return { id, held, legs: legs.length, route: basketRoute(legs), adults: rows[0]!.adults, infants: rows[0]!.infants, next: nextLegStart(legs) }
}

async function basketLegsOf(db: DB, id: string): Promise<BasketLeg[]> {
	const rows = await db
		.selectFrom('ferry_seat_holds')
		.select('sailing_json')
		.where('basket_id', '=', id)
		.where('status', 'in', ['held', 'lapsed'])
		.orderBy('created_at')
		.orderBy('id')
		.execute()
	return rows
		.map((row) => jsonColumn(row.sailing_json, {} as Sailing))
		.map((sailing) => ({ from: sailing.from, to: sailing.to, date: sailing.date, departs: sailing.departs, arrives: sailing.arrives }))
}
