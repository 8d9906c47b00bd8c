import { describe, expect, test } from 'vitest'
import { addDays, formatTravelDate, formatTravelMonth, isIsoDate, todayInIndia } from './dates.ts'
import { AppError, errorStatus } from './errors.ts'
import { formatReference, isId, newId } from './ids.ts'
import { formatINR, formatINRExact, maxMoney, parseRupees, rupeesField, tooMuchMoney } from './money.ts'
import { describeParty, listWords, plural } from './words.ts'
import { initials, safeRedirect } from './utils.ts'

describe('ids', () => {
	test('ids are 20 characters of [A-Za-z0-9] and do not repeat', () => {
		const ids = new Set(Array.from({ length: 2000 }, () => newId()))
		expect(ids.size).toBe(2000)
		for (const id of ids) expect(isId(id)).toBe(true)
	})
	test('references are padded and readable', () => {
		expect(formatReference('LD', 2026, 42)).toBe('LD-2026-00042')
	})
})

describe('money', () => {
	test('formats Indian grouping in whole rupees', () => {
		expect(formatINR(12_345_600)).toBe('₹1,23,456')
		expect(formatINRExact(12_345_650)).toBe('₹1,23,456.50')
	})
	test('one rule: never rounded, paise only when the amount has them, always on a tax document', () => {
		expect(formatINR(12_271_560)).toBe('₹1,22,715.60')
		expect(formatINR(1_593_900)).toBe('₹15,939')
		expect(formatINR(5)).toBe('₹0.05')
		expect(formatINR(-4_000)).toBe('-₹40')
		expect(formatINR(1_593_900, { taxDocument: true })).toBe('₹15,939.00')
		expect(formatINRExact(1_593_900)).toBe('₹15,939.00')
	})
	test('parses typed rupees into paise and refuses nonsense', () => {
		expect(parseRupees('1,23,456.5')).toBe(12_345_650)
		expect(parseRupees('₹ 250')).toBe(25_000)
		expect(parseRupees('-5')).toBeNull()
		expect(parseRupees('12.345')).toBeNull()
		expect(parseRupees('abc')).toBeNull()
	})
	test('a money field takes up to ₹10 crore and names the limit above it', () => {
		const field = rupeesField('Enter the amount in rupees.')
		const messageOf = (value: unknown) => field.safeParse(value).error?.issues[0]?.message
		expect(field.parse('10,00,00,000')).toBe(maxMoney)
		expect(formatINR(maxMoney)).toBe('₹10,00,00,000')
		expect(messageOf('10,00,00,000.01')).toBe(tooMuchMoney)
		expect(messageOf('1' + '0'.repeat(22))).toBe(tooMuchMoney)
		expect(tooMuchMoney).toContain('₹10,00,00,000')
		for (const nonsense of ['', '0', '-5', '1e22', 'abc', undefined, '9'.repeat(65)]) expect(messageOf(nonsense)).toBe('Enter the amount in rupees.')
		expect(rupeesField('x', { zero: true }).parse('0')).toBe(0)
		expect(rupeesField('x', { zero: true, blankIsZero: true }).parse(' ')).toBe(0)
	})
})

describe('dates', () => {
	test('validates real calendar dates only', () => {
		expect(isIsoDate('2027-02-28')).toBe(true)
		expect(isIsoDate('2027-02-29')).toBe(false)
		expect(isIsoDate('2028-02-29')).toBe(true)
		expect(isIsoDate('2027-2-1')).toBe(false)
	})
	test('adds days across months and years', () => {
		expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
		expect(addDays('2027-03-01', -1)).toBe('2027-02-28')
	})
	test('today is India date, not UTC', () => {
		expect(todayInIndia(new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-22')
		expect(formatTravelDate('2027-01-05')).toBe('5 Jan 2027')
		expect(formatTravelMonth('2026-12')).toBe('Dec 2026')
	})
})

describe('errors', () => {
	test('codes map to HTTP statuses of docs/conventions.md', () => {
		expect(new AppError('not-found', 'x').status).toBe(404)
		expect(new AppError('already-exists', 'x').status).toBe(409)
		expect(errorStatus['invalid-argument']).toBe(400)
		expect(errorStatus['resource-exhausted']).toBe(429)
		expect(errorStatus['deadline-exceeded']).toBe(504)
	})
})

describe('utils', () => {
	test('initials take the first letters of up to two words', () => {
		expect(initials('Asha Rani Kumar')).toBe('AR')
		expect(initials('  neil ')).toBe('N')
	})
	test('safeRedirect refuses other origins', () => {
		expect(safeRedirect('/admin/leads?x=1')).toBe('/admin/leads?x=1')
		expect(safeRedirect('//evil.com')).toBe('/')
		expect(safeRedirect('/\\evil.com')).toBe('/')
		expect(safeRedirect('https://evil.com')).toBe('/')
		expect(safeRedirect(null, '/admin')).toBe('/admin')
	})
	test('safeRedirect checks after normalising: dot segments, tabs and encoded slashes cannot make //evil', () => {
		for (const bad of [
			'/.//evil.example',
			'/./\\evil.example',
			'/a/..//evil.example',
			'/\t/evil.example',
			'/\n/evil.example',
			'/%2F%2Fevil.example',
			'/%2f/evil.example',
			'/%5Cevil.example',
			'/%5C%5Cevil.example',
			'/%09/evil.example',
			'/.%2F/evil.example',
			'/%E0%A4%A',
		]) {
			expect(safeRedirect(bad), bad).toBe('/')
		}
		expect(safeRedirect('/admin/./leads/../team?q=a%2Fb#top')).toBe('/admin/team?q=a%2Fb#top')
		expect(safeRedirect('/packages/havelock-honeymoon')).toBe('/packages/havelock-honeymoon')
		expect(safeRedirect('/guides/a%20b%2Fc?x=1')).toBe('/guides/a%20b%2Fc?x=1')
	})
})

describe('words for travellers', () => {
	test('counts and party descriptions pluralise properly', () => {
		expect(plural(1, 'child', 'children')).toBe('1 child')
		expect(plural(2, 'child', 'children')).toBe('2 children')
		expect(listWords([5, 9])).toBe('5 and 9')
		expect(describeParty({ adults: 2, childAges: [7], infants: 0 })).toBe('2 adults and 1 child aged 7')
		expect(describeParty({ adults: 1, childAges: [5, 9], infants: 1 })).toBe('1 adult, 2 children aged 5 and 9 and 1 infant')
	})
})
