/**
 * Fonts for PDFs made on the server (vouchers now, tax invoices next): Noto Sans from the
 * npm registry (@fontsource), embedded as subsets, so ₹ and names in Indian scripts print as
 * typed (docs/decisions/083-pdf-fonts.md). Text is split into runs, each drawn with the first
 * face that has its characters: Latin, Latin extended (₹), then Devanagari, Bengali, Gujarati,
 * Gurmukhi, Odia, Tamil, Telugu, Kannada and Malayalam. Only the faces a document uses are
 * embedded. A run the shaper still cannot lay out is spelled in Latin letters (transliterate.ts):
 * a name never makes a PDF fail.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
// fontkit's Indic shaper is compiled with regenerator and expects its runtime as a global.
import 'regenerator-runtime/runtime.js'
import fontkit from '@pdf-lib/fontkit'
import { type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib'
import { hasIndicScript, transliterate } from './transliterate.ts'

const require = createRequire(import.meta.url)

/** Package and file-name stem of each face, in the order a character looks for its glyph. */
const faces = [
	['noto-sans', 'noto-sans-latin'],
	['noto-sans', 'noto-sans-latin-ext'],
	['noto-sans-devanagari', 'noto-sans-devanagari-devanagari'],
	['noto-sans-bengali', 'noto-sans-bengali-bengali'],
	['noto-sans-gujarati', 'noto-sans-gujarati-gujarati'],
	['noto-sans-gurmukhi', 'noto-sans-gurmukhi-gurmukhi'],
	['noto-sans-oriya', 'noto-sans-oriya-oriya'],
	['noto-sans-tamil', 'noto-sans-tamil-tamil'],
	['noto-sans-telugu', 'noto-sans-telugu-telugu'],
	['noto-sans-kannada', 'noto-sans-kannada-kannada'],
	['noto-sans-malayalam', 'noto-sans-malayalam-malayalam'],
] as const

export type Weight = 400 | 700

type Face = { bytes: Uint8Array; hasGlyph: (codePoint: number) => boolean }
const loaded = new Map<string, Face>()

/** Reads and parses a face once per process. */
function face(index: number, weight: Weight): Face {
	const [pkg, stem] = faces[index]!
	const key = `${stem}-${weight}`
	let found = loaded.get(key)
	if (!found) {
		const bytes = fs.readFileSync(require.resolve(`@fontsource/${pkg}/files/${stem}-${weight}-normal.woff`))
		const font = fontkit.create(bytes)
		skipNullAnchors(font)
		found = { bytes, hasGlyph: (codePoint) => font.hasGlyphForCodePoint(codePoint) }
		loaded.set(key, found)
	}
	return found
}

/**
 * The OpenType format lets a mark table leave a base's anchor for a mark class empty ("this mark
 * does not attach here"); Noto Sans Gurmukhi and Telugu do. fontkit 1.1 (the one pdf-lib uses) reads
 * the empty anchor and throws, so every PDF with such a name failed. Skip the attachment instead, as
 * HarfBuzz does (the fix proposed upstream, fontkit issue 367). Patched once, on the class every
 * font's positioning shares.
 */
let nullAnchorsSkipped = false
function skipNullAnchors(font: ReturnType<typeof fontkit.create>) {
	if (nullAnchorsSkipped) return
	const processor = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: object | null } } })._layoutEngine?.engine?.GPOSProcessor
	if (!processor) return
	type Anchoring = { applyAnchor: (markRecord: { markAnchor?: unknown } | null, baseAnchor: unknown, baseGlyphIndex: number) => void }
	const prototype = Object.getPrototypeOf(processor) as Anchoring
	const applyAnchor = prototype.applyAnchor
	prototype.applyAnchor = function (this: Anchoring, markRecord, baseAnchor, baseGlyphIndex) {
		if (!baseAnchor || !markRecord?.markAnchor) return
		applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex)
	}
	nullAnchorsSkipped = true
}

