import { expect, test } from 'vitest'
import { isInfant, maxPassengers, parsePassengers, passengerField, passengerRowsSchema } from './passengers.ts'

const travel = '2026-12-10'

test('passenger rows: empty rows ignored, ID numbers upper-cased, infants recognised', () => {
	const result = parsePassengers(
		{
			p1Name: 'Anita Rao',
			p1Age: '34',
			p1Gender: 'female',
			p1Nationality: 'indian',
			p1IdType: 'aadhaar',
			p1IdNumber: '1234 5678 9012',
			p2Name: '',
			p3Name: 'Baby Rao',
			p3Age: '1',
			p3Gender: 'female',
			p3Nationality: 'indian',
			p3IdType: 'birth_certificate',
			p3IdNumber: 'bc-2025-11',
		},
		travel,
	)
	expect(result.ok).toBe(true)
	if (!result.ok) return
	expect(result.passengers).toHaveLength(2)
	expect(result.passengers[1]).toMatchObject({ idNumber: 'BC-2025-11', passportExpiry: null })
	expect(isInfant(result.passengers[1]!)).toBe(true)
	expect(isInfant(result.passengers[0]!)).toBe(false)
})

test('foreign nationals need a passport valid on the travel date', () => {
	const base = { p1Name: 'Tom Berg', p1Age: '40', p1Gender: 'male', p1Nationality: 'foreign', p1IdNumber: 'N1234567' }
	const errors = (values: Record<string, string>) => {
		const result = parsePassengers({ ...base, ...values }, travel)
		return result.ok ? {} : result.errors
	}
	expect(errors({ p1IdType: 'aadhaar' }).p1IdType).toMatch(/passport/)
	expect(errors({ p1IdType: 'passport' }).p1PassportExpiry).toMatch(/expiry/)
	expect(errors({ p1IdType: 'passport', p1PassportExpiry: '2026-12-01' }).p1PassportExpiry).toMatch(/expires before/)
	expect(errors({ p1IdType: 'passport', p1PassportExpiry: '2030-01-01' })).toEqual({})
})

test('bad age, gender and ID number each say what to fix', () => {
	const result = parsePassengers({ p1Name: 'X Y', p1Age: 'ten', p1Gender: '', p1Nationality: 'indian', p1IdType: 'aadhaar', p1IdNumber: '1' }, travel)
	expect(result.ok).toBe(false)
	if (result.ok) return
	expect(Object.keys(result.errors).sort()).toEqual(['p1Age', 'p1Gender', 'p1IdNumber'])
})

test('the passenger form schema names every field of every row, and only those', () => {
	const names = Object.keys(passengerRowsSchema.shape)
	expect(names).toContain(passengerField(0, 'name'))
	expect(names).toContain(passengerField(maxPassengers - 1, 'passportExpiry'))
	expect(names).not.toContain(passengerField(maxPassengers, 'name'))
	expect(names).toHaveLength(1 + maxPassengers * 7)
	const parsed = passengerRowsSchema.safeParse({ intent: 'passengers', p1Name: 'Anita Rao', p1Age: '34' })
	expect(parsed.success && (parsed.data as Record<string, string | undefined>).p1Name).toBe('Anita Rao')
	expect(passengerRowsSchema.safeParse({ intent: 'status' }).success).toBe(false)
})
