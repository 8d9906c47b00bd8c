import { expect, test } from 'vitest'
import { workQueues } from '~/features/reports/server/work-queues.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { seedDemoData } from './index.server.ts'

describeEachDatabase('demo suppliers', (get) => {
	test('suppliers with terms, a booking whose requests were answered and one whose requests wait, once; the dashboard queues are as before', async () => {
		const { db } = get()
		expect((await seedDemoData(db)).suppliers).toBe(4)
		expect((await seedDemoData(db)).suppliers).toBe(0)
		const suppliers = await db.selectFrom('suppliers').select(['name', 'terms', 'terms_days']).orderBy('name').execute()
		expect(suppliers.map((supplier) => supplier.name)).toEqual([
			'Havelock Divers (demo)',
			'Island Cabs (demo)',
			'Makruzz Ferries (demo)',
			'Sea Shell Hotels (demo)',
		])
		const requests = await db
			.selectFrom('supplier_requests')
			.innerJoin('bookings', 'bookings.id', 'supplier_requests.booking_id')
			.select(['bookings.submission_key', 'supplier_requests.status'])
			.execute()
		const statusesOf = (key: string) => [...new Set(requests.filter((request) => request.submission_key === key).map((request) => request.status))]
		expect(statusesOf('demo:suppliers:answered')).toEqual(['confirmed'])
		expect(statusesOf('demo:desk:overdue')).toEqual(['waiting'])
		const answered = await db
			.selectFrom('bookings')
			.innerJoin('booking_components', 'booking_components.booking_id', 'bookings.id')
			.select(['booking_components.supplier_status', 'booking_components.supplier_id'])
			.where('bookings.submission_key', '=', 'demo:suppliers:answered')
			.execute()
		expect(answered.every((component) => component.supplier_status === 'confirmed' && component.supplier_id)).toBe(true)
		const queues = await workQueues(db)
		expect(Object.fromEntries(queues.map((queue) => [queue.id, queue.count]))).toMatchObject({ suppliers: 1, 'suppliers-chased': 1, overdue: 1 })
		const payments = await db.selectFrom('supplier_payments').select(['reference', 'amount']).execute()
		expect(payments).toEqual([{ reference: 'DEMO-NEFT-SEASHELL', amount: expect.any(Number) }])
		expect(Number(payments[0]!.amount)).toBeGreaterThan(0)
	})

	test('the answered booking was made from a quote: its dive, cars and ferries took their supplier and their cost from the linked rates, and its requests went to the hotel, the ferry, the cab company and the activity operator', async () => {
		const { db } = get()
		const booking = await db.selectFrom('bookings').select(['id', 'quote_id']).where('submission_key', '=', 'demo:suppliers:answered').executeTakeFirstOrThrow()
		const sent = await db
			.selectFrom('supplier_requests')
			.innerJoin('suppliers', 'suppliers.id', 'supplier_requests.supplier_id')
			.select('suppliers.name')
			.where('booking_id', '=', booking.id)
			.orderBy('suppliers.name')
			.execute()
		expect(sent.map((request) => request.name)).toEqual(['Havelock Divers (demo)', 'Island Cabs (demo)', 'Makruzz Ferries (demo)', 'Sea Shell Hotels (demo)'])
		const priced = await db
			.selectFrom('quotes')
			.innerJoin('itineraries', 'itineraries.id', 'quotes.itinerary_id')
			.select('itineraries.price_json')
			.where('quotes.id', '=', booking.quote_id!)
			.executeTakeFirstOrThrow()
		const lines = (JSON.parse(priced.price_json!) as { lines: Array<{ description: string; cost: number }> }).lines
		const components = await db
			.selectFrom('booking_components')
			.innerJoin('suppliers', 'suppliers.id', 'booking_components.supplier_id')
			.select(['booking_components.kind', 'booking_components.description', 'booking_components.planned_cost', 'suppliers.name'])
			.where('booking_components.booking_id', '=', booking.id)
			.execute()
		const fromRates = components.filter((component) => component.kind !== 'hotel')
		expect(fromRates.filter((component) => component.kind === 'activity').map((component) => component.name)).toEqual(['Havelock Divers (demo)'])
		for (const component of fromRates) expect(Number(component.planned_cost)).toBe(lines.find((line) => line.description === component.description)!.cost)
	})
})
