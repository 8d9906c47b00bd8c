import { addDays, todayInIndia } from '~/lib/dates.ts'
import { describe, expect, test } from 'vitest'
import { toCsv } from '~/lib/csv.ts'
import { gstinCheckCharacter } from './gstin.ts'
import { type IssuedDocument, gstr1Rows, sectionOf } from './gstr1.ts'
import { agencyBuyer, amountToInvoice, buyerSchema, creditAllocation, defaultInvoicingSettings, invoiceSnapshot, parseInvoicingSettings } from './invoice.ts'

const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`

describe('what an invoice covers', () => {
	test('full basis: the rest of a confirmed booking; advance basis: verified payments not invoiced yet', () => {
		expect(amountToInvoice({ basis: 'full', status: 'pending_payment', total: 100, verifiedPaid: 30, invoiced: 0 })).toEqual({
			problem: expect.stringMatching(/once the booking is confirmed/),
		})
		expect(amountToInvoice({ basis: 'full', status: 'confirmed', total: 100, verifiedPaid: 30, invoiced: 0 })).toEqual({ amount: 100 })
		expect(amountToInvoice({ basis: 'full', status: 'completed', total: 100, verifiedPaid: 100, invoiced: 100 })).toEqual({
			problem: 'The whole booking is already invoiced.',
		})
		expect(amountToInvoice({ basis: 'advance', status: 'pending_payment', total: 100, verifiedPaid: 30, invoiced: 0 })).toEqual({ amount: 30 })
		expect(amountToInvoice({ basis: 'advance', status: 'confirmed', total: 100, verifiedPaid: 30, invoiced: 30 })).toEqual({
			problem: expect.stringMatching(/already invoiced/),
		})
		expect(amountToInvoice({ basis: 'advance', status: 'cancelled', total: 100, verifiedPaid: 30, invoiced: 0 })).toEqual({
			problem: expect.stringMatching(/cancelled/),
		})
	})

	test('a refund is credited against the newest invoice first, never beyond what is left', () => {
		const invoices = [
			{ id: 'advance', total: 30, credited: 0 },
			{ id: 'balance', total: 70, credited: 10 },
		]
		expect(creditAllocation(50, invoices)).toEqual([{ invoiceId: 'balance', amount: 50 }])
		expect(creditAllocation(80, invoices)).toEqual([
			{ invoiceId: 'balance', amount: 60 },
			{ invoiceId: 'advance', amount: 20 },
		])
		expect(creditAllocation(500, invoices).reduce((sum, part) => sum + part.amount, 0)).toBe(90)
		expect(creditAllocation(0, invoices)).toEqual([])
	})
})

describe('customer and settings input', () => {
	test('a business customer needs a valid GSTIN and an address; bad input says what to fix', () => {
		expect(buyerSchema.safeParse({ buyerName: 'Rao Ltd', buyerGstin: gstin('29AAGCM5678K1Z').toLowerCase(), buyerAddress: 'Bengaluru' }).data).toMatchObject({
			buyerGstin: gstin('29AAGCM5678K1Z'),
		})
		const noAddress = buyerSchema.safeParse({ buyerName: 'Rao Ltd', buyerGstin: gstin('29AAGCM5678K1Z') })
		expect(noAddress.error?.issues.map((issue) => issue.path[0])).toEqual(['buyerAddress'])
		expect(buyerSchema.safeParse({ buyerName: 'x'.repeat(201) }).success).toBe(false)
		expect(buyerSchema.safeParse({ buyerName: 'Meera', buyerState: '99' }).success).toBe(false)
		expect(buyerSchema.safeParse({ buyerName: '  ' }).success).toBe(false)
	})

	test('settings: the GSTIN must match the state; prefixes are checked and differ', () => {
		expect(parseInvoicingSettings({}).errors).toEqual({})
		expect(parseInvoicingSettings({ invoiceGstin: gstin('27AAPFU0939F1Z'), invoiceStateCode: '35' }).errors.invoiceGstin).toMatch(
			/registered in Maharashtra, not Andaman and Nicobar Islands/,
		)
		expect(parseInvoicingSettings({ invoicePrefix: 'cn-', creditNotePrefix: 'CN-' }).errors.creditNotePrefix).toMatch(/prefix of their own/)
		expect(parseInvoicingSettings({ invoicePrefix: '=HYPERLINK' }).errors.invoicePrefix).toBeDefined()
		expect(parseInvoicingSettings({ invoiceBasis: 'sometimes' }).errors.invoiceBasis).toBeDefined()
	})
})

describe('GSTR-1 sections', () => {
	const base: IssuedDocument = {
		kind: 'invoice',
		number: 'INV-2627/0001',
		issueDate: '2026-11-25',
		bookingReference: 'BK-2026-00001',
		buyerName: '=cmd|calc',
		buyerGstin: null,
		placeOfSupply: '33',
		taxKind: 'igst',
		rateBasisPoints: 500,
		taxable: 10_000_000,
		cgst: 0,
		sgst: 0,
		utgst: 0,
		igst: 500_000,
		total: 10_500_000,
		against: null,
	}

	test('registered → B2B; unregistered to another state above ₹1 lakh → B2CL; otherwise B2CS; notes follow their invoice', () => {
		expect(sectionOf({ ...base, buyerGstin: gstin('33AAGCM5678K1Z') })).toBe('b2b')
		expect(sectionOf(base)).toBe('b2cl')
		expect(sectionOf({ ...base, total: 10_000_000 })).toBe('b2cs')
		expect(sectionOf({ ...base, placeOfSupply: '35', taxKind: 'cgst-utgst' })).toBe('b2cs')
		expect(sectionOf({ ...base, kind: 'credit-note', total: 100, against: { number: 'INV-2627/0001', issueDate: '2026-11-25', total: 10_500_000 } })).toBe(
			'cdnur',
		)
		expect(sectionOf({ ...base, kind: 'credit-note', total: 100, against: { number: 'INV-2627/0002', issueDate: '2026-11-25', total: 50_000 } })).toBe('b2cs')
	})

	test('B2CS nets credit notes by state and rate; the register signs credit notes negative', () => {
		const small = { ...base, placeOfSupply: '35' as const, taxKind: 'cgst-utgst' as const, total: 2_100_000, taxable: 2_000_000 }
		const note = {
			...small,
			kind: 'credit-note' as const,
			number: 'CN-2627/0001',
			total: 1_050_000,
			taxable: 1_000_000,
			against: { number: 'INV-2627/0001', issueDate: '2026-11-25', total: 2_100_000 },
		}
		expect(gstr1Rows('b2cs', [small, note]).slice(1)).toEqual([['OE', '35-Andaman and Nicobar Islands', '', '5', 10_000, '', '']])
		const register = gstr1Rows('register', [small, note])
		expect(register[2]).toContain(-10_500)
		expect(register[2]).toContain('INV-2627/0001')
		// A customer name that looks like a formula is written as text.
		expect(toCsv(register)).toContain("'=cmd|calc")
		expect(gstr1Rows('b2cl', [base])[1]).toEqual(['INV-2627/0001', '25-Nov-2026', 105_000, '33-Tamil Nadu', '', '5', 100_000, '', ''])
	})
})

test('an agency’s booking is billed to the agency: its GSTIN’s state is the place of supply, else its state; a GSTIN without an address is refused (docs/decisions/232)', () => {
	const supplier = { ...defaultInvoicingSettings, legalName: 'Andaman Isles Travel', address: 'Port Blair', gstin: '35AABCA1234F1ZC', phone: '', email: '' }
	// Dates from the clock: only who is billed and how the tax splits are judged here.
	const issueDate = todayInIndia()
	const booking = { reference: 'BK-1', title: 'Havelock', startDate: addDays(issueDate, 45), nights: 4, party: '2 adults' }
	const snapshotFor = (agency: Parameters<typeof agencyBuyer>[0]) => {
		const billed = agencyBuyer(agency)
		if (!billed.ok) throw new Error(billed.problem)
		return invoiceSnapshot({
			number: 'INV-1',
			issueDate,
			supplier,
			buyer: billed.buyer,
			booking,
			amount: 105_000,
			ratePercent: 5,
			basis: 'full',
			isWholeBooking: true,
		})
	}
	const mumbai = snapshotFor({ company: 'Coral Coast Travels Pvt Ltd', billing_address: '4 Marine Drive, Mumbai', state_code: '35', gstin: '27AAACN1234F1ZX' })
	expect(mumbai.buyer).toMatchObject({ name: 'Coral Coast Travels Pvt Ltd', gstin: '27AAACN1234F1ZX', stateCode: '27' })
	expect(mumbai.tax).toMatchObject({ kind: 'igst', igst: 5_000, taxable: 100_000 })
	const local = snapshotFor({ company: 'Island Trails', billing_address: null, state_code: '35', gstin: null })
	expect(local.tax).toMatchObject({ kind: 'cgst-utgst', cgst: 2_500, utgst: 2_500 })
	expect(agencyBuyer({ company: 'No Address Ltd', billing_address: null, state_code: null, gstin: '27AAACN1234F1ZX' })).toMatchObject({
		ok: false,
		problem: expect.stringMatching(/registered address/),
	})
})
