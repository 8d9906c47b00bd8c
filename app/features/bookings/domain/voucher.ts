/**
 * Vouchers (docs/product.md): issued only for a confirmed booking; a frozen
 * snapshot of what the traveller carries. States: issued → reissued | revoked.
 * Pure functions, no database.
 */
export const voucherStatuses = ['issued', 'reissued', 'revoked'] as const
export type VoucherStatus = (typeof voucherStatuses)[number]
export const voucherStatusLabels: Record<VoucherStatus, string> = { issued: 'Valid', reissued: 'Replaced by a newer version', revoked: 'Revoked' }

const transitions: Record<VoucherStatus, readonly VoucherStatus[]> = {
	issued: ['reissued', 'revoked'],
	reissued: [],
	revoked: [],
}

export function canTransitionVoucher(from: VoucherStatus, to: VoucherStatus): boolean {
	return transitions[from].includes(to)
}

/** A part of the trip booked with a supplier (hotel, ferry, activity, transfer, or a linked ferry booking). */
export type TripPart = { kind: string; description: string; confirmed: boolean; confirmationNumber: string | null }

/** The parts the traveller cannot yet rely on: not confirmed, or confirmed without a confirmation number or PNR. */
export function unconfirmedParts(parts: readonly TripPart[]): TripPart[] {
	return parts.filter((part) => !part.confirmed || !part.confirmationNumber?.trim())
}

/** An owner's decision to issue before every part is confirmed, with the reason (audited). */
export type VoucherOverride = { byOwner: boolean; reason: string | null }

/**
 * Whether a voucher may be issued now (docs/decisions/081-vouchers-only-for-confirmed-trips.md): the booking is
 * confirmed, has no valid voucher, and every part of the trip is confirmed with its number, unless an owner
 * overrides with a reason, in which case the unconfirmed lines print "pending confirmation".
 */
export function issueProblem(booking: { status: string }, current: { status: VoucherStatus } | null, parts: readonly TripPart[], override: VoucherOverride | null): string | null {
	if (booking.status !== 'confirmed') {
		const why = booking.status === 'pending_payment' ? 'it is still awaiting payment: confirm it first' : `it is ${booking.status.replace('_', ' ')}`
		return `A voucher can only be issued for a confirmed booking, and ${why}.`
	}
	if (current?.status === 'issued') return 'This booking already has a valid voucher: reissue it after a change, or revoke it.'
	return confirmationGap(parts, override)
}

/** Why the trip's parts do not allow a voucher yet (or null): shared by issue and reissue. */
export function confirmationGap(parts: readonly TripPart[], override: VoucherOverride | null): string | null {
	if (!parts.length && !override) return 'Nothing is booked with suppliers yet: add the hotels, ferries and transfers on the booking page and confirm them first.'
	const missing = unconfirmedParts(parts)
	if (!missing.length) return null
	if (override && !override.byOwner) return 'Only an owner can issue a voucher before every hotel, ferry and transfer is confirmed.'
	if (override && (override.reason?.trim().length ?? 0) < 5) return 'Say why the voucher is issued before everything is confirmed (at least 5 characters).'
	if (override) return null
	const list = missing.map((part) => part.description).join('; ')
	return `${missing.length === 1 ? 'One part of the trip is' : `${missing.length} parts of the trip are`} not confirmed with a confirmation number or PNR yet: ${list}. Confirm ${missing.length === 1 ? 'it' : 'them'} on the booking page, or ask an owner to issue with an override.`
}

/** What an unconfirmed line says on a voucher an owner issued with an override. */
export const pendingConfirmationLabel = 'Pending confirmation'

/** Why this voucher cannot be reissued or revoked (or null). */
export function changeProblem(voucher: { status: VoucherStatus }, to: 'reissued' | 'revoked', booking: { status: string }): string | null {
	if (!canTransitionVoucher(voucher.status, to)) return `This voucher is already ${voucher.status === 'reissued' ? 'replaced by a newer version' : 'revoked'}: only the current voucher can change.`
	if (to === 'reissued' && booking.status !== 'confirmed') return 'Only a confirmed booking can get a new voucher: revoke this one instead.'
	return null
}

export type VoucherSection = { title: string; items: Array<{ heading: string; lines: string[] }> }

/** What a voucher shows, frozen when it is issued. */
export type VoucherSnapshot = {
	reference: string
	title: string
	startDate: string
	endDate: string
	nights: number
	party: string
	contact: { name: string; phone: string; email: string | null }
	travellers: Array<{ name: string; age: number; gender: string; nationality: string; id: string }>
	days: Array<{ day: number; date: string; island: string; title: string; description: string }>
	hotels: Array<{ name: string; island: string | null; checkIn: string | null; checkOut: string | null; confirmation: string | null; status: string }>
	ferries: Array<{ description: string; date: string | null; time: string | null; operator: string | null; pnr: string | null; status: string }>
	activities: Array<{ description: string; date: string | null; time: string | null; pickup: string | null; confirmation: string | null; status: string }>
	transfers: Array<{ description: string; date: string | null; time: string | null; notes: string | null; confirmation?: string | null; status: string }>
	inclusions: string[]
	exclusions: string[]
	specialRequests: string | null
	payment: { total: number; paid: number; balance: number; balanceDueDate: string }
	company: { name: string; phone: string; whatsapp: string; email: string; address: string }
	emergency: Array<{ label: string; number: string }>
	/** Extra sections added by other areas (ferry bookings, offline tickets): one call to `withSection`. */
	sections: VoucherSection[]
}

/** Adds a section (e.g. the ferry bookings' PNRs, offline tickets) to a snapshot before it is frozen. */
export function withSection(snapshot: VoucherSnapshot, section: VoucherSection): VoucherSnapshot {
	if (!section.items.length) return snapshot
	return { ...snapshot, sections: [...snapshot.sections, section] }
}

/** Emergency numbers in the Andamans, printed on every voucher. */
export const andamanEmergencyNumbers = [
	{ label: 'Police', number: '100' },
	{ label: 'Ambulance', number: '108' },
	{ label: 'All emergencies', number: '112' },
	{ label: 'Coast Guard (sea rescue)', number: '1554' },
	{ label: 'GB Pant Hospital, Port Blair', number: '03192 233473' },
] as const

/** A WhatsApp share link for a voucher URL. */
export function whatsappShareLink(url: string, reference: string): string {
	return `https://wa.me/?text=${encodeURIComponent(`Our Andaman trip voucher ${reference}: ${url}`)}`
}
