import { expect, test } from 'vitest'
import { extractMediaType, isValidBoundary, parseMediaType, serializeMediaType } from './media-type.ts'

test('a type, its parameters lower-cased by name, the first of a repeated name kept', () => {
	const type = parseMediaType(' Multipart/Form-Data ; xboundary=decoy; BOUNDARY="a\\"b"; boundary=second ')
	expect(type?.essence).toBe('multipart/form-data')
	expect(Object.fromEntries(type!.parameters)).toEqual({ xboundary: 'decoy', boundary: 'a"b' })
})

test('not a type: no slash, an empty or non-token part', () => {
	for (const value of ['', 'text', '/plain', 'text/', 'te xt/plain', 'text/pl ain']) expect(parseMediaType(value), value).toBeNull()
})

test('a header with several values: the last valid one counts, */* and junk are skipped, the charset carries over', () => {
	expect(extractMediaType('text/plain, multipart/form-data; boundary=x')?.essence).toBe('multipart/form-data')
	expect(extractMediaType('application/x-www-form-urlencoded, */*, nonsense')?.essence).toBe('application/x-www-form-urlencoded')
	expect(extractMediaType('text/plain; a="x, y", text/html')?.essence).toBe('text/html')
	expect(extractMediaType('text/plain; a="x, application/json"')?.essence).toBe('text/plain')
	expect(extractMediaType('text/html;charset=utf-8, text/html')?.parameters.get('charset')).toBe('utf-8')
	expect(extractMediaType(null)).toBeNull()
	expect(extractMediaType('nonsense')).toBeNull()
})

test('serialising and parsing again gives the same type', () => {
	for (const value of ['multipart/form-data; boundary="a b:c"', 'text/plain;charset=utf-8', 'multipart/form-data; boundary="q\\"uote"']) {
		const type = parseMediaType(value)!
		expect(parseMediaType(serializeMediaType(type))).toEqual(type)
	}
})

test('a multipart boundary: 1 to 70 allowed characters, not ending in a space', () => {
	expect(isValidBoundary('----WebKitFormBoundary7MA4YWxkTrZu0gW')).toBe(true)
	expect(isValidBoundary('b'.repeat(70))).toBe(true)
	for (const value of ['', 'b'.repeat(71), 'ends in space ', 'quote"', 'semi;colon']) expect(isValidBoundary(value), value).toBe(false)
})
