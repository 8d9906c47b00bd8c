import { expect, test } from 'vitest'
import { checkUpload, maxUploadBytes, safeFileName, sniffUploadType } from './uploads.ts'

const bytes = (...values: number[]) => new Uint8Array(values)

test('types are recognised by their first bytes', () => {
	expect(sniffUploadType(new TextEncoder().encode('%PDF-1.4\n'))).toBe('application/pdf')
	expect(sniffUploadType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg')
	expect(sniffUploadType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png')
	expect(sniffUploadType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp')
	expect(sniffUploadType(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull()
	expect(sniffUploadType(new TextEncoder().encode('<html>%PDF-'))).toBeNull()
})

test('empty, oversized and wrong-type files are refused with what to do', () => {
	expect(checkUpload(new Uint8Array())).toMatchObject({ ok: false, error: expect.stringMatching(/empty/) })
	const big = new Uint8Array(maxUploadBytes + 1)
	big.set(new TextEncoder().encode('%PDF-'))
	expect(checkUpload(big)).toMatchObject({ ok: false, error: expect.stringMatching(/5 MB/) })
	expect(checkUpload(new TextEncoder().encode('MZ\x90\x00 an exe renamed ticket.pdf'))).toMatchObject({ ok: false, error: expect.stringMatching(/not a PDF/) })
	expect(checkUpload(new TextEncoder().encode('%PDF-1.7'))).toEqual({ ok: true, mime: 'application/pdf', extension: 'pdf' })
})

test('file names are cleaned for display and download', () => {
	expect(safeFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf')
	expect(safeFileName('Makruzz "ticket".exe', 'png')).toBe('Makruzz ticket.png')
	expect(safeFileName('', 'jpg')).toBe('ticket.jpg')
})
