/**
 * Content types read the way the app's body parser reads them (the Fetch
 * standard's "extract a MIME type", which `Request.formData()` follows), so the
 * body limiter and the parser can never disagree about whether a body is a form
 * or where its multipart boundary is (docs/security.md, "Requests and bodies").
 * A regular expression cannot do this: `x-boundary=` ends in `boundary=`, a
 * header may hold several types separated by commas (the last valid one wins),
 * parameters may be quoted with escapes, and the first of two `boundary`
 * parameters is the one that counts.
 */

export type MediaType = { essence: string; parameters: Map<string, string> }

const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const quotedStringCharacters = /^[\t\u0020-\u007e\u0080-\u00ff]*$/
const httpWhitespace = /^[\t\n\r ]+|[\t\n\r ]+$/g

/** Reads a quoted string starting at `input[start] === '"'`: its value (escapes removed) and the index after it. */
function quotedString(input: string, start: number): { value: string; end: number } {
	let value = ''
	let position = start + 1
	while (position < input.length) {
		const char = input[position]!
		if (char === '"') return { value, end: position + 1 }
		if (char === '\\') {
			position++
			if (position >= input.length) return { value: `${value}\\`, end: position }
			value += input[position]
		} else {
			value += char
		}
		position++
	}
	return { value, end: position }
}

/** One MIME type ("parse a MIME type"), or null when it is not one. */
export function parseMediaType(input: string): MediaType | null {
	const text = input.replace(httpWhitespace, '')
	const slash = text.indexOf('/')
	if (slash === -1) return null
	const type = text.slice(0, slash)
	let position = text.indexOf(';', slash)
	if (position === -1) position = text.length
	const subtype = text.slice(slash + 1, position).replace(httpWhitespace, '')
	if (!token.test(type) || !token.test(subtype)) return null
	const parameters = new Map<string, string>()
	while (position < text.length) {
		position++
		while (position < text.length && /[\t\n\r ]/.test(text[position]!)) position++
		let nameEnd = position
		while (nameEnd < text.length && text[nameEnd] !== ';' && text[nameEnd] !== '=') nameEnd++
		const name = text.slice(position, nameEnd).toLowerCase()
		position = nameEnd
		if (position < text.length && text[position] === ';') continue
		position++
		if (position >= text.length) break
		let value: string
		if (text[position] === '"') {
			const quoted = quotedString(text, position)
			value = quoted.value
			position = text.indexOf(';', quoted.end)
			if (position === -1) position = text.length
		} else {
			let valueEnd = text.indexOf(';', position)
			if (valueEnd === -1) valueEnd = text.length
			value = text.slice(position, valueEnd).replace(/[\t\n\r ]+$/, '')
			position = valueEnd
			if (value === '') continue
		}
		if (name !== '' && token.test(name) && quotedStringCharacters.test(value) && !parameters.has(name)) parameters.set(name, value)
	}
	return { essence: `${type}/${subtype}`.toLowerCase(), parameters }
}

/** Splits a header value on commas outside quoted strings ("getting, decoding, and splitting"). */
function splitHeaderValue(value: string): string[] {
	const values: string[] = []
	let current = ''
	let position = 0
	while (position < value.length) {
		const char = value[position]!
		if (char === '"') {
			const quoted = quotedString(value, position)
			current += value.slice(position, quoted.end)
			position = quoted.end
		} else if (char === ',') {
			values.push(current.replace(httpWhitespace, ''))
			current = ''
			position++
		} else {
			current += char
			position++
		}
	}
	values.push(current.replace(httpWhitespace, ''))
	return values
}

/**
 * The MIME type of a Content-Type header value ("extract a MIME type"): several
 * values (duplicate headers, joined with commas) leave the last valid one, and
 * a charset carries over between values of the same essence.
 */
export function extractMediaType(header: string | null | undefined): MediaType | null {
	if (header === null || header === undefined) return null
	let charset: string | null = null
	let essence: string | null = null
	let result: MediaType | null = null
	for (const value of splitHeaderValue(header)) {
		const parsed = parseMediaType(value)
		if (!parsed || parsed.essence === '*/*') continue
		result = parsed
		if (parsed.essence !== essence) {
			charset = parsed.parameters.get('charset') ?? null
			essence = parsed.essence
		} else if (!parsed.parameters.has('charset') && charset !== null) {
			parsed.parameters.set('charset', charset)
		}
	}
	return result
}

/** A MIME type as one header value ("serialize a MIME type"); parsing it again gives the same type. */
export function serializeMediaType({ essence, parameters }: MediaType): string {
	let text = essence
	for (const [name, value] of parameters) {
		const plain = value !== '' && token.test(value)
		text += `;${name}=${plain ? value : `"${value.replace(/["\\]/g, '\\$&')}"`}`
	}
	return text
}

/** A multipart boundary as RFC 2046 allows it: 1–70 of its characters, not ending in a space. */
export function isValidBoundary(boundary: string): boolean {
	return /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary)
}
