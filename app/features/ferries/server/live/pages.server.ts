import { holdFormSchema, liveSearchSchema } from '~/features/ferries/domain/live/forms.ts'
import { type LiveOperator, liveOperatorLabels, type SearchQuery, type Seat } from '~/features/ferries/domain/live/operator.ts'
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
}

/** /ferries?search=1&from=…: the live sailings, when a search was asked for and any operator is live. */
export async function liveSearchPage(db: DB, params: URLSearchParams, today: string, setup: OperatorSetup = liveOperatorSetup()): Promise<LiveSearchPage> {
	const operators = setup.adapters.map((adapter) => ({ operator: adapter.operator, label: liveOperatorLabels[adapter.operator] }))
	if (!operators.length || params.get('search') !== '1') return { operators, query: null, answer: null, errors: {} }
	const parsed = liveSearchSchema(today).safeParse(Object.fromEntries(params))
	if (!parsed.success) return { operators, query: null, answer: null, errors: fieldErrors(parsed.error.issues) }
	const settings = await ferryLiveSettings(db)
	return { operators, query: parsed.data, answer: await searchSailings(setup, parsed.data, settings.markupPercent), errors: {} }
}

export type SeatsPage = { query: SearchQuery; operator: LiveOperator; operatorLabel: string; sailing: PricedSailing | null; classCode: string; seats: Seat[] }

/** /ferries/seats?…: one class of one sailing, with its seats (those others hold shown taken). */
export async function seatsPage(db: DB, params: URLSearchParams, today: string, setup: OperatorSetup = liveOperatorSetup()): Promise<SeatsPage> {
	const parsed = holdFormSchema(today).safeParse({ ...Object.fromEntries(params), seats: undefined })
	if (!parsed.success) throw new AppError('invalid-argument', 'This seat list address is incomplete. Search for sailings again.')
	const { operator, sailing: sailingKey, class: classCode, seats: _seats, ...query } = parsed.data
	const settings = await ferryLiveSettings(db)
	const found = await seatsWithHolds(db, setup, operator, sailingKey, query, classCode)
	return { query, operator, operatorLabel: liveOperatorLabels[operator], sailing: found.sailing ? priced(found.sailing, query, settings.markupPercent) : null, classCode, seats: found.seats }
}
