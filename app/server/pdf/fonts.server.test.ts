import { execFileSync } from 'node:child_process'
import { PDFDocument, PDFFont, rgb } from 'pdf-lib'
import { afterEach, expect, test, vi } from 'vitest'
import { pdfFonts } from './fonts.server.ts'

const read = (bytes: Uint8Array) =>
	execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(bytes) })
		.toString('utf8')
		.replace(/\s+/g, ' ')
		.trim()

async function drawn(text: string): Promise<string> {
	const doc = await PDFDocument.create()
	const fonts = await pdfFonts(doc, text)
	fonts.bold.draw(doc.addPage(), text, { x: 40, y: 700, size: 12, color: rgb(0, 0, 0) })
	return read(await doc.save())
}

afterEach(() => {
	vi.restoreAllMocks()
})

test('a name the shaper cannot lay out is spelled in Latin letters, never an error', async () => {
	const width = PDFFont.prototype.widthOfTextAtSize
	vi.spyOn(PDFFont.prototype, 'widthOfTextAtSize').mockImplementation(function (this: PDFFont, text: string, size: number) {
		if (/[\u0A00-\u0A7F]/u.test(text)) throw new TypeError("Cannot read properties of null (reading 'xCoordinate')")
		return width.call(this, text, size)
	})
	expect(await drawn('Lead traveller: ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ, मीरा')).toBe('Lead traveller: Gurapreet Singh, मीरा')
})
