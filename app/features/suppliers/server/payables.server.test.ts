import { expect, test } from 'vitest'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { bookedOn, cancelBooking, confirmBooking, createBooking, getBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import type { SupplierForm } from '~/features/suppliers/domain/suppliers.ts'
import { addDays } from '~/lib/dates.ts'
import { payablesDue, payablesOfBooking, recordSupplierPayment, setComponentInvoice, supplierStatement } from './payables.server.ts'
import { assignComponentSuppliers } from './supplier-requests.server.ts'
import { createSupplier } from './suppliers.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }
const owner = { id: 'owner-1', label: 'Meera (owner)', isOwner: true }

function supplierForm(name: string, terms: Pick<SupplierForm, 'terms' | 'advancePercent' | 'termsDays'>): SupplierForm {
	return {
		name,
		kind: 'hotel',
		contactPerson: null,
		email: null,
		whatsapp: null,
		gstin: null,
		pan: null,
		bankAccountName: null,
		bankAccountNumber: null,
		bankIfsc: null,
		upiId: null,
		notes: null,
		...terms,
	}
}

/** How many of the calls succeeded, and that every other one failed with `code`. */
async function succeeded(calls: Array<Promise<unknown>>, code: string) {
	const results = await Promise.allSettled(calls)
	for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ code })
	return results.filter((result) => result.status === 'fulfilled').length
}

