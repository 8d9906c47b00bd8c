import { PDFDocument, type PDFPage, rgb } from 'pdf-lib'
import type { StatementEntry } from '~/features/suppliers/domain/payables.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { pdfFonts, wrapText } from '~/server/pdf/fonts.server.ts'
import { A4, type Colour, green, grey, ink, pageMargin } from '~/server/pdf/page.ts'

const margin = pageMargin

export type StatementPdfInput = {
	companyName: string
	supplier: { name: string; termsText: string; gstin: string | null; pan: string | null }
	today: string
	statement: { entries: readonly StatementEntry[]; charged: number; paid: number; balance: number }
	/** Another party's statement in the same layout (an agency's statement of account, ADR 224): its heading, column names, closing lines and footnote. */
	wording?: { heading: string; charge: string; payment: string; totals: string[]; footnote: string }
}

/**
 * A supplier's statement as an A4 PDF (docs/decisions/197-supplier-payables.md), with the Noto Sans
 * faces vouchers and invoices use (ADR 083) so ₹ and names print as written: each charge and payment
 * with its date, booking and running balance, then the totals.
 */
export async function supplierStatementPdf(input: StatementPdfInput): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	doc.setTitle(`Statement: ${input.supplier.name}`)
	doc.setAuthor(input.companyName)
	const fonts = await pdfFonts(doc, `${JSON.stringify(input)}₹·×–`)
	let page: PDFPage = doc.addPage([A4.width, A4.height])
	let y = A4.height - margin
	const width = A4.width - margin * 2
	const newPageIfNeeded = (size: number) => {
		if (y - size < margin) {
			page = doc.addPage([A4.width, A4.height])
			y = A4.height - margin
		}
	}
	const write = (text: string, options: { size?: number; bold?: boolean; color?: Colour; gap?: number } = {}) => {
		const size = options.size ?? 10
		const font = options.bold ? fonts.bold : fonts.regular
		for (const line of wrapText(text, font, size, width)) {
			newPageIfNeeded(size)
			font.draw(page, line, { x: margin, y: y - size, size, color: rgb(...(options.color ?? ink)) })
			y -= size * 1.4
		}
		y -= options.gap ?? 0
	}
	const rule = () => {
		page.drawLine({ start: { x: margin, y: y + 2 }, end: { x: A4.width - margin, y: y + 2 }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) })
		y -= 6
	}
	// Columns: date, booking, description (wrapped), then three amounts aligned right.
	const columns = {
		date: margin,
		booking: margin + 70,
		description: margin + 150,
		charge: A4.width - margin - 150,
		payment: A4.width - margin - 75,
		balance: A4.width - margin,
	}
	const row = (cells: { date: string; booking: string; description: string; charge: string; payment: string; balance: string }, bold = false) => {
		const size = 9
		const font = bold ? fonts.bold : fonts.regular
		const lines = wrapText(cells.description, font, size, columns.charge - columns.description - 70)
		newPageIfNeeded(size * lines.length)
		const top = y
		font.draw(page, cells.date, { x: columns.date, y: top - size, size, color: rgb(...ink) })
		font.draw(page, cells.booking, { x: columns.booking, y: top - size, size, color: rgb(...ink) })
		lines.forEach((line, index) => font.draw(page, line, { x: columns.description, y: top - size - index * size * 1.4, size, color: rgb(...ink) }))
		for (const [key, x] of [
			['charge', columns.charge],
			['payment', columns.payment],
			['balance', columns.balance],
		] as const) {
			const text = cells[key]
			if (text) font.draw(page, text, { x: x - font.width(text, size), y: top - size, size, color: rgb(...ink) })
		}
		y = top - Math.max(1, lines.length) * size * 1.4 - 2
	}

	const wording = input.wording
	write(wording?.heading ?? 'SUPPLIER STATEMENT', { size: 16, bold: true, color: green, gap: 4 })
	write(input.supplier.name, { size: 12, bold: true })
	write(input.supplier.termsText)
	const ids = [input.supplier.gstin ? `GSTIN ${input.supplier.gstin}` : null, input.supplier.pan ? `PAN ${input.supplier.pan}` : null]
		.filter(Boolean)
		.join(' · ')
	if (ids) write(ids)
	write(`From ${input.companyName}, as on ${formatTravelDate(input.today)}`, { color: grey, gap: 6 })
	rule()
	row(
		{
			date: 'Date',
			booking: 'Booking',
			description: 'Description',
			charge: wording?.charge ?? 'Charge',
			payment: wording?.payment ?? 'Payment',
			balance: 'Balance',
		},
		true,
	)
	rule()
	if (!input.statement.entries.length) write('Nothing charged or paid yet.')
	for (const entry of input.statement.entries) {
		row({
			date: formatTravelDate(entry.date),
			booking: entry.reference,
			description: entry.description,
			charge: entry.charge ? formatINR(entry.charge) : '',
			payment: entry.payment ? formatINR(entry.payment) : '',
			balance: formatINR(entry.balance),
		})
	}
	rule()
	if (wording) {
		for (const line of wording.totals) write(line)
		write(wording.footnote, { size: 8, color: grey })
		return doc.save()
	}
	write(`Total charged: ${formatINR(input.statement.charged)}`)
	write(`Total paid: ${formatINR(input.statement.paid)}`)
	write(input.statement.balance >= 0 ? `We owe: ${formatINR(input.statement.balance)}` : `Paid in advance: ${formatINR(-input.statement.balance)}`, {
		bold: true,
		gap: 6,
	})
	write('Charges are the supplier’s invoice where entered, otherwise our planned cost. This is a computer-generated statement.', { size: 8, color: grey })
	return doc.save()
}
