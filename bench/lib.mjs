// Shared helpers for benchmarks: start the built server, nginx, and measure.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'

export const benchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-bench-'))
// nginx workers run as an unprivileged user: they must be able to read the files.
fs.chmodSync(benchDir, 0o755)

// Every child started here is stopped when the benchmark exits, even on failure.
const children = new Set()
process.on('exit', () => {
	for (const child of children) child.kill('SIGTERM')
})
function track(child) {
	children.add(child)
	child.on('exit', () => children.delete(child))
	return child
}

/**
 * The first of the five ports the benchmarks use (our server, nginx, the Lighthouse server, the Node
 * floor, our server behind deploy/nginx.conf's page cache):
 * BENCH_PORT, so that several people on one machine can run them at once.
 */
export const benchPort = Number(process.env.BENCH_PORT ?? 3401)

export function benchEnv(extra = {}) {
	return {
		...process.env,
		NODE_ENV: 'production',
		SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789',
		IDENTITY_API_KEY: 'bench-identity-api-key-0123456789',
		SEED_DEMO_DATA: 'true',
		ENABLE_TEST_ROUTES: 'true',
		// Production refuses the default SITE_URL; benchmarks only read pages, so any real-looking address will do.
		SITE_URL: 'http://localhost:3400',
		DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `file:${path.join(benchDir, 'app.db')}`,
		IMAGE_CACHE_DIR: path.join(benchDir, 'image-cache'),
		LOG_LEVEL: 'silent',
		...extra,
	}
}

export async function waitFor(url, timeoutMs = 60_000) {
	const started = Date.now()
	while (Date.now() - started < timeoutMs) {
		try {
			const response = await fetch(url)
			if (response.ok) return
		} catch {
			// not up yet
		}
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	throw new Error(`${url} did not come up`)
}

export async function startServer(port) {
	const child = track(spawn(process.execPath, ['server/start.js'], { env: benchEnv({ PORT: String(port) }), stdio: ['ignore', 'ignore', 'inherit'] }))
	await waitFor(`http://127.0.0.1:${port}/healthz`)
	return { stop: () => child.kill('SIGTERM'), pids: () => [child.pid] }
}

/**
 * CPU time (user + system, in ms) the given processes have used, from /proc.
 * Requests per second swing with whatever else the machine is doing; CPU time
 * per request does much less, so the benchmarks print both.
 */
export function cpuMs(pids) {
	let ticks = 0
	for (const pid of pids) {
		try {
			const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
			ticks += Number(fields[11]) + Number(fields[12])
		} catch {
			// not on Linux, or the process is gone
		}
	}
	return ticks * 10
}

/**
 * nginx serving a folder of files on a port, for "the same bytes" comparisons: `root/identity` as
 * they are, and `root/br` (the same paths, brotli bodies) with `Content-Encoding: br` to requests
 * that accept it.
 */
export async function startNginx(port, root) {
	return runNginx(
		port,
		() => `
	types { text/html html; }
	default_type text/html;
	server {
		listen 127.0.0.1:${port};
		# The same bytes our server sends: identity/ as they are, br/ as brotli (compressed by our server).
		location / {
			if ($http_accept_encoding ~ "\\bbr\\b") { rewrite ^ /br$uri last; }
			root ${root}/identity;
			try_files $uri $uri/index.html =404;
		}
		location /br/ {
			internal;
			root ${root};
			add_header Content-Encoding br;
			add_header Vary Accept-Encoding;
			try_files $uri $uri/index.html =404;
		}
	}`,
		'/',
	)
}

/**
 * nginx with one worker on `port`, its `http` block's body from `httpBody(prefix)`, in a folder of
 * its own under the bench folder; null when nginx is not installed. Resolves once `readyPath` answers.
 */
async function runNginx(port, httpBody, readyPath) {
	const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file))
	if (!nginx) return null
	const prefix = path.join(benchDir, `nginx-${port}`)
	fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true })
	fs.chmodSync(prefix, 0o755)
	const conf = path.join(prefix, 'nginx.conf')
	fs.writeFileSync(
		conf,
		`worker_processes 1;
daemon off;
error_log ${prefix}/logs/error.log;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
	access_log off;
${httpBody(prefix)}
}
`,
	)
	const child = track(spawn(nginx, ['-p', prefix, '-c', conf], { stdio: 'ignore' }))
	await waitFor(`http://127.0.0.1:${port}${readyPath}`).catch((error) => {
		throw new Error(`nginx: ${error.message}\n${fs.readFileSync(path.join(prefix, 'logs', 'error.log'), 'utf8').slice(-1000)}`)
	})
	// The master only supervises: the worker (its child) serves the requests.
	const workers = () =>
		spawnSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
			.stdout.split('\n')
			.filter(Boolean)
			.map(Number)
	return { stop: () => child.kill('SIGTERM'), pids: () => [child.pid, ...workers()] }
}

