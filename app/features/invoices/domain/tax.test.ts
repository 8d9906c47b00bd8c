import { describe, expect, test } from 'vitest'
import { placeOfSupply, splitInclusiveAmount, taxKind } from './tax.ts'

describe('place of supply and the tax split', () => {
	test('a traveller from the islands (or with no address) pays CGST + UTGST: Andaman and Nicobar is a union territory', () => {
		const place = placeOfSupply({ supplierState: '35', buyerGstinState: null, buyerAddressState: null })
		expect(place).toBe('35')
		expect(taxKind('35', place)).toBe('cgst-utgst')
		// ₹52,500 including 5 % GST: ₹50,000 taxable, ₹1,250 CGST and ₹1,250 UTGST.
		expect(splitInclusiveAmount(5_250_000, 5, 'cgst-utgst')).toEqual({
			kind: 'cgst-utgst',
			rateBasisPoints: 500,
			taxable: 5_000_000,
			cgst: 125_000,
			sgst: 0,
			utgst: 125_000,
			igst: 0,
			total: 5_250_000,
		})
	})

	test('a traveller whose address is in another state pays IGST', () => {
		const place = placeOfSupply({ supplierState: '35', buyerGstinState: null, buyerAddressState: '33' })
		expect(place).toBe('33')
		expect(taxKind('35', place)).toBe('igst')
		expect(splitInclusiveAmount(5_250_000, 5, 'igst')).toMatchObject({ taxable: 5_000_000, igst: 250_000, cgst: 0, sgst: 0, utgst: 0 })
	})

	test('within a state with a legislature it is CGST + SGST (Delhi and Puducherry too)', () => {
		expect(taxKind('27', '27')).toBe('cgst-sgst')
		expect(taxKind('07', '07')).toBe('cgst-sgst')
		expect(taxKind('34', '34')).toBe('cgst-sgst')
		expect(taxKind('04', '04')).toBe('cgst-utgst')
		expect(splitInclusiveAmount(1_180_000, 18, 'cgst-sgst')).toMatchObject({ taxable: 1_000_000, cgst: 90_000, sgst: 90_000, total: 1_180_000 })
	})

	test('B2B: the GSTIN’s state is the place of supply, even when the address on record says otherwise', () => {
		expect(placeOfSupply({ supplierState: '35', buyerGstinState: '29', buyerAddressState: '35' })).toBe('29')
		expect(taxKind('35', '29')).toBe('igst')
		expect(placeOfSupply({ supplierState: '35', buyerGstinState: '35', buyerAddressState: null })).toBe('35')
	})

	test('the parts always add up to the amount paid; an odd paisa of tax goes to CGST', () => {
		for (const amount of [1, 99, 1_500_001, 1_234_567, 9_999_999_99]) {
			for (const kind of ['cgst-sgst', 'cgst-utgst', 'igst'] as const) {
				const split = splitInclusiveAmount(amount, 5, kind)
				expect(split.taxable + split.cgst + split.sgst + split.utgst + split.igst).toBe(amount)
				expect(split.cgst - split.sgst - split.utgst).toBeGreaterThanOrEqual(kind === 'igst' ? 0 : 0)
				expect(split.cgst - split.sgst - split.utgst).toBeLessThanOrEqual(kind === 'igst' ? 0 : 1)
			}
		}
		expect(splitInclusiveAmount(1_234_567, 5, 'cgst-sgst')).toEqual({
			kind: 'cgst-sgst',
			rateBasisPoints: 500,
			taxable: 1_175_778,
			cgst: 29_395,
			sgst: 29_394,
			utgst: 0,
			igst: 0,
			total: 1_234_567,
		})
	})
})
