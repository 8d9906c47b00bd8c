import type { FerryIsland } from '~/features/ferries/domain/enquiry.ts'

/**
 * Live ferry seats (docs/ferries.md, ADR 183): one interface every operator's booking system is
 * reached through. Adapters translate the operator's own names, date formats, island codes, fare
 * parts and error shapes into these types; nothing above an adapter knows which operator it talks to.
 */
export const liveOperators = ['sealink', 'makruzz', 'green-ocean', 'demo'] as const
export type LiveOperator = (typeof liveOperators)[number]
export const liveOperatorLabels: Record<LiveOperator, string> = {
	sealink: 'Sealink Adventures (Nautika)',
	makruzz: 'Makruzz',
	'green-ocean': 'Green Ocean Seaways',
	demo: 'Demo Ferries (demo data, not a real operator)',
}

export type SearchQuery = { from: FerryIsland; to: FerryIsland; date: string; adults: number; infants: number }

/** One class of one sailing, priced per adult in paise as the operator returns its parts. */
export type SailingClass = {
	/** The operator's class code (Sealink `L`/`R`, Makruzz and Green Ocean class ids). */
	code: string
	name: string
	seatsLeft: number
	/** Paise per adult: base fare, port fee and GST as the operator splits them (0 where it has none). */
	fare: { base: number; portFee: number; gst: number }
	/** Paise per infant, all parts together. */
	infantFare: number
	/** Whether travellers choose seats (a seat layout) or the operator assigns them. */
	seatChoice: boolean
}

export type Sailing = {
	operator: LiveOperator
	/** Opaque to everything above the adapter: the adapter reads its ids back out of it. */
	key: string
	vessel: string
	from: FerryIsland
	to: FerryIsland
	date: string
	/** HH:MM, India time. */
	departs: string
	arrives: string
	classes: SailingClass[]
}

export type Seat = { id: string; label: string; available: boolean }

export type Passenger = {
	name: string
	age: number
	gender: 'male' | 'female'
	nationality: 'indian' | 'foreign'
	idType: string
	idNumber: string
	/** Foreign nationals: passport expiry (YYYY-MM-DD) and country. */
	passportExpiry: string | null
	country: string | null
}

export type HoldRequest = { sailing: Sailing; classCode: string; seats: string[]; adults: number; infants: number }
export type OperatorHold = { ref: string | null }
export type BookRequest = HoldRequest & {
	operatorHoldRef: string | null
	passengers: Passenger[]
	contact: { name: string; phone: string; email: string }
	idempotencyKey: string
}
export type Ticket = { pnr: string; operatorTotal: number | null; pdfBase64: string | null }

/**
 * What an operator's answer meant when it was not a success. `sold-out`: the seats went between search and
 * hold; `hold-expired`: the operator's block lapsed before the booking; `refused`: credentials or hash
 * refused; `unreachable`: time-out, network error or 5xx; `malformed`: an answer we could not read;
 * `unsupported`: the operator's API has no such call (cancel and ticket files go through its portal).
 */
export type OperatorErrorKind = 'sold-out' | 'hold-expired' | 'refused' | 'unreachable' | 'malformed' | 'unsupported'

export class OperatorError extends Error {
	constructor(
		readonly operator: LiveOperator,
		readonly kind: OperatorErrorKind,
		message: string,
	) {
		super(message)
		this.name = 'OperatorError'
	}
}

export interface FerryOperatorAdapter {
	readonly operator: LiveOperator
	search(query: SearchQuery, signal: AbortSignal): Promise<Sailing[]>
	/** Seats of one class; an operator that assigns seats itself answers an empty list. */
	seatLayout(sailing: Sailing, classCode: string, signal: AbortSignal): Promise<Seat[]>
	/** The operator's own block where it has one; `ref: null` where it has none (the hold is ours alone). */
	hold(request: HoldRequest, signal: AbortSignal): Promise<OperatorHold>
	book(request: BookRequest, signal: AbortSignal): Promise<Ticket>
	cancel(pnr: string, signal: AbortSignal): Promise<{ fee: number }>
}

export const operatorErrorMessages: Record<OperatorErrorKind, string> = {
	'sold-out': 'Those seats were sold while you were choosing. Choose other seats or another sailing.',
	'hold-expired': 'The operator released the seats before the booking was made. Hold the seats again.',
	refused: 'The operator refused our agent credentials. Staff have been told; ask us to book it for you.',
	unreachable: 'The operator’s booking system did not answer in time.',
	malformed: 'The operator answered something we could not read.',
	unsupported: 'The operator does not take this through its booking system; staff do it on its portal.',
}
