import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { benchDir, benchEnv, fmt, requestsPerSecond, startNginx, startServer, table, timeIt } from './lib.mjs'

/** Pages compared in both sections; later issues add catalog and guide pages here. */
export const benchPages = [
	{ name: 'home', path: '/' },
	{ name: 'packages', path: '/packages' },
	{ name: 'package', path: '/packages/havelock-neil-honeymoon-5-nights' },
	{ name: 'guide', path: '/andaman-weather-best-time-to-visit' },
	// The builder prices the default trip with the cached rate book on every render.
	// A form page: rendered for every request by design, so the nginx goal does not apply to it.
	{ name: 'builder', path: '/builder', goal: false },
]

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

export async function pageThroughput() {
	const port = 3401
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
		const nginx = await startNginx(3402, root)
		const rows = []
		for (const page of benchPages) {
			const ours = await requestsPerSecond(`http://127.0.0.1:${port}${page.path}`, { pids: server.pids })
			const theirs = nginx ? await requestsPerSecond(`http://127.0.0.1:3402${page.path}`, { pids: nginx.pids }) : { rate: Number.NaN, cpuMicrosPerRequest: Number.NaN }
			rows.push({
				page: page.name,
				'html bytes': page.bytes,
				'ours req/s': fmt(ours.rate, 0),
				'nginx req/s': fmt(theirs.rate, 0),
				'ours/nginx': fmt(ours.rate / theirs.rate, 3),
				'goal ≥': page.goal === false ? '-' : '0.40',
				// nginx's CPU per request over ours: the same ratio, less disturbed by other load on the machine.
				'cpu µs/req ours': fmt(ours.cpuMicrosPerRequest, 0),
				'cpu µs/req nginx': fmt(theirs.cpuMicrosPerRequest, 0),
				'cpu ratio': fmt(theirs.cpuMicrosPerRequest / ours.cpuMicrosPerRequest, 3),
				'js files': page.js.files,
				'js gzip KiB': fmt(page.js.gzip / 1024, 1),
			})
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
	const rows = [{ page: 'hello', 'mean ms': fmt(hello.mean), 'p99 ms': fmt(hello.p99), 'ratio to hello': '1.00' }]
	for (const page of benchPages) {
		const result = await timeIt(render(page.path))
		rows.push({ page: page.name, 'mean ms': fmt(result.mean), 'p99 ms': fmt(result.p99), 'ratio to hello': fmt(result.mean / hello.mean) })
	}
	table(rows)
}
