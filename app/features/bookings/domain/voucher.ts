import { mealPlanNames } from '~/features/rates/domain/builder.ts'
import type { MealPlan } from '~/features/rates/domain/pricing/types.ts'
import { closingFor, departureJetty, formatMinutes, jettyReportingLine, reportingMinutesFor, reportingTime } from '~/features/travel-facts/domain/facts.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatPhone } from '~/lib/phone.ts'
import { plural } from '~/lib/words.ts'

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
export function issueProblem(
	booking: { status: string },
	current: { status: VoucherStatus } | null,
	parts: readonly TripPart[],
	override: VoucherOverride | null,
): string | null {
	if (booking.status !== 'confirmed') {
		const why = booking.status === 'pending_payment' ? 'it is still awaiting payment: confirm it first' : `it is ${booking.status.replace('_', ' ')}`
		return `A voucher can only be issued for a confirmed booking, and ${why}.`
	}
	if (current?.status === 'issued') return 'This booking already has a valid voucher: reissue it after a change, or revoke it.'
	return confirmationGap(parts, override)
}

/** Why the trip's parts do not allow a voucher yet (or null): shared by issue and reissue. */
export function confirmationGap(parts: readonly TripPart[], override: VoucherOverride | null): string | null {
	if (!parts.length && !override)
		return 'Nothing is booked with suppliers yet: add the hotels, ferries and transfers on the booking page and confirm them first.'
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
	if (!canTransitionVoucher(voucher.status, to))
		return `This voucher is already ${voucher.status === 'reissued' ? 'replaced by a newer version' : 'revoked'}: only the current voucher can change.`
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
	/** The hotel's own details (address, phone, check-in and check-out times, room, meal plan) when it is one of our hotels; older vouchers have none. */
	hotels: Array<
		{
			name: string
			island: string | null
			checkIn: string | null
			checkOut: string | null
			confirmation: string | null
			status: string
		} & Partial<VoucherHotelDetails>
	>
	/** `port`: the island slug it sails from (for its jetty); older vouchers have none. */
	ferries: Array<{
		description: string
		date: string | null
		time: string | null
		operator: string | null
		pnr: string | null
		status: string
		port?: string | null
	}>
	activities: Array<{ description: string; date: string | null; time: string | null; pickup: string | null; confirmation: string | null; status: string }>
	transfers: Array<{ description: string; date: string | null; time: string | null; notes: string | null; confirmation?: string | null; status: string }>
	inclusions: string[]
	exclusions: string[]
	specialRequests: string | null
	payment: { total: number; paid: number; balance: number; balanceDueDate: string }
	company: { name: string; phone: string; whatsapp: string; email: string; address: string }
	/** Booked by a partner agency for its client (docs/decisions/225): `company` is the agency's brand, the price is between the client and the agency (not shown), and our name shows only when the agency chose (`ours`). */
	agency?: { ours: string | null; logo?: VoucherLogo | null }
	emergency: Array<{ label: string; number: string }>
	/** Extra sections added by other areas (ferry bookings, offline tickets): one call to `withSection`. */
	sections: VoucherSection[]
}

export type VoucherHotelDetails = {
	address: string | null
	phone: string | null
	checkInTime: string | null
	checkOutTime: string | null
	room: string | null
	rooms: number | null
	mealPlan: string | null
}

/** The agency's logo from the media library (docs/decisions/232): the page shows `src`, the PDF embeds the stored image by `mediaId`. */
export type VoucherLogo = { mediaId: string; src: string; alt: string }

