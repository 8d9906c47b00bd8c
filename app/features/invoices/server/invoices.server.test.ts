import { beforeAll, expect, test } from 'vitest'
import { gstinCheckCharacter } from '~/features/invoices/domain/gstin.ts'
import type { TaxDocumentSnapshot } from '~/features/invoices/domain/invoice.ts'
import { cancelBooking, confirmBooking, createBooking, type NewBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import type { DB } from '~/server/db/client.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { defaultSettings } from '~/features/settings/server/settings.server.ts'
import { documentsInPeriod, getTaxDocument, invoicesOfBooking, issueCreditNotesForRefund, issueInvoice } from './invoices.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }
const supplierGstin = `35AABCA1234F1Z${gstinCheckCharacter('35AABCA1234F1Z')}`
const customerGstin = `29AAGCM5678K1Z${gstinCheckCharacter('29AAGCM5678K1Z')}`
const traveller = { buyerName: 'Meera Iyer', buyerAddress: '', buyerState: '', buyerGstin: '' }

async function useInvoicing(db: DB, basis: 'full' | 'advance') {
	const value = JSON.stringify({
		...defaultSettings.invoicing,
		legalName: 'Andaman Isles Travel Pvt Ltd',
		address: 'Aberdeen Bazaar, Sri Vijaya Puram 744101',
		gstin: supplierGstin,
		stateCode: '35',
		basis,
	})
	await db
		.insertInto('settings')
		.values({ key: 'invoicing', value_json: value, updated_at: new Date().toISOString() })
		.onConflict((oc) => oc.column('key').doUpdateSet({ value_json: value }))
		.execute()
}

/** A booking with its ₹15,000 advance paid and verified, confirmed. */
async function confirmedBooking(db: DB, form: NewBooking, key: string) {
	const { id } = await createBooking(db, form, { submissionKey: key })
	await recordPayment(db, id, { amount: 1_500_000, method: 'upi', reference: `UPI-${key}`, paidOn: '2026-11-22', verified: true }, staff)
	await confirmBooking(db, id, 30, staff, null)
	return id
}

describeEachDatabase('tax invoices and credit notes', (get) => {
	let form: NewBooking

	beforeAll(async () => {
		// Every date here is given to the code under test (issue dates, the cancellation): a trip on 20 Jan 2027 cancelled 57 days before.
		form = await twoAdultBooking(get().db, 'invoice-test-package', { contactEmail: 'meera@example.com', startDate: '2027-01-20' })
	})

	test('no invoice before the owner has entered the GSTIN, legal name and address', async () => {
		const { db } = get()
		const id = await confirmedBooking(db, form, 'no-supplier')
		await expect(issueInvoice(db, id, traveller, staff, { issueDate: '2026-11-25' })).rejects.toMatchObject({
			code: 'failed-precondition',
			message: expect.stringMatching(/GSTIN/),
		})
		expect(await invoicesOfBooking(db, id)).toEqual([])
	})

	test('50 invoices issued at once get numbers 1 to 50 of the year: no duplicate, no gap', async () => {
		const { db } = get()
		await useInvoicing(db, 'full')
		const ids: string[] = []
		for (let i = 0; i < 50; i++) ids.push(await confirmedBooking(db, form, `concurrent-${i}`))
		const issued = await Promise.all(ids.map((id) => issueInvoice(db, id, traveller, staff, { issueDate: '2026-11-25' })))
		const numbers = issued.map((invoice) => invoice.number).sort()
		expect(new Set(numbers).size).toBe(50)
		expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `INV-2627/${String(i + 1).padStart(4, '0')}`))
		const emails = await db.selectFrom('email_outbox').select('dedupe_key').where('kind', '=', 'invoice-issued').execute()
		expect(emails).toHaveLength(50)
	})

	test('a double submit issues one invoice; the second is refused and takes no number', async () => {
		const { db } = get()
		await useInvoicing(db, 'full')
		const id = await confirmedBooking(db, form, 'double-submit')
		const results = await Promise.allSettled(Array.from({ length: 10 }, () => issueInvoice(db, id, traveller, staff, { issueDate: '2026-11-25' })))
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
		expect(results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason.message)).toEqual(
			Array(9).fill('The whole booking is already invoiced.'),
		)
		const [invoice] = await invoicesOfBooking(db, id)
		expect(invoice).toMatchObject({ kind: 'invoice', total: 5_000_000, number: 'INV-2627/0051' })
		// The next invoice anywhere takes the next number: the refused ones left no gap.
		const next = await issueInvoice(db, await confirmedBooking(db, form, 'after-double'), traveller, staff, { issueDate: '2026-11-25' })
		expect(next.number).toBe('INV-2627/0052')
	})

	test('the snapshot: supplier, CGST + UTGST in the islands, IGST to a company in Karnataka, total in words', async () => {
		const { db } = get()
		await useInvoicing(db, 'full')
		const local = await issueInvoice(db, await confirmedBooking(db, form, 'snapshot-local'), traveller, staff, { issueDate: '2026-11-25' })
		const { snapshot } = (await getTaxDocument(db, local.id))!
		expect(snapshot).toMatchObject({
			kind: 'invoice',
			sac: '998555',
			supplier: { gstin: supplierGstin, stateName: 'Andaman and Nicobar Islands' },
			placeOfSupply: { code: '35' },
		})
		expect(snapshot.tax).toEqual({
			kind: 'cgst-utgst',
			rateBasisPoints: 500,
			taxable: 4_761_905,
			cgst: 119_048,
			sgst: 0,
			utgst: 119_047,
			igst: 0,
			total: 5_000_000,
		})
		expect(snapshot.totalInWords).toBe('Rupees Fifty Thousand Only')
		expect(snapshot.declaration).toMatch(/inclusive of the charges for accommodation and transportation/)

		const business = await issueInvoice(
			db,
			await confirmedBooking(db, form, 'snapshot-b2b'),
			{ buyerName: 'Mysore Tech Pvt Ltd', buyerAddress: 'MG Road, Bengaluru 560001', buyerState: '', buyerGstin: customerGstin.toLowerCase() },
			staff,
			{ issueDate: '2026-11-25' },
		)
		const b2b = (await getTaxDocument(db, business.id))!.snapshot
		expect(b2b.buyer).toMatchObject({ gstin: customerGstin, stateCode: '29', stateName: 'Karnataka' })
		expect(b2b.tax).toMatchObject({ kind: 'igst', igst: 238_095, cgst: 0 })

		await expect(
			issueInvoice(db, await confirmedBooking(db, form, 'bad-gstin'), { ...traveller, buyerGstin: '29AAGCM5678K1ZZ', buyerAddress: 'Bengaluru' }, staff),
		).rejects.toMatchObject({ code: 'invalid-argument', fields: { buyerGstin: expect.stringMatching(/last character/) } })
	})

	test('invoicing the advance: one invoice per verified payment, then nothing until the next one', async () => {
		const { db } = get()
		await useInvoicing(db, 'advance')
		const id = await confirmedBooking(db, form, 'advance-basis')
		const first = await issueInvoice(db, id, traveller, staff, { issueDate: '2026-11-25' })
		expect(first.total).toBe(1_500_000)
		await expect(issueInvoice(db, id, traveller, staff, { issueDate: '2026-11-25' })).rejects.toThrow(/Every verified payment is already invoiced/)
		await recordPayment(db, id, { amount: 3_500_000, method: 'bank', reference: 'NEFT-BAL', paidOn: '2026-12-01', verified: true }, staff)
		const second = await issueInvoice(db, id, traveller, staff, { issueDate: '2026-12-01' })
		expect(second.total).toBe(3_500_000)
		expect((await getTaxDocument(db, second.id))!.snapshot.description).toMatch(/Payment towards/)
	})

	test('a new financial year starts again at 1 on 1 April', async () => {
		const { db } = get()
		await useInvoicing(db, 'full')
		const march = await issueInvoice(db, await confirmedBooking(db, form, 'fy-march'), traveller, staff, { issueDate: '2027-03-31' })
		const april = await issueInvoice(db, await confirmedBooking(db, form, 'fy-april'), traveller, staff, { issueDate: '2027-04-01' })
		expect(march.number).toMatch(/^INV-2627\/\d{4}$/)
		expect(april.number).toBe('INV-2728/0001')
	})

	test('cancelling an invoiced booking issues a credit note against the invoice for what is not kept', async () => {
		const { db } = get()
		await useInvoicing(db, 'full')
		const id = await confirmedBooking(db, form, 'cancel-credit')
		const invoice = await issueInvoice(db, id, traveller, staff, { issueDate: '2026-11-25' })
		// 57 days before the start: 10 % fee (₹5,000) kept from the ₹15,000 paid; ₹10,000 refunded.
		const settlement = await cancelBooking(db, id, 'family emergency', '2026-11-24', defaultSettings.cancellationTiers, staff)
		expect(settlement).toMatchObject({ fee: 500_000, refund: 1_000_000 })
		const documents = await invoicesOfBooking(db, id)
		const credit = documents.find((document) => document.kind === 'credit-note')!
		expect(credit).toMatchObject({ invoiceId: invoice.id, total: 4_500_000 })
		expect(credit.number).toMatch(/^CN-2627\/\d{4}$/)
		const { snapshot } = (await getTaxDocument(db, credit.id))! as { snapshot: TaxDocumentSnapshot }
		expect(snapshot.against).toEqual({ number: invoice.number, issueDate: '2026-11-25' })
		expect(snapshot.tax.total).toBe(4_500_000)
		expect(snapshot.reason).toBe('booking cancelled (family emergency)')
		const emails = await db.selectFrom('email_outbox').select('subject').where('kind', '=', 'credit-note-issued').where('booking_id', '=', id).execute()
		expect(emails.map((email) => email.subject)).toEqual([
			`Credit note ${credit.number} for booking ${(await db.selectFrom('bookings').select('reference').where('id', '=', id).executeTakeFirstOrThrow()).reference}`,
		])
	})

	test('a refund recorded later credits that amount once, never more than was invoiced', async () => {
		const { db } = get()
		await useInvoicing(db, 'full')
		const id = await confirmedBooking(db, form, 'later-refund')
		await issueInvoice(db, id, traveller, staff, { issueDate: '2026-11-25' })
		const first = await issueCreditNotesForRefund(db, {
			bookingId: id,
			refundId: 'refund-1',
			refund: 200_000,
			reason: 'snorkelling trip not run',
			actor: staff,
		})
		expect(first.map((note) => note.total)).toEqual([200_000])
		expect(await issueCreditNotesForRefund(db, { bookingId: id, refundId: 'refund-1', refund: 200_000, reason: 'retry', actor: staff })).toEqual([])
		const big = await issueCreditNotesForRefund(db, { bookingId: id, refundId: 'refund-2', refund: 9_000_000, reason: 'trip called off', actor: staff })
		expect(big.map((note) => note.total)).toEqual([4_800_000])
		await expect(issueCreditNotesForRefund(db, { bookingId: id, refundId: 'refund-3', refund: -5, reason: 'x', actor: staff })).rejects.toMatchObject({
			code: 'invalid-argument',
		})
	})

	test('the period list carries what the GSTR-1 exports need, credit notes with their invoice', async () => {
		const { db } = get()
		const documents = await documentsInPeriod(db, { from: '2026-11-01', to: '2026-11-30' })
		expect(documents.length).toBeGreaterThan(50)
		expect(documents.every((document) => document.issueDate.startsWith('2026-11'))).toBe(true)
		const credit = documents.find((document) => document.kind === 'credit-note')!
		expect(credit.against).toMatchObject({ total: 5_000_000 })
	})
})
