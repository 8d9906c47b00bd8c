import fs from 'node:fs'
import { Readable } from 'node:stream'

/**
 * A file as a streamed Response body. Node's own adapter (`Readable.toWeb`) keeps listening for the
 * file stream's error when the body is cancelled, as it is when a visitor leaves mid-download.
 * `createReadableStreamFromReadable` from @react-router/node destroys the file stream with the
 * cancel reason and then stops listening, so that error went unhandled and ended the process.
 */
export function fileBody(file: string): ReadableStream<Uint8Array> {
	return Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>
}
