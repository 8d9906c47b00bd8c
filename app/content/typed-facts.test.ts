import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { clockShifted } from '#tests/support/clock.ts'
import { typedFigures } from '~/features/travel-facts/domain/content-checks.ts'
import { ferryOperatorRules, ferryRulesReviewDays } from '~/features/travel-facts/domain/ferry-operators.ts'
import { sourcedFacts, staleFacts } from '~/features/travel-facts/domain/sourced-facts.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'

/** Every price, fee, age limit and opening time on a page comes from one place (ADR 196). */
const root = path.resolve(import.meta.dirname, '../../content/pages')
const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'))

describe('one price, one place', () => {
	test('no page types a price, a clock time or an age limit: it uses a token', () => {
		const typed = files.flatMap((file) => typedFigures(fs.readFileSync(path.join(root, file), 'utf8')).map((found) => `${file}: ${found}`))
		expect(typed).toEqual([])
	})

	test('the check catches a typed price, time and age, and lets tokens and the ₹20 note through', () => {
		expect(typedFigures('A try dive costs ₹4,500–7,500.')).toHaveLength(1)
		expect(typedFigures('Shows at 5:30 pm.')).toHaveLength(1)
		expect(typedFigures('Walkers from about 7 or 8 years old.')).toHaveLength(1)
		expect(typedFigures('A try dive costs {{ourPrice.scubaDiving}}; the lighthouse on the older ₹20 note.')).toEqual([])
	})

	test.skipIf(clockShifted)('every sourced fact and every operator’s terms were read within their review interval', () => {
		const today = todayInIndia()
		expect(staleFacts(today)).toEqual([])
		for (const operator of ferryOperatorRules)
			if (operator.source)
				expect(addDays(operator.source.asOf, ferryRulesReviewDays) >= today, `${operator.name}: terms read on ${operator.source.asOf}; read them again`).toBe(
					true,
				)
	})

	test('a fact past its interval is reported; each fact names its source and a date that is not in the future', () => {
		expect(
			staleFacts('2030-01-01', [{ key: 'x', value: 'y', certainty: 'ours', source: { title: 'Our quotes', url: null }, asOf: '2026-01-01', reviewDays: 30 }]),
		).toEqual(['x: read on 2026-01-01, due again after 30 days'])
		for (const fact of sourcedFacts) {
			expect(fact.source.title.length, fact.key).toBeGreaterThan(3)
			expect(fact.certainty === 'ours' || /^https?:\/\//.test(fact.source.url ?? ''), `${fact.key} needs a source address`).toBe(true)
			if (!clockShifted) expect(fact.asOf <= todayInIndia(), fact.key).toBe(true)
		}
	})
})
