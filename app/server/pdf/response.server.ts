/**
 * A PDF we made, as the answer to a request: never cached by a browser or a shared cache, never indexed
 * (a voucher or a quote sits at a secret address). `inline` opens in the browser's viewer; `attachment` saves.
 */
export function pdfFileResponse(bytes: Uint8Array, filename: string, disposition: 'inline' | 'attachment' = 'attachment'): Response {
	return new Response(Buffer.from(bytes), {
		headers: {
			'Content-Type': 'application/pdf',
			'Content-Disposition': `${disposition}; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '-')}"`,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex, nofollow',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}
