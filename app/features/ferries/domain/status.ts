/**
 * The three ferry state machines (docs/product.md Ferries): pure, so every
 * allowed and forbidden move is unit-tested (status.test.ts).
 */
export type Machine<S extends string> = { states: readonly S[]; labels: Record<S, string>; transitions: Record<S, readonly S[]>; noun: string }

export type Transition<S extends string> = { ok: true; status: S } | { ok: false; error: string }

export function transition<S extends string>(machine: Machine<S>, from: S, to: S): Transition<S> {
	const label = (status: S) => machine.labels[status].toLowerCase()
	if (from === to) return { ok: false, error: `The ${machine.noun} is already ${label(to)}.` }
	if (!machine.transitions[from]?.includes(to)) {
		const allowed = machine.transitions[from] ?? []
		return {
			ok: false,
			error: allowed.length
				? `A ${label(from)} ${machine.noun} cannot become ${label(to)}. It can become ${allowed.map(label).join(', ')}.`
				: `A ${label(from)} ${machine.noun} is final and cannot change status.`,
		}
	}
	return { ok: true, status: to }
}

export function isState<S extends string>(machine: Machine<S>, value: string): value is S {
	return (machine.states as readonly string[]).includes(value)
}

export const ferryLeadStatuses = ['new', 'fare_quoted', 'payment_pending', 'booked', 'unavailable', 'lost'] as const
export type FerryLeadStatus = (typeof ferryLeadStatuses)[number]

/** new → fare_quoted → payment_pending → booked | unavailable | lost. Sold-out or lost can happen at any open step. */
export const ferryLeadMachine: Machine<FerryLeadStatus> = {
	noun: 'ferry lead',
	states: ferryLeadStatuses,
	labels: { new: 'New', fare_quoted: 'Fare quoted', payment_pending: 'Payment pending', booked: 'Booked', unavailable: 'Unavailable', lost: 'Lost' },
	transitions: {
		new: ['fare_quoted', 'unavailable', 'lost'],
		fare_quoted: ['payment_pending', 'unavailable', 'lost'],
		payment_pending: ['booked', 'unavailable', 'lost'],
		booked: [],
		unavailable: [],
		lost: [],
	},
}

export const ferryBookingStatuses = ['requested', 'confirmed', 'failed', 'cancelled', 'refunded', 'rescheduled'] as const
export type FerryBookingStatus = (typeof ferryBookingStatuses)[number]

/**
 * requested → confirmed | failed, then cancelled | refunded | rescheduled.
 * A rescheduled ticket is still a ticket (it can be cancelled or refunded);
 * a cancelled one can still be refunded; failed and refunded are final.
 */
export const ferryBookingMachine: Machine<FerryBookingStatus> = {
	noun: 'ferry booking',
	states: ferryBookingStatuses,
	labels: { requested: 'Requested', confirmed: 'Confirmed', failed: 'Failed', cancelled: 'Cancelled', refunded: 'Refunded', rescheduled: 'Rescheduled' },
	transitions: {
		requested: ['confirmed', 'failed'],
		confirmed: ['cancelled', 'refunded', 'rescheduled'],
		rescheduled: ['cancelled', 'refunded'],
		cancelled: ['refunded'],
		failed: [],
		refunded: [],
	},
}

/** Ferry bookings whose passengers sail: the manifest lists these. */
export const sailingStatuses: readonly FerryBookingStatus[] = ['requested', 'confirmed', 'rescheduled']

export const offlineTicketStatuses = ['requested', 'purchased', 'delivered', 'cancelled', 'refunded'] as const
export type OfflineTicketStatus = (typeof offlineTicketStatuses)[number]

/** requested → purchased → delivered | cancelled | refunded; a cancelled or delivered ticket can still be refunded. */
export const offlineTicketMachine: Machine<OfflineTicketStatus> = {
	noun: 'ticket',
	states: offlineTicketStatuses,
	labels: { requested: 'Requested', purchased: 'Purchased', delivered: 'Delivered', cancelled: 'Cancelled', refunded: 'Refunded' },
	transitions: {
		requested: ['purchased', 'cancelled'],
		purchased: ['delivered', 'cancelled', 'refunded'],
		delivered: ['refunded'],
		cancelled: ['refunded'],
		refunded: [],
	},
}