describeEachDatabase('supplier payables', (get) => {
	/**
	 * A confirmed booking arriving `startIn` days after it was made (₹15,000 paid by the traveller), its
	 * hotels with a supplier on 30% advance / balance 7 days before, each hotel ₹4,500.
	 */
	async function bookingWithHotelSupplier(key: string, startIn = 60) {
		const { db } = get()
		const form = await twoAdultBooking(db, `payables-${key}`)
		const { id } = await createBooking(
			db,
			{ ...form, startDate: addDays(bookedOn({ created_at: new Date().toISOString() }), startIn) },
			{ submissionKey: `payables-${key}` },
		)
		const row = await db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
		const today = bookedOn(row)
		await recordPayment(db, id, { amount: 1_500_000, method: 'upi', reference: `UPI-${key}`, paidOn: today, verified: true }, staff)
		await confirmBooking(db, id, 30, staff, null)
		const hotel = await createSupplier(db, staff, supplierForm(`Payables Hotel ${key}`, { terms: 'advance', advancePercent: 30, termsDays: 7 }))
		const components = (await getBooking(db, id))!.components
		await assignComponentSuppliers(
			db,
			id,
			components.map((component) => ({
				componentId: component.id,
				supplierId: component.kind === 'hotel' ? hotel : null,
				plannedCost: component.kind === 'hotel' ? 450_000 : null,
			})),
			staff,
		)
		const hotels = components.filter((component) => component.kind === 'hotel')
		return { id, hotel, hotels, today, startDate: row.start_date, owed: 450_000 * hotels.length }
	}

	test('terms → due dates: the advance on the booking day, each balance 7 days before its stay; an invoice replaces the planned cost, audited', async () => {
		const { db } = get()
		const { id, hotel, hotels, today, owed } = await bookingWithHotelSupplier('schedule')
		const { payables, due } = await payablesOfBooking(db, id, today)
		expect(payables).toHaveLength(1)
		expect(payables[0]).toMatchObject({ supplierId: hotel, owed, paid: 0, outstanding: owed })
		const advances = due.filter((item) => item.what === 'advance')
		expect(advances).toHaveLength(hotels.length)
		for (const item of advances) expect(item).toMatchObject({ dueOn: today, amount: 135_000 })
		for (const item of due.filter((part) => part.what === 'balance')) {
			const component = hotels.find((hotelComponent) => hotelComponent.id === item.componentId)!
			expect(item).toMatchObject({ dueOn: addDays(component.startDate!, -7), amount: 315_000 })
		}
		expect(due.map((item) => item.dueOn)).toEqual([...due.map((item) => item.dueOn)].sort())

		await setComponentInvoice(db, staff, hotel, { componentId: hotels[0]!.id, invoiceAmount: 400_000, invoiceReference: 'INV-77' })
		const after = (await payablesOfBooking(db, id, today)).payables[0]!
		expect(after.owed).toBe(owed - 50_000)
		expect(after.components.find((component) => component.id === hotels[0]!.id)).toMatchObject({ cost: 400_000, source: 'invoice', invoiceReference: 'INV-77' })
		expect(await db.selectFrom('audit_log').select('id').where('entity_id', '=', id).where('action', '=', 'supplier-invoice').execute()).toHaveLength(1)
		// Another supplier's component cannot be invoiced from this supplier.
		const other = await createSupplier(db, staff, supplierForm('Someone else', { terms: 'before', advancePercent: 0, termsDays: 3 }))
		await expect(setComponentInvoice(db, staff, other, { componentId: hotels[0]!.id, invoiceAmount: 1, invoiceReference: null })).rejects.toMatchObject({
			code: 'failed-precondition',
		})
	})

	test('ten payments of the full balance at once: one is recorded; a later one above what is owed needs an owner who confirms', async () => {
		const { db } = get()
		const { id, hotel, today, owed } = await bookingWithHotelSupplier('race')
		const pay = (reference: string, amount = owed, who: typeof staff = staff, confirmOver = false) =>
			recordSupplierPayment(db, who, hotel, { bookingId: id, amount, method: 'bank', reference, paidOn: today, note: null, confirmOver }, { today })
		expect(
			await succeeded(
				Array.from({ length: 10 }, (_, index) => pay(`NEFT-${index}`)),
				'out-of-range',
			),
		).toBe(1)
		const payments = await db.selectFrom('supplier_payments').selectAll().where('booking_id', '=', id).execute()
		expect(payments).toHaveLength(1)
		expect(Number(payments[0]!.amount)).toBe(owed)
		expect((await payablesOfBooking(db, id, today)).payables[0]).toMatchObject({ paid: owed, outstanding: 0 })

		await expect(pay('NEFT-STAFF-OVER', 10_000)).rejects.toMatchObject({ code: 'out-of-range', message: expect.stringMatching(/Only an owner/) })
		await expect(pay('NEFT-OWNER', 10_000, owner, false)).rejects.toMatchObject({ code: 'out-of-range', message: expect.stringMatching(/Tick/) })
		await pay('NEFT-OWNER', 10_000, owner, true)
		expect((await payablesOfBooking(db, id, today)).payables[0]).toMatchObject({ paid: owed + 10_000, outstanding: 0 })
		expect(await db.selectFrom('audit_log').select('id').where('entity_id', '=', id).where('action', '=', 'supplier-payment').execute()).toHaveLength(2)
	})

	test('partial payments at once add up to at most what is owed; the same form posted twice records once', async () => {
		const { db } = get()
		const { id, hotel, today, owed } = await bookingWithHotelSupplier('parts')
		const part = Math.floor(owed / 3)
		const calls = Array.from({ length: 8 }, (_, index) =>
			recordSupplierPayment(
				db,
				staff,
				hotel,
				{ bookingId: id, amount: part, method: 'upi', reference: `UPI-${index}`, paidOn: today, note: null, confirmOver: false },
				{ today },
			),
		)
		expect(await succeeded(calls, 'out-of-range')).toBe(3)
		const sum = (await db.selectFrom('supplier_payments').select('amount').where('booking_id', '=', id).execute()).reduce(
			(total, row) => total + Number(row.amount),
			0,
		)
		expect(sum).toBeLessThanOrEqual(owed)

		const { id: second, hotel: secondHotel, today: day } = await bookingWithHotelSupplier('once')
		const form = { bookingId: second, amount: 1_000, method: 'cash' as const, reference: 'RCPT-1', paidOn: day, note: null, confirmOver: false }
		const [a, b] = await Promise.all([
			recordSupplierPayment(db, staff, secondHotel, form, { today: day, submissionKey: 'supplier-pay-once' }),
			recordSupplierPayment(db, staff, secondHotel, form, { today: day, submissionKey: 'supplier-pay-once' }),
		])
		expect(a.id).toBe(b.id)
		expect(await db.selectFrom('supplier_payments').select('id').where('booking_id', '=', second).execute()).toHaveLength(1)
	})

	test('a supplier with nothing on the booking is refused; a cancelled booking owes only what was invoiced', async () => {
		const { db } = get()
		const { id, hotel, hotels, today } = await bookingWithHotelSupplier('cancelled')
		const stranger = await createSupplier(db, staff, supplierForm('Stranger Stays', { terms: 'credit', advancePercent: 0, termsDays: 10 }))
		await expect(
			recordSupplierPayment(
				db,
				owner,
				stranger,
				{ bookingId: id, amount: 100, method: 'bank', reference: 'NEFT-X', paidOn: today, note: null, confirmOver: true },
				{ today },
			),
		).rejects.toMatchObject({ code: 'failed-precondition' })
		await setComponentInvoice(db, staff, hotel, { componentId: hotels[0]!.id, invoiceAmount: 90_000, invoiceReference: 'CXL-1' })
		await cancelBooking(db, id, 'Change of plans', today, [{ minDaysBefore: 0, feePercent: 10 }], staff)
		expect((await payablesOfBooking(db, id, today)).payables[0]).toMatchObject({ owed: 90_000, outstanding: 90_000 })
	})

	test('the due list is sorted by date and warns when a supplier is due before the traveller has paid; the statement shows payments with a running balance', async () => {
		const { db } = get()
		const { id, hotel, today, owed } = await bookingWithHotelSupplier('due-list')
		const { items } = await payablesDue(db, today)
		expect(items.map((item) => item.dueOn)).toEqual([...items.map((item) => item.dueOn)].sort())
		const mine = items.filter((item) => item.bookingId === id)
		// The traveller paid ₹15,000 of a larger total: the advances due today are before they have paid us.
		expect(mine.filter((item) => item.what === 'advance').every((item) => item.warning?.startsWith('Due before the traveller has paid us'))).toBe(true)

		await recordSupplierPayment(
			db,
			staff,
			hotel,
			{ bookingId: id, amount: 200_000, method: 'upi', reference: 'UTR-STATEMENT', paidOn: today, note: null, confirmOver: false },
			{ today },
		)
		const statement = await supplierStatement(db, hotel, today)
		expect(statement.statement).toMatchObject({ charged: owed, paid: 200_000, balance: owed - 200_000 })
		expect(statement.payments).toEqual([
			expect.objectContaining({ amount: 200_000, paymentReference: 'UTR-STATEMENT', recordedByLabel: 'Asha (staff)', overOwed: false }),
		])
		expect(statement.statement.entries.find((entry) => entry.payment === 200_000)!.description).toBe('Payment, UPI UTR-STATEMENT')
		expect(statement.statement.entries.at(-1)!.balance).toBe(owed - 200_000)
	})
})
