import { addDays, indiaMonthOf, todayInIndia } from '~/lib/dates.ts'
import { newId, newTripToken } from '~/lib/ids.ts'
import { formatReference } from '~/lib/ids.ts'
import { confirmBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { listComponents, updateComponent } from '~/features/bookings/server/components.server.ts'
import { nextSequence, systemActor } from '../db/audit.server.ts'
import type { DB } from '../db/client.server.ts'
import { issueVoucher } from '~/features/bookings/server/vouchers.server.ts'

const demoKey = 'demo:confirmed-honeymoon'

/**
 * One confirmed demo booking with a paid advance, every supplier confirmation
 * and a voucher, so /admin/vouchers and /voucher/{id} have something to show.
 * No lead is made for it (the sales desk's demo stays as it is). Idempotent.
 */
export async function seedDemoBookings(db: DB, siteUrl: string): Promise<number> {
	if (await db.selectFrom('bookings').select('id').where('submission_key', '=', demoKey).executeTakeFirst()) return 0
	const pkg = await db
		.selectFrom('packages')
		.select(['id', 'title', 'total_nights', 'price_standard'])
		.where('slug', '=', 'havelock-neil-honeymoon-5-nights')
		.executeTakeFirst()
	if (!pkg?.price_standard) return 0
	const now = new Date().toISOString()
	const start = addDays(todayInIndia(), 40)
	const total = pkg.price_standard * 2
	const id = newId()
	await db.transaction().execute(async (trx) => {
		const year = Number(now.slice(0, 4))
		const reference = formatReference('BK', year, await nextSequence(trx, 'booking', year))
		await trx
			.insertInto('bookings')
			.values({
				id,
				reference,
				submission_key: demoKey,
				trip_token: newTripToken(),
				quote_id: null,
				package_id: pkg.id,
				lead_id: null,
				status: 'pending_payment',
				tier: 'standard',
				start_date: start,
				nights: pkg.total_nights,
				adults: 2,
				child_ages_json: '[]',
				infants: 0,
				rooms: 1,
				title: pkg.title,
				price_json: JSON.stringify({
					lines: [{ label: 'Adults and children 12+ at Standard price', quantity: 2, unit: pkg.price_standard, amount: total }],
					total,
					perPerson: pkg.price_standard,
					payingTravellers: 2,
				}),
				total,
				advance_due: Math.ceil((total * 0.3) / 100) * 100,
				contact_name: 'Ananya Sharma',
				contact_phone: '+919810012345',
				contact_email: null,
				special_requests: 'Honeymoon: a sea-view room if possible',
				cancel_reason: null,
				cancellation_fee: null,
				refund_due: null,
				confirmed_at: null,
				cancelled_at: null,
				created_month: indiaMonthOf(now),
				created_at: now,
				updated_at: now,
			})
			.execute()
		await trx
			.insertInto('booking_travellers')
			.values([
				{
					id: newId(),
					booking_id: id,
					position: 1,
					name: 'Ananya Sharma',
					age: 28,
					gender: 'female',
					nationality: 'Indian',
					id_type: 'aadhaar',
					id_number: '4821 7730 1945',
					passport_expiry: null,
				},
				{
					id: newId(),
					booking_id: id,
					position: 2,
					name: 'Rohit Sharma',
					age: 30,
					gender: 'male',
					nationality: 'Indian',
					id_type: 'aadhaar',
					id_number: '5930 2281 6604',
					passport_expiry: null,
				},
			])
			.execute()
	})
	await recordPayment(
		db,
		id,
		{ amount: Math.ceil((total * 0.3) / 100) * 100, method: 'upi', reference: 'DEMO-UPI-0001', paidOn: todayInIndia(), verified: true },
		systemActor,
	)
	await confirmBooking(db, id, 30, { ...systemActor, isOwner: true }, null)
	// The first hotel and ferry get the numbers the demo has always shown; the rest numbered in order.
	const firsts: Record<string, string | undefined> = { hotel: 'SSH-HL-20417', ferry: 'MKZ-PNR-88213' }
	await confirmEveryComponent(db, id, (component, index) => {
		const first = firsts[component.kind]
		firsts[component.kind] = undefined
		return first ?? `${component.kind === 'ferry' ? 'PNR' : 'CNF'}-${20500 + index}`
	})
	await issueVoucher(db, id, systemActor, siteUrl)
	return 1
}

/**
 * Requests and confirms every component of a booking with the number `numberFor` gives
 * (supplier Makruzz for ferries, Sea Shell otherwise): what the demo booking and the tests
 * of a fully confirmed trip need before a voucher can be issued.
 */
export async function confirmEveryComponent(db: DB, bookingId: string, numberFor: (component: { kind: string; description: string }, index: number) => string) {
	const components = await listComponents(db, bookingId)
	for (const [index, component] of components.entries()) {
		const form = {
			kind: component.kind,
			description: component.description,
			startDate: component.startDate,
			endDate: component.endDate,
			time: component.kind === 'ferry' ? '08:00' : null,
			supplier: component.kind === 'ferry' ? 'Makruzz' : 'Sea Shell',
			notes: null,
		}
		if (component.supplierStatus === 'pending')
			await updateComponent(db, bookingId, component.id, { ...form, supplierStatus: 'requested', confirmationNumber: null }, systemActor)
		if (component.supplierStatus !== 'confirmed')
			await updateComponent(db, bookingId, component.id, { ...form, supplierStatus: 'confirmed', confirmationNumber: numberFor(component, index) }, systemActor)
	}
	return components.length
}
