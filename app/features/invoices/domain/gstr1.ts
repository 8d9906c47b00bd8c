import { gstStates, type StateCode } from './gstin.ts'
import type { DocumentKind } from './invoice.ts'
import { type TaxKind, tourOperatorSac } from './tax.ts'

/**
 * CSV layouts for the accountant (docs/decisions/115-gst-tax-invoices.md): the
 * GSTR-1 offline tool's B2B, B2CL, B2CS, CDNR and CDNUR sheets, and a sales
 * register with one row per document. Money in rupees (numbers, up to 2 decimals).
 */
export type IssuedDocument = {
	kind: DocumentKind
	number: string
	issueDate: string
	bookingReference: string
	buyerName: string
	buyerGstin: string | null
	placeOfSupply: StateCode
	taxKind: TaxKind
	rateBasisPoints: number
	taxable: number
	cgst: number
	sgst: number
	utgst: number
	igst: number
	total: number
	/** A credit note's invoice: its number, date and value (GSTR-1 classifies the note by its invoice). */
	against: { number: string; issueDate: string; total: number } | null
}

export const gstr1Sections = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'register'] as const
export type Gstr1Section = (typeof gstr1Sections)[number]
export const gstr1SectionLabels: Record<Gstr1Section, string> = {
	b2b: 'GSTR-1 B2B: invoices to registered customers',
	b2cl: 'GSTR-1 B2CL: large invoices to other states',
	b2cs: 'GSTR-1 B2CS: other sales to consumers, by state and rate',
	cdnr: 'GSTR-1 CDNR: credit notes to registered customers',
	cdnur: 'GSTR-1 CDNUR: credit notes on large invoices to other states',
	register: 'Sales register: every invoice and credit note',
}

/** An unregistered customer's invoice to another state above this (₹1,00,000 since 1 August 2024) is B2C large, reported one by one. */
export const b2clThresholdPaise = 1_00_000_00

type Cell = string | number
/** Rupees as a number cell (a negative credit stays a number, not text the CSV writer would guard). */
const rupees = (paise: number) => paise / 100
const rate = (basisPoints: number) => String(basisPoints / 100)
const place = (code: StateCode) => `${code}-${gstStates[code]}`
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** dd-mmm-yyyy, as the offline tool reads dates. */
export function gstr1Date(date: string): string {
	const [year, month, day] = date.split('-')
	return `${day}-${months[Number(month) - 1]}-${year}`
}

function isLargeInterState(document: { buyerGstin: string | null; taxKind: TaxKind; total: number }): boolean {
	return !document.buyerGstin && document.taxKind === 'igst' && document.total > b2clThresholdPaise
}

/** Which section an issued document belongs to. */
export function sectionOf(document: IssuedDocument): Exclude<Gstr1Section, 'register'> {
	if (document.kind === 'invoice') return document.buyerGstin ? 'b2b' : isLargeInterState(document) ? 'b2cl' : 'b2cs'
	if (document.buyerGstin) return 'cdnr'
	// A credit note on a small consumer invoice is netted into B2CS; on a large inter-state one it is reported in CDNUR.
	return document.against && isLargeInterState({ ...document, total: document.against.total }) ? 'cdnur' : 'b2cs'
}

