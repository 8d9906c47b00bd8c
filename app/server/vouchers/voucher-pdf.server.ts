import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import QRCode from 'qrcode'
import type { VoucherSnapshot, VoucherStatus } from '~/domain/voucher/voucher.ts'
import { defaultReportingMinutes, jettyReportingLine } from '~/domain/travel-facts/facts.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'

/** The standard PDF fonts speak WinAnsi only: ₹, arrows and curly quotes are spelled out. */
export function pdfText(text: string): string {
	return text
		.replace(/₹/g, 'Rs ')
		.replace(/→/g, '->')
		.replace(/[•·]/g, '-')
		.replace(/×/g, 'x')
		.replace(/[‘’]/g, "'")
		.replace(/[“”]/g, '"')
		.replace(/[–—]/g, '-')
		.replace(/…/g, '...')
		.replace(/[\u00A0\u202F]/g, ' ')
		.replace(/[^\x20-\x7E\n]/g, '')
}

const A4 = { width: 595.28, height: 841.89 }
const margin = 42

/** A real PDF of the voucher (A4, text and the QR code), made on the server with pdf-lib. */
export async function voucherPdf(snapshot: VoucherSnapshot, voucher: { version: number; status: VoucherStatus; url: string; reportingMinutes?: number }): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	doc.setTitle(`Voucher ${snapshot.reference}`)
	doc.setAuthor(snapshot.company.name)
	doc.setSubject(snapshot.title)
	const regular = await doc.embedFont(StandardFonts.Helvetica)
	const bold = await doc.embedFont(StandardFonts.HelveticaBold)
	const qr = await doc.embedPng(await QRCode.toBuffer(voucher.url, { type: 'png', margin: 1, width: 240 }))

	let page: PDFPage = doc.addPage([A4.width, A4.height])
	let y = A4.height - margin
	const width = A4.width - margin * 2

	const newPage = () => {
		page = doc.addPage([A4.width, A4.height])
		y = A4.height - margin
	}
	const wrap = (text: string, font: PDFFont, size: number, maxWidth: number) => {
		const lines: string[] = []
		for (const paragraph of pdfText(text).split('\n')) {
			let line = ''
			for (const word of paragraph.split(/\s+/)) {
				const next = line ? `${line} ${word}` : word
				if (font.widthOfTextAtSize(next, size) > maxWidth && line) {
					lines.push(line)
					line = word
				} else line = next
			}
			lines.push(line)
		}
		return lines
	}
	const write = (text: string, options: { size?: number; font?: PDFFont; color?: [number, number, number]; indent?: number; gap?: number; maxWidth?: number } = {}) => {
		const size = options.size ?? 10
		const font = options.font ?? regular
		for (const line of wrap(text, font, size, options.maxWidth ?? width - (options.indent ?? 0))) {
			if (y - size < margin) newPage()
			page.drawText(line, { x: margin + (options.indent ?? 0), y: y - size, size, font, color: rgb(...(options.color ?? [0.06, 0.09, 0.16])) })
			y -= size * 1.35
		}
		y -= options.gap ?? 0
	}
	const heading = (text: string) => {
		if (y - 40 < margin) newPage()
		y -= 8
		write(text, { size: 13, font: bold, color: [0.02, 0.37, 0.27] })
		page.drawLine({ start: { x: margin, y: y + 2 }, end: { x: A4.width - margin, y: y + 2 }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) })
		y -= 4
	}

	page.drawImage(qr, { x: A4.width - margin - 96, y: A4.height - margin - 96, width: 96, height: 96 })
	const headWidth = width - 110
	write(`${snapshot.company.name} - travel voucher`, { size: 10, font: bold, color: [0.02, 0.37, 0.27], maxWidth: headWidth })
	write(snapshot.title, { size: 18, font: bold, maxWidth: headWidth, gap: 2 })
	write(`Booking ${snapshot.reference} - version ${voucher.version}`, { size: 11, font: bold, maxWidth: headWidth })
	write(`${formatTravelDate(snapshot.startDate)} to ${formatTravelDate(snapshot.endDate)} - ${snapshot.nights} nights - ${snapshot.party}`, { maxWidth: headWidth })
	write(`Lead traveller: ${snapshot.contact.name}, ${snapshot.contact.phone}`, { maxWidth: headWidth })
	write(voucher.url, { size: 8, color: [0.3, 0.3, 0.3], maxWidth: headWidth })
	y = Math.min(y, A4.height - margin - 104)
	if (voucher.status !== 'issued') write(voucher.status === 'revoked' ? 'THIS VOUCHER HAS BEEN REVOKED AND IS NOT VALID.' : 'THIS VOUCHER WAS REPLACED BY A NEWER VERSION AND IS NOT VALID.', { size: 12, font: bold, color: [0.73, 0.11, 0.11], gap: 4 })

	heading('Travellers')
	for (const t of snapshot.travellers) write(`${t.name}, ${t.age}, ${t.nationality} - ID ${t.id}`)
	if (snapshot.days.length) {
		heading('Day by day')
		for (const day of snapshot.days) {
			write(`Day ${day.day}, ${formatTravelDate(day.date)} - ${day.island}: ${day.title}`, { font: bold })
			write(day.description, { size: 9, indent: 10, gap: 2 })
		}
	}
	if (snapshot.hotels.length) {
		heading('Hotels')
		for (const hotel of snapshot.hotels) {
			write(hotel.name, { font: bold })
			write(`${hotel.island ? `${hotel.island} - ` : ''}Check-in ${hotel.checkIn ? formatTravelDate(hotel.checkIn) : 'to be confirmed'} - check-out ${hotel.checkOut ? formatTravelDate(hotel.checkOut) : 'to be confirmed'} - ${hotel.confirmation ? `Confirmation ${hotel.confirmation}` : hotel.status}`, { indent: 10, gap: 2 })
		}
	}
	if (snapshot.ferries.length) {
		heading('Ferries')
		for (const ferry of snapshot.ferries) {
			write(ferry.description, { font: bold })
			write(`${ferry.date ? formatTravelDate(ferry.date) : 'Date to be confirmed'}${ferry.time ? `, ${ferry.time}` : ''}${ferry.operator ? ` - ${ferry.operator}` : ''} - ${ferry.pnr ? `PNR ${ferry.pnr}` : ferry.status}`, { indent: 10, gap: 2 })
		}
		write(jettyReportingLine(voucher.reportingMinutes ?? defaultReportingMinutes), { gap: 2 })
	}
	for (const section of snapshot.sections) {
		heading(section.title)
		for (const item of section.items) {
			write(item.heading, { font: bold })
			for (const line of item.lines) write(line, { indent: 10 })
		}
	}
	if (snapshot.activities.length || snapshot.transfers.length) {
		heading('Activities and pickups')
		for (const a of snapshot.activities) {
			write(a.description, { font: bold })
			write(`${a.date ? formatTravelDate(a.date) : 'Date to be confirmed'}${a.time ? `, ${a.time}` : ''}${a.pickup ? ` - Pickup: ${a.pickup}` : ''}${a.confirmation ? ` - Confirmation ${a.confirmation}` : ''}`, { indent: 10, gap: 2 })
		}
		for (const t of snapshot.transfers) write(`${t.description} - ${t.date ? formatTravelDate(t.date) : 'date to be confirmed'}${t.time ? `, ${t.time}` : ''}${t.notes ? ` - ${t.notes}` : ''}`)
	}
	if (snapshot.inclusions.length) {
		heading('Included')
		for (const item of snapshot.inclusions) write(`- ${item}`, { size: 9 })
	}
	heading('Payment')
	write(`Total ${formatINR(snapshot.payment.total)} - paid ${formatINR(snapshot.payment.paid)} - ${snapshot.payment.balance > 0 ? `balance ${formatINR(snapshot.payment.balance)} due by ${formatTravelDate(snapshot.payment.balanceDueDate)}` : 'paid in full'}`)
	heading('Emergency and support')
	for (const entry of snapshot.emergency) write(`${entry.label}: ${entry.number}`)
	heading(snapshot.company.name)
	write(snapshot.company.address)
	write(`Phone ${snapshot.company.phone} - WhatsApp ${snapshot.company.whatsapp} - ${snapshot.company.email}`)
	return doc.save()
}