/** The agency's brand in place of ours on its client's voucher: its name, logo and contact, our name only if it chose, and no price (ours is its net). */
export function brandedForAgency(
	snapshot: VoucherSnapshot,
	brand: { name: string; address: string | null; phone: string | null; email: string | null; ours: string | null },
	logo: VoucherLogo | null = null,
): VoucherSnapshot {
	const phone = brand.phone ?? ''
	return {
		...snapshot,
		company: { name: brand.name, phone, whatsapp: phone, email: brand.email ?? '', address: brand.address ?? '' },
		agency: { ours: brand.ours, logo },
		payment: { total: 0, paid: 0, balance: 0, balanceDueDate: snapshot.payment.balanceDueDate },
		emergency: [...(phone ? [{ label: `${brand.name} support`, number: phone }] : []), ...andamanEmergencyNumbers],
	}
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

// ─── What a traveller shows at a hotel desk and a jetty ──────────────────────
// The page and the PDF print the same lines, made here.

/** A line's parts as the pricing engine writes a hotel: "Name, Island: Room, CP, 1 room × 2 nights (peak)". */
export function hotelLineParts(description: string): { name: string; room: string; mealPlan: MealPlan; rooms: number } | null {
	const match = /^(.+?), [^:,]+: (.+), (EP|CP|MAP|AP), (\d+) rooms? × \d+ nights?\b/.exec(description)
	return match ? { name: match[1]!, room: match[2]!, mealPlan: match[3] as MealPlan, rooms: Number(match[4]) } : null
}

/** A hotel record's details a voucher prints. */
export type HotelFacts = { name: string; island: string; address: string | null; phone: string | null; checkIn: string; checkOut: string }

/**
 * The hotel a component books: the one staff named as supplier, else the one its priced line names
 * (on the component's island when names repeat), with the room and meal plan from that line.
 */
export function hotelDetails(
	component: { description: string; supplier: string | null; island: string | null },
	hotels: readonly HotelFacts[],
): (VoucherHotelDetails & { name: string }) | null {
	const parts = hotelLineParts(component.description)
	const named = [component.supplier, parts?.name].map((name) => name?.trim().toLowerCase()).filter(Boolean)
	const candidates = hotels.filter((hotel) => named.includes(hotel.name.toLowerCase()))
	const hotel = candidates.find((h) => h.island === component.island) ?? candidates[0]
	if (!hotel && !parts) return null
	return {
		name: hotel?.name ?? parts!.name,
		address: hotel?.address ?? null,
		phone: hotel?.phone ?? null,
		checkInTime: hotel?.checkIn ?? null,
		checkOutTime: hotel?.checkOut ?? null,
		room: parts?.room ?? null,
		rooms: parts?.rooms ?? null,
		mealPlan: parts ? mealPlanNames[parts.mealPlan] : null,
	}
}

/** One thing the traveller shows: what it is, the lines that matter at the desk or jetty, and its confirmation or PNR (`reference`), else its status. */
export type VoucherItem = { heading: string; lines: string[]; reference: { label: string; value: string } | null; status: string | null }
export type VoucherServiceSection = { title: string; items: VoucherItem[]; note?: string }

const onDay = (date: string | null) => (date ? formatTravelDate(date) : 'Date to be confirmed')
const nightsBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
const referenceOr = (label: string, value: string | null | undefined, status: string): Pick<VoucherItem, 'reference' | 'status'> =>
	value?.trim() && status !== pendingConfirmationLabel ? { reference: { label, value: value.trim() }, status: null } : { reference: null, status }

/** The ferry's route and class from its line ("Ferry Port Blair → Havelock, Makruzz Premium: 2 adults" → "Port Blair → Havelock", "Makruzz Premium"). */
function ferryParts(description: string): { route: string; operator: string | null } {
	const [route, rest] = description
		.replace(/^Ferry\s+/, '')
		.split(/:\s/)[0]!
		.split(/,\s*/, 2)
	return { route: route!.trim(), operator: rest?.trim() || null }
}

/** The reporting minutes of each of the voucher's sailings: its operator's own, or the fallback setting (ADR 195). */
export function voucherReportingMinutes(s: Pick<VoucherSnapshot, 'ferries'>, fallbackMinutes: number): number[] {
	return s.ferries.map((ferry) =>
		reportingMinutesFor(ferry.operator?.trim() || ferryParts(ferry.description).operator, { ferryReportingMinutes: fallbackMinutes }),
	)
}

/**
 * The voucher's bookings, section by section, as the traveller needs them at a hotel desk or a jetty:
 * hotels with address, phone, check-in and check-out (date and time), room and meal plan; ferries with
 * operator, departure, the time to report and the jetty; activities and pickups with day, time and
 * place; each with its confirmation number or PNR. The page and the PDF print these same lines.
 */
export function voucherServiceSections(s: VoucherSnapshot, options: { reportingMinutes: number }): VoucherServiceSection[] {
	const hotels: VoucherItem[] = s.hotels.map((hotel) => {
		const nights = hotel.checkIn && hotel.checkOut ? nightsBetween(hotel.checkIn, hotel.checkOut) : null
		const stay = [
			`Check-in ${hotel.checkIn ? formatTravelDate(hotel.checkIn) : 'date to be confirmed'}${hotel.checkInTime ? ` from ${hotel.checkInTime}` : ''}`,
			`check-out ${hotel.checkOut ? formatTravelDate(hotel.checkOut) : 'date to be confirmed'}${hotel.checkOutTime ? ` by ${hotel.checkOutTime}` : ''}`,
			nights ? plural(nights, 'night') : null,
		]
		const room = [hotel.room, hotel.rooms ? plural(hotel.rooms, 'room') : null, hotel.mealPlan ? `Meal plan: ${hotel.mealPlan}` : null]
			.filter(Boolean)
			.join(' · ')
		const contact = [hotel.address, hotel.phone ? `Phone ${formatPhone(hotel.phone)}` : null].filter(Boolean).join(' · ')
		return {
			heading: [hotel.name, hotel.island].filter(Boolean).join(', '),
			lines: [stay.filter(Boolean).join(' · '), room, contact].filter(Boolean),
			...referenceOr('Confirmation', hotel.confirmation, hotel.status),
		}
	})
	const ferries: VoucherItem[] = s.ferries.map((ferry) => {
		const { route, operator: fromLine } = ferryParts(ferry.description)
		const operator = ferry.operator?.trim() || fromLine
		const minutes = reportingMinutesFor(operator, { ferryReportingMinutes: options.reportingMinutes })
		const report = reportingTime(ferry.time, minutes)
		const closing = closingFor(operator)
		const closesAt = closing ? reportingTime(ferry.time, closing.minutes) : null
		const jetty = departureJetty(ferry.port ?? null, operator)
		return {
			heading: `Ferry ${route}`,
			lines: [
				[onDay(ferry.date), ferry.time ? `departs ${ferry.time}` : 'departure time to be confirmed', operator ? `Operator: ${operator}` : null]
					.filter(Boolean)
					.join(' · '),
				`${report ? `Report by ${report}` : `Report ${formatMinutes(minutes)} before departure`}${jetty ? ` at ${jetty}` : ' at the jetty'}, with photo ID${closing ? ` (${closing.what} closes ${closesAt ? `at ${closesAt}` : `${formatMinutes(closing.minutes)} before departure`})` : ''}`,
			],
			...referenceOr('PNR', ferry.pnr, ferry.status),
		}
	})
	const activities: VoucherItem[] = [
		...s.activities.map((activity) => ({
			heading: activity.description,
			lines: [
				[onDay(activity.date), activity.time ? `at ${activity.time}` : 'time to be confirmed', activity.pickup ? `Pickup: ${activity.pickup}` : null]
					.filter(Boolean)
					.join(' · '),
			],
			...referenceOr('Confirmation', activity.confirmation, activity.status),
		})),
		...s.transfers.map((transfer) => ({
			heading: transfer.description,
			lines: [
				[onDay(transfer.date), transfer.time ? `at ${transfer.time}` : 'time to be confirmed', transfer.notes ? `Where: ${transfer.notes}` : null]
					.filter(Boolean)
					.join(' · '),
			],
			...referenceOr('Confirmation', transfer.confirmation, transfer.status),
		})),
	]
	return [
		{ title: 'Hotels', items: hotels },
		{ title: 'Ferries', items: ferries, note: jettyReportingLine(voucherReportingMinutes(s, options.reportingMinutes)) },
		...s.sections.map((section) => ({
			title: section.title,
			items: section.items.map((item) => ({ heading: item.heading, lines: item.lines, reference: null, status: null })),
		})),
		{ title: 'Activities and pickups', items: activities },
	].filter((section) => section.items.length)
}

/** Who to call at any hour while travelling: our phone and WhatsApp, near the top of every voucher (page and PDF). */
export const roundTheClockLabel = '24-hour help while you travel'
export function roundTheClockLine(company: VoucherSnapshot['company']): string {
	return `${roundTheClockLabel}: call ${company.phone} or WhatsApp ${company.whatsapp}`
}
