/** Test-only: the table test of a state machine, one test per ordered pair of states. */
import { describe, expect, test } from 'vitest'

type Outcome<S> = { ok: true; status: S } | { ok: false; error: string }

/**
 * `allowed` lists the "from→to" moves the machine makes; every other pair is refused by both
 * `can` and `transition`, with an error that is a sentence, and an allowed move lands on `to`.
 */
export function describeEveryTransition<S extends string>(
	name: string,
	states: readonly S[],
	allowed: ReadonlySet<string>,
	can: (from: S, to: S) => boolean,
	transition: (from: S, to: S) => Outcome<S>,
): void {
	describe(name, () => {
		for (const from of states) {
			for (const to of states) {
				const key = `${from}→${to}`
				const ok = allowed.has(key)
				test(`${key} is ${ok ? 'allowed' : 'refused'}`, () => {
					expect(can(from, to)).toBe(ok)
					const result = transition(from, to)
					expect(result.ok).toBe(ok)
					if (result.ok) expect(result.status).toBe(to)
					else expect(result.error).toMatch(/\.$/)
				})
			}
		}
	})
}
