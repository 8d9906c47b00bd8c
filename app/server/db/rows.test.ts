import { expect, test } from 'vitest'
import { camelColumns, jsonColumn, snakeColumns } from './rows.ts'

test('camelColumns renames the named columns and leaves the others out', () => {
	const row = { id: 'b1', start_date: '2027-01-20', contact_email: null, trip_token: 'secret' }
	const picked = camelColumns(row, ['id', 'start_date', 'contact_email'])
	expect(picked).toEqual({ id: 'b1', startDate: '2027-01-20', contactEmail: null })
	expect('tripToken' in picked).toBe(false)
})

test('snakeColumns is its reverse, for writing a form', () => {
	const form = { startDate: '2027-01-20', confirmationNumber: 'PNR1', bookingReference: 'BK-2026-00001' }
	expect(snakeColumns(form, ['startDate', 'confirmationNumber'])).toEqual({ start_date: '2027-01-20', confirmation_number: 'PNR1' })
	expect(camelColumns(snakeColumns(form, ['startDate']), ['start_date'])).toEqual({ startDate: '2027-01-20' })
})

test('jsonColumn reads JSON text and falls back on empty or broken text', () => {
	expect(jsonColumn<number[]>('[1,2]', [])).toEqual([1, 2])
	expect(jsonColumn<number[]>(null, [])).toEqual([])
	expect(jsonColumn<number[]>('', [7])).toEqual([7])
	expect(jsonColumn<string[] | null>('{not json', null)).toBeNull()
})
