import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

/** Every ADR follows the template in docs/decisions/README.md and is listed in its index. */
const folder = join(import.meta.dirname, '..', 'docs', 'decisions')
const adrs = readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name))
const index = readFileSync(join(folder, 'README.md'), 'utf8')

describe('architecture decision records', () => {
	test('there are some', () => expect(adrs.length).toBeGreaterThan(40))

	test.each(adrs)('%s has a numbered title, a date and a status, and is in the index', (name) => {
		const text = readFileSync(join(folder, name), 'utf8')
		expect(text.split('\n')[0]).toMatch(new RegExp(`^# ${name.slice(0, 3)}: \\S`))
		expect(text).toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/m)
		expect(text).toMatch(/^- Status: (accepted|superseded|proposed)/m)
		expect(index).toContain(`](${name})`)
	})

	test('no two ADRs share a number', () => {
		const numbers = adrs.map((name) => name.slice(0, 3))
		expect(new Set(numbers).size).toBe(numbers.length)
	})
})
