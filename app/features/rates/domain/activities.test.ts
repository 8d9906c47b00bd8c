import { describe, expect, test } from 'vitest'
import { activityIsland, interestLabel } from './activities.ts'

describe('activities', () => {
	test('a lead’s interests read as words, whether the builder stored an engine id or the visitor typed them', () => {
		expect(interestLabel('scuba-diving@havelock')).toBe('Scuba diving at Havelock')
		expect(interestLabel('snorkeling@north-bay')).toBe('Snorkeling at North Bay')
		expect(interestLabel('glass-bottom-boat@jolly-buoy')).toBe('Glass bottom boat at Jolly buoy')
		expect(interestLabel('honeymoon')).toBe('honeymoon')
		expect(interestLabel('Scuba for two')).toBe('Scuba for two')
	})

	test('a day-trip location is priced on the island it is done from', () => {
		expect(activityIsland('north-bay')).toBe('port-blair')
		expect(activityIsland('havelock')).toBe('havelock')
		expect(activityIsland('nowhere')).toBeNull()
	})
})
