import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { benchDir, benchEnv, benchPort, fmt, requestsPerSecond, startDeployedProxy, startNginx, startNodeFloor, startServer, table, timeIt } from './lib.mjs'

/**
 * KiB of gzip JavaScript a static page may load (ADR 123, ADR 219): the static client (2.7 KiB) and
 * room for a little more; a page that hydrates the framework loads about 150 KiB and fails it.
 */
const staticJsGoal = 5

/**
 * Every kind of public page, in every section (Lighthouse included). `jsGoal`: KiB of gzip JavaScript
 * at most; `goal: false`: rendered for every request by design (forms), so the nginx goal does not
 * apply; `renderGoal`: at most this many times the hello page's render; `noindex`: the page asks not
 * to be indexed, so Lighthouse's SEO category is shown but not judged.
 */
export const benchPages = [
	{ name: 'home', path: '/', jsGoal: staticJsGoal },
	{ name: 'packages', path: '/packages', jsGoal: staticJsGoal },
	{ name: 'package', path: '/packages/havelock-neil-honeymoon-5-nights', jsGoal: staticJsGoal },
	{ name: 'guide', path: '/andaman-weather-best-time-to-visit', jsGoal: staticJsGoal },
	// The builder prices the default trip with the cached rate book on every render.
	{ name: 'builder', path: '/builder', goal: false, jsGoal: staticJsGoal, renderGoal: 2 },
	{ name: 'instant prices', path: '/instant-tour-packages', goal: false, jsGoal: staticJsGoal, renderGoal: 2 },
	// Forms with a fresh submission key per visit: never cached.
	{ name: 'contact', path: '/contact', goal: false, jsGoal: staticJsGoal },
	// Asks not to be indexed, so Lighthouse's SEO score does not apply (`noindex`).
	{ name: 'quote', path: '/quote', goal: false, jsGoal: staticJsGoal, noindex: true },
	// The enquiry form carries a fresh submission key on every render.
	{ name: 'ferries', path: '/ferries', goal: false, jsGoal: staticJsGoal },
]

/** Staff lists, rendered for a signed-in member of staff (never cached), in the render section. */
const adminLists = [
	{ name: 'admin leads', path: '/admin/leads', renderGoal: 2 },
	{ name: 'admin pending bookings', path: '/admin/pending', renderGoal: 2 },
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

/**
 * Rounds per cached page and encoding: ours and nginx alternate, each for `roundSeconds`, and the
 * medians are compared, so a burst of other work on the shared machine hits both sides alike.
 */
const rounds = Number(process.env.BENCH_HTTP_ROUNDS ?? 5)
const roundSeconds = Number(process.env.BENCH_HTTP_SECONDS ?? 3)

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)]
}

/**
 * Our server against nginx on the same bytes: for each page, what our server sends is written to
 * files (uncompressed, and the brotli body under br/), and nginx serves those, with
 * `Content-Encoding: br` from br/ when the request accepts it. Same connection count, interleaved
 * rounds, median of each; CPU per request alongside (less disturbed by other load). The Node floor
 * (bench/node-floor.mjs) sends our exact headers and bodies from a bare `http` server: the most any
 * Node server could do with those responses, so the table shows how much of the gap is ours.
 */