/** The lines of deploy/nginx.conf between `# --- page cache: <part>` and `# --- end page cache: <part> ---`. */
function deployedPageCache(part) {
	const conf = fs.readFileSync('deploy/nginx.conf', 'utf8')
	const match = new RegExp(`# --- page cache: ${part} [^\\n]*\\n([\\s\\S]*?)# --- end page cache: ${part} ---`).exec(conf)
	if (!match) throw new Error(`deploy/nginx.conf: no "page cache: ${part}" block`)
	return match[1]
}

/**
 * Our server as deployed: nginx in front with deploy/nginx.conf's page cache (its very lines, over
 * plain HTTP: TLS would cost both sides alike), proxying to our server on `appPort`.
 */
export async function startDeployedProxy(port, appPort) {
	return runNginx(
		port,
		(prefix) => {
			// Written by nginx's workers (nobody, when the bench runs as root).
			fs.mkdirSync(path.join(prefix, 'page-cache'), { recursive: true })
			fs.chmodSync(path.join(prefix, 'page-cache'), 0o777)
			return `${deployedPageCache('http level').replaceAll('/var/cache/nginx/andaman', `${prefix}/page-cache`)}
	upstream andaman_app {
		server 127.0.0.1:${appPort};
		keepalive 16;
	}
	server {
		listen 127.0.0.1:${port};
		location / {
			proxy_pass http://andaman_app;
			proxy_http_version 1.1;
			proxy_set_header Connection "";
			proxy_set_header Host $http_host;
			proxy_set_header X-Request-Id $request_id;
${deployedPageCache('location')}
		}
	}`
		},
		'/healthz',
	)
}

/** bench/node-floor.mjs on a port, serving what the throughput bench wrote to `root`. */
export async function startNodeFloor(port, root) {
	const child = track(spawn(process.execPath, ['bench/node-floor.mjs', String(port), root], { stdio: ['ignore', 'ignore', 'inherit'] }))
	await waitFor(`http://127.0.0.1:${port}/`)
	return { stop: () => child.kill('SIGTERM'), pids: () => [child.pid] }
}

/**
 * Requests per second against a URL, with a bounded run (duration seconds, 10 connections).
 * With `pids`, also the server's CPU microseconds per request.
 */
