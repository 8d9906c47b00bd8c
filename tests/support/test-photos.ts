import sharp from 'sharp'

/** Test-only photos, made on the spot: no binary fixtures in the repository. */

/** A JPEG of one colour with a gradient, so it compresses like a photo. */
export async function photoFile(width: number, height: number, colour = '#3a86ff'): Promise<Uint8Array<ArrayBuffer>> {
	return sharp({ create: { width, height, channels: 3, background: colour } })
		.jpeg({ quality: 80 })
		.toBuffer()
		.then((buffer) => new Uint8Array(buffer))
}

/** A JPEG carrying EXIF with GPS coordinates, as a phone camera writes it. */
export async function photoWithGps(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
	return sharp({ create: { width, height, channels: 3, background: '#2a9d8f' } })
		.withExif({
			IFD0: { Make: 'PhoneMaker', Model: 'Camera 12' },
			IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '11/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '92/1 59/1 0/1' },
		})
		.jpeg({ quality: 80 })
		.toBuffer()
		.then((buffer) => new Uint8Array(buffer))
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
	let c = n
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
	return c >>> 0
})

function crc32(bytes: Uint8Array): number {
	let crc = 0xffffffff
	for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
	return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Buffer {
	const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
	const length = Buffer.alloc(4)
	length.writeUInt32BE(data.byteLength)
	const crc = Buffer.alloc(4)
	crc.writeUInt32BE(crc32(body))
	return Buffer.concat([length, body, crc])
}

/** A tiny PNG file whose header claims a huge canvas: a decompression bomb. */
export function hugePng(width: number, height: number): Uint8Array<ArrayBuffer> {
	const header = Buffer.alloc(13)
	header.writeUInt32BE(width, 0)
	header.writeUInt32BE(height, 4)
	header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
	return new Uint8Array(
		Buffer.concat([
			Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
			chunk('IHDR', header),
			chunk('IDAT', new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
			chunk('IEND', new Uint8Array()),
		]),
	)
}
