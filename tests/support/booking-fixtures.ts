import { confirmEveryComponent } from '~/server/seed/demo-bookings.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { createPackage } from '~/features/catalog/server/packages.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { demoPackages } from '~/server/seed/demo-packages.ts'
import type { NewBooking } from '~/features/bookings/server/bookings.server.ts'
import { resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'

/** The fixture trip's first day: 54 days from today in India, so it is always ahead (tests never name a fixed date). */
export const fixtureTripStart = addDays(todayInIndia(), 54)

/** The date `days` after the fixture trip's first day (before it when negative): due dates, reminder days, cancellations. */
export function tripDay(days: number): string {
	return addDays(fixtureTripStart, days)
}

/**
 * A booking form for two adults on a copy of the first demo package (saved under `slug`), priced
 * at ₹25,000 a head with a ₹15,000 advance: what the booking, voucher and email tests book.
 */
export async function twoAdultBooking(db: DB, slug: string, overrides: Partial<NewBooking> = {}): Promise<NewBooking> {
	const pkg = await createPackage(db, { ...demoPackages[0]!, slug }, { id: 'staff-1', label: 'Asha (staff)' })
	return {
		packageId: pkg.id,
		title: pkg.title,
		tier: 'standard',
		startDate: fixtureTripStart,
		nights: pkg.totalNights,
		adults: 2,
		childAges: [],
		infants: 0,
		price: { lines: [{ label: 'Adults', quantity: 2, unit: 2_500_000, amount: 5_000_000 }], total: 5_000_000, perPerson: 2_500_000, payingTravellers: 2 },
		advanceDue: 1_500_000,
		contactName: 'Meera Iyer',
		contactPhone: '+919876543210',
		contactEmail: null,
		specialRequests: null,
		travellers: [{ name: 'Meera Iyer', age: 29, gender: 'female', nationality: 'Indian', idType: 'aadhaar', idNumber: '1234 5678 9012', passportExpiry: null }],
		...overrides,
	}
}

/** Every component of the booking confirmed with a number `CNF-<position>` (what a voucher needs). */
export function confirmAll(db: DB, bookingId: string) {
	return confirmEveryComponent(db, bookingId, (_component, index) => `CNF-${index + 1}`)
}

/**
 * The trip's hotels (a /book-now query) sell on free sale, or with `free` false have no terms and so are on request:
 * an agency's booking with a hotel on request waits for staff (docs/decisions/233), so tests that confirm on credit sell freely.
 */
export async function tripHotelsSell(db: DB, params: Record<string, string> | string[][], free = true) {
	const resolved = await resolveBookingDraft(db, new URLSearchParams(params))
	if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors))
	const hotels = [...new Set((resolved.draft.stays ?? []).map((stay) => stay.hotelId))]
	if (!hotels.length) return
	await db.deleteFrom('hotel_sale_terms').where('hotel_id', 'in', hotels).execute()
	const now = new Date().toISOString()
	if (free)
		await db
			.insertInto('hotel_sale_terms')
			.values(hotels.map((hotel_id) => ({ hotel_id, mode: 'free_sale', release_days: 0, updated_at: now })))
			.execute()
}
