import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import { addDays } from '~/lib/dates.ts'
import {
	allotmentProblem,
	availabilityNote,
	isReleased,
	mergeStopSale,
	type NightInventory,
	nightStatus,
	noTerms,
	rangeNights,
	type SaleMode,
	stayAvailability,
	type StopSale,
} from './availability.ts'

const docsToday = '2026-12-01'

/** The worked examples of docs/inventory.md, read from its table so the page and the code agree. */
function workedExamples() {
	const text = fs.readFileSync(new URL('../../../../docs/inventory.md', import.meta.url), 'utf8')
	const section = text.slice(text.indexOf('## Worked examples'), text.indexOf('## Where it is used'))
	return section
		.split('\n')
		.filter((line) => /^\| \d+ \|/.test(line))
		.map((line) => {
			const [number, mode, release, nights, stop, arrival, stay, rooms, answer, told] = line
				.split('|')
				.slice(1, -1)
				.map((cell) => cell.trim()) as [string, SaleMode, string, string, string, string, string, string, string, string]
			const rows: NightInventory[] = []
			nights.split(' ').forEach((cell, index) => {
				const match = /^(\d+)\/(\d+)(m\d+)?(cta)?$/.exec(cell)
				if (!match) return
				rows.push({
					night: addDays(arrival, index),
					allotment: Number(match[1]),
					sold: Number(match[2]),
					releaseDays: null,
					minStay: match[3] ? Number(match[3].slice(1)) : 1,
					closedToArrival: Boolean(match[4]),
				})
			})
			const stopMatch = /^(\S+)\.\.(\S+) (.+)$/.exec(stop)
			const stopSales: StopSale[] = stopMatch ? [{ firstNight: stopMatch[1]!, lastNight: stopMatch[2]!, reason: stopMatch[3]!, roomTypeId: null }] : []
			return {
				number,
				input: {
					terms: { mode, releaseDays: Number(release) },
					roomTypeId: 'rt',
					arrival,
					nights: Number(stay),
					rooms: Number(rooms),
					rows,
					stopSales,
					today: docsToday,
				},
				answer,
				told: told || null,
			}
		})
}

describe('the worked examples in docs/inventory.md', () => {
	const examples = workedExamples()
	test('the page has its examples', () => expect(examples.length).toBeGreaterThanOrEqual(16))
	for (const example of examples) {
		test(`example ${example.number}`, () => {
			const result = stayAvailability(example.input)
			expect(result.status).toBe(example.answer)
			expect(availabilityNote(result)).toBe(example.told)
		})
	}
})

describe('release period', () => {
	test('a night is ours up to its release day and on request the day after', () => {
		expect(isReleased('2026-12-08', 7, '2026-12-01')).toBe(false)
		expect(isReleased('2026-12-08', 7, '2026-12-02')).toBe(true)
		expect(isReleased('2026-12-01', 0, '2026-12-01')).toBe(false)
	})
	test("a night's own release days win over the hotel's", () => {
		const row = { night: '2026-12-08', allotment: 4, sold: 0, releaseDays: 3, minStay: 1, closedToArrival: false }
		expect(nightStatus({ mode: 'allotment', releaseDays: 14 }, 'rt', row.night, row, [], '2026-12-01').status).toBe('free')
		expect(nightStatus({ mode: 'allotment', releaseDays: 14 }, 'rt', row.night, { ...row, releaseDays: null }, [], '2026-12-01').status).toBe('on-request')
	})
})

describe('night status', () => {
	const row = { night: '2026-12-20', allotment: 5, sold: 0, releaseDays: null, minStay: 1, closedToArrival: false }
	const allotment = { mode: 'allotment' as const, releaseDays: 7 }
	test('free, low, full by rooms left, held rooms counted', () => {
		expect(nightStatus(allotment, 'rt', row.night, row, [], docsToday)).toMatchObject({ status: 'free', left: 5 })
		expect(nightStatus(allotment, 'rt', row.night, { ...row, sold: 3 }, [], docsToday)).toMatchObject({ status: 'low', left: 2 })
		expect(nightStatus(allotment, 'rt', row.night, { ...row, sold: 4, held: 1 }, [], docsToday)).toMatchObject({ status: 'full', left: 0 })
	})
	test('a hotel without terms is on request, never available', () => {
		expect(nightStatus(noTerms, 'rt', row.night, row, [], docsToday).status).toBe('on-request')
		expect(
			stayAvailability({ terms: noTerms, roomTypeId: 'rt', arrival: row.night, nights: 1, rooms: 1, rows: [row], stopSales: [], today: docsToday }).status,
		).toBe('on-request')
	})
	test('a stop-sale of another room type does not stop this one; one of the hotel does', () => {
		const other: StopSale = { firstNight: row.night, lastNight: row.night, reason: 'Renovation', roomTypeId: 'other' }
		expect(nightStatus(allotment, 'rt', row.night, row, [other], docsToday).status).toBe('free')
		expect(nightStatus(allotment, 'rt', row.night, row, [{ ...other, roomTypeId: 'rt' }], docsToday).status).toBe('stop-sale')
		expect(nightStatus(allotment, 'rt', row.night, row, [{ ...other, roomTypeId: null }], docsToday).status).toBe('stop-sale')
	})
})

describe('stop-sale overlap', () => {
	const base = (firstNight: string, lastNight: string, reason: string, roomTypeId: string | null = null) => ({ firstNight, lastNight, reason, roomTypeId })
	test('overlapping and touching ranges of the same scope merge, reasons kept once each', () => {
		const existing = [
			base('2026-12-20', '2026-12-24', 'Peak'),
			base('2026-12-25', '2026-12-28', 'Christmas'),
			base('2027-01-10', '2027-01-12', 'Later'),
			base('2026-12-22', '2026-12-30', 'Room type', 'rt'),
		]
		const { merged, replaced } = mergeStopSale(existing, base('2026-12-23', '2026-12-26', 'Peak'))
		expect(merged).toEqual(base('2026-12-20', '2026-12-28', 'Peak; Christmas'))
		expect(replaced).toHaveLength(2)
	})
	test('a range apart from the others stays alone', () => {
		expect(mergeStopSale([base('2026-12-20', '2026-12-22', 'A')], base('2026-12-24', '2026-12-25', 'B'))).toEqual({
			merged: base('2026-12-24', '2026-12-25', 'B'),
			replaced: [],
		})
	})
})

describe('bulk edits', () => {
	test('an allotment below rooms sold is refused with the numbers', () => {
		expect(allotmentProblem('2026-12-20', 2, 3)).toBe('20 Dec 2026: 3 rooms already sold, so the allotment cannot go below 3 (you asked for 2).')
		expect(allotmentProblem('2026-12-20', 3, 3)).toBeNull()
		expect(allotmentProblem('2026-12-20', -1, 0)).toMatch(/whole number/)
	})
	test('a range with weekdays picks those days only', () => {
		// 2026-12-04 is a Friday, 2026-12-05 a Saturday.
		expect(rangeNights('2026-12-01', '2026-12-10', [5, 6])).toEqual(['2026-12-04', '2026-12-05'])
		expect(rangeNights('2026-12-01', '2026-12-03')).toEqual(['2026-12-01', '2026-12-02', '2026-12-03'])
	})
})
