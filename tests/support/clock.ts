import { monitorEventLoopDelay } from 'node:perf_hooks'

/**
 * Test-only: whether the suite runs under a shifted clock (libfaketime's `faketime`, as the CI step
 * that runs the unit suite a year ahead does; docs/decisions/176-tests-run-a-year-ahead.md).
 * Every test computes its dates from the clock, so it passes on any date. The content review checks
 * are the exception on purpose: they fail once a page's facts were checked more than a year before
 * today, to make someone check them again. Ahead of time they would measure the shift, so they skip.
 */
export const clockShifted = Boolean(process.env.FAKETIME)

/**
 * Test-only: starts watching this process's event loop and returns a function giving the longest stall seen
 * since, in milliseconds. A busy CI machine can stall a test process for seconds; a wall-time bound that allows
 * for the stall it measured stays a check of the code's limit, not of the machine's load.
 */
export function watchStalls() {
	const histogram = monitorEventLoopDelay({ resolution: 20 })
	histogram.enable()
	return () => {
		histogram.disable()
		return histogram.max / 1e6
	}
}
