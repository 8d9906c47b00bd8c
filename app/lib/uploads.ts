/**
 * Ticket and scan uploads (docs/decisions/051-ticket-uploads.md): PDF, JPEG,
 * PNG or WebP, recognised by their first bytes (never by name or the
 * browser's claimed type), at most 5 MB, never empty.
 */
export const maxUploadBytes = 5 * 1024 * 1024

export const uploadTypes = {
	'application/pdf': 'pdf',
	'image/jpeg': 'jpg',
	'image/png': 'png',
	'image/webp': 'webp',
} as const
export type UploadMime = keyof typeof uploadTypes

/** The file's real type from its magic bytes, or null when it is none of the accepted ones. */
export function sniffUploadType(bytes: Uint8Array): UploadMime | null {
	const starts = (...sig: number[]) => sig.every((byte, i) => bytes[i] === byte)
	if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf' // %PDF-
	if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
	if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
	if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp' // RIFF....WEBP
	return null
}

export type UploadCheck = { ok: true; mime: UploadMime; extension: string } | { ok: false; error: string }

export function checkUpload(bytes: Uint8Array): UploadCheck {
	if (bytes.byteLength === 0) return { ok: false, error: 'The file is empty. Choose the ticket file again (a PDF or a photo).' }
	if (bytes.byteLength > maxUploadBytes) return { ok: false, error: 'The file is larger than 5 MB. Save the ticket as a smaller PDF or photo and upload that.' }
	const mime = sniffUploadType(bytes)
	if (!mime) return { ok: false, error: 'That file is not a PDF, JPEG, PNG or WebP image. Upload the ticket as a PDF or a photo.' }
	return { ok: true, mime, extension: uploadTypes[mime] }
}

/** A file name safe to show and to send in Content-Disposition. */
export function safeFileName(name: string, extension: string): string {
	const base =
		(name.split(/[\\/]/).pop() ?? '')
			.replace(/\.[^.]*$/, '')
			.replace(/[^A-Za-z0-9._ -]/g, '')
			.trim()
			.slice(0, 60) || 'ticket'
	return `${base}.${extension}`
}