export async function pageThroughput() {
	const port = benchPort
	const server = await startServer(port)
	const root = path.join(benchDir, 'static')
	const sentHeaders = {}
	try {
		for (const page of benchPages) {
			const file = page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`
			for (const [dir, encoding] of [
				['identity', 'identity'],
				['br', 'br'],
			]) {
				// Twice: the first fills the page cache, the second is a hit, as wrk will measure.
				await rawBody(port, page.path, encoding)
				const { bytes, headers } = await rawResponse(port, page.path, encoding)
				sentHeaders[page.path] ??= {}
				sentHeaders[page.path][encoding] = headers
				const target = path.join(root, dir, file)
				fs.mkdirSync(path.dirname(target), { recursive: true })
				fs.writeFileSync(target, bytes)
				if (encoding === 'identity') {
					page.js = javascriptOf(bytes.toString('utf8'))
					page.bytes = bytes.length
				} else page.brBytes = bytes.length
			}
		}
		fs.writeFileSync(path.join(root, 'headers.json'), JSON.stringify(sentHeaders))
		const nginx = await startNginx(port + 1, root)
		if (!nginx) console.log('(nginx not installed: apt-get install nginx-light for the comparison)')
		const floor = await startNodeFloor(port + 3, root)
		const deployed = await startDeployedProxy(port + 4, port)
		const rows = []
		for (const encoding of ['identity', 'br']) {
			const headers = { 'Accept-Encoding': encoding === 'br' ? 'gzip, deflate, br' : 'identity' }
			for (const page of benchPages) {
				// Rendered per request by design: one round is enough to show where they stand.
				const count = page.goal === false ? 1 : rounds
				const ours = []
				const theirs = []
				const floors = []
				const behindNginx = []
				for (let round = 0; round < count; round++) {
					if (deployed && page.goal !== false)
						behindNginx.push(
							await requestsPerSecond(`http://127.0.0.1:${port + 4}${page.path}`, {
								pids: () => [...deployed.pids(), ...server.pids()],
								headers,
								duration: roundSeconds,
							}),
						)
					ours.push(await requestsPerSecond(`http://127.0.0.1:${port}${page.path}`, { pids: server.pids, headers, duration: roundSeconds }))
					if (nginx) theirs.push(await requestsPerSecond(`http://127.0.0.1:${port + 1}${page.path}`, { pids: nginx.pids, headers, duration: roundSeconds }))
					if (page.goal !== false)
						floors.push(await requestsPerSecond(`http://127.0.0.1:${port + 3}${page.path}`, { pids: floor.pids, headers, duration: roundSeconds }))
				}
				const floorRate = floors.length ? median(floors.map((run) => run.rate)) : Number.NaN
				const deployedRate = behindNginx.length ? median(behindNginx.map((run) => run.rate)) : Number.NaN
				const oursRate = median(ours.map((run) => run.rate))
				const theirsRate = nginx ? median(theirs.map((run) => run.rate)) : Number.NaN
				const oursCpu = median(ours.map((run) => run.cpuMicrosPerRequest))
				const theirsCpu = nginx ? median(theirs.map((run) => run.cpuMicrosPerRequest)) : Number.NaN
				const ratio = oursRate / theirsRate
				const deployedRatio = deployedRate / theirsRate
				rows.push({
					page: page.name,
					'accept-encoding': encoding,
					'body bytes': encoding === 'br' ? page.brBytes : page.bytes,
					'ours req/s': fmt(oursRate, 0),
					'nginx req/s': fmt(theirsRate, 0),
					'ours/nginx': fmt(ratio, 3),
					'every ratio': ours.map((run, index) => fmt(run.rate / theirs[index]?.rate, 2)).join(' '),
					'deployed req/s': fmt(deployedRate, 0),
					'deployed/nginx (goal ≥)': page.goal === false ? '' : withGoal(deployedRatio, throughputGoal, deployedRatio >= throughputGoal, 3),
					'every deployed ratio': behindNginx.map((run, index) => fmt(run.rate / theirs[index]?.rate, 2)).join(' '),
					'cpu µs/req deployed': fmt(median(behindNginx.map((run) => run.cpuMicrosPerRequest)), 0),
					'node floor req/s': fmt(floorRate, 0),
					'ours/floor': fmt(oursRate / floorRate, 2),
					'floor/nginx': fmt(floorRate / theirsRate, 2),
					'cpu µs/req floor': fmt(median(floors.map((run) => run.cpuMicrosPerRequest)), 0),
					// nginx's CPU per request over ours: the same ratio, less disturbed by other load on the machine.
					'cpu µs/req ours': fmt(oursCpu, 0),
					'cpu µs/req nginx': fmt(theirsCpu, 0),
					'cpu ratio': fmt(theirsCpu / oursCpu, 3),
					'js files': page.js.files,
					'js gzip KiB (goal ≤)': withGoal(page.js.gzip / 1024, page.jsGoal, page.js.gzip / 1024 <= page.jsGoal),
				})
			}
		}
		nginx?.stop()
		floor.stop()
		deployed?.stop()
		table(rows)
		console.log(
			'\nours: our server alone; deployed: our server behind the page cache of deploy/nginx.conf (ADR 162), the way it runs in production, judged against the goal; node floor: bench/node-floor.mjs.',
		)
		console.log(
			`${rounds} interleaved rounds of ${roundSeconds} s per cached page and encoding (medians), 10 connections; load average at the end: ${os
				.loadavg()
				.map((n) => fmt(n, 1))
				.join(', ')} on ${os.availableParallelism()} cores`,
		)
	} finally {
		server.stop()
	}
}

/** The body exactly as sent (fetch would decompress it). */
async function rawBody(port, pathname, encoding) {
	return (await rawResponse(port, pathname, encoding)).bytes
}

/** The body exactly as sent, and the headers as a flat list without the per-connection ones. */
function rawResponse(port, pathname, encoding) {
	return new Promise((resolve, reject) => {
		http
			.get({ host: '127.0.0.1', port, path: pathname, headers: { 'Accept-Encoding': encoding } }, (res) => {
				if (res.statusCode !== 200) reject(new Error(`${pathname}: ${res.statusCode}`))
				if ((res.headers['content-encoding'] ?? 'identity') !== encoding)
					reject(new Error(`${pathname}: asked for ${encoding}, got ${res.headers['content-encoding']}`))
				const chunks = []
				const perConnection = new Set(['date', 'connection', 'keep-alive'])
				const headers = []
				for (let i = 0; i < res.rawHeaders.length; i += 2)
					if (!perConnection.has(res.rawHeaders[i].toLowerCase())) headers.push(res.rawHeaders[i], res.rawHeaders[i + 1])
				res.on('data', (chunk) => chunks.push(chunk))
				res.on('end', () => resolve({ bytes: Buffer.concat(chunks), headers }))
			})
			.on('error', reject)
	})
}

