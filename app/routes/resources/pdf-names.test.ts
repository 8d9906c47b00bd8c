/**
 * A traveller's name in any Indian script makes a voucher and a tax invoice PDF: 200 from the two PDF
 * routes, never a 500 (a Gurmukhi or Telugu name made the shaper throw, every time), and the name
 * reads back from the PDF where the script's text extracts (pdftotext, as a reader's app would).
 */
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { VoucherSnapshot } from '~/features/bookings/domain/voucher.ts'
import { createBooking } from '~/features/bookings/server/bookings.server.ts'
import { gstinCheckCharacter } from '~/features/invoices/domain/gstin.ts'
import { defaultInvoicingSettings, invoiceSnapshot } from '~/features/invoices/domain/invoice.ts'
import { newId } from '~/lib/ids.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { useAppDatabase } from '#tests/support/identity.ts'
import { get, routeArgs } from '#tests/support/route-requests.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import * as invoicePdf from './invoice-pdf.ts'
import * as voucherPdf from './voucher-pdf.ts'

/** A name in each script a traveller from India may write theirs in. */
const namesByScript = {
	Devanagari: 'अनन्या शर्मा',
	Bengali: 'সৌমিত্র চট্টোপাধ্যায়',
	Gurmukhi: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ',
	Gujarati: 'હાર્દિક પટેલ',
	Odia: 'ସୁଭଶ୍ରୀ ପଟ୍ଟନାୟକ',
	Tamil: 'கார்த்திக் சுப்ரமணியம்',
	Telugu: 'శ్రీనివాస్ రెడ్డి',
	Kannada: 'ಪ್ರಜ್ವಲ್ ಕುಮಾರ್',
	Malayalam: 'ശ്രീക്കുട്ടി നായർ',
}

const read = (bytes: Uint8Array) =>
	execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(bytes) })
		.toString('utf8')
		.replace(/\s+/g, ' ')
/**
 * A word's letters whatever their order: pdftotext reads shaped text in the order it is drawn, so a
 * vowel sign or reph drawn before its consonant comes out first (शर्मा reads शमार्), and a two-part
 * vowel sign comes out in its two parts (NFD).
 */
const letters = (word: string) => [...word.normalize('NFD')].sort().join('')
/** The words of the text, as sets of letters. */
const wordsOf = (text: string) => new Set(text.split(/[\s,]+/).map(letters))

function voucherSnapshot(name: string): VoucherSnapshot {
	return {
		reference: 'BK-2026-00042',
		title: 'Andaman Family Holiday',
		startDate: '2027-01-20',
		endDate: '2027-01-26',
		nights: 6,
		party: '1 adult',
		contact: { name, phone: '+919876543210', email: null },
		travellers: [{ name, age: 30, gender: 'female', nationality: 'Indian', id: 'Aadhaar ending 9012' }],
		days: [{ day: 1, date: '2027-01-20', island: 'Sri Vijaya Puram', title: 'Arrival', description: 'Pickup at the airport.' }],
		hotels: [],
		ferries: [],
		activities: [],
		transfers: [],
		inclusions: ['Breakfast'],
		exclusions: ['Flights'],
		specialRequests: null,
		payment: { total: 5_000_000, paid: 1_500_000, balance: 3_500_000, balanceDueDate: '2026-12-21' },
		company: { name: 'Andaman Isles Travel', phone: '+91 94342 00000', whatsapp: '+91 94342 00000', email: 'hello@example.com', address: 'Aberdeen Bazaar' },
		emergency: [{ label: 'Police', number: '100' }],
		sections: [],
	}
}

const supplier = {
	...defaultInvoicingSettings,
	legalName: 'Andaman Isles Travel Pvt Ltd',
	address: 'Aberdeen Bazaar, Sri Vijaya Puram 744101',
	gstin: `35AABCA1234F1Z${gstinCheckCharacter('35AABCA1234F1Z')}`,
	phone: '+91 94342 00000',
	email: 'hello@example.com',
}

describeEachDatabase('voucher and invoice PDFs with names in every Indian script', (db) => {
	const ids: Record<string, { voucher: string; invoice: string }> = {}
	beforeAll(async () => {
		await useAppDatabase(db().url)
		const { id: bookingId } = await createBooking(db().db, await twoAdultBooking(db().db, 'pdf-names-package'), { submissionKey: 'pdf-names' })
		const now = new Date().toISOString()
		let sequence = 0
		for (const [script, name] of Object.entries(namesByScript)) {
			sequence++
			const voucher = newId()
			await db()
				.db.insertInto('vouchers')
				.values({
					id: voucher,
					booking_id: bookingId,
					version: sequence,
					status: 'issued',
					booking_reference: 'BK-2026-00042',
					lead_name: name,
					snapshot_json: JSON.stringify(voucherSnapshot(name)),
					replaced_by: null,
					revoke_reason: null,
					issued_by: null,
					issued_at: now,
					updated_at: now,
				})
				.execute()
			const number = `INV-2627/${String(sequence).padStart(4, '0')}`
			const snapshot = invoiceSnapshot({
				number,
				issueDate: '2026-11-25',
				supplier,
				buyer: { buyerName: name, buyerAddress: 'Anna Nagar, Chennai 600040', buyerState: '33', buyerGstin: '' },
				booking: { reference: 'BK-2026-00042', title: 'Andaman Family Holiday', startDate: '2027-01-20', nights: 6, party: '1 adult' },
				amount: 5_000_000,
				ratePercent: 5,
				basis: 'full',
				isWholeBooking: true,
			})
			const invoice = newId()
			const { tax } = snapshot
			await db()
				.db.insertInto('tax_documents')
				.values({
					id: invoice,
					kind: 'invoice',
					number,
					financial_year: 2026,
					sequence,
					booking_id: bookingId,
					invoice_id: null,
					source_key: `pdf-names:${script}`,
					issue_date: '2026-11-25',
					buyer_name: name,
					buyer_gstin: null,
					place_of_supply: '33',
					tax_kind: 'igst',
					rate_basis_points: tax.rateBasisPoints,
					taxable: tax.taxable,
					cgst: 0,
					sgst: 0,
					utgst: 0,
					igst: tax.igst,
					total: tax.total,
					snapshot_json: JSON.stringify(snapshot),
					issued_by: null,
					issued_at: now,
				})
				.execute()
			ids[script] = { voucher, invoice }
		}
	})
	afterAll(async () => {
		await closeDatabase()
	})

	for (const [script, name] of Object.entries(namesByScript)) {
		test(`${script}: ${name}`, async () => {
			for (const [kind, route, id] of [
				['voucher', voucherPdf, ids[script]!.voucher],
				['invoice', invoicePdf, ids[script]!.invoice],
			] as const) {
				const answer = (await route.loader(routeArgs(get(`/${kind}/${id}/pdf`), { id }, 't'))) as Response
				expect(answer.status, kind).toBe(200)
				expect(answer.headers.get('Content-Type')).toBe('application/pdf')
				const words = wordsOf(read(new Uint8Array(await answer.arrayBuffer())))
				for (const word of name.split(' ')) expect(words.has(letters(word)), `${kind}: ${word}`).toBe(true)
			}
		})
	}
})
