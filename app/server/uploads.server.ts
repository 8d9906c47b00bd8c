import fs from 'node:fs/promises'
import path from 'node:path'
import { checkUpload, maxUploadBytes } from '~/lib/uploads.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { env } from './env.server.ts'

/**
 * Staff file uploads (ticket PDFs and scans, docs/decisions/051-ticket-uploads.md).
 * The request body is read as a stream and cut off as soon as it passes the
 * limit, so an oversized upload never sits in memory or on disk; only then is
 * the (small) multipart body parsed. Files are checked by their magic bytes
 * and written under STORAGE_DIR/<folder>/ with a random name.
 */

/** Room for the other form fields and the multipart boundaries around the file. */
const multipartOverhead = 64 * 1024

export function storageDir(): string {
	return path.resolve(env().STORAGE_DIR)
}

const ticketTooLarge = 'The file is larger than 5 MB. Save the ticket as a smaller PDF or photo and upload that.'

/** Reads a multipart form with a size limit enforced while the body streams in; `tooLargeText` says what to do about a larger file. */
export async function readMultipartForm(request: Request, maxBytes = maxUploadBytes + multipartOverhead, tooLargeText = ticketTooLarge): Promise<FormData> {
	const tooLarge = () => new AppError('invalid-argument', tooLargeText, { fields: { file: tooLargeText } })
	const type = request.headers.get('Content-Type') ?? ''
	if (!type.startsWith('multipart/form-data')) return request.formData()
	const declared = Number(request.headers.get('Content-Length') ?? 0)
	if (declared > maxBytes) {
		// Cancelling lets the server drain the rest (server/body-limit.ts): an unread body would stall the browser mid-upload, never seeing the answer.
		await request.body?.cancel().catch(() => {})
		throw tooLarge()
	}
	const chunks: Uint8Array[] = []
	let received = 0
	if (request.body) {
		const reader = request.body.getReader()
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			received += value.byteLength
			if (received > maxBytes) {
				await reader.cancel()
				throw tooLarge()
			}
			chunks.push(value)
		}
	}
	const body = new Uint8Array(received)
	let offset = 0
	for (const chunk of chunks) {
		body.set(chunk, offset)
		offset += chunk.byteLength
	}
	try {
		return await new Response(body, { headers: { 'Content-Type': type } }).formData()
	} catch {
		throw new AppError('invalid-argument', 'The upload was cut short. Choose the file again and resend.')
	}
}

export type StoredFile = { file: string; mime: string; name: string }

/** Checks an uploaded file and stores it; throws a field error (nothing stored) when it is empty, too big or of the wrong type. */
export async function storeUpload(file: FormDataEntryValue | null, folder: string, root = storageDir()): Promise<StoredFile & { bytes: Uint8Array }> {
	if (!file || typeof file === 'string')
		throw new AppError('invalid-argument', 'Choose a file to upload (a PDF or a photo of the ticket).', {
			fields: { file: 'Choose a file to upload (a PDF or a photo of the ticket).' },
		})
	const bytes = new Uint8Array(await file.arrayBuffer())
	const check = checkUpload(bytes)
	if (!check.ok) throw new AppError('invalid-argument', check.error, { fields: { file: check.error } })
	const relative = `${folder}/${newId()}.${check.extension}`
	const target = path.join(root, relative)
	await fs.mkdir(path.dirname(target), { recursive: true })
	const temporary = `${target}.part`
	await fs.writeFile(temporary, bytes)
	await fs.rename(temporary, target)
	return { file: relative, mime: check.mime, name: file.name || `ticket.${check.extension}`, bytes }
}

/** Removes a stored file (after a failed database write, or when it is replaced). Missing files are fine. */
export async function removeStored(relative: string | null, root = storageDir()): Promise<void> {
	if (!relative) return
	await fs.rm(resolveStored(relative, root), { force: true })
}

/** The absolute path of a stored file; refuses anything that would leave the storage folder. */
export function resolveStored(relative: string, root = storageDir()): string {
	const target = path.resolve(root, relative)
	if (!target.startsWith(path.resolve(root) + path.sep)) throw new AppError('not-found', 'That file does not exist.')
	return target
}

export const uploadedFilePolicy = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"

/** A stored file as a download for staff: never cached by shared caches, never sniffed into HTML. */
export async function storedFileResponse(stored: StoredFile, root = storageDir()): Promise<Response> {
	let body: Buffer
	try {
		body = await fs.readFile(resolveStored(stored.file, root))
	} catch {
		throw new Response('The file is missing from storage. Upload it again.', { status: 404, statusText: 'Page Not Found' })
	}
	return new Response(new Uint8Array(body), {
		headers: {
			'Content-Type': stored.mime,
			'Content-Length': String(body.byteLength),
			// A PDF can carry scripts and links: it is downloaded, never opened in our origin; photos show inline.
			'Content-Disposition': `${stored.mime === 'application/pdf' ? 'attachment' : 'inline'}; filename="${stored.name.replace(/[^A-Za-z0-9._ -]/g, '') || 'ticket'}"`,
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
			// Whatever a browser makes of the file, it runs in a sandbox with no access to the site.
			'Content-Security-Policy': uploadedFilePolicy,
		},
	})
}
