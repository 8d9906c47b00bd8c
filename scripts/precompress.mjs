// Writes .br and .gz next to every compressible client asset, so the server
// sends compressed bytes without compressing on each request.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const root = process.argv[2] ?? 'build/client'
const compressible = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|ico)$/
let count = 0
let saved = 0

/** @param {string} dir */
function walk(dir) {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) walk(full)
		else if (compressible.test(entry.name)) compress(full)
	}
}

/** @param {string} file */
function compress(file) {
	const source = fs.readFileSync(file)
	if (source.length < 1024) return
	const br = zlib.brotliCompressSync(source, {
		params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
	})
	const gz = zlib.gzipSync(source, { level: 9 })
	if (br.length < source.length * 0.9) fs.writeFileSync(`${file}.br`, br)
	if (gz.length < source.length * 0.9) fs.writeFileSync(`${file}.gz`, gz)
	count++
	saved += source.length - br.length
}

walk(root)
console.log(`precompressed ${count} files, brotli saves ${(saved / 1024).toFixed(0)} KiB`)