export async function requestsPerSecond(url, { duration = 8, connections = 10, pids, headers = {} } = {}) {
	const wrk = spawnSync('which', ['wrk']).status === 0
	const cpuBefore = pids ? cpuMs(pids()) : 0
	let rate
	let total
	if (wrk) {
		const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
		const result = spawnSync('wrk', ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', ...headerArgs, url], { encoding: 'utf8' })
		const match = /Requests\/sec:\s+([\d.]+)/.exec(result.stdout)
		const errors = /Non-2xx or 3xx responses: (\d+)/.exec(result.stdout)
		if (errors) throw new Error(`${url}: ${errors[1]} error responses`)
		rate = Number(match?.[1] ?? 0)
		total = Number(/(\d+) requests in/.exec(result.stdout)?.[1] ?? 0)
	} else {
		const result = await autocannon({ url, connections, duration, headers })
		if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} error responses`)
		rate = result.requests.average
		total = result.requests.total
	}
	if (!pids) return rate
	return { rate, cpuMicrosPerRequest: total ? ((cpuMs(pids()) - cpuBefore) * 1000) / total : Number.NaN }
}

export function percentile(sorted, p) {
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/** Runs fn repeatedly after a warm-up; returns mean, p50, p95, p99 in ms. */
export async function timeIt(fn, { iterations = 300, warmup = 50 } = {}) {
	for (let i = 0; i < warmup; i++) await fn()
	const times = []
	for (let i = 0; i < iterations; i++) {
		const started = performance.now()
		await fn()
		times.push(performance.now() - started)
	}
	times.sort((a, b) => a - b)
	const mean = times.reduce((a, b) => a + b, 0) / times.length
	return { mean, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) }
}

export const fmt = (n, digits = 2) => Number(n).toFixed(digits)

export function table(rows) {
	const widths = Object.keys(rows[0]).map((key) => Math.max(key.length, ...rows.map((row) => String(row[key]).length)))
	const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ')
	console.log(line(Object.keys(rows[0])))
	for (const row of rows) console.log(line(Object.values(row)))
}

/** Runs a measurement file (bench/*.perf.ts) through Vitest, so the app's TypeScript compiles; returns the JSON it wrote to the file named by `outVariable`. */
export function runPerfFile(file, outVariable) {
	const out = path.join(benchDir, `${path.basename(file, '.perf.ts')}.json`)
	const result = spawnSync('npx', ['vitest', 'run', '--config', 'bench/vitest.perf.config.ts', file], {
		encoding: 'utf8',
		env: { ...process.env, [outVariable]: out, NO_COLOR: '1', FORCE_COLOR: '0' },
	})
	if (result.status !== 0 || !fs.existsSync(out)) throw new Error(`${result.stdout}\n${result.stderr}`)
	return JSON.parse(fs.readFileSync(out, 'utf8'))
}

/**
 * Runs a database measurement file (bench/*.perf.ts, through Vitest so the app's TypeScript
 * compiles) that writes `{ total, iterations, sqlite: { loadSeconds, results }, postgres }` to
 * the file named by `outVariable`, then prints each shape's p50 and p95 against the goal.
 */
export function perfSection({ file, outVariable, goalMs, shapeColumn, describeLoad }) {
	const figures = runPerfFile(file, outVariable)
	const rows = []
	let worst = 0
	for (const kind of ['sqlite', 'postgres']) {
		const run = figures[kind]
		if (!run?.results) {
			console.log(`${kind}: not measured (${run?.error ?? 'no result'})`)
			continue
		}
		console.log(`${kind}: ${describeLoad(figures, run)} loaded in ${fmt(run.loadSeconds, 1)} s; ${figures.iterations} runs per shape`)
		for (const r of run.results) {
			worst = Math.max(worst, r.p95)
			rows.push({
				database: kind,
				[shapeColumn]: r.scenario,
				matching: r.matched,
				'p50 ms': fmt(r.p50, 1),
				'p95 ms': fmt(r.p95, 1),
				'p95 / goal': fmt(r.p95 / goalMs),
				met: r.p95 <= goalMs ? 'yes' : 'NO',
				'CPU p95 ms': fmt(r.cpuP95, 1),
				'server CPU ms (mean)': r.serverCpuMean == null ? '–' : fmt(r.serverCpuMean, 1),
			})
		}
	}
	console.log()
	table(rows)
	console.log(`\nworst p95: ${fmt(worst, 1)} ms (goal ≤ ${goalMs} ms; ratio to goal ${fmt(worst / goalMs)}): goal ${worst <= goalMs ? 'met' : 'NOT met'}`)
	// Wall time grows with whatever else runs on the machine; on SQLite the CPU column is the query's own cost,
	// on PostgreSQL the client's, with the server's (when it runs on this machine) in its own column.
	console.log(
		`load average while measuring: ${os
			.loadavg()
			.map((n) => fmt(n, 1))
			.join(', ')} on ${os.availableParallelism()} cores`,
	)
}