export function gstr1Rows(section: Gstr1Section, documents: readonly IssuedDocument[]): Cell[][] {
	const mine = section === 'register' ? documents : documents.filter((document) => sectionOf(document) === section)
	switch (section) {
		case 'b2b':
			return [
				[
					'GSTIN/UIN of Recipient',
					'Receiver Name',
					'Invoice Number',
					'Invoice date',
					'Invoice Value',
					'Place Of Supply',
					'Reverse Charge',
					'Applicable % of Tax Rate',
					'Invoice Type',
					'E-Commerce GSTIN',
					'Rate',
					'Taxable Value',
					'Cess Amount',
				],
				...mine.map((d) => [
					d.buyerGstin!,
					d.buyerName,
					d.number,
					gstr1Date(d.issueDate),
					rupees(d.total),
					place(d.placeOfSupply),
					'N',
					'',
					'Regular B2B',
					'',
					rate(d.rateBasisPoints),
					rupees(d.taxable),
					'',
				]),
			]
		case 'b2cl':
			return [
				[
					'Invoice Number',
					'Invoice date',
					'Invoice Value',
					'Place Of Supply',
					'Applicable % of Tax Rate',
					'Rate',
					'Taxable Value',
					'Cess Amount',
					'E-Commerce GSTIN',
				],
				...mine.map((d) => [d.number, gstr1Date(d.issueDate), rupees(d.total), place(d.placeOfSupply), '', rate(d.rateBasisPoints), rupees(d.taxable), '', '']),
			]
		case 'b2cs': {
			// One row per place of supply and rate, credit notes netted off.
			const totals = new Map<string, { place: StateCode; rate: number; taxable: number }>()
			for (const d of mine) {
				const key = `${d.placeOfSupply}|${d.rateBasisPoints}`
				const row = totals.get(key) ?? { place: d.placeOfSupply, rate: d.rateBasisPoints, taxable: 0 }
				row.taxable += d.kind === 'credit-note' ? -d.taxable : d.taxable
				totals.set(key, row)
			}
			return [
				['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
				...[...totals.values()]
					.sort((a, b) => a.place.localeCompare(b.place) || a.rate - b.rate)
					.map((row) => ['OE', place(row.place), '', rate(row.rate), rupees(row.taxable), '', '']),
			]
		}
		case 'cdnr':
			return [
				[
					'GSTIN/UIN of Recipient',
					'Receiver Name',
					'Note Number',
					'Note Date',
					'Note Type',
					'Place Of Supply',
					'Reverse Charge',
					'Note Supply Type',
					'Note Value',
					'Applicable % of Tax Rate',
					'Rate',
					'Taxable Value',
					'Cess Amount',
				],
				...mine.map((d) => [
					d.buyerGstin!,
					d.buyerName,
					d.number,
					gstr1Date(d.issueDate),
					'C',
					place(d.placeOfSupply),
					'N',
					'Regular B2B',
					rupees(d.total),
					'',
					rate(d.rateBasisPoints),
					rupees(d.taxable),
					'',
				]),
			]
		case 'cdnur':
			return [
				[
					'UR Type',
					'Note Number',
					'Note Date',
					'Note Type',
					'Place Of Supply',
					'Note Value',
					'Applicable % of Tax Rate',
					'Rate',
					'Taxable Value',
					'Cess Amount',
				],
				...mine.map((d) => [
					'B2CL',
					d.number,
					gstr1Date(d.issueDate),
					'C',
					place(d.placeOfSupply),
					rupees(d.total),
					'',
					rate(d.rateBasisPoints),
					rupees(d.taxable),
					'',
				]),
			]
		case 'register': {
			const sign = (d: IssuedDocument, paise: number) => rupees(d.kind === 'credit-note' ? -paise : paise)
			return [
				[
					'Date',
					'Document',
					'Number',
					'Against invoice',
					'Booking',
					'Customer',
					'Customer GSTIN',
					'Place of supply',
					'SAC',
					'Rate %',
					'Taxable value',
					'CGST',
					'SGST',
					'UTGST',
					'IGST',
					'Total',
				],
				...mine.map((d) => [
					d.issueDate,
					d.kind === 'invoice' ? 'Tax invoice' : 'Credit note',
					d.number,
					d.against?.number ?? '',
					d.bookingReference,
					d.buyerName,
					d.buyerGstin ?? '',
					place(d.placeOfSupply),
					tourOperatorSac,
					rate(d.rateBasisPoints),
					sign(d, d.taxable),
					sign(d, d.cgst),
					sign(d, d.sgst),
					sign(d, d.utgst),
					sign(d, d.igst),
					sign(d, d.total),
				]),
			]
		}
	}
}
