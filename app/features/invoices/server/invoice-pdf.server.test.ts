import { execFileSync } from 'node:child_process'
import { expect, test } from 'vitest'
import { gstinCheckCharacter } from '~/features/invoices/domain/gstin.ts'
import { creditNoteSnapshot, defaultInvoicingSettings, invoiceSnapshot } from '~/features/invoices/domain/invoice.ts'
import { taxDocumentPdf } from './invoice-pdf.server.ts'

const supplier = {
	...defaultInvoicingSettings,
	legalName: 'Andaman Isles Travel Pvt Ltd',
	address: 'Aberdeen Bazaar, Sri Vijaya Puram 744101',
	gstin: `35AABCA1234F1Z${gstinCheckCharacter('35AABCA1234F1Z')}`,
	phone: '+91 94342 00000',
	email: 'hello@example.com',
}
const invoice = invoiceSnapshot({
	number: 'INV-2627/0007',
	issueDate: '2026-11-25',
	supplier,
	buyer: { buyerName: 'सीमा शर्मा', buyerAddress: 'Anna Nagar, Chennai 600040', buyerState: '33', buyerGstin: '' },
	booking: { reference: 'BK-2026-00042', title: 'Andaman Family Holiday', startDate: '2027-01-20', nights: 6, party: '2 adults' },
	amount: 1_23_456_50,
	ratePercent: 5,
	basis: 'full',
	isWholeBooking: true,
})
const read = (bytes: Uint8Array) =>
	execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(bytes) })
		.toString('utf8')
		.replace(/\s+/g, ' ')

test('the invoice PDF prints GSTIN, SAC, the IGST split, ₹ and the total in words, and a name in Devanagari', async () => {
	const text = read(await taxDocumentPdf(invoice, 'https://example.com/invoice/AAAAAAAAAAAAAAAAAAAA'))
	expect(text).toContain('TAX INVOICE')
	expect(text).toContain(`GSTIN: ${supplier.gstin}`)
	expect(text).toContain('SAC 998555')
	expect(text).toContain('Place of supply: Tamil Nadu (33)')
	// pdftotext reads the right-aligned amounts after their labels.
	expect(text).toContain('Taxable value IGST @ 5% Total (GST included) ₹1,17,577.62 ₹5,878.88 ₹1,23,456.50')
	expect(text).toContain('Amount in words: Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only')
	expect(text).toContain('सीमा')
	expect(text).toContain('inclusive of the charges for accommodation and transportation')
})

test('a credit note PDF names its invoice and the reason', async () => {
	const note = creditNoteSnapshot(invoice, { number: 'CN-2627/0001', issueDate: '2026-12-02', amount: 10_500_00, reason: 'booking cancelled (illness)' })
	const text = read(await taxDocumentPdf(note, 'https://example.com/invoice/BBBBBBBBBBBBBBBBBBBB'))
	expect(text).toContain('CREDIT NOTE')
	expect(text).toContain('Against invoice: INV-2627/0007 of 25 Nov 2026')
	expect(text).toContain('Reason: booking cancelled (illness)')
	expect(text).toContain('Taxable value IGST @ 5% Credit note value (GST included) ₹10,000.00 ₹500.00 ₹10,500.00')
	expect(text).toContain('Rupees Ten Thousand Five Hundred Only')
})
