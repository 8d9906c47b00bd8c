import type { IncomingMessage } from 'node:http'
import { extractMediaType, isValidBoundary, serializeMediaType } from './media-type.ts'

/**
 * The request body as a web stream, with every limit enforced while it
 * streams in (docs/security.md, "Requests and bodies"): total bytes, and for
 * form posts the number of fields and the size of each text field, counted
 * before any parser sees the body. A body over a limit errors the stream (the
 * app's parser fails at once) and the rest is read and thrown away, up to a
 * cap, so the client still receives the 413; past that cap the socket is
 * closed. A reader that cancels (the app stopped reading early) never makes
 * the stream write again.
 */

export type BodyLimits = {
	/** Every body, whatever its type. */
	maxBytes: number
	/** Fields of a urlencoded or multipart form. */
	maxFields: number
	/** One urlencoded field (name and value), or one multipart part that is not a file. */
	maxFieldBytes: number
	/** Bytes read and discarded after a refusal, so the answer reaches the client; then the socket is closed. */
	maxDrainBytes: number
}

export const defaultBodyLimits: BodyLimits = {
	maxBytes: 12 * 1024 * 1024,
	maxFields: 1000,
	maxFieldBytes: 64 * 1024,
	maxDrainBytes: 16 * 1024 * 1024,
}

/** A body our limiter refused: 413 for a limit, 400 for a form it cannot count (a missing or invalid boundary). */
export class PayloadTooLargeError extends Error {
	constructor(
		message = 'The request is too large.',
		readonly status: 400 | 413 = 413,
	) {
		super(message)
	}
}

/** Returns a refusal message once the body seen so far breaks a limit, else null. */
export type BodyInspector = (chunk: Uint8Array) => string | null

const ampersand = 0x26

/** Counts fields and field sizes of an application/x-www-form-urlencoded body, chunk by chunk. */
export function urlencodedInspector(limits: Pick<BodyLimits, 'maxFields' | 'maxFieldBytes'>): BodyInspector {
	let fields = 1
	let fieldBytes = 0
	return (chunk) => {
		let start = 0
		for (let index = chunk.indexOf(ampersand); index !== -1; index = chunk.indexOf(ampersand, start)) {
			fieldBytes += index - start
			if (fieldBytes > limits.maxFieldBytes) return fieldTooLarge(limits.maxFieldBytes)
			fields++
			if (fields > limits.maxFields) return tooManyFields(limits.maxFields)
			fieldBytes = 0
			start = index + 1
		}
		fieldBytes += chunk.length - start
		return fieldBytes > limits.maxFieldBytes ? fieldTooLarge(limits.maxFieldBytes) : null
	}
}

/** The largest header block of one multipart part we read before deciding whether it is a file. */
const maxPartHeaderBytes = 16 * 1024
const headerEnd = Buffer.from('\r\n\r\n')

/**
 * Counts the parts of a multipart/form-data body and the size of each part
 * that is not a file (no `filename=` in its headers). Files are bounded by the
 * total limit only (and by the upload's own limit in the app).
 */
