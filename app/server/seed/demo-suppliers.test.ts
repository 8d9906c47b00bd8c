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
		expect(suppliers.map((supplier) => supplier.name)).toEqual(['Havelock Divers (demo)', 'Island Cabs (demo)', 'Makruzz Ferries (demo)', 'Sea Shell Hotels (demo)'])
		const requests = await db.selectFrom('supplier_requests').innerJoin('bookings', 'bookings.id', 'supplier_requests.booking_id').select(['bookings.submission_key', 'supplier_requests.status']).execute()
		const statusesOf = (key: string) => [...new Set(requests.filter((request) => request.submission_key === key).map((request) => request.status))]
		expect(statusesOf('demo:suppliers:answered')).toEqual(['confirmed'])
		expect(statusesOf('demo:desk:overdue')).toEqual(['waiting'])
		const answered = await db.selectFrom('bookings').innerJoin('booking_components', 'booking_components.booking_id', 'bookings.id').select(['booking_components.supplier_status', 'booking_components.supplier_id']).where('bookings.submission_key', '=', 'demo:suppliers:answered').execute()
		expect(answered.every((component) => component.supplier_status === 'confirmed' && component.supplier_id)).toBe(true)
		const queues = await workQueues(db)
		expect(Object.fromEntries(queues.map((queue) => [queue.id, queue.count]))).toMatchObject({ suppliers: 1, 'suppliers-chased': 1, overdue: 1 })
		const payments = await db.selectFrom('supplier_payments').select(['reference', 'amount']).execute()
		expect(payments).toEqual([{ reference: 'DEMO-NEFT-SEASHELL', amount: 270_000 }])
	})
})
