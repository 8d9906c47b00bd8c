import { describe, expect, test } from 'vitest'
import { holdFormSchema, liveSearchSchema, searchParamsOf } from './forms.ts'

const today = '2027-01-10'
describe('live ferry forms', () => {
	test('a search needs two different islands, a date from today and a party that fits one booking', () => {
		expect(liveSearchSchema(today).parse({ from: 'port-blair', to: 'havelock', date: '2027-01-10', adults: '2', infants: '0' })).toEqual({
			from: 'port-blair',
			to: 'havelock',
			date: '2027-01-10',
			adults: 2,
			infants: 0,
		})
		const refused = liveSearchSchema(today).safeParse({ from: 'havelock', to: 'havelock', date: '2027-01-09', adults: '12', infants: '-1' })
		expect(refused.success).toBe(false)
		const paths = refused.error!.issues.map((issue) => issue.path.join('.'))
		expect(paths).toEqual(expect.arrayContaining(['date', 'adults', 'infants']))
		expect(liveSearchSchema(today).safeParse({ from: 'mars', to: 'havelock', date: 'soon', adults: 'x' }).success).toBe(false)
	})
	test('a hold carries the sailing, the class and at most nine seats', () => {
		const value = holdFormSchema(today).parse({
			from: 'port-blair',
			to: 'neil',
			date: '2027-01-11',
			adults: '1',
			infants: '0',
			operator: 'demo',
			sailing: 'demo.x',
			class: 'E',
			seats: ['1A'],
		})
		expect(value.seats).toEqual(['1A'])
		expect(
			holdFormSchema(today).parse({
				from: 'port-blair',
				to: 'neil',
				date: '2027-01-11',
				adults: '1',
				operator: 'demo',
				sailing: 'demo.x',
				class: 'E',
				seats: '2B',
			}).seats,
		).toEqual(['2B'])
		expect(
			holdFormSchema(today).parse({ from: 'port-blair', to: 'neil', date: '2027-01-11', adults: '1', operator: 'makruzz', sailing: 'k', class: '14' }).seats,
		).toEqual([])
		expect(
			holdFormSchema(today).safeParse({ from: 'port-blair', to: 'neil', date: '2027-01-11', adults: '1', operator: 'dss', sailing: 'k', class: '14' }).success,
		).toBe(false)
		expect(
			holdFormSchema(today).safeParse({
				from: 'port-blair',
				to: 'neil',
				date: '2027-01-11',
				adults: '1',
				operator: 'demo',
				sailing: 'k',
				class: 'E',
				seats: Array(10).fill('1A'),
			}).success,
		).toBe(false)
	})
	test('the search travels as a query string', () => {
		expect(searchParamsOf({ from: 'port-blair', to: 'havelock', date: '2027-01-10', adults: 2, infants: 1 }).toString()).toBe(
			'from=port-blair&to=havelock&date=2027-01-10&adults=2&infants=1',
		)
	})
})
