import { PDFDocument, rgb } from 'pdf-lib'
import { clientQuoteFilename, clientQuoteStanding } from '~/features/agents/domain/agent-quote.ts'
import type { getClientQuote } from '~/features/agents/server/agent-quotes.server.ts'
import { photoAsPng } from '~/features/media/server/media.server.ts'
import { mediaStore } from '~/features/media/server/store.server.ts'
import { addDays, formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { plural } from '~/lib/words.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { pdfFonts, wrapText } from '~/server/pdf/fonts.server.ts'
import { A4, type Colour, green, grey, ink, pageMargin as margin } from '~/server/pdf/page.ts'
import { pdfFileResponse } from '~/server/pdf/response.server.ts'

type ClientQuote = Awaited<ReturnType<typeof getClientQuote>>

/**
 * The client's quote as a one-page A4 PDF (docs/decisions/230): what the quote page shows and nothing more, under
 * the agency's brand (its logo as PNG, as on its vouchers), the client's price only (never the agency's net, its
 * markup, our sell price or our cost), and our name only when the agency chose to show it.
 */
export async function clientQuotePdf(quote: ClientQuote, logoPng: Uint8Array | null, url: string): Promise<Uint8Array> {
	const { brand } = quote
	const contact = [brand.address, brand.phone, brand.email].filter(Boolean).join(' · ')
	const lines = {
		trip: `${plural(quote.nights, 'night')} from ${formatTravelDate(quote.startDate)} to ${formatTravelDate(addDays(quote.startDate, quote.nights))} · ${plural(quote.adults, 'adult')}`,
		standing: clientQuoteStanding(quote),
	}
	const doc = await PDFDocument.create()
	doc.setTitle(`Quote: ${quote.title}`)
	doc.setAuthor(brand.name)
	doc.setSubject(`Quote for ${quote.clientName}`)
	const fonts = await pdfFonts(doc, `${JSON.stringify({ quote, lines })}${url}₹·–`)
	const page = doc.addPage([A4.width, A4.height])
	const width = A4.width - margin * 2
	let y = A4.height - margin
	const write = (text: string, options: { size?: number; bold?: boolean; color?: Colour; gap?: number } = {}) => {
		const size = options.size ?? 11
		const font = options.bold ? fonts.bold : fonts.regular
		for (const line of wrapText(text, font, size, width)) {
			font.draw(page, line, { x: margin, y: y - size, size, color: rgb(...(options.color ?? ink)) })
			y -= size * 1.4
		}
		y -= options.gap ?? 0
	}
	if (logoPng) {
		const logo = await doc.embedPng(logoPng)
		const fit = logo.scaleToFit(160, 48)
		page.drawImage(logo, { x: margin, y: y - fit.height, width: fit.width, height: fit.height })
		y -= fit.height + 8
	}
	write(brand.name, { size: 14, bold: true, color: green })
	if (contact) write(contact, { size: 9, color: grey })
	if (brand.ours) write(`In partnership with ${brand.ours}`, { size: 9, color: grey })
	y -= 16
	write(`Quote for ${quote.clientName}`, { size: 11, bold: true })
	write(quote.title, { size: 20, bold: true, gap: 4 })
	write(lines.trip, { gap: 14 })
	write('Price', { size: 13, bold: true, color: green })
	write(formatINR(quote.price), { size: 22, bold: true })
	write(`For the whole trip, as quoted by ${brand.name}.`, { size: 10, gap: 14 })
	write(lines.standing, { bold: true, gap: 14 })
	write(`See or accept this quote online: ${url}`, { size: 8, color: grey })
	return doc.save()
}

/** The PDF as the answer to /client-quote/{id}/pdf: the agency's logo embedded when it has one (a logo gone from the store leaves the name). */
export async function clientQuotePdfResponse(db: Executor, quote: ClientQuote, url: string): Promise<Response> {
	const logoPng = quote.brand.logoMediaId ? await photoAsPng(db, mediaStore(), quote.brand.logoMediaId).catch(() => null) : null
	return pdfFileResponse(await clientQuotePdf(quote, logoPng, url), clientQuoteFilename(quote), 'inline')
}
