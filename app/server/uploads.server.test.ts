import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { maxUploadBytes } from '~/lib/uploads.ts'
import { readMultipartForm, resolveStored, storedFileResponse, storeUpload } from './uploads.server.ts'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

async function multipart(file: Blob, name = 'ticket.pdf') {
	const form = new FormData()
	form.set('intent', 'upload')
	form.set('file', file, name)
	const request = new Request('http://localhost/upload', { method: 'POST', body: form })
	return { body: new Uint8Array(await request.arrayBuffer()), type: request.headers.get('Content-Type')! }
}

/** A request whose body arrives in chunks with no Content-Length, as a browser or proxy may send it. */
function streamed(body: Uint8Array, type: string) {
	let offset = 0
	const stream = new ReadableStream<Uint8Array>({
		pull(controller) {
			if (offset >= body.byteLength) return controller.close()
			controller.enqueue(body.subarray(offset, offset + 64 * 1024))
			offset += 64 * 1024
		},
	})
	return new Request('http://localhost/upload', { method: 'POST', body: stream, headers: { 'Content-Type': type }, duplex: 'half' } as RequestInit)
}

test('a small multipart form is parsed, fields and file intact', async () => {
	const { body, type } = await multipart(new Blob(['%PDF-1.4 hello']))
	const form = await readMultipartForm(streamed(body, type))
	expect(form.get('intent')).toBe('upload')
	const file = form.get('file') as File
	expect(file.name).toBe('ticket.pdf')
	expect(await file.text()).toBe('%PDF-1.4 hello')
})

test('an oversized upload is cut off while streaming, with or without a declared length', async () => {
	const big = new Uint8Array(maxUploadBytes + 200 * 1024)
	big.set(new TextEncoder().encode('%PDF-'))
	const { body, type } = await multipart(new Blob([big]))
	await expect(readMultipartForm(streamed(body, type))).rejects.toThrow(/larger than 5 MB/)
	const declared = new Request('http://localhost/upload', {
		method: 'POST',
		body,
		headers: { 'Content-Type': type, 'Content-Length': String(body.byteLength) },
	})
	await expect(readMultipartForm(declared)).rejects.toThrow(/larger than 5 MB/)
})

test('storing: wrong type and empty files are refused and nothing is written; paths stay inside the storage folder', async () => {
	await expect(storeUpload(new File([new Uint8Array()], 'a.pdf'), 'ferry-tickets', root)).rejects.toThrow(/empty/)
	await expect(storeUpload(new File(['GIF89a...'], 'a.png'), 'ferry-tickets', root)).rejects.toThrow(/not a PDF/)
	expect(fs.existsSync(path.join(root, 'ferry-tickets'))).toBe(false)
	const stored = await storeUpload(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1])], 'scan.jpg'), 'ferry-tickets', root)
	expect(stored).toMatchObject({ mime: 'image/jpeg', name: 'scan.jpg' })
	expect(stored.file).toMatch(/^ferry-tickets\/[A-Za-z0-9]{20}\.jpg$/)
	expect(fs.readdirSync(path.join(root, 'ferry-tickets'))).toHaveLength(1)
	expect(() => resolveStored('../../etc/passwd', root)).toThrow(/does not exist/)
})

test('a stored PDF is served as a download in a sandbox; a photo inline, also sandboxed', async () => {
	const pdf = await storeUpload(
		new File([new TextEncoder().encode('%PDF-1.4\n<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>')], 'ticket.pdf'),
		'ferry-tickets',
		root,
	)
	const pdfResponse = await storedFileResponse(pdf, root)
	expect(pdfResponse.headers.get('content-disposition')).toBe('attachment; filename="ticket.pdf"')
	expect(pdfResponse.headers.get('content-security-policy')).toMatch(/^sandbox;/)
	expect(pdfResponse.headers.get('x-content-type-options')).toBe('nosniff')
	const photo = await storeUpload(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1])], 'scan.jpg'), 'ferry-tickets', root)
	const photoResponse = await storedFileResponse(photo, root)
	expect(photoResponse.headers.get('content-disposition')).toMatch(/^inline;/)
	expect(photoResponse.headers.get('content-security-policy')).toMatch(/^sandbox;/)
})