export async function renderCost() {
	Object.assign(process.env, benchEnv({ DATABASE_URL: `file:${path.join(benchDir, 'render.db')}` }))
	const { createInProcessHandler } = await import(path.resolve('build/server/index.js'))
	const handle = await createInProcessHandler()
	// Staff lists render for a signed-in member of staff (the demo account the seed creates).
	const login = await handle(
		new Request(`${benchEnv().SITE_URL}/admin/login`, {
			method: 'POST',
			body: new URLSearchParams({ email: 'staff@demo.andamanisles.travel', password: 'Staff#Demo2026' }),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: benchEnv().SITE_URL },
		}),
	)
	const session = login.headers
		.getSetCookie()
		.find((cookie) => cookie.startsWith('session='))
		?.split(';')[0]
	if (!session) throw new Error(`staff sign-in for the render bench failed: ${login.status}`)
	const render = (pathname, cookie) => async () => {
		const response = await handle(new Request(`http://localhost${pathname}`, cookie ? { headers: { cookie } } : undefined))
		if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`)
		// Read as the HTTP server sends it, as bytes: decoding the page back into a string (text()) is work a
		// server never does, and it cost each page in proportion to its size (about 1 ms of the builder's 11).
		await response.arrayBuffer()
		// A server turns its event loop between requests; a loop of awaits never does, and React's scheduled
		// callbacks (setImmediate) then wait until the batch ends, each holding its render's whole state.
		if (process.env.BENCH_NO_TURN !== 'true') await new Promise((resolve) => setImmediate(resolve))
	}
	const pages = [...benchPages, ...adminLists.map((page) => ({ ...page, cookie: session }))]
	// Paired: every batch of a page sits between two batches of hello, and the page's ratio in that batch is
	// to the mean of those two. This machine's speed drifts by a quarter within a run (hello took 4.3 to 7.1 ms
	// of CPU in one run of twenty batches); a ratio of the medians compared batches seconds apart and moved with
	// the drift, while a paired ratio compares work done within a second or so. The figure is the median of the
	// batches' ratios. 15 batches: with 5, three consecutive runs put the leads list at 1.97, 2.45 and 2.56×.
	const batches = Number(process.env.BENCH_RENDER_BATCHES ?? 15)
	const times = new Map([['hello', []], ...pages.map((page) => [page.name, []])])
	const ratios = new Map(pages.map((page) => [page.name, []]))
	// CPU time of this process per render beside the wall time: on a shared machine the wall time
	// includes waiting for a core; the CPU time is the render's own cost, and the goal is judged on it.
	const measure = async (name, fn) => {
		const before = process.cpuUsage()
		const result = await timeIt(fn, { iterations: 60, warmup: 10 })
		const cpu = process.cpuUsage(before)
		const timed = { ...result, cpu: (cpu.user + cpu.system) / 1000 / 70 }
		times.get(name).push(timed)
		return timed
	}
	for (let batch = 0; batch < batches; batch++) {
		let helloBefore = await measure('hello', render('/__test/hello'))
		for (const page of pages) {
			const timed = await measure(page.name, render(page.path, page.cookie))
			const helloAfter = await measure('hello', render('/__test/hello'))
			ratios.get(page.name).push({ cpu: timed.cpu / ((helloBefore.cpu + helloAfter.cpu) / 2), wall: timed.mean / ((helloBefore.mean + helloAfter.mean) / 2) })
			helloBefore = helloAfter
		}
	}
	const medianOf = (name, key) => median(times.get(name).map((result) => result[key]))
	const medianRatio = (name, key) => median(ratios.get(name).map((ratio) => ratio[key]))
	const hello = medianOf('hello', 'cpu')
	const rows = [
		{ page: 'hello', 'cpu ms': fmt(hello), 'wall mean ms': fmt(medianOf('hello', 'mean')), 'wall ratio': '1.00', 'cpu ratio to hello (goal ≤)': '1.00' },
	]
	for (const page of pages) {
		const ratio = medianRatio(page.name, 'cpu')
		rows.push({
			page: page.name,
			'cpu ms': fmt(medianOf(page.name, 'cpu')),
			'wall mean ms': fmt(medianOf(page.name, 'mean')),
			'wall ratio': fmt(medianRatio(page.name, 'wall')),
			'cpu ratio to hello (goal ≤)': withGoal(ratio, page.renderGoal, ratio <= page.renderGoal, 2),
		})
	}
	table(rows)
	console.log(
		`\nratios: median over ${batches} rounds of a page's batch of 70 renders against the hello batches either side of it; load average at the end: ${os
			.loadavg()
			.map((n) => fmt(n, 1))
			.join(', ')} on ${os.availableParallelism()} cores`,
	)
}
