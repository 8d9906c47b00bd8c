import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchDir, benchEnv, benchPort, startServer, table } from './lib.mjs'
import { benchPages, javascriptOf, withGoal } from './pages.mjs'

/** The goals (ADR 123): performance 100, and these simulated timings on a mid-range phone. */
const goals = { performance: 100, tbtMs: 50, lcpMs: 1500, cls: 0 }
/** Every public page kind (bench/pages.mjs) and the two a booking links to; `LIGHTHOUSE_PAGES=home,contact` measures some only. */
const only = process.env.LIGHTHOUSE_PAGES?.split(',')
const wanted = (page) => !only || only.includes(page.name)

/**
 * The traveller's trip page and voucher have no fixed address: each belongs to a booking. The demo
 * data the bench server seeds holds bookings with both, so their addresses are read from its database
 * once it has started (SQLite only: with BENCH_DATABASE_URL on PostgreSQL they are left out, and said so).
 */
async function bookingPages() {
	const url = benchEnv().DATABASE_URL
	if (!url.startsWith('file:')) {
		console.log('trip and voucher pages: left out (the bench database is not SQLite)')
		return []
	}
	const { default: Database } = await import('better-sqlite3')
	const database = new Database(url.slice('file:'.length), { readonly: true })
	try {
		const voucher = database.prepare("select id from vouchers where status = 'issued' order by issued_at limit 1").get()
		const trip = database.prepare('select trip_token from bookings where trip_token is not null order by created_at limit 1').get()
		return [
			...(trip ? [{ name: 'trip', path: `/trip/${trip.trip_token}`, jsGoal: 5, noindex: true }] : []),
			...(voucher ? [{ name: 'voucher', path: `/voucher/${voucher.id}`, jsGoal: 5, noindex: true }] : []),
		]
	} finally {
		database.close()
	}
}

/** Runs per page. Lighthouse's own advice on variability is to take the median of several runs. */
const runsPerPage = Number(process.env.LIGHTHOUSE_RUNS ?? 3)

/**
 * Lighthouse 12.8.2 (mobile, its default throttling) on Debian's Chromium.
 * Run through npx rather than as a dependency: its own dependencies make the
 * lockfile drift (docs/decisions and TOOLCHAIN.md). Goal: 100 in every category.
 * Each page is measured `runsPerPage` times; the table shows the median run (by
 * performance score, then total blocking time) and every run's performance score.
 */
export async function lighthouseScores() {
	const port = benchPort + 2
	const server = await startServer(port)
	const rows = []
	try {
		const pages = [...benchPages, ...(await bookingPages())].filter(wanted)
		for (const page of pages) {
			const url = `http://localhost:${port}${page.path}`
			// Warm the page cache so the first visit does not measure a cold render. The kept-alive
			// connection from the last page may have been closed by the server meanwhile: try again once.
			const html = await (await fetch(url).catch(() => fetch(url))).text()
			await warmImages(html, port)
			const js = javascriptOf(html)
			const reports = []
			for (let run = 1; run <= runsPerPage; run++) reports.push(runLighthouse(url, path.join(benchDir, `lighthouse-${page.name}-${run}.json`)))
			const performanceOf = (report) => Math.round((report.categories.performance?.score ?? 0) * 100)
			const blockingOf = (report) => report.audits['total-blocking-time']?.numericValue ?? 0
			const ranked = [...reports].sort((a, b) => performanceOf(a) - performanceOf(b) || blockingOf(b) - blockingOf(a))
			const report = ranked[Math.floor(ranked.length / 2)]
			const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100)
			const lcp = report.audits['largest-contentful-paint']?.numericValue ?? 0
			const tbt = report.audits['total-blocking-time']?.numericValue ?? 0
			const cls = report.audits['cumulative-layout-shift']?.numericValue ?? 0
			rows.push({
				page: page.name,
				performance: withGoal(score('performance'), goals.performance, score('performance') >= goals.performance, 0),
				accessibility: score('accessibility'),
				'best practices': score('best-practices'),
				seo: page.noindex ? `${score('seo')} (noindex: not judged)` : score('seo'),
				'LCP ms': withGoal(lcp, goals.lcpMs, lcp <= goals.lcpMs, 0),
				'TBT ms': withGoal(tbt, goals.tbtMs, tbt <= goals.tbtMs, 0),
				CLS: withGoal(cls, goals.cls, cls <= goals.cls, 3),
				'FCP ms': Math.round(report.audits['first-contentful-paint']?.numericValue ?? 0),
				'js gzip KiB': withGoal(js.gzip / 1024, page.jsGoal, js.gzip / 1024 <= page.jsGoal),
				'every run': reports.map(performanceOf).join(' '),
				'every TBT': reports.map((run) => Math.round(blockingOf(run))).join(' '),
				'every LCP': reports.map((run) => Math.round(run.audits['largest-contentful-paint']?.numericValue ?? 0)).join(' '),
			})
			const failing = Object.values(report.audits)
				.filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
				.map((audit) => audit.id)
			if (failing.length) console.log(`${page.name}: audits below 0.9: ${failing.join(', ')}`)
		}
	} finally {
		server.stop()
	}
	table(rows)
	console.log(
		`\nmedian of ${runsPerPage} runs per page; load average at the end: ${os
			.loadavg()
			.map((n) => n.toFixed(1))
			.join(', ')} on ${os.availableParallelism()} cores`,
	)
}

/**
 * Resizes the page's images once before measuring, as a running site has them in its image cache:
 * otherwise the first run's observed load waits for the resize and Lighthouse's simulation counts
 * every request that started meanwhile against the largest paint. Only the widths a phone or a
 * laptop picks (≤ 1024 px), not every candidate.
 */
async function warmImages(html, port) {
	const urls = new Set()
	for (const match of html.matchAll(/\/img\?[^"\s,]+/g)) {
		const url = match[0].replaceAll('&amp;', '&')
		if (Number(new URLSearchParams(url.slice(5)).get('w')) <= 1024) urls.add(url)
	}
	for (const url of urls) await (await fetch(`http://localhost:${port}${url}`)).arrayBuffer()
}

/** One Lighthouse run; a run that errored (Chromium hiccup, no paint recorded) is tried once more. */
function runLighthouse(url, output, attempt = 1) {
	const result = spawnSync(
		'npx',
		[
			'-y',
			'lighthouse@12.8.2',
			url,
			'--quiet',
			'--output=json',
			`--output-path=${output}`,
			'--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync',
		],
		{ encoding: 'utf8', env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, timeout: 240_000 },
	)
	if (!fs.existsSync(output)) throw new Error(`lighthouse failed for ${url}: ${result.stderr?.slice(-500)}`)
	const report = JSON.parse(fs.readFileSync(output, 'utf8'))
	if ((report.runtimeError || report.categories.performance?.score === null) && attempt === 1) {
		console.log(`${url}: Lighthouse run failed (${report.runtimeError?.code ?? 'no score'}), trying once more`)
		return runLighthouse(url, output, 2)
	}
	return report
}
