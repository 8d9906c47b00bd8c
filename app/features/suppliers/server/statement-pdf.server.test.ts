import { execFileSync } from 'node:child_process'
import { expect, test } from 'vitest'
import { statementEntries } from '~/features/suppliers/domain/payables.ts'
import { supplierStatementPdf } from './statement-pdf.server.ts'

const read = (bytes: Uint8Array) =>
	execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(bytes) })
		.toString('utf8')
		.replace(/\s+/g, ' ')

test('the statement PDF prints each charge and payment with ₹, the running balance and what we owe', async () => {
	const statement = statementEntries(
		[{ date: '2027-01-10', reference: 'AIT-2027-0042', description: 'Hotel stay, Havelock (planned cost)', amount: 900_000 }],
		[{ date: '2026-12-01', reference: 'AIT-2027-0042', description: 'Payment, UPI UTR-99', amount: 270_000 }],
	)
	const text = read(
		await supplierStatementPdf({
			companyName: 'Andaman Isles Travel',
			supplier: { name: 'Sea Shell Hotels', termsText: '30% advance at booking, balance 7 days before service', gstin: null, pan: 'ABCDE1234F' },
			today: '2026-12-02',
			statement,
		}),
	)
	expect(text).toContain('SUPPLIER STATEMENT')
	expect(text).toContain('Sea Shell Hotels')
	expect(text).toContain('PAN ABCDE1234F')
	expect(text).toContain('Payment, UPI UTR-99')
	expect(text).toContain('₹2,700')
	expect(text).toContain('We owe: ₹6,300')
})
