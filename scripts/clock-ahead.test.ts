import fs from 'node:fs'
import { expect, test } from 'vitest'

/**
 * CI runs the unit suite a second time under `faketime -f +365d` with CLOCK_AHEAD_OF set to the real
 * date (.ci/run, ADR 176). This test is what makes that run fail if the shift did not reach the test
 * processes: without it, a run on today's clock would pass and prove nothing.
 */
const realToday = process.env.CLOCK_AHEAD_OF

test.runIf(realToday)('the test processes see the clock a year ahead of the real date', () => {
	const days = (Date.now() - Date.parse(`${realToday}T00:00:00Z`)) / 86_400_000
	expect(days).toBeGreaterThanOrEqual(364)
	expect(days).toBeLessThan(368)
})

test('CI runs the unit suite a year ahead, with the real date for the check above, before npm test', () => {
	const lines = fs.readFileSync('.ci/run', 'utf8').trimEnd().split('\n')
	const run = lines.findIndex((line) => line === 'CLOCK_AHEAD_OF="$real_today" faketime -f \'+365d\' npx vitest run')
	expect(run).toBeGreaterThan(0)
	expect(run).toBeLessThan(lines.indexOf('npm test'))
})
