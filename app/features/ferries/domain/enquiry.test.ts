import { describe, expect, test } from 'vitest'
import { journeysFor, journeysShown, parseFerryEnquiry, routesKey } from './enquiry.ts'

const today = '2026-12-01'
const contact = { name: 'Anita Rao', phone: '9876543210', submissionKey: 'k'.repeat(20), adults: '2', infants: '0', indians: '2', foreigners: '0' }

describe('ferry enquiry', () => {
	test('the form shows the journeys the trip type needs, and never hides one that was filled in', () => {
		expect([journeysFor('one_way'), journeysFor('return'), journeysFor('island_hopping'), journeysFor(undefined), journeysFor('nonsense')]).toEqual([
			1, 2, 4, 1, 1,
		])
		expect(journeysShown({})).toBe(1)
		expect(journeysShown({ tripType: 'return' })).toBe(2)
		expect(journeysShown({ tripType: 'island_hopping' })).toBe(4)
		// A one-way trip refused for its extra journey keeps that journey on screen to be cleared.
		expect(journeysShown({ tripType: 'one_way', leg1From: 'port-blair', leg3Date: '2026-12-12' })).toBe(3)
		expect(journeysShown({ tripType: 'return', leg2From: '', leg2To: '' })).toBe(2)
	})

	test('a one-way trip with one leg; empty leg fieldsets are ignored', () => {
		const result = parseFerryEnquiry(
			{
				...contact,
				tripType: 'one_way',
				leg1From: 'port-blair',
				leg1To: 'havelock',
				leg1Date: '2026-12-10',
				leg1Operator: 'makruzz',
				leg1Class: 'premium',
				leg2From: '',
				leg2To: '',
				leg2Date: '',
			},
			today,
		)
		expect(result).toMatchObject({
			ok: true,
			enquiry: {
				tripType: 'one_way',
				phone: '+919876543210',
				legs: [{ from: 'port-blair', to: 'havelock', date: '2026-12-10', time: 'any', operator: 'makruzz', class: 'premium' }],
			},
		})
	})

	test('from and to must differ, dates must be real, not past and in order', () => {
		const result = parseFerryEnquiry(
			{
				...contact,
				tripType: 'island_hopping',
				leg1From: 'havelock',
				leg1To: 'havelock',
				leg1Date: '2026-11-30',
				leg2From: 'havelock',
				leg2To: 'neil',
				leg2Date: '2026-12-05',
				leg3From: 'neil',
				leg3To: 'port-blair',
				leg3Date: '2026-12-03',
				leg4From: 'neil',
				leg4To: 'havelock',
				leg4Date: '2026-02-30',
			},
			today,
		)
		expect(result.ok).toBe(false)
		if (result.ok) return
		expect(result.errors.leg1To).toMatch(/different island/)
		expect(result.errors.leg1Date).toMatch(/has passed/)
		expect(result.errors.leg3Date).toMatch(/in order/)
		expect(result.errors.leg4Date).toMatch(/real date/)
	})

	test('trip type and legs agree', () => {
		const leg1 = { leg1From: 'port-blair', leg1To: 'havelock', leg1Date: '2026-12-10' }
		const bad = (values: Record<string, string>) => {
			const result = parseFerryEnquiry({ ...contact, ...values }, today)
			return result.ok ? {} : result.errors
		}
		expect(bad({ tripType: 'return', ...leg1 }).tripType).toMatch(/two journeys/)
		expect(bad({ tripType: 'return', ...leg1, leg2From: 'havelock', leg2To: 'neil', leg2Date: '2026-12-12' }).leg2To).toMatch(/reverse/)
		expect(bad({ tripType: 'island_hopping', ...leg1 }).tripType).toMatch(/two or more/)
		expect(bad({ tripType: 'one_way', ...leg1, leg2From: 'havelock', leg2To: 'port-blair', leg2Date: '2026-12-12' }).tripType).toMatch(/one journey/)
		expect(parseFerryEnquiry({ ...contact, tripType: 'return', ...leg1, leg2From: 'havelock', leg2To: 'port-blair', leg2Date: '2026-12-12' }, today).ok).toBe(
			true,
		)
		expect(bad({ tripType: 'one_way' }).leg1From).toMatch(/at least one journey/)
	})

	test('passenger counts: infants no more than adults, nationalities add up', () => {
		const leg1 = { tripType: 'one_way', leg1From: 'port-blair', leg1To: 'neil', leg1Date: today }
		const errors = (values: Record<string, string>) => {
			const result = parseFerryEnquiry({ ...contact, ...leg1, ...values }, today)
			return result.ok ? {} : result.errors
		}
		expect(errors({ adults: '1', infants: '2', indians: '3' }).infants).toMatch(/no more infants/)
		expect(errors({ adults: '2', infants: '1', indians: '2', foreigners: '0' }).indians).toMatch(/add up to everyone travelling \(3\)/)
		expect(errors({ adults: '0' }).adults).toMatch(/at least 1/)
		expect(errors({ adults: '2', infants: '1', indians: '1', foreigners: '2' })).toEqual({})
	})

	test('routes key', () => {
		expect(
			routesKey([
				{ from: 'port-blair', to: 'havelock' },
				{ from: 'havelock', to: 'neil' },
			]),
		).toBe(',port-blair>havelock,havelock>neil,')
	})
})
