// @ts-check
// Runs the production build: `npm start` (serve), `npm run seed`, `npm run create-owner`.
import fs from 'node:fs'

const entry = new URL('../build/server/index.js', import.meta.url)
if (!fs.existsSync(entry)) {
	console.error('No production build found. Run `npm run build` first (the README quick start does both).')
	process.exit(1)
}
const { main } = await import(entry.href)
try {
	await main(process.argv.slice(2))
} catch (error) {
	console.error(error instanceof Error ? error.message : error)
	process.exit(1)
}
