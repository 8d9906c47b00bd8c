import { PDFDocument, type PDFPage, rgb } from 'pdf-lib'
import { documentKindLabels, type TaxDocumentSnapshot } from '~/features/invoices/domain/invoice.ts'
import { documentFacts, partyLines, taxLines } from '~/features/invoices/domain/lines.ts'
import { pdfFonts, wrapText } from '~/server/pdf/fonts.server.ts'
import { A4, type Colour, green, grey, ink, pageMargin } from '~/server/pdf/page.ts'
import { pdfFileResponse } from '~/server/pdf/response.server.ts'

const margin = pageMargin

/**
 * A tax invoice or credit note as an A4 PDF, from its frozen snapshot, with the same
 * Noto Sans faces as vouchers (docs/decisions/083-pdf-fonts.md): ₹ and names in Indian
 * scripts print as written.
 */
export async function taxDocumentPdf(snapshot: TaxDocumentSnapshot, url: string): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	const title = `${documentKindLabels[snapshot.kind]} ${snapshot.number}`
	doc.setTitle(title)
	doc.setAuthor(snapshot.supplier.name)
	doc.setSubject(`Booking ${snapshot.booking.reference}`)
	const fonts = await pdfFonts(doc, `${JSON.stringify(snapshot)}${url}₹·×–`)
	let page: PDFPage = doc.addPage([A4.width, A4.height])
	let y = A4.height - margin
	const width = A4.width - margin * 2

	const write = (text: string, options: { size?: number; bold?: boolean; color?: Colour; x?: number; maxWidth?: number; gap?: number } = {}) => {
		const size = options.size ?? 10
		const font = options.bold ? fonts.bold : fonts.regular
		for (const line of wrapText(text, font, size, options.maxWidth ?? width)) {
			if (y - size < margin) {
				page = doc.addPage([A4.width, A4.height])
				y = A4.height - margin
			}
			font.draw(page, line, { x: options.x ?? margin, y: y - size, size, color: rgb(...(options.color ?? ink)) })
			y -= size * 1.4
		}
		y -= options.gap ?? 0
	}
	const rule = () => {
		page.drawLine({ start: { x: margin, y: y + 2 }, end: { x: A4.width - margin, y: y + 2 }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) })
		y -= 6
	}

	write(documentKindLabels[snapshot.kind].toUpperCase(), { size: 16, bold: true, color: green, gap: 4 })
	write(snapshot.supplier.name, { size: 12, bold: true })
	for (const line of partyLines(snapshot.supplier).slice(1)) write(line)
	write(`Phone ${snapshot.supplier.phone} · ${snapshot.supplier.email}`, { color: grey, gap: 6 })
	rule()
	for (const [label, value] of documentFacts(snapshot)) write(`${label}: ${value}`)
	y -= 6
	rule()
	write(snapshot.kind === 'invoice' ? 'Billed to' : 'Issued to', { bold: true, color: green })
	for (const line of partyLines(snapshot.buyer)) write(line)
	y -= 6
	rule()
	write('Description', { bold: true, color: green })
	write(snapshot.description)
	write(`SAC ${snapshot.sac} (tour operator services)`, { gap: 6 })
	const amountX = A4.width - margin - 130
	for (const line of taxLines(snapshot)) {
		const top = y
		write(line.label, { bold: line.strong, maxWidth: amountX - margin - 10 })
		const after = y
		y = top
		const font = line.strong ? fonts.bold : fonts.regular
		font.draw(page, line.amount, { x: A4.width - margin - font.width(line.amount, 10), y: y - 10, size: 10, color: rgb(...ink) })
		y = after
	}
	y -= 4
	write(`Amount in words: ${snapshot.totalInWords}`, { bold: true, gap: 6 })
	if (snapshot.reason) write(`Reason: ${snapshot.reason}`, { gap: 4 })
	if (snapshot.declaration) write(snapshot.declaration, { size: 9, color: grey, gap: 4 })
	write('Tax is not payable on reverse charge. This is a computer-generated document.', { size: 9, color: grey })
	write(url, { size: 8, color: grey })
	return doc.save()
}

/** The document's PDF as a download: the traveller's secret address and the agency's own copy (docs/decisions/232) answer the same file. */
export async function taxDocumentPdfResponse(found: { document: { id: string }; snapshot: TaxDocumentSnapshot }, url: string): Promise<Response> {
	const bytes = await taxDocumentPdf(found.snapshot, url)
	return pdfFileResponse(bytes, `${found.snapshot.number}.pdf`)
}
