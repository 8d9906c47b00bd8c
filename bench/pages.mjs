import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { benchDir, benchEnv, benchPort, fmt, requestsPerSecond, startNginx, startServer, table, timeIt } from './lib.mjs'

/**
 * Pages compared in both sections. `jsGoal`: KiB of gzip JavaScript at most (ADR 123); `goal: false`:
 * rendered for every request by design (forms), so the nginx goal does not apply; `renderGoal`: at
 * most this many times the hello page's render.
 */
export const benchPages = [
	{ name: 'home', path: '/', jsGoal: 60 },
	{ name: 'packages', path: '/packages' },
	{ name: 'package', path: '/packages/havelock-neil-honeymoon-5-nights', jsGoal: 60 },
	{ name: 'guide', path: '/andaman-weather-best-time-to-visit', jsGoal: 20 },
	// The builder prices the default trip with the cached rate book on every render.
	{ name: 'builder', path: '/builder', goal: false, jsGoal: 120, renderGoal: 2 },
	{ name: 'instant prices', path: '/instant-tour-packages', goal: false, renderGoal: 2 },
]

/** Cached anonymous pages: at least this share of nginx's requests per second on the same bytes. */
export const throughputGoal = 0.9

/**
 * The JavaScript a page loads (its module preloads and the imports of its inline module
 * script, parked or not, then every static import of those), and the gzip size of it all.
 */
export function javascriptOf(html) {
	const files = new Set()
	const queue = []
	const add = (file) => {
		if (files.has(file)) return
		files.add(file)
		queue.push(file)
	}
	for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)) add(match[1])
	for (const match of html.matchAll(/import\s*\(?\s*(?:[^"'()]*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) add(match[1])
	while (queue.length) {
		const file = queue.shift()
		const code = fs.readFileSync(path.join('build/client', file), 'utf8')
		for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'();]*from\s*)?["']\.\/([^"']+\.js)["']/g)) add(`/assets/${match[1]}`)
	}
	let raw = 0
	let gzip = 0
	for (const file of files) {
		const bytes = fs.readFileSync(path.join('build/client', file))
		raw += bytes.length
		gzip += zlib.gzipSync(bytes, { level: 9 }).length
	}
	return { files: files.size, raw, gzip }
}

/** `12.3 (≤ 20, met)`: a figure with its goal, for the tables. */
export function withGoal(value, goal, meets, digits = 1) {
	if (goal === undefined || goal === null) return fmt(value, digits)
	return `${fmt(value, digits)} (goal ${goal}: ${meets ? 'met' : 'NOT met'})`
}

export async function pageThroughput() {
	const port = benchPort
	const server = await startServer(port)
	const root = path.join(benchDir, 'static')
	try {
		for (const page of benchPages) {
			const response = await fetch(`http://127.0.0.1:${port}${page.path}`)
			if (response.status !== 200) throw new Error(`${page.path}: ${response.status}`)
			const bytes = Buffer.from(await response.arrayBuffer())
			page.js = javascriptOf(bytes.toString('utf8'))
			const file = path.join(root, page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`)
			fs.mkdirSync(path.dirname(file), { recursive: true })
			fs.writeFileSync(file, bytes)
			page.bytes = bytes.length
		}
		const nginx = await startNginx(port + 1, root)
		const rows = []
		// Browsers ask for brotli; nginx (without its brotli module) sends the same bytes uncompressed either way.
		for (const encoding of ['identity', 'br']) {
			const headers = { 'Accept-Encoding': encoding === 'br' ? 'gzip, deflate, br' : 'identity' }
			for (const page of benchPages) {
				const ours = await requestsPerSecond(`http://127.0.0.1:${port}${page.path}`, { pids: server.pids, headers })
				const theirs = nginx ? await requestsPerSecond(`http://127.0.0.1:${port + 1}${page.path}`, { pids: nginx.pids, headers }) : { rate: Number.NaN, cpuMicrosPerRequest: Number.NaN }
				const ratio = ours.rate / theirs.rate
				rows.push({
					page: page.name,
					'accept-encoding': encoding,
					'html bytes': page.bytes,
					'ours req/s': fmt(ours.rate, 0),
					'nginx req/s': fmt(theirs.rate, 0),
					'ours/nginx (goal ≥)': page.goal === false ? fmt(ratio, 3) : withGoal(ratio, throughputGoal, ratio >= throughputGoal, 3),
					// nginx's CPU per request over ours: the same ratio, less disturbed by other load on the machine.
					'cpu µs/req ours': fmt(ours.cpuMicrosPerRequest, 0),
					'cpu µs/req nginx': fmt(theirs.cpuMicrosPerRequest, 0),
					'cpu ratio': fmt(theirs.cpuMicrosPerRequest / ours.cpuMicrosPerRequest, 3),
					'js files': page.js.files,
					'js gzip KiB (goal ≤)': withGoal(page.js.gzip / 1024, page.jsGoal, page.js.gzip / 1024 <= page.jsGoal),
				})
			}
		}
		nginx?.stop()
		if (!nginx) console.log('(nginx not installed: apt-get install nginx-light for the comparison)')
		table(rows)
	} finally {
		server.stop()
	}
}

export async function renderCost() {
	Object.assign(process.env, benchEnv({ DATABASE_URL: `file:${path.join(benchDir, 'render.db')}` }))
	const { createInProcessHandler } = await import(path.resolve('build/server/index.js'))
	const handle = await createInProcessHandler()
	const render = (pathname) => async () => {
		const response = await handle(new Request(`http://localhost${pathname}`))
		if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`)
		await response.text()
	}
	const hello = await timeIt(render('/__test/hello'))
	const rows = [{ page: 'hello', 'mean ms': fmt(hello.mean), 'p99 ms': fmt(hello.p99), 'ratio to hello (goal ≤)': '1.00' }]
	for (const page of benchPages) {
		const result = await timeIt(render(page.path))
		const ratio = result.mean / hello.mean
		rows.push({ page: page.name, 'mean ms': fmt(result.mean), 'p99 ms': fmt(result.p99), 'ratio to hello (goal ≤)': withGoal(ratio, page.renderGoal, ratio <= page.renderGoal, 2) })
	}
	table(rows)
}
