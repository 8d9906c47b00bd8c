import { PDFDocument, type PDFPage, rgb } from 'pdf-lib'
import QRCode from 'qrcode'
import { roundTheClockLine, type VoucherSnapshot, voucherServiceSections, type VoucherStatus } from '~/features/bookings/domain/voucher.ts'
import { defaultReportingMinutes } from '~/features/travel-facts/domain/facts.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { plural } from '~/lib/words.ts'
import { pdfFonts, wrapText } from '~/server/pdf/fonts.server.ts'
import { A4, type Colour, green, grey, ink, pageMargin } from '~/server/pdf/page.ts'
import { formatPhone } from '~/lib/phone.ts'

const margin = pageMargin
/** Text sizes tried in turn (1 = normal) so the voucher ends on a well-filled page rather than a nearly empty one. */
const scales = [1, 0.92, 0.85, 0.78]
/** A last page filled less than this is "nearly empty": try a smaller scale. */
const nearlyEmpty = 0.3

const red: Colour = [0.73, 0.11, 0.11]

/**
 * A real PDF of the voucher (A4, text and the QR code), made on the server with pdf-lib and
 * Noto Sans (₹ and names in Indian scripts print as written). If the last page would be
 * nearly empty, the text is set slightly smaller until it fits on fewer pages.
 */
export async function voucherPdf(
	snapshot: VoucherSnapshot,
	voucher: { version: number; status: VoucherStatus; url: string; reportingMinutes?: number; logoPng?: Uint8Array | null },
): Promise<Uint8Array> {
	const qrPng = await QRCode.toBuffer(voucher.url, { type: 'png', margin: 1, width: 240 })
	const first = await render(snapshot, voucher, qrPng, scales[0]!)
	const pages = first.doc.getPageCount()
	if (pages === 1 || first.lastPageFill >= nearlyEmpty) return first.doc.save()
	// The last page is nearly empty: the first smaller size that saves a page wins; otherwise keep the normal size.
	for (const scale of scales.slice(1)) {
		const smaller = await render(snapshot, voucher, qrPng, scale)
		if (smaller.doc.getPageCount() < pages) return smaller.doc.save()
	}
	return first.doc.save()
}

