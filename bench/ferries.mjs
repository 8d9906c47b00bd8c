import os from 'node:os'
import { fmt, runPerfFile, table } from './lib.mjs'

/**
 * Live ferry search (docs/ferries.md): the three operators' stand-ins searched in parallel, each within its
 * own time-out, with no cache. Prints p50/p95 against the goal, and the p95 against the slowest answer and
 * against the sum of the answers (what asking one operator after another would cost).
 */
export async function ferrySearch() {
	const figures = runPerfFile('bench/ferries.perf.ts', 'BENCH_FERRIES_OUT')
	console.log(`${figures.iterations} searches per scenario; each operator's time-out ${figures.timeoutMs} ms\n`)
	const rows = figures.results.map((r) => ({
		scenario: r.scenario,
		sailings: r.sailings,
		'not reached': r.unreachable || '–',
		'p50 ms': fmt(r.p50, 1),
		'p95 ms': fmt(r.p95, 1),
		'goal ms': r.goalMs,
		'p95 / goal': fmt(r.p95 / r.goalMs),
		met: r.p95 <= r.goalMs ? 'yes' : 'NO',
		'p95 / slowest answer': r.slowestAnswerMs ? fmt(r.p95 / r.slowestAnswerMs) : '–',
		'p95 / one after another': r.sumOfAnswersMs ? fmt(r.p95 / r.sumOfAnswersMs) : '–',
		'CPU p95 ms': fmt(r.cpuP95, 1),
	}))
	table(rows)
	const missed = figures.results.filter((r) => r.p95 > r.goalMs)
	console.log(`\n${missed.length ? `goal NOT met: ${missed.map((r) => r.scenario).join('; ')}` : 'every goal met'}`)
	console.log(
		`load average while measuring: ${os
			.loadavg()
			.map((n) => fmt(n, 1))
			.join(', ')} on ${os.availableParallelism()} cores`,
	)
}
