// npm run bench: every benchmark section, printing figures and ratios.
// Needs a production build (npm run build); nginx and wrk (Debian packages) for the HTTP comparisons.
import fs from 'node:fs'
import { benchDir } from './lib.mjs'

if (!fs.existsSync('build/server/index.js')) {
	console.error('Run `npm run build` first.')
	process.exit(1)
}

const only = process.argv[2]
const sections = (await import('./sections.mjs')).sections
let failed = false
for (const section of sections) {
	if (only && section.name !== only) continue
	console.log(`\n## ${section.title}\n`)
	try {
		await section.run()
	} catch (error) {
		failed = true
		console.error(`section ${section.name} failed:`, error)
	}
}
fs.rmSync(benchDir, { recursive: true, force: true })
process.exit(failed ? 1 : 0)
