import { expect, test } from 'vitest'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { cancelBooking, confirmBooking, createBooking, getBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { confirmComponents, updateComponent } from '~/features/bookings/server/components.server.ts'
import type { SupplierForm } from '~/features/suppliers/domain/suppliers.ts'
import { questionRequestSchema } from '~/features/suppliers/domain/supplier-requests.ts'
import { createSupplier, listSuppliers, updateSupplier, getSupplier } from './suppliers.server.ts'
import {
	answerSupplierRequest,
	askSupplierQuestion,
	assignComponentSuppliers,
	isSupplierToken,
	requestsOfBooking,
	sendSupplierRequests,
	supplierRequestPage,
} from './supplier-requests.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }
const siteUrl = 'https://andamanisles.example'

function supplierForm(name: string, kind: SupplierForm['kind'], email: string | null): SupplierForm {
	return {
		name,
		kind,
		contactPerson: null,
		email,
		whatsapp: '+919876543210',
		gstin: null,
		pan: null,
		bankAccountName: null,
		bankAccountNumber: null,
		bankIfsc: null,
		upiId: null,
		terms: 'advance',
		advancePercent: 30,
		termsDays: 7,
		notes: null,
	}
}

describeEachDatabase('supplier confirmation requests', (get) => {
	/** A confirmed booking whose hotels go to one supplier and its transfers to another. */
	async function bookingWithSuppliers(key: string) {
		const { db } = get()
		const form = await twoAdultBooking(db, `suppliers-${key}`, { startDate: addDays(todayInIndia(), 60) })
		const { id } = await createBooking(db, form, { submissionKey: key })
		await recordPayment(db, id, { amount: 1_500_000, method: 'upi', reference: `UPI-${key}`, paidOn: todayInIndia(), verified: true }, staff)
		await confirmBooking(db, id, 30, staff, null)
		const hotel = await createSupplier(db, staff, supplierForm(`Sea Shell ${key}`, 'hotel', 'desk@seashell.example'))
		const cabs = await createSupplier(db, staff, supplierForm(`Island Cabs ${key}`, 'transport', null))
		const components = (await getBooking(db, id))!.components
		await assignComponentSuppliers(
			db,
			id,
			components.map((component) => ({
				componentId: component.id,
				supplierId: component.kind === 'hotel' ? hotel : component.kind === 'transfer' ? cabs : null,
				plannedCost: component.kind === 'hotel' ? 450_000 : null,
			})),
			staff,
		)
		return { id, hotel, cabs, components }
	}
	const tokenOf = async (bookingId: string, supplierId: string) =>
		(
			await get()
				.db.selectFrom('supplier_requests')
				.select('token')
				.where('booking_id', '=', bookingId)
				.where('supplier_id', '=', supplierId)
				.where('status', '=', 'waiting')
				.executeTakeFirstOrThrow()
		).token

	test('suppliers are added, listed, searched and edited from the revision read', async () => {
		const { db } = get()
		const id = await createSupplier(db, staff, supplierForm('Coral Reef Divers', 'activity', null), { submissionKey: 'supplier-form-1' })
		expect(await createSupplier(db, staff, supplierForm('Coral Reef Divers', 'activity', null), { submissionKey: 'supplier-form-1' })).toBe(id)
		expect((await listSuppliers(db, { q: 'coral', kind: 'activity', archived: false, page: 1 })).suppliers.map((supplier) => supplier.id)).toEqual([id])
		const before = await getSupplier(db, id)
		expect(before.termsText).toBe('30% advance at booking, balance 7 days before service')
		await updateSupplier(db, staff, id, { ...supplierForm('Coral Reef Divers', 'activity', null), terms: 'credit', termsDays: 15 }, before.updatedAt)
		expect((await getSupplier(db, id)).termsText).toBe('Credit: payment 15 days after service')
		await expect(updateSupplier(db, staff, id, supplierForm('Late edit', 'activity', null), before.updatedAt)).rejects.toMatchObject({ code: 'aborted' })
	})

	test('once every component has a cost, the booking’s cost is their sum (reports then count its actual margin), audited', async () => {
		const { db } = get()
		const { id, components } = await bookingWithSuppliers('cost')
		expect((await db.selectFrom('bookings').select('cost').where('id', '=', id).executeTakeFirstOrThrow()).cost).toBeNull()
		await assignComponentSuppliers(
			db,
			id,
			components.map((component) => ({ componentId: component.id, supplierId: null, plannedCost: 100_000 })),
			staff,
		)
		expect((await db.selectFrom('bookings').select('cost').where('id', '=', id).executeTakeFirstOrThrow()).cost).toBe(100_000 * components.length)
		expect(await db.selectFrom('audit_log').select('id').where('entity_id', '=', id).where('action', '=', 'booking-cost').execute()).toHaveLength(1)
	})

	test('one request per supplier: the components become requested, the emailed supplier gets the link, the other a WhatsApp text; sending again sends nothing', async () => {
		const { db } = get()
		const { id, hotel, cabs } = await bookingWithSuppliers('send')
		const sent = await sendSupplierRequests(db, id, staff, { siteUrl, today: todayInIndia() })
		expect(sent.map((request) => [request.supplierName, request.emailed])).toEqual(
			expect.arrayContaining([
				['Island Cabs send', false],
				['Sea Shell send', true],
			]),
		)
		expect(sent).toHaveLength(2)
		const components = (await getBooking(db, id))!.components
		for (const component of components)
			expect(component.supplierStatus).toBe(component.kind === 'hotel' || component.kind === 'transfer' ? 'requested' : 'pending')
		const token = await tokenOf(id, hotel)
		expect(isSupplierToken(token)).toBe(true)
		const emails = await db.selectFrom('email_outbox').selectAll().where('booking_id', '=', id).where('kind', '=', 'supplier-request').execute()
		expect(emails).toHaveLength(1)
		expect(emails[0]!.to_address).toBe('desk@seashell.example')
		expect(emails[0]!.body_text).toContain(`${siteUrl}/supplier/${token}`)
		const listed = await requestsOfBooking(db, id, siteUrl)
		expect(listed.find((request) => request.supplierId === cabs)!.whatsappText).toContain('/supplier/')
		await expect(sendSupplierRequests(db, id, staff, { siteUrl, today: todayInIndia() })).rejects.toMatchObject({ code: 'failed-precondition' })
	})

	test('the supplier sees only their own components, no price; confirming updates them at once, audited as the supplier; declining keeps the reason', async () => {
		const { db } = get()
		const { id, hotel, cabs } = await bookingWithSuppliers('answer')
		await sendSupplierRequests(db, id, staff, { siteUrl, today: todayInIndia() })
		const hotelToken = await tokenOf(id, hotel)
		const page = (await supplierRequestPage(db, hotelToken, todayInIndia()))!
		expect(page.state).toEqual({ open: true })
		expect(page.lines.length).toBeGreaterThan(0)
		expect(page.lines.every((line) => line.kind === 'hotel')).toBe(true)
		expect(JSON.stringify(page)).not.toMatch(/total|price|cost|450000/i)

		await answerSupplierRequest(db, hotelToken, { kind: 'confirm', confirmationNumber: 'SSH-778' }, todayInIndia())
		const cabsToken = await tokenOf(id, cabs)
		await answerSupplierRequest(db, cabsToken, { kind: 'decline', reason: 'No sedan that day; an Innova at ₹500 more' }, todayInIndia())
		const components = (await getBooking(db, id))!.components
		for (const component of components.filter((c) => c.kind === 'hotel'))
			expect(component).toMatchObject({ supplierStatus: 'confirmed', confirmationNumber: 'SSH-778' })
		for (const component of components.filter((c) => c.kind === 'transfer')) expect(component.supplierStatus).toBe('rejected')
		const audit = await db
			.selectFrom('audit_log')
			.select(['action', 'actor_label', 'actor_id'])
			.where('entity_id', '=', id)
			.where('action', 'in', ['supplier-confirmed', 'supplier-declined'])
			.execute()
		expect(audit).toEqual(
			expect.arrayContaining([
				{ action: 'supplier-confirmed', actor_label: 'Sea Shell answer (supplier, by their confirmation link)', actor_id: null },
				{ action: 'supplier-declined', actor_label: 'Island Cabs answer (supplier, by their confirmation link)', actor_id: null },
			]),
		)
		const listed = await requestsOfBooking(db, id, siteUrl)
		expect(listed.find((request) => request.supplierId === cabs)).toMatchObject({ status: 'declined', answerNote: 'No sedan that day; an Innova at ₹500 more' })
		expect(await db.selectFrom('email_outbox').select('id').where('booking_id', '=', id).where('kind', '=', 'supplier-answer').execute()).toHaveLength(2)

		// Answered: the link says so and a second answer changes nothing.
		expect((await supplierRequestPage(db, hotelToken, todayInIndia()))!.state).toMatchObject({ open: false, why: 'answered' })
		await expect(answerSupplierRequest(db, hotelToken, { kind: 'decline', reason: 'changed our mind' }, todayInIndia())).rejects.toMatchObject({
			code: 'failed-precondition',
		})
		expect((await getBooking(db, id))!.components.filter((c) => c.kind === 'hotel').every((c) => c.confirmationNumber === 'SSH-778')).toBe(true)
	})

	test('a question keeps the request waiting, reaches staff and the timeline, and the supplier confirms after; an answered link takes no question', async () => {
		const { db } = get()
		const { id, hotel } = await bookingWithSuppliers('question')
		await sendSupplierRequests(db, id, staff, { siteUrl, today: todayInIndia() })
		const token = await tokenOf(id, hotel)
		await askSupplierQuestion(db, token, 'We have no sea-facing twin that week: is a garden-view double fine?', todayInIndia())
		const page = (await supplierRequestPage(db, token, todayInIndia()))!
		expect(page).toMatchObject({ status: 'waiting', question: 'We have no sea-facing twin that week: is a garden-view double fine?', state: { open: true } })
		const requests = await requestsOfBooking(db, id, siteUrl)
		expect(requests.find((request) => request.supplierId === hotel)?.question).toBe(page.question)
		expect(
			await db.selectFrom('email_outbox').select('subject').where('booking_id', '=', id).where('subject', 'like', '%has a question%').execute(),
		).toHaveLength(1)
		expect(await db.selectFrom('audit_log').select('id').where('entity_id', '=', id).where('action', '=', 'supplier-question').execute()).toHaveLength(1)
		await answerSupplierRequest(db, token, { kind: 'confirm', confirmationNumber: 'SSH-77' }, todayInIndia())
		await expect(askSupplierQuestion(db, token, 'One more thing?', todayInIndia())).rejects.toMatchObject({ code: 'failed-precondition' })
		expect((await supplierRequestPage(db, token, todayInIndia()))!.question).toBe(page.question)
		expect(questionRequestSchema.safeParse({ intent: 'question', question: 'x' }).success).toBe(false)
		expect(questionRequestSchema.safeParse({ intent: 'question', question: 'y'.repeat(1001) }).success).toBe(false)
	})

	test('20 confirms at once: one is saved, the others are refused and change nothing', async () => {
		const { db } = get()
		const { id, hotel } = await bookingWithSuppliers('race')
		await sendSupplierRequests(db, id, staff, { siteUrl, today: todayInIndia() })
		const token = await tokenOf(id, hotel)
		const outcomes = await Promise.allSettled(
			Array.from({ length: 20 }, (_, n) => answerSupplierRequest(db, token, { kind: 'confirm', confirmationNumber: `N-${n}` }, todayInIndia())),
		)
		expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
		for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'failed-precondition' })
		const numbers = new Set((await getBooking(db, id))!.components.filter((c) => c.kind === 'hotel').map((c) => c.confirmationNumber))
		expect(numbers.size).toBe(1)
		const request = await db.selectFrom('supplier_requests').select('confirmation_number').where('token', '=', token).executeTakeFirstOrThrow()
		expect([...numbers]).toEqual([request.confirmation_number])
		expect(await db.selectFrom('audit_log').select('id').where('entity_id', '=', id).where('action', '=', 'supplier-confirmed').execute()).toHaveLength(1)
	})

	test('expired, withdrawn and cancelled-booking links say so and change nothing; staff confirming first keeps staff’s number', async () => {
		const { db } = get()
		const { id, hotel, cabs, components } = await bookingWithSuppliers('closed')
		await sendSupplierRequests(db, id, staff, { siteUrl, today: todayInIndia() })
		const hotelToken = await tokenOf(id, hotel)
		const cabsToken = await tokenOf(id, cabs)
		// Expired: a day after its last service date.
		const { expires_on } = await db.selectFrom('supplier_requests').select('expires_on').where('token', '=', hotelToken).executeTakeFirstOrThrow()
		expect((await supplierRequestPage(db, hotelToken, addDays(expires_on, 1)))!.state).toMatchObject({ open: false, why: 'expired' })
		await expect(answerSupplierRequest(db, hotelToken, { kind: 'confirm', confirmationNumber: 'LATE' }, addDays(expires_on, 1))).rejects.toMatchObject({
			code: 'failed-precondition',
		})

		// Staff confirm a hotel by phone, then the supplier confirms with another number: staff's stays on the component, the supplier's on the request.
		const firstHotel = components.find((c) => c.kind === 'hotel')!
		await confirmComponents(db, id, [{ componentId: firstHotel.id, confirmationNumber: 'PHONE-1' }], staff)
		const answered = await answerSupplierRequest(db, hotelToken, { kind: 'confirm', confirmationNumber: 'LINK-2' }, todayInIndia())
		expect(answered.unchanged).toBe(1)
		expect((await getBooking(db, id))!.components.find((c) => c.id === firstHotel.id)!.confirmationNumber).toBe('PHONE-1')
		expect((await requestsOfBooking(db, id, siteUrl)).find((request) => request.supplierId === hotel)!.confirmationNumber).toBe('LINK-2')

		// Moving the transfers to another supplier withdraws the cab company's request.
		const other = await createSupplier(db, staff, supplierForm('Other Cabs', 'transport', null))
		const after = (await getBooking(db, id))!.components
		await assignComponentSuppliers(
			db,
			id,
			after.map((c) => ({ componentId: c.id, supplierId: c.kind === 'transfer' ? other : c.supplierId, plannedCost: c.plannedCost })),
			staff,
		)
		expect((await supplierRequestPage(db, cabsToken, todayInIndia()))!.state).toMatchObject({ open: false, why: 'revoked' })
		await expect(answerSupplierRequest(db, cabsToken, { kind: 'confirm', confirmationNumber: 'X' }, todayInIndia())).rejects.toMatchObject({
			code: 'failed-precondition',
		})

		// A cancelled booking: the new cab request says so.
		await sendSupplierRequests(db, id, staff, { siteUrl, today: todayInIndia() })
		const otherToken = await tokenOf(id, other)
		await cancelBooking(db, id, 'Family emergency', todayInIndia(), [{ minDaysBefore: 0, feePercent: 10 }], staff)
		expect((await supplierRequestPage(db, otherToken, todayInIndia()))!.state).toMatchObject({ open: false, why: 'cancelled' })
		await expect(answerSupplierRequest(db, otherToken, { kind: 'confirm', confirmationNumber: 'X' }, todayInIndia())).rejects.toMatchObject({
			code: 'failed-precondition',
		})
		expect((await getBooking(db, id))!.components.filter((c) => c.kind === 'transfer').every((c) => c.supplierStatus !== 'confirmed')).toBe(true)

		// A token that names nothing.
		expect(await supplierRequestPage(db, 'A'.repeat(32), todayInIndia())).toBeNull()
	})
	test('a change after the supplier confirmed: the component needs re-confirming, the old number stays until then, an amendment with what changed is sent and answered', async () => {
		const { db } = get()
		const { id, hotel } = await bookingWithSuppliers('amend')
		await sendSupplierRequests(db, id, staff, { siteUrl, today: todayInIndia() })
		await answerSupplierRequest(db, await tokenOf(id, hotel), { kind: 'confirm', confirmationNumber: 'SSH-1' }, todayInIndia())
		const stay = (await getBooking(db, id))!.components.find((c) => c.kind === 'hotel')!
		const form = {
			kind: stay.kind,
			description: stay.description,
			startDate: stay.startDate,
			endDate: stay.endDate,
			time: stay.time,
			supplier: stay.supplier,
			supplierStatus: 'confirmed' as const,
			confirmationNumber: stay.confirmationNumber,
			notes: stay.notes,
		}
		// A new confirmation number only: nothing the supplier holds changed, no amendment.
		expect((await updateComponent(db, id, stay.id, { ...form, confirmationNumber: 'SSH-1B' }, staff, { siteUrl, today: todayInIndia() })).amendment).toBeNull()
		const moved = {
			...form,
			confirmationNumber: 'SSH-1B',
			startDate: addDays(stay.startDate!, 1),
			endDate: addDays(stay.endDate!, 1),
			description: `${stay.description}, Suite`,
		}
		const { amendment } = await updateComponent(db, id, stay.id, moved, staff, { siteUrl, today: todayInIndia() })
		expect(amendment).toMatchObject({ emailed: true })
		expect((await getBooking(db, id))!.components.find((c) => c.id === stay.id)).toMatchObject({ supplierStatus: 'requested', confirmationNumber: 'SSH-1B' })

		const token = await tokenOf(id, hotel)
		const page = (await supplierRequestPage(db, token, todayInIndia()))!
		expect(page.kind).toBe('amendment')
		expect(page.changes.map((change) => change.field)).toEqual(['dates', 'details'])
		expect(page.lines).toHaveLength(1)
		const email = await db
			.selectFrom('email_outbox')
			.selectAll()
			.where('booking_id', '=', id)
			.where('kind', '=', 'supplier-amendment')
			.executeTakeFirstOrThrow()
		expect(email.subject).toMatch(/^Amendment, please re-confirm/)
		expect(email.body_text).toContain(`/supplier/${token}`)
		expect(await db.selectFrom('audit_log').select('id').where('entity_id', '=', id).where('action', '=', 'supplier-amendment-sent').execute()).toHaveLength(1)

		await answerSupplierRequest(db, token, { kind: 'confirm', confirmationNumber: 'SSH-2' }, todayInIndia())
		expect((await getBooking(db, id))!.components.find((c) => c.id === stay.id)).toMatchObject({ supplierStatus: 'confirmed', confirmationNumber: 'SSH-2' })
		expect((await requestsOfBooking(db, id, siteUrl)).filter((request) => request.kind === 'amendment')).toEqual([
			expect.objectContaining({ status: 'confirmed', confirmationNumber: 'SSH-2' }),
		])
	})
})
