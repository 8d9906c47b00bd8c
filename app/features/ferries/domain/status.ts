/**
 * The three ferry state machines (docs/product.md Ferries): pure, so every
 * allowed and forbidden move is unit-tested (status.test.ts).
 */
import type { Machine } from '~/lib/state-machine.ts'

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
