import { describe, expect, test } from 'vitest'
import { clockShifted } from '#tests/support/clock.ts'
import { detectTopics, factConflicts, reviewProblems } from './content-checks.ts'
import { ferryOperatorRules, ferryRulesReviewed } from './ferry-operators.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { departureJetty, expandFacts, factNames, factTokens, factValues, formatHours, jettyReportingLine, reportingMinutesFor, reportingTime, unknownFactTokens } from './facts.ts'

describe('travel fact tokens', () => {
	test('expand to the one value, with the reporting time from settings', () => {
		expect(expandFacts('Be at the jetty {{ferry.reportingMinutes}} minutes early.', factValues())).toBe('Be at the jetty 60 minutes early.')
		expect(expandFacts('{{ ferry.reportingMinutes }} min', factValues({ ferryReportingMinutes: 75 }))).toBe('75 min')
		expect(expandFacts('Port Blair to Neil takes {{ferry.private.portBlairNeil}}.', factValues())).toBe('Port Blair to Neil takes about 1.5 to 2 hours.')
	})

	test('an unknown token is refused, never shown', () => {
		expect(() => expandFacts('{{ferry.reportingMinuts}}', factValues())).toThrow(/Unknown travel fact \{\{ferry.reportingMinuts\}\}/)
		expect(unknownFactTokens('{{ferry.reportingMinutes}} and {{fares.nope}}')).toEqual(['fares.nope'])
		expect(factTokens('no tokens, {single} braces')).toEqual([])
		expect(factNames.has('ferry.government.havelockNeil')).toBe(true)
	})

	test('hours read naturally', () => {
		expect(formatHours([1, 1])).toBe('about an hour')
		expect(formatHours([2, 2])).toBe('about 2 hours')
		expect(formatHours([1.5, 2.5])).toBe('about 1.5 to 2.5 hours')
	})

	test('the voucher line uses the minutes it is given', () => {
		expect(jettyReportingLine(60)).toMatch(/^Be at the jetty 60 minutes before departure/)
		expect(jettyReportingLine(90)).toContain('90 minutes')
	})
})

describe('review of time-sensitive pages', () => {
	const page = { path: '/x', reviewed: '2026-11-24', topics: ['ferries'], sources: [{ title: 'Nautika terms', url: 'https://www.gonautika.com/terms-of-service', as_of: '2026-11-24' }] }

	test('a sourced page checked within a year passes; a year and a day later it fails', () => {
		expect(reviewProblems(page, '2027-11-24')).toEqual([])
		expect(reviewProblems(page, '2027-11-25')).toEqual(['/x: last checked on 2026-11-24, more than a year before 2027-11-25; check its facts again'])
	})

	test('time-sensitive facts without sources fail; a page without such facts needs none', () => {
		expect(reviewProblems({ ...page, sources: [] }, '2026-12-01')[0]).toMatch(/lists no sources/)
		expect(reviewProblems({ ...page, topics: [], sources: [] }, '2030-01-01')).toEqual([])
	})

	test('dates in the future are refused', () => {
		expect(reviewProblems(page, '2026-11-01')).toHaveLength(2)
	})

	test('topics are detected from the text', () => {
		expect(detectTopics('Foreigners need a Restricted Area Permit only if …')).toEqual(['permits'])
		expect(detectTopics('Report {{ferry.reportingMinutes}} minutes early. Cellular Jail is closed on Mondays.')).toEqual(['ferries', 'timings'])
		expect(detectTopics('A quiet beach with white sand.')).toEqual([])
	})
})

describe('repeated facts agree', () => {
	const values = factValues()
	test('a reporting time other than the advised one is caught; closing times are not', () => {
		expect(factConflicts('Check in 30 minutes before departure.', values)).toHaveLength(1)
		expect(factConflicts('Be at the jetty 60 minutes before departure.', values)).toEqual([])
		expect(factConflicts('Some operators close check-in 30 minutes before sailing.', values)).toEqual([])
	})

	test('sailing times must match the table, whichever way round the route is named', () => {
		expect(factConflicts('Port Blair to Neil takes about 1.5 to 2 hours.', values)).toEqual([])
		expect(factConflicts('| Port Blair – Neil | about 1–1.5 h | about 2–2.5 h |', values)).toEqual(['"Port Blair – Neil | about 1–1.5 h | about 2–2.5 h |" disagrees with the sailing times for Port Blair – Neil (Shaheed Dweep)'])
		expect(factConflicts('then Neil back to Port Blair (about 1 to 1.5 hours)', values)).toHaveLength(1)
		expect(factConflicts('Port Blair (Sri Vijaya Puram) to Havelock takes about 1.5 to 2.5 hours, Havelock to Neil about an hour.', values)).toEqual([])
	})

	test('the advised reporting time follows the setting', () => {
		expect(factConflicts('Be at the jetty 60 minutes before departure.', factValues({ ferryReportingMinutes: 90 }))).toHaveLength(1)
	})

	test('the Jolly Buoy season and the flying-after-diving rule', () => {
		expect(factConflicts('From mid-May the monsoon sets in; Jolly Buoy opens only from 1 November to 15 May.', values)).toEqual([])
		expect(factConflicts('Jolly Buoy is closed from about mid-May to mid-October.', values)).toHaveLength(1)
		expect(factConflicts('Do not scuba dive in the 24 hours before a flight.', values)).toHaveLength(1)
		expect(factConflicts('Do not fly within 24 hours after your last dive.', values)).toEqual([])
	})
})

describe('jetty reporting on a voucher', () => {
	test('the reporting time is the departure less the operator’s minutes (the site-wide setting for every operator today)', () => {
		expect(reportingMinutesFor('Makruzz', { ferryReportingMinutes: 60 })).toBe(60)
		expect(reportingTime('07:00', 60)).toBe('06:00')
		expect(reportingTime('00:30', 45)).toBe('23:45')
		expect(reportingTime(null, 60)).toBeNull()
		expect(reportingTime('7 am', 60)).toBeNull()
	})
	test('the jetty a sailing leaves from', () => {
		expect(departureJetty('port-blair', 'Makruzz Premium')).toBe('Haddo Wharf, Port Blair')
		expect(departureJetty('port-blair', 'Government ferry (DSS)')).toBe('Phoenix Bay jetty, Port Blair')
		expect(departureJetty('havelock', null)).toBe('Havelock jetty (Swaraj Dweep)')
		expect(departureJetty('ross', null)).toBeNull()
	})
})

describe('per-operator ferry rules', () => {
	test.skipIf(clockShifted)('were checked within a year, and every operator with published terms links to them', () => {
		expect(reviewProblems({ path: '/ferries', reviewed: ferryRulesReviewed, topics: ['ferries'], sources: ferryOperatorRules.flatMap((o) => (o.source ? [{ ...o.source, as_of: ferryRulesReviewed }] : [])) }, todayInIndia())).toEqual([])
		for (const operator of ferryOperatorRules) expect(operator.site === null || /^https?:\/\//.test(operator.site), operator.name).toBe(true)
		expect(ferryOperatorRules.map((o) => o.name)).toEqual(expect.arrayContaining(['ITT Majestic', 'Nautika', 'Makruzz', 'Green Ocean']))
	})
})
