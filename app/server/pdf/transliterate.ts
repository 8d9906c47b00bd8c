/**
 * Indian scripts spelled in Latin letters, for a PDF that cannot shape a name in its own script
 * (docs/decisions/083-pdf-fonts.md): a readable name is better than a failed voucher. The nine
 * Brahmic blocks of Unicode (Devanagari to Malayalam) share one layout, 128 code points each, so
 * one table read by offset serves them all. A simple, name-friendly spelling (ee, oo, sh, ch), not
 * a scholarly one: a consonant carries its "a" unless a vowel sign or virama follows, and a
 * word's last "a" is dropped after a consonant that has no sign (Sharma, Gurpreet, not Gurpreeta).
 */

/** First code point of each block: Devanagari, Bengali, Gurmukhi, Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam. */
const blocks = [0x0900, 0x0980, 0x0a00, 0x0a80, 0x0b00, 0x0b80, 0x0c00, 0x0c80, 0x0d00]

const vowels: Record<number, string> = {
	0x05: 'a',
	0x06: 'aa',
	0x07: 'i',
	0x08: 'ee',
	0x09: 'u',
	0x0a: 'oo',
	0x0b: 'ri',
	0x0c: 'li',
	0x0d: 'e',
	0x0e: 'e',
	0x0f: 'e',
	0x10: 'ai',
	0x11: 'o',
	0x12: 'o',
	0x13: 'o',
	0x14: 'au',
	0x60: 'ri',
	0x61: 'li',
	0x72: 'i',
	0x73: 'u',
}
const signs: Record<number, string> = {
	0x3e: 'a',
	0x3f: 'i',
	0x40: 'ee',
	0x41: 'u',
	0x42: 'oo',
	0x43: 'ri',
	0x44: 'ri',
	0x45: 'e',
	0x46: 'e',
	0x47: 'e',
	0x48: 'ai',
	0x49: 'o',
	0x4a: 'o',
	0x4b: 'o',
	0x4c: 'au',
	0x57: 'au',
	0x62: 'li',
	0x63: 'li',
}
const consonants: Record<number, string> = {
	0x15: 'k',
	0x16: 'kh',
	0x17: 'g',
	0x18: 'gh',
	0x19: 'ng',
	0x1a: 'ch',
	0x1b: 'chh',
	0x1c: 'j',
	0x1d: 'jh',
	0x1e: 'ny',
	0x1f: 't',
	0x20: 'th',
	0x21: 'd',
	0x22: 'dh',
	0x23: 'n',
	0x24: 't',
	0x25: 'th',
	0x26: 'd',
	0x27: 'dh',
	0x28: 'n',
	0x29: 'n',
	0x2a: 'p',
	0x2b: 'ph',
	0x2c: 'b',
	0x2d: 'bh',
	0x2e: 'm',
	0x2f: 'y',
	0x30: 'r',
	0x31: 'r',
	0x32: 'l',
	0x33: 'l',
	0x34: 'zh',
	0x35: 'v',
	0x36: 'sh',
	0x37: 'sh',
	0x38: 's',
	0x39: 'h',
	0x58: 'q',
	0x59: 'kh',
	0x5a: 'gh',
	0x5b: 'z',
	0x5c: 'r',
	0x5d: 'rh',
	0x5e: 'f',
	0x5f: 'y',
	0x71: 'w',
}
/** Signs that end a syllable with a sound of their own: anusvara, candrabindu, visarga, Gurmukhi tippi; Malayalam chillus. */
const finals: Record<number, string> = { 0x01: 'n', 0x02: 'n', 0x03: 'h', 0x70: 'n', 0x7a: 'n', 0x7b: 'n', 0x7c: 'r', 0x7d: 'l', 0x7e: 'l', 0x7f: 'k' }
const virama = 0x4d
const addak = 0x71 // Gurmukhi: doubles the next consonant (in Odia and Bengali the same offset is a consonant)

function offsetOf(char: string): { block: number; offset: number } | null {
	const codePoint = char.codePointAt(0)!
	const block = blocks.find((start) => codePoint >= start && codePoint < start + 0x80)
	return block === undefined ? null : { block, offset: codePoint - block }
}

/** True when the text has a character of one of the nine scripts. */
export function hasIndicScript(text: string): boolean {
	for (const char of text) if (offsetOf(char)) return true
	return false
}

/** The text with every Indian-script word spelled in Latin letters; anything else is kept as it is. */
export function transliterate(text: string): string {
	let out = ''
	let inherent = false // the last letter was a consonant still carrying its "a"
	let double = false
	let word = false // inside a word being spelled from an Indian script
	const flush = (endOfWord: boolean) => {
		if (inherent && !endOfWord) out += 'a'
		inherent = false
	}
	for (const char of text) {
		const found = offsetOf(char)
		if (!found) {
			flush(word)
			word = false
			out += char
			continue
		}
		const { block, offset } = found
		const start = !word
		word = true
		let letters = ''
		if (offset === addak && block === 0x0a00) {
			flush(false)
			double = true
			continue
		}
		if (consonants[offset] !== undefined) {
			flush(false)
			letters = consonants[offset]
			if (double) letters = letters[0] + letters
			double = false
			inherent = true
		} else if (signs[offset] !== undefined) {
			inherent = false
			letters = signs[offset]
		} else if (offset === virama) {
			inherent = false
			continue
		} else if (finals[offset] !== undefined) {
			flush(false)
			letters = finals[offset]
		} else if (vowels[offset] !== undefined) {
			flush(false)
			letters = vowels[offset]
		} else if (offset >= 0x66 && offset <= 0x6f) {
			flush(false)
			letters = String(offset - 0x66)
		} else if (offset === 0x64 || offset === 0x65) {
			flush(false)
			letters = '.'
		} else continue // nukta, avagraha, accents and length marks add no letters
		out += start ? letters.charAt(0).toUpperCase() + letters.slice(1) : letters
	}
	flush(word)
	return out
}
