import { describe, expect, test } from 'vitest'
import { clockShifted } from '#tests/support/clock.ts'
import { detectTopics, factConflicts, reviewProblems } from './content-checks.ts'
import { ferryOperatorRules } from './ferry-operators.ts'
import { todayInIndia } from '~/lib/dates.ts'
import {
	closingFor,
	departureJetty,
	expandFacts,
	factNames,
	factTokens,
	factValues,
	formatHours,
	jettyReportingLine,
	reportingMinutesFor,
	reportingTime,
	unknownFactTokens,
} from './facts.ts'

describe('travel fact tokens', () => {
	test('expand to the one value, with the reporting time from settings', () => {
		expect(
			expandFacts('Government ships: be there {{ferry.reporting.government}} early; the gate closes {{ferry.gateCloses.government}} before.', factValues()),
		).toBe('Government ships: be there 2 hours early; the gate closes 30 minutes before.')
		expect(expandFacts('Catamarans: {{ ferry.reporting.private }}.', factValues())).toBe('Catamarans: 45 to 60 minutes.')
		expect(expandFacts('{{ferry.reporting.fallback}}', factValues({ ferryReportingMinutes: 75 }))).toBe('75 minutes')
		expect(expandFacts('{{ferry.reporting.private}}', factValues({ ferryReportingMinutes: 90 }))).toBe('45 minutes to 90 minutes')
		expect(expandFacts('Port Blair to Neil takes {{ferry.private.portBlairNeil}}.', factValues())).toBe('Port Blair to Neil takes about 1.5 to 2 hours.')
	})

	test('an unknown token is refused, never shown', () => {
		expect(() => expandFacts('{{ferry.reportingMinutes}}', factValues())).toThrow(/Unknown travel fact \{\{ferry.reportingMinutes\}\}/)
		expect(unknownFactTokens('{{ferry.reporting.government}} and {{fares.nope}}')).toEqual(['fares.nope'])
		expect(factTokens('no tokens, {single} braces')).toEqual([])
		expect(factNames.has('ferry.government.havelockNeil')).toBe(true)
	})

	test('hours read naturally', () => {
		expect(formatHours([1, 1])).toBe('about an hour')
		expect(formatHours([2, 2])).toBe('about 2 hours')
		expect(formatHours([1.5, 2.5])).toBe('about 1.5 to 2.5 hours')
	})

	test('the voucher line gives one time when the sailings agree, the range when they do not, and the DSS gate', () => {
		expect(jettyReportingLine([60, 60])).toMatch(/^Be at the jetty 60 minutes before departure, with your photo ID/)
		expect(jettyReportingLine([45, 120])).toMatch(/^Be at the jetty 45 minutes to 2 hours before departure, as each sailing above says/)
		expect(jettyReportingLine([45, 120])).toContain('Government ships (DSS) close the gate 30 minutes before sailing.')
		expect(jettyReportingLine([45])).not.toContain('DSS')
	})
})

describe('review of time-sensitive pages', () => {
	const page = {
		path: '/x',
		reviewed: '2026-11-24',
		topics: ['ferries'],
		sources: [{ title: 'Nautika terms', url: 'https://www.gonautika.com/terms-of-service', as_of: '2026-11-24' }],
	}

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
		expect(detectTopics('Report {{ferry.reporting.government}} early. Cellular Jail is closed on Mondays.')).toEqual(['ferries', 'timings'])
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
		expect(factConflicts('| Port Blair – Neil | about 1–1.5 h | about 2–2.5 h |', values)).toEqual([
			'"Port Blair – Neil | about 1–1.5 h | about 2–2.5 h |" disagrees with the sailing times for Port Blair – Neil (Shaheed Dweep)',
		])
		expect(factConflicts('then Neil back to Port Blair (about 1 to 1.5 hours)', values)).toHaveLength(1)
		expect(factConflicts('Port Blair (Sri Vijaya Puram) to Havelock takes about 1.5 to 2.5 hours, Havelock to Neil about an hour.', values)).toEqual([])
	})

	test('a reporting time must be one an operator publishes or the fallback we advise', () => {
		expect(factConflicts('Be at the jetty 90 minutes before departure.', values)).toHaveLength(1)
		expect(factConflicts('Be at the jetty 90 minutes before departure.', factValues({ ferryReportingMinutes: 90 }))).toEqual([])
		expect(factConflicts('Report 2 hours before sailing.', values)).toEqual([])
		expect(factConflicts('Report 3 hours before sailing.', values)).toHaveLength(1)
	})

	test('the Jolly Buoy season and the flying-after-diving rule', () => {
		expect(factConflicts('From mid-May the monsoon sets in; Jolly Buoy opens only from 1 November to 15 May.', values)).toEqual([])
		expect(factConflicts('Jolly Buoy is closed from about mid-May to mid-October.', values)).toHaveLength(1)
		expect(factConflicts('Do not scuba dive in the 24 hours before a flight.', values)).toHaveLength(1)
		expect(factConflicts('Do not fly within 24 hours after your last dive.', values)).toEqual([])
	})
})

describe('jetty reporting on a voucher', () => {
	test('the reporting time is the departure less the operator’s own minutes; the setting only where it publishes none', () => {
		expect(reportingMinutesFor('Makruzz', { ferryReportingMinutes: 75 })).toBe(75)
		expect(reportingMinutesFor('Green Ocean 1', { ferryReportingMinutes: 60 })).toBe(60)
		expect(reportingMinutesFor('Nautika', { ferryReportingMinutes: 75 })).toBe(45)
		expect(reportingMinutesFor('ITT Majestic', { ferryReportingMinutes: 75 })).toBe(60)
		expect(reportingMinutesFor('Government ferry (DSS)', { ferryReportingMinutes: 60 })).toBe(120)
		expect(reportingMinutesFor('Govt ship', { ferryReportingMinutes: 60 })).toBe(120)
		expect(reportingMinutesFor(null, { ferryReportingMinutes: 60 })).toBe(60)
		expect(closingFor('DSS')).toEqual({ minutes: 30, what: 'the embarkation gate' })
		expect(closingFor('Makruzz')).toBeNull()
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
		for (const o of ferryOperatorRules.filter((o) => o.source))
			expect(
				reviewProblems({ path: '/ferries', reviewed: o.source!.asOf, topics: ['ferries'], sources: [{ ...o.source!, as_of: o.source!.asOf }] }, todayInIndia()),
				o.name,
			).toEqual([])
		for (const o of ferryOperatorRules)
			expect(o.reportMinutes === null || o.source !== null, `${o.name}: a published reporting time needs its source`).toBe(true)
		for (const operator of ferryOperatorRules) expect(operator.site === null || /^https?:\/\//.test(operator.site), operator.name).toBe(true)
		expect(ferryOperatorRules.map((o) => o.name)).toEqual(expect.arrayContaining(['ITT Majestic', 'Nautika', 'Makruzz', 'Green Ocean']))
	})
})
