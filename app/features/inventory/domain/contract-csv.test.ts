import { describe, expect, test } from 'vitest'
import { parseCsv, toCsv } from '~/lib/csv.ts'
import { contractRows, readContractCsv, seasonProblem } from './contract-csv.ts'

const roomTypes = [
	{ id: 'rt-sea', name: 'Sea view' },
	{ id: 'rt-garden', name: 'Garden cottage' },
]
const seasons = { from: '2026-01-01', to: '2027-12-31' }
const night = (
	roomTypeId: string,
	date: string,
	allotment = 5,
	extra: Partial<{ releaseDays: number | null; minStay: number; closedToArrival: boolean }> = {},
) => ({ roomTypeId, night: date, allotment, releaseDays: null, minStay: 1, closedToArrival: false, ...extra })

describe('a hotel contract as CSV', () => {
	test('equal nights in a row become one line; a change or a gap starts another; stop-sales and terms have their own lines', () => {
		const rows = contractRows({
			terms: { mode: 'allotment', releaseDays: 7 },
			roomTypes,
			nights: [
				night('rt-sea', '2026-12-20'),
				night('rt-sea', '2026-12-21'),
				night('rt-sea', '2026-12-22', 5, { minStay: 3 }),
				night('rt-sea', '2026-12-24'),
				night('rt-garden', '2026-12-20', 2),
			],
			stopSales: [{ firstNight: '2026-12-31', lastNight: '2027-01-01', reason: '=HYPERLINK("x") New Year', roomTypeId: null }],
		})
		expect(rows.slice(1).map((row) => row.slice(0, 8).join(','))).toEqual([
			'terms,,,,,7,,',
			'nights,Garden cottage,2026-12-20,2026-12-20,2,,1,no',
			'nights,Sea view,2026-12-20,2026-12-21,5,,1,no',
			'nights,Sea view,2026-12-22,2026-12-22,5,,3,no',
			'nights,Sea view,2026-12-24,2026-12-24,5,,1,no',
			'stop_sale,,2026-12-31,2027-01-01,,,,',
		])
		// The export's formula guard: a reason starting with = is written with a leading '.
		expect(toCsv(rows)).toContain(`'=HYPERLINK`)
	})

	test('what is exported reads back as the same contract (the formula guard undone)', () => {
		const csv = toCsv(
			contractRows({
				terms: { mode: 'allotment', releaseDays: 7 },
				roomTypes,
				nights: [night('rt-sea', '2026-12-20', 4, { releaseDays: 10, closedToArrival: true })],
				stopSales: [{ firstNight: '2026-12-31', lastNight: '2026-12-31', reason: '=New Year', roomTypeId: 'rt-garden' }],
			}),
		)
		const read = readContractCsv(parseCsv(csv), roomTypes, seasons)
		expect(read).toEqual({
			ok: true,
			contract: {
				terms: { mode: 'allotment', releaseDays: 7 },
				ranges: [{ line: 3, roomTypeId: 'rt-sea', first: '2026-12-20', last: '2026-12-20', allotment: 4, releaseDays: 10, minStay: 1, closedToArrival: true }],
				stopSales: [{ line: 4, firstNight: '2026-12-31', lastNight: '2026-12-31', reason: '=New Year', roomTypeId: 'rt-garden' }],
			},
		})
	})

	test('every bad line is reported by its number, and no contract is returned', () => {
		const csv = [
			'kind,room_type,first_night,last_night,allotment,release_days,min_stay,closed_to_arrival,mode,reason',
			'terms,,,,,7,,,sometimes,',
			'nights,Penthouse,2026-12-20,2026-12-21,5,,1,no,,',
			'nights,Sea view,2026-12-22,2026-12-20,5,,1,no,,',
			'nights,Sea view,2026-12-20,2026-12-21,many,,1,maybe,,',
			'nights,Sea view,2027-12-30,2028-01-02,5,,1,no,,',
			'stop_sale,,2026-12-20,2026-12-21,,,,,,',
			'nights,Sea view,2026-12-20,2026-12-21,5,,1,no,,',
			'holiday,Sea view,2026-12-20,2026-12-21,5,,1,no,,',
			'nights,Sea view,2026-12-20',
		].join('\n')
		const read = readContractCsv(parseCsv(csv), roomTypes, seasons)
		if (read.ok) throw new Error('expected problems')
		expect(read.problems.map((problem) => problem.line)).toEqual([2, 3, 4, 5, 5, 6, 7, 9, 10])
		expect(read.problems.map((problem) => problem.message)).toEqual([
			'Line 2: the mode must be one of allotment, free_sale, on_request.',
			"Line 3: the hotel has no room type “Penthouse”. Add it on the hotel's page first.",
			'Line 4: the last night is before the first.',
			'Line 5: give the allotment as a whole number of rooms, 0 to 999.',
			'Line 5: closed_to_arrival is yes or no.',
			'Line 6: 2 Jan 2028 is outside the seasons (1 Jan 2026 to 31 Dec 2027), so a stay then cannot be priced: extend the season plan in Settings first.',
			'Line 7: say why the hotel is not sold (2 to 200 characters).',
			'Line 9: the kind must be terms, nights or stop_sale.',
			'Line 10: expected 10 cells, found 3.',
		])
	})

	test('a wrong header or an empty file is refused on its line', () => {
		expect(readContractCsv(parseCsv('hotel,room\n'), roomTypes, seasons)).toMatchObject({ ok: false, problems: [{ line: 1 }] })
		expect(
			readContractCsv(parseCsv('kind,room_type,first_night,last_night,allotment,release_days,min_stay,closed_to_arrival,mode,reason\n'), roomTypes, seasons),
		).toMatchObject({ ok: false, problems: [{ line: 2, message: 'The file has no contract rows.' }] })
	})

	test('nights outside the season plan are refused with the reason', () => {
		expect(seasonProblem('2026-12-20', '2026-12-31', seasons)).toBeNull()
		expect(seasonProblem('2025-12-31', '2026-01-02', seasons)).toMatch(/^31 Dec 2025 is outside the seasons \(1 Jan 2026 to 31 Dec 2027\)/)
		expect(seasonProblem('2026-12-20', '2026-12-31', null)).toMatch(/No season is set/)
	})
})
