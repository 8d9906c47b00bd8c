/**
 * A response body read until `max` bytes and no further: a larger one is
 * refused without holding it all (remote images, OpenID Connect documents).
 */
export async function readAtMost(response: Response, max: number, errors: { tooLarge: () => Error; failed: (cause: unknown) => Error }): Promise<Buffer> {
	if (Number(response.headers.get('content-length') ?? 0) > max) {
		await response.body?.cancel().catch(() => {})
		throw errors.tooLarge()
	}
	if (!response.body) return Buffer.alloc(0)
	const reader = response.body.getReader()
	const chunks: Uint8Array[] = []
	let total = 0
	for (;;) {
		const { done, value } = await reader.read().catch((error: unknown) => {
			throw errors.failed(error)
		})
		if (done) break
		total += value.byteLength
		if (total > max) {
			await reader.cancel().catch(() => {})
			throw errors.tooLarge()
		}
		chunks.push(value)
	}
	return Buffer.concat(chunks)
}
