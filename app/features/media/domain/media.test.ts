import { describe, expect, test } from 'vitest'
import { checkPhotoBytes, checkPhotoSize, focalPointFromClick, objectPosition, photoDetailsSchema, reorder, storedSize, subjectSchema } from './media.ts'

const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])
const pdf = new TextEncoder().encode('%PDF-1.4 hello')

describe('photo bytes', () => {
	test('accepts JPEG by its first bytes whatever the name', () => {
		expect(checkPhotoBytes(jpeg)).toEqual({ ok: true })
	})
	test('refuses empty, oversized, PDF and text', () => {
		expect(checkPhotoBytes(new Uint8Array())).toMatchObject({ ok: false, error: expect.stringContaining('empty') })
		const big = new Uint8Array(5 * 1024 * 1024 + 1)
		big.set(jpeg)
		expect(checkPhotoBytes(big)).toMatchObject({ ok: false, error: expect.stringContaining('larger than 5 MB') })
		expect(checkPhotoBytes(pdf)).toMatchObject({ ok: false, error: expect.stringContaining('not a JPEG') })
		expect(checkPhotoBytes(new TextEncoder().encode('<svg onload=alert(1)>'))).toMatchObject({ ok: false })
	})
	test('refuses decompression bombs and narrow photos by their decoded size', () => {
		expect(checkPhotoSize(10_000, 10_000)).toContain('megapixels')
		expect(checkPhotoSize(400, 300)).toContain('only 400 pixels wide')
		expect(checkPhotoSize(4000, 3000)).toBeNull()
	})
	test('stored copies are at most 3072 pixels on their longest side', () => {
		expect(storedSize(6000, 4000)).toEqual({ width: 3072, height: 2048 })
		expect(storedSize(1600, 1200)).toEqual({ width: 1600, height: 1200 })
	})
})

describe('photo details', () => {
	test('alt text is required, trimmed and not a file name', () => {
		const ok = photoDetailsSchema.safeParse({ alt: '  Sunset over   Radhanagar Beach ', focalX: '30', focalY: '70' })
		expect(ok.success && ok.data).toEqual({ alt: 'Sunset over Radhanagar Beach', focalX: 30, focalY: 70 })
		for (const alt of ['', '   ', 'beach', 'IMG_2041.jpg', 'DSC 0042 beach', 'x'.repeat(251)]) {
			expect(photoDetailsSchema.safeParse({ alt, focalX: 50, focalY: 50 }).success).toBe(false)
		}
	})
	test('the focal point is a whole percentage', () => {
		for (const focalX of ['-1', '101', '12.5', 'left', '']) {
			const parsed = photoDetailsSchema.safeParse({ alt: 'Sunset over Radhanagar Beach', focalX, focalY: 50 })
			expect(parsed.success).toBe(false)
		}
	})
	test('a click becomes a percentage of the box, clamped', () => {
		expect(focalPointFromClick(100, 50, 400, 200)).toEqual({ x: 25, y: 25 })
		expect(focalPointFromClick(-5, 900, 400, 200)).toEqual({ x: 0, y: 100 })
		expect(focalPointFromClick(10, 10, 0, 0)).toEqual({ x: 50, y: 50 })
		expect(objectPosition({ x: 25, y: 80 })).toBe('25% 80%')
		expect(objectPosition(undefined)).toBeUndefined()
	})
})

describe('subjects and order', () => {
	test('a subject is a kind and a key from the list', () => {
		expect(subjectSchema.parse('island:havelock')).toEqual({ kind: 'island', key: 'havelock' })
		expect(subjectSchema.parse('package:AbCdEfGhIjKlMnOpQrSt')).toEqual({ kind: 'package', key: 'AbCdEfGhIjKlMnOpQrSt' })
		for (const value of ['', 'island', 'user:abc', 'island:../etc', `package:${'a'.repeat(61)}`]) expect(subjectSchema.safeParse(value).success).toBe(false)
	})
	test('moves: up, down, cover; the ends stay put', () => {
		expect(reorder(['a', 'b', 'c'], 'c', 'cover')).toEqual(['c', 'a', 'b'])
		expect(reorder(['a', 'b', 'c'], 'b', 'up')).toEqual(['b', 'a', 'c'])
		expect(reorder(['a', 'b', 'c'], 'b', 'down')).toEqual(['a', 'c', 'b'])
		expect(reorder(['a', 'b', 'c'], 'a', 'up')).toEqual(['a', 'b', 'c'])
		expect(reorder(['a', 'b', 'c'], 'c', 'down')).toEqual(['a', 'b', 'c'])
		expect(reorder(['a', 'b'], 'z', 'cover')).toEqual(['a', 'b'])
	})
})
