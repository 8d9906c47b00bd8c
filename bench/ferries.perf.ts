/**
 * Live ferry search across the three operators' stand-ins (tests/support/ferry-operator-stand-ins.ts), in
 * parallel with each operator's own time-out (docs/ferries.md). Run by `npm run bench -- ferries`
 * (bench/ferries.mjs); writes its figures to $BENCH_FERRIES_OUT. No database: search reads none.
 * Goals: p95 ≤ 400 ms when all three answer, ≤ 1.5 s while one never answers (bounded by its time-out).
 */
import fs from 'node:fs'
import { test } from 'vitest'
import { startFerryStandIns } from '#tests/support/ferry-operator-stand-ins.ts'
import type { SearchQuery } from '~/features/ferries/domain/live/operator.ts'
import { operatorsFromEnv } from '~/features/ferries/server/live/operators.server.ts'
import { clearSearchCache, searchSailings } from '~/features/ferries/server/live/search.server.ts'
import { benchIterations, timed } from './bench-data.ts'

/** What each stand-in waits before answering, like a real agent API across the internet (ms). */
const latency = { sealink: 180, makruzz: 240, greenOcean: 300 }
const timeoutMs = 1200

test('live ferry search across three operators', { timeout: 600_000 }, async () => {
	const standIns = await startFerryStandIns()
	try {
		const setup = operatorsFromEnv(standIns.env(timeoutMs))
		const query: SearchQuery = { from: 'port-blair', to: 'havelock', date: '2027-01-20', adults: 2, infants: 0 }
		// Every run asks the operators afresh: the 60-second cache would otherwise answer all but the first.
		const search = async () => {
			clearSearchCache()
			return searchSailings(setup, query, 5)
		}
		const set = (delays: { sealink: number; makruzz: number; greenOcean: number }, hang = false) => {
			standIns.sealink.state.delayMs = delays.sealink
			standIns.makruzz.state.delayMs = delays.makruzz
			standIns.greenOcean.state.delayMs = delays.greenOcean
			standIns.greenOcean.state.hang = hang
		}
		const results = []
		for (const scenario of [
			{ name: 'all three answer at once (no added latency): our own cost', delays: { sealink: 0, makruzz: 0, greenOcean: 0 }, hang: false, goalMs: 400 },
			{ name: `all three answer (${latency.sealink}, ${latency.makruzz}, ${latency.greenOcean} ms)`, delays: latency, hang: false, goalMs: 400 },
			{ name: `Green Ocean never answers (time-out ${timeoutMs} ms), the others as above`, delays: latency, hang: true, goalMs: 1500 },
		]) {
			set(scenario.delays, scenario.hang)
			const { last, ...times } = await timed(search)
			results.push({
				scenario: scenario.name,
				goalMs: scenario.goalMs,
				slowestAnswerMs: scenario.hang ? timeoutMs : Math.max(...Object.values(scenario.delays)),
				sumOfAnswersMs: scenario.hang
					? timeoutMs + scenario.delays.sealink + scenario.delays.makruzz
					: Object.values(scenario.delays).reduce((a, b) => a + b, 0),
				sailings: last.sailings.length,
				unreachable: last.failures.map((failure) => failure.operator).join(', '),
				...times,
			})
		}
		const out = { iterations: benchIterations, timeoutMs, results }
		if (process.env.BENCH_FERRIES_OUT) fs.writeFileSync(process.env.BENCH_FERRIES_OUT, JSON.stringify(out, null, 2))
		else console.log(JSON.stringify(out, null, 2))
	} finally {
		await standIns.stop()
	}
})
