/**
 * Vouchers (DESIGN.md §5): issued only for a confirmed booking; a frozen
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

/** Why a voucher cannot be issued for this booking (or null). */
export function issueProblem(booking: { status: string }, current: { status: VoucherStatus } | null): string | null {
	if (booking.status !== 'confirmed') {
		const why = booking.status === 'pending_payment' ? 'it is still awaiting payment: confirm it first' : `it is ${booking.status.replace('_', ' ')}`
		return `A voucher can only be issued for a confirmed booking, and ${why}.`
	}
	if (current?.status === 'issued') return 'This booking already has a valid voucher: reissue it after a change, or revoke it.'
	return null
}

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
	transfers: Array<{ description: string; date: string | null; time: string | null; notes: string | null; status: string }>
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
