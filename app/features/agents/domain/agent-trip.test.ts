import { expect, test } from 'vitest'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { agentTripParams } from './agent-trip.ts'

/** A travel date from the clock: the params are passed through, never judged by the date. */
const arrival = addDays(todayInIndia(), 45)

test('a package trip keeps only the package’s fields', () => {
	const { kind, params } = agentTripParams(
		new URLSearchParams({ package: 'havelock-5n', tier: 'deluxe', startDate: arrival, adults: '2', childAges: '6', markupValue: '12', island1: 'neil' }),
	)
	expect(kind).toBe('package')
	expect(Object.fromEntries(params)).toEqual({ package: 'havelock-5n', tier: 'deluxe', startDate: arrival, adults: '2', childAges: '6' })
})

test('a builder trip keeps the builder’s own query, repeated activities included, and nothing else', () => {
	const { kind, params } = agentTripParams(
		new URLSearchParams([
			['start', arrival],
			['island1', 'port-blair'],
			['nights1', '2'],
			['hotel1', 'hotel-1'],
			['tier', 'deluxe'],
			['adults', '2'],
			['activity', 'scuba@havelock'],
			['activity', 'snorkel@neil'],
			['markupKind', 'percent'],
			['clientName', 'Ritu'],
		]),
	)
	expect(kind).toBe('builder')
	expect(params.getAll('activity')).toEqual(['scuba@havelock', 'snorkel@neil'])
	expect(params.has('markupKind') || params.has('clientName')).toBe(false)
	expect(params.get('hotel1')).toBe('hotel-1')
})

test('no trip, and a junk query cannot grow without bound', () => {
	expect(agentTripParams(new URLSearchParams({ markupValue: '12' })).kind).toBeNull()
	const junk = new URLSearchParams([['start', 'x'.repeat(500)], ...Array.from({ length: 500 }, () => ['activity', 'a'] as [string, string])])
	const { params } = agentTripParams(junk)
	expect(params.get('start')).toHaveLength(100)
	expect([...params].length).toBe(60)
})
