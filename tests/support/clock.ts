/**
 * Test-only: whether the suite runs under a shifted clock (libfaketime's `faketime`, as the CI step
 * that runs the unit suite a year ahead does; docs/decisions/176-tests-run-a-year-ahead.md).
 * Every test computes its dates from the clock, so it passes on any date. The content review checks
 * are the exception on purpose: they fail once a page's facts were checked more than a year before
 * today, to make someone check them again. Ahead of time they would measure the shift, so they skip.
 */
export const clockShifted = Boolean(process.env.FAKETIME)
