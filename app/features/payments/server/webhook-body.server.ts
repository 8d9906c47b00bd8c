/** The largest webhook body read (docs/security.md): Razorpay's events are a few kilobytes. */
export const maxWebhookBytes = 64 * 1024

/** The body as text, or null once it passes `maxBytes` (a declared length is checked before reading). */
export async function readCappedText(request: Request, maxBytes: number): Promise<string | null> {
	const declared = Number(request.headers.get('content-length') ?? 0)
	if (declared > maxBytes) return null
	if (!request.body) return ''
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		if (size > maxBytes) {
			await reader.cancel()
			return null
		}
		chunks.push(value)
	}
	return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks))
}
