import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { islandLabel, islands } from './islands.ts'
import { ferryIslandLabels } from '~/features/ferries/domain/enquiry.ts'
import { ISLAND_NAMES } from '~/features/rates/domain/pricing/constants.ts'

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name)
		if (statSync(path).isDirectory()) return sourceFiles(path)
		return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
	})
}

describe('island names', () => {
	test('a label carries at most one pair of brackets: the other name', () => {
		for (const label of [...Object.values(islands).map((island) => island.label), ...Object.values(ferryIslandLabels), ...Object.values(ISLAND_NAMES)]) {
			expect(label.match(/\(/g)?.length ?? 0, label).toBeLessThanOrEqual(1)
		}
		expect(islandLabel('havelock')).toBe('Havelock (Swaraj Dweep)')
	})

	test('no page puts an island label inside brackets, which would nest them: "(Port Blair (Sri Vijaya Puram))"', () => {
		// A label (from islands.ts, the ferry form or the pricing names) directly after "(" in JSX or a template string.
		const nested = /\((\{|\$\{)\s*(islandLabel\(|islands\[[^\]]+\]\.label|ferryIslandLabels\[|ISLAND_NAMES\[)/
		const offenders = sourceFiles(join(import.meta.dirname, '..')).filter((file) => nested.test(readFileSync(file, 'utf8')))
		expect(offenders).toEqual([])
	})
})
