import { addDays, todayInIndia } from '~/lib/dates.ts'
import { confirmBooking, createBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { addComponent, listComponents } from '~/features/bookings/server/components.server.ts'
import { addResource, saveFlights } from '~/features/operations/server/operations.server.ts'
import { systemActor } from '../db/audit.server.ts'
import type { DB } from '../db/client.server.ts'
import { confirmEveryComponent } from './demo-bookings.ts'

const keys = { arriving: 'demo:ops:arriving', hopping: 'demo:ops:island-hopping', diving: 'demo:ops:diving' } as const

/**
 * Tomorrow on the operations sheet (/admin/operations): three paid, confirmed trips on the
 * Havelock–Neil package — one landing on the 10:05 flight, one taking the 08:00 ferry to Havelock
 * with a jetty pickup, one diving at Havelock at 09:00 — and the drivers, vehicles and a guide to
 * assign. Dated from today; idempotent.
 */
export async function seedDemoOperations(db: DB): Promise<number> {
	if (await db.selectFrom('bookings').select('id').where('submission_key', '=', keys.arriving).executeTakeFirst()) return 0
	const pkg = await db
		.selectFrom('packages')
		.select(['id', 'title', 'total_nights', 'price_standard'])
		.where('slug', '=', 'havelock-neil-honeymoon-5-nights')
		.executeTakeFirst()
	if (!pkg?.price_standard) return 0
	const tomorrow = addDays(todayInIndia(), 1)
	const total = pkg.price_standard * 2
	const book = async (key: string, startDate: string, contactName: string, contactPhone: string) => {
		const { id } = await createBooking(
			db,
			{
				packageId: pkg.id,
				title: pkg.title,
				tier: 'standard',
				startDate,
				nights: pkg.total_nights,
				adults: 2,
				childAges: [],
				infants: 0,
				price: {
					lines: [{ label: 'Adults and children 12+ at Standard price', quantity: 2, unit: pkg.price_standard!, amount: total }],
					total,
					perPerson: pkg.price_standard!,
					payingTravellers: 2,
				},
				advanceDue: Math.ceil((total * 0.3) / 100) * 100,
				contactName,
				contactPhone,
				contactEmail: null,
				specialRequests: null,
				travellers: [
					{
						name: contactName.replace(' (demo)', ''),
						age: 34,
						gender: 'female',
						nationality: 'Indian',
						idType: 'aadhaar',
						idNumber: '7402 1193 5581',
						passportExpiry: null,
					},
				],
			},
			{ submissionKey: key },
		)
		// Paid in full, so the demo adds nothing to the dashboard's overdue queue.
		await recordPayment(db, id, { amount: total, method: 'upi', reference: `DEMO-OPS-${key.slice(9)}`, paidOn: todayInIndia(), verified: true }, systemActor)
		await confirmBooking(db, id, 30, { ...systemActor, isOwner: true }, null)
		return id
	}
	// What the supplier told the desk: times, pickup places and the island of a component added by hand.
	const setTime = async (
		bookingId: string,
		match: (component: { kind: string; description: string; startDate: string | null }) => boolean,
		values: { time: string; notes?: string; island?: string },
	) => {
		const component = (await listComponents(db, bookingId)).find(match)
		if (component)
			await db
				.updateTable('booking_components')
				.set({ time: values.time, notes: values.notes ?? component.notes, island: values.island ?? component.island })
				.where('id', '=', component.id)
				.execute()
	}

	// Lands tomorrow on IndiGo 6E 231 at 10:05; the driver meets them at 10:20.
	const arriving = await book(keys.arriving, tomorrow, 'Kavya Menon (demo)', '+919847012345')
	await confirmEveryComponent(db, arriving, (_component, index) => `DEMO-A-${index + 1}`)
	await setTime(arriving, (c) => c.kind === 'transfer' && c.startDate === tomorrow, { time: '10:20', notes: 'Arrival gate, Veer Savarkar airport' })
	await saveFlights(
		db,
		arriving,
		{
			arrivalFlight: '6E 231',
			arrivalDate: tomorrow,
			arrivalTime: '10:05',
			departureFlight: '6E 232',
			departureDate: addDays(tomorrow, pkg.total_nights),
			departureTime: '11:05',
			revision: 0,
		},
		'staff',
		systemActor,
	)

	// Arrived yesterday; tomorrow the 08:00 Makruzz to Havelock from Haddo Wharf, picked up at the hotel at 06:30.
	const hopping = await book(keys.hopping, addDays(tomorrow, -1), 'Arjun Bose (demo)', '+919830054321')
	await addComponent(
		db,
		hopping,
		{
			kind: 'transfer',
			description: 'Hotel to Haddo Wharf jetty',
			startDate: tomorrow,
			endDate: null,
			time: '06:30',
			supplier: 'Island Cabs',
			supplierStatus: 'pending',
			confirmationNumber: null,
			notes: 'Peerless Resort, Corbyn’s Cove',
		},
		systemActor,
	)
	await confirmEveryComponent(db, hopping, (component, index) => (component.kind === 'ferry' ? `MKZ-${40100 + index}` : `DEMO-H-${index + 1}`))
	await setTime(hopping, (c) => c.description === 'Hotel to Haddo Wharf jetty', {
		time: '06:30',
		notes: 'Peerless Resort, Corbyn’s Cove',
		island: 'port-blair',
	})

	// On Havelock since yesterday; scuba at 09:00, picked up from the hotel lobby.
	const diving = await book(keys.diving, addDays(tomorrow, -2), 'Neha Kapoor (demo)', '+919811098765')
	await addComponent(
		db,
		diving,
		{
			kind: 'activity',
			description: 'Scuba diving at Havelock (try dive)',
			startDate: tomorrow,
			endDate: null,
			time: '09:00',
			supplier: 'Havelock Dive Centre',
			supplierStatus: 'pending',
			confirmationNumber: null,
			notes: 'Hotel lobby, Sea Shell Havelock',
		},
		systemActor,
	)
	await confirmEveryComponent(db, diving, (_component, index) => `DEMO-D-${index + 1}`)
	await setTime(diving, (c) => c.kind === 'activity', { time: '09:00', notes: 'Hotel lobby, Sea Shell Havelock', island: 'havelock' })

	const people = [
		{ kind: 'driver', island: 'port-blair', name: 'Raju Kumar', phone: '9434211111', languages: 'Hindi, English, Bengali', seats: null, plate: null },
		{ kind: 'driver', island: 'port-blair', name: 'Sunil Das', phone: '9434222222', languages: 'Hindi, Bengali', seats: null, plate: null },
		{ kind: 'vehicle', island: 'port-blair', name: 'Innova Crysta, white', phone: null, languages: null, seats: 6, plate: 'AN01 B 2345' },
		{ kind: 'vehicle', island: 'port-blair', name: 'Swift Dzire, silver', phone: null, languages: null, seats: 4, plate: 'AN01 C 7788' },
		{ kind: 'driver', island: 'havelock', name: 'Mohan Lal', phone: '9434233333', languages: 'Hindi, Tamil', seats: null, plate: null },
		{ kind: 'guide', island: 'havelock', name: 'Arun Pillai', phone: '9434244444', languages: 'English, Hindi, Malayalam', seats: null, plate: null },
	] as const
	for (const person of people) await addResource(db, person, systemActor)
	return 3
}