export function multipartInspector(boundary: string, limits: Pick<BodyLimits, 'maxFields' | 'maxFieldBytes'>): BodyInspector {
	const delimiter = Buffer.from(`--${boundary}`)
	let carry: Buffer = Buffer.alloc(0)
	let parts = 0
	let partBytes = 0
	let header: Buffer | null = Buffer.alloc(0)
	let isFile = false

	function feedPart(segment: Buffer): string | null {
		partBytes += segment.length
		if (header !== null) {
			header = Buffer.concat([header, segment])
			const end = header.indexOf(headerEnd)
			if (end === -1) {
				if (header.length > maxPartHeaderBytes) return 'A part of the form has headers that are too long.'
				return null
			}
			isFile = /filename\*?=/i.test(header.subarray(0, end).toString('latin1'))
			header = null
		}
		if (!isFile && parts > 0 && partBytes > limits.maxFieldBytes) return fieldTooLarge(limits.maxFieldBytes)
		return null
	}

	return (chunk) => {
		const data = carry.length ? Buffer.concat([carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
		let start = 0
		for (let index = data.indexOf(delimiter); index !== -1; index = data.indexOf(delimiter, start)) {
			const problem = feedPart(data.subarray(start, index))
			if (problem) return problem
			parts++
			// The closing delimiter counts as one more than the fields.
			if (parts > limits.maxFields + 1) return tooManyFields(limits.maxFields)
			partBytes = 0
			header = Buffer.alloc(0)
			isFile = false
			start = index + delimiter.length
		}
		// Keep what could be the start of a delimiter split across chunks.
		const keep = Math.min(delimiter.length - 1, data.length - start)
		const problem = feedPart(data.subarray(start, data.length - keep))
		carry = Buffer.from(data.subarray(data.length - keep))
		return problem
	}
}

function tooManyFields(max: number) {
	return `The form has too many fields (at most ${max}).`
}

function fieldTooLarge(max: number) {
	return `A field of the form is too long (at most ${Math.round(max / 1024)} KB).`
}

/**
 * The inspector for a request's content type, read as the app's parser reads it
 * (server/media-type.ts): form posts are counted, anything else only by size. A
 * multipart form without a valid boundary is refused before any parser sees it.
 */
export function inspectorFor(contentType: string | null | undefined, limits: BodyLimits): BodyInspector | null {
	const type = extractMediaType(contentType)
	if (type?.essence === 'application/x-www-form-urlencoded') return urlencodedInspector(limits)
	if (type?.essence === 'multipart/form-data') {
		const boundary = type.parameters.get('boundary')
		if (boundary === undefined || !isValidBoundary(boundary)) return () => missingBoundary
		return multipartInspector(boundary, limits)
	}
	return null
}

const missingBoundary = 'The form is missing its multipart boundary, or the boundary is not valid.'

/**
 * Every Content-Type header of a request as one value, the way the app's
 * Request sees it (duplicates joined with commas); null without one. Node's
 * `req.headers` keeps only the first, which is not what the parser reads.
 */
export function contentTypeHeader(rawHeaders: readonly string[]): string | null {
	let value: string | null = null
	for (let i = 0; i < rawHeaders.length; i += 2) {
		if (rawHeaders[i]!.toLowerCase() !== 'content-type') continue
		value = value === null ? rawHeaders[i + 1]! : `${value}, ${rawHeaders[i + 1]!}`
	}
	return value
}

/**
 * The Content-Type the app is given: the one type the limiter inspected,
 * written out plainly, so the parser cannot read another; null (no header) when
 * the value holds no valid type.
 */
export function canonicalContentType(contentType: string | null): string | null {
	const type = extractMediaType(contentType)
	return type ? serializeMediaType(type) : null
}

/**
 * Requests whose body is being read and thrown away after their answer (a
 * refusal or a cancel). Shutdown closes them at once (closeLingering), and
 * none lingers longer than `lingerMs`.
 */
const lingering = new Set<IncomingMessage>()
export const lingerMs = 5_000

export function closeLingering() {
	for (const req of lingering) req.socket?.destroy()
	lingering.clear()
}

export type LimitedBody = {
	stream: ReadableStream<Uint8Array>
	/** Set when the body broke a limit: the answer must be a 413 with this message. */
	refusal(): PayloadTooLargeError | null
}

/**
 * Wraps a Node request's body. Backpressure: the socket is paused while the
 * app has not asked for more. After a refusal or a cancel, data is drained
 * (never enqueued) until `maxDrainBytes`, then the socket is destroyed.
 */
export function limitedBody(req: IncomingMessage, limits: BodyLimits, contentType = contentTypeHeader(req.rawHeaders)): LimitedBody {
	const inspect = inspectorFor(contentType, limits)
	let refused: PayloadTooLargeError | null = null
	let finished = false
	let received = 0
	let drained = 0
	let stopReading = () => {}

	const drain = (chunk: Buffer) => {
		drained += chunk.length
		if (drained > limits.maxDrainBytes) req.socket?.destroy()
	}
	const linger = () => {
		if (req.complete) return
		lingering.add(req)
		const timer = setTimeout(() => req.socket?.destroy(), lingerMs)
		timer.unref()
		const done = () => {
			clearTimeout(timer)
			lingering.delete(req)
		}
		req.once('end', done)
		req.once('close', done)
	}

	const stream = new ReadableStream<Uint8Array>(
		{
			start(controller) {
				const stop = () => {
					finished = true
					req.off('data', onData)
					req.on('data', drain)
					req.resume()
					linger()
				}
				const onData = (chunk: Buffer) => {
					if (finished) return
					received += chunk.length
					const problem =
						received > limits.maxBytes ? `The request is too large (at most ${Math.round(limits.maxBytes / (1024 * 1024))} MB).` : (inspect?.(chunk) ?? null)
					if (problem) {
						refused = new PayloadTooLargeError(problem, problem === missingBoundary ? 400 : 413)
						controller.error(refused)
						stop()
						return
					}
					controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
					if ((controller.desiredSize ?? 1) <= 0) req.pause()
				}
				req.on('data', onData)
				req.on('end', () => {
					if (finished) return
					finished = true
					controller.close()
				})
				req.on('error', (error) => {
					if (finished) return
					finished = true
					controller.error(error)
				})
				// Exposed for cancel(), which has no access to this closure otherwise.
				stopReading = stop
			},
			pull() {
				if (!finished) req.resume()
			},
			cancel() {
				if (!finished) stopReading()
			},
		},
		{ highWaterMark: 4 },
	)
	return { stream, refusal: () => refused }
}