/** Characters no face has, spelled with ones they do have. */
const fallbacks: Record<string, string> = { '→': '->', '←': '<-', '✓': 'v', '…': '...', '\u202F': ' ', '\u00A0': ' ' }

/** Zero-width joiners, variation selectors and combining marks stay with the run before them. */
const joins = /[\u200C\u200D\uFE00-\uFE0F\p{M}]/u

export type PdfText = {
	/** Width of the text in points at this size. */
	width(text: string, size: number): number
	/** Draws the text with its left edge at x and baseline at y. */
	draw(page: PDFPage, text: string, options: { x: number; y: number; size: number; color: RGB }): void
}

type Run = { font: PDFFont; text: string }

/**
 * The regular and bold text of a document. `sample` is all the text the document will draw:
 * the faces its characters need are embedded (subset) before drawing starts.
 */
export async function pdfFonts(doc: PDFDocument, sample: string): Promise<Record<'regular' | 'bold', PdfText>> {
	doc.registerFontkit(fontkit)
	const needed = new Set<number>([0])
	for (const char of new Set(sample)) {
		const codePoint = char.codePointAt(0)!
		const index = faces.findIndex((_, i) => face(i, 400).hasGlyph(codePoint))
		if (index >= 0) needed.add(index)
	}
	const make = async (weight: Weight): Promise<PdfText> => {
		const embedded = new Map<number, PDFFont>()
		for (const index of needed) embedded.set(index, await doc.embedFont(face(index, weight).bytes, { subset: true }))
		const order = [...embedded.keys()].sort((a, b) => a - b)
		const fontFor = (codePoint: number) => {
			const index = order.find((i) => face(i, weight).hasGlyph(codePoint))
			return index === undefined ? null : embedded.get(index)!
		}
		const runs = (text: string): Run[] => {
			const result: Run[] = []
			for (const char of text) {
				const last = result.at(-1)
				const codePoint = char.codePointAt(0)!
				if (last && joins.test(char)) {
					last.text += char
					continue
				}
				// Keep a run going while its font has the character (spaces inside a Tamil name stay Tamil).
				const font =
					last &&
					face(
						order.find((i) => embedded.get(i) === last.font)!,
						weight,
					).hasGlyph(codePoint)
						? last.font
						: fontFor(codePoint)
				const spelled = font ? char : (fallbacks[char] ?? '?')
				const target = font ?? embedded.get(0)!
				if (last?.font === target) last.text += spelled
				else result.push({ font: target, text: spelled })
			}
			return result.map(shapeable)
		}
		/** A run its face cannot lay out (a shaping failure) is spelled in Latin letters instead. */
		const shapeable = (run: Run): Run => {
			if (run.font === embedded.get(0) || !hasIndicScript(run.text)) return run
			try {
				run.font.widthOfTextAtSize(run.text, 10)
				return run
			} catch {
				return { font: embedded.get(0)!, text: transliterate(run.text) }
			}
		}
		return {
			width: (text, size) => runs(text).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0),
			draw: (page, text, { x, y, size, color }) => {
				let left = x
				for (const run of runs(text)) {
					page.drawText(run.text, { x: left, y, size, font: run.font, color })
					left += run.font.widthOfTextAtSize(run.text, size)
				}
			},
		}
	}
	return { regular: await make(400), bold: await make(700) }
}

/** Splits text into lines that fit `maxWidth` at `size`, word by word; a newline starts a new paragraph. */
export function wrapText(text: string, font: PdfText, size: number, maxWidth: number): string[] {
	const lines: string[] = []
	for (const paragraph of text.split('\n')) {
		let line = ''
		for (const word of paragraph.split(/\s+/)) {
			const next = line ? `${line} ${word}` : word
			if (font.width(next, size) > maxWidth && line) {
				lines.push(line)
				line = word
			} else line = next
		}
		lines.push(line)
	}
	return lines
}