async function render(
	snapshot: VoucherSnapshot,
	voucher: { version: number; status: VoucherStatus; url: string; reportingMinutes?: number; logoPng?: Uint8Array | null },
	qrPng: Buffer,
	scale: number,
) {
	const doc = await PDFDocument.create()
	doc.setTitle(`Voucher ${snapshot.reference}`)
	doc.setAuthor(snapshot.company.name)
	doc.setSubject(snapshot.title)
	const fonts = await pdfFonts(doc, `${JSON.stringify(snapshot)}${voucher.url}₹·×–`)
	const qr = await doc.embedPng(qrPng)

	let page: PDFPage = doc.addPage([A4.width, A4.height])
	let y = A4.height - margin
	const width = A4.width - margin * 2

	const newPage = () => {
		page = doc.addPage([A4.width, A4.height])
		y = A4.height - margin
	}
	const write = (text: string, options: { size?: number; bold?: boolean; color?: Colour; indent?: number; gap?: number; maxWidth?: number } = {}) => {
		const size = (options.size ?? 10) * scale
		const font = options.bold ? fonts.bold : fonts.regular
		for (const line of wrapText(text, font, size, options.maxWidth ?? width - (options.indent ?? 0))) {
			if (y - size < margin) newPage()
			font.draw(page, line, { x: margin + (options.indent ?? 0), y: y - size, size, color: rgb(...(options.color ?? ink)) })
			y -= size * 1.4
		}
		y -= (options.gap ?? 0) * scale
	}
	const heading = (text: string) => {
		if (y - 40 * scale < margin) newPage()
		y -= 8 * scale
		write(text, { size: 13, bold: true, color: green })
		page.drawLine({ start: { x: margin, y: y + 2 }, end: { x: A4.width - margin, y: y + 2 }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) })
		y -= 4 * scale
	}

	page.drawImage(qr, { x: A4.width - margin - 96, y: A4.height - margin - 96, width: 96, height: 96 })
	const headWidth = width - 110
	// An agency's logo (docs/decisions/232), at most 48 pt high and 160 pt wide, above its name.
	if (voucher.logoPng) {
		const logo = await doc.embedPng(voucher.logoPng)
		const fit = logo.scaleToFit(160, 48)
		page.drawImage(logo, { x: margin, y: y - fit.height, width: fit.width, height: fit.height })
		y -= fit.height + 8
	}
	write(`${snapshot.company.name} · travel voucher`, { size: 10, bold: true, color: green, maxWidth: headWidth })
	write(snapshot.title, { size: 18, bold: true, maxWidth: headWidth, gap: 2 })
	write(`Booking ${snapshot.reference} · version ${voucher.version}`, { size: 11, bold: true, maxWidth: headWidth })
	write(`${formatTravelDate(snapshot.startDate)} to ${formatTravelDate(snapshot.endDate)} · ${plural(snapshot.nights, 'night')} · ${snapshot.party}`, {
		maxWidth: headWidth,
	})
	write(`Lead traveller: ${snapshot.contact.name}, ${snapshot.contact.phone}`, { maxWidth: headWidth })
	write(roundTheClockLine(snapshot.company), { bold: true, maxWidth: headWidth })
	write(voucher.url, { size: 8, color: grey, maxWidth: headWidth })
	y = Math.min(y, A4.height - margin - 104)
	if (voucher.status !== 'issued')
		write(voucher.status === 'revoked' ? 'THIS VOUCHER HAS BEEN REVOKED AND IS NOT VALID.' : 'THIS VOUCHER WAS REPLACED BY A NEWER VERSION AND IS NOT VALID.', {
			size: 12,
			bold: true,
			color: red,
			gap: 4,
		})

	heading('Travellers')
	for (const t of snapshot.travellers) write(`${t.name}, ${t.age}, ${t.nationality} · ID ${t.id}`)
	if (snapshot.days.length) {
		heading('Day by day')
		for (const day of snapshot.days) {
			write(`Day ${day.day}, ${formatTravelDate(day.date)} · ${day.island}: ${day.title}`, { bold: true })
			write(day.description, { size: 9, indent: 10, gap: 2 })
		}
	}
	// The same lines as the page (voucherServiceSections): hotels, ferries, the operators' sections, activities and pickups.
	for (const section of voucherServiceSections(snapshot, { reportingMinutes: voucher.reportingMinutes ?? defaultReportingMinutes })) {
		heading(section.title)
		for (const item of section.items) {
			write(item.heading, { bold: true })
			for (const line of item.lines) write(line, { indent: 10 })
			if (item.reference) write(`${item.reference.label} ${item.reference.value}`, { indent: 10, bold: true })
			else if (item.status) write(item.status, { indent: 10 })
			y -= 2 * scale
		}
		if (section.note) write(section.note, { size: 9, color: grey, gap: 2 })
	}
	if (snapshot.inclusions.length) {
		heading('Included')
		for (const item of snapshot.inclusions) write(`• ${item}`, { size: 9 })
	}
	// An agency's client pays the agency: no price of ours on its voucher (docs/decisions/225).
	if (!snapshot.agency) {
		heading('Payment')
		write(
			`Total ${formatINR(snapshot.payment.total)} · paid ${formatINR(snapshot.payment.paid)} · ${snapshot.payment.balance > 0 ? `balance ${formatINR(snapshot.payment.balance)} due by ${formatTravelDate(snapshot.payment.balanceDueDate)}` : 'paid in full'}`,
		)
	}
	heading('Emergency and support')
	for (const entry of snapshot.emergency) write(`${entry.label}: ${entry.number}`)
	heading(snapshot.company.name)
	write(snapshot.company.address)
	write(`Phone ${snapshot.company.phone} · WhatsApp ${formatPhone(snapshot.company.whatsapp)} · ${snapshot.company.email}`)
	if (snapshot.agency?.ours) write(`In partnership with ${snapshot.agency.ours}`)
	return { doc, lastPageFill: (A4.height - margin - y) / (A4.height - margin * 2) }
}
