import { describe, expect, test } from 'vitest'
import { agentNetPrice, agentTermsFormSchema, clientPrice, markupFormSchema, markupOn } from './agent-pricing.ts'

describe('agent net price', () => {
	test('commission rule: net is our sell price less the commission', () => {
		expect(agentNetPrice({ sell: 5_000_000, cost: 3_000_000 }, { kind: 'commission', commissionBp: 1000 })).toEqual({
			ok: true,
			net: 4_500_000,
			sell: 5_000_000,
			commission: 500_000,
		})
		// Rounded to the paisa.
		expect(agentNetPrice({ sell: 333, cost: null }, { kind: 'commission', commissionBp: 750 })).toEqual({ ok: true, net: 308, sell: 333, commission: 25 })
	})
	test('margin rule: net is our cost plus the DMC margin, never above our sell price', () => {
		expect(agentNetPrice({ sell: 5_000_000, cost: 3_000_000 }, { kind: 'margin', marginBp: 2000 })).toEqual({
			ok: true,
			net: 3_600_000,
			sell: 5_000_000,
			commission: 1_400_000,
		})
		expect(agentNetPrice({ sell: 5_000_000, cost: 4_800_000 }, { kind: 'margin', marginBp: 2000 })).toEqual({
			ok: true,
			net: 5_000_000,
			sell: 5_000_000,
			commission: 0,
		})
	})
	test('margin rule without a cost cannot be priced, with a reason', () => {
		const result = agentNetPrice({ sell: 5_000_000, cost: null }, { kind: 'margin', marginBp: 2000 })
		expect(result.ok).toBe(false)
		if (!result.ok) expect(result.reason).toMatch(/no cost price/)
	})
})

describe('agent markup', () => {
	test('12% markup on a net of ₹45,000 gives the client ₹50,400', () => {
		expect(clientPrice(4_500_000, { kind: 'percent', bp: 1200 })).toEqual({ net: 4_500_000, markup: 540_000, client: 5_040_000 })
	})
	test('the client pays whole rupees: the markup absorbs the rounding', () => {
		// 12% of ₹23,247 is ₹2,789.64: the client pays ₹26,037, not ₹26,036.64.
		expect(clientPrice(2_324_700, { kind: 'percent', bp: 1200 })).toEqual({ net: 2_324_700, markup: 279_000, client: 2_603_700 })
		// Rounded down when nearer: ₹1,000 + 12.3% = ₹1,123.00 exactly; ₹1,001 + 12% = ₹1,121.12 → ₹1,121.
		expect(clientPrice(100_100, { kind: 'percent', bp: 1200 })).toEqual({ net: 100_100, markup: 12_000, client: 112_100 })
		// An amount with paise is rounded too.
		expect(clientPrice(4_500_000, { kind: 'amount', paise: 250_050 })).toEqual({ net: 4_500_000, markup: 250_100, client: 4_750_100 })
		// A net with paise and no markup: the client never pays less than the net.
		expect(clientPrice(308_010, { kind: 'percent', bp: 0 })).toEqual({ net: 308_010, markup: 90, client: 308_100 })
		for (const net of [1, 99, 12_345, 2_324_761, 9_999_999])
			for (const bp of [0, 1, 1200, 10_000]) {
				const priced = clientPrice(net, { kind: 'percent', bp })
				expect(priced.client % 100).toBe(0)
				expect(priced.client).toBeGreaterThanOrEqual(net)
				expect(priced.net + priced.markup).toBe(priced.client)
			}
	})
	test('an amount markup is added as it is', () => {
		expect(markupOn(4_500_000, { kind: 'amount', paise: 250_050 })).toBe(250_050)
	})
	test('the markup form reads percentages and rupees and refuses nonsense', () => {
		expect(markupFormSchema.parse({ markupKind: 'percent', markupValue: '12' })).toEqual({ kind: 'percent', bp: 1200 })
		expect(markupFormSchema.parse({ markupKind: 'amount', markupValue: '2500.50' })).toEqual({ kind: 'amount', paise: 250_050 })
		expect(markupFormSchema.safeParse({ markupKind: 'percent', markupValue: '150' }).success).toBe(false)
		expect(markupFormSchema.safeParse({ markupKind: 'percent', markupValue: '-5' }).success).toBe(false)
		expect(markupFormSchema.safeParse({ markupKind: 'bribe', markupValue: '5' }).success).toBe(false)
	})
})

test('the staff terms form reads the rule, the margin and the credit limit', () => {
	expect(agentTermsFormSchema.parse({ rateRule: 'margin', marginPercent: '17.5', creditLimit: '5,00,000' })).toEqual({
		rateRule: 'margin',
		marginPercent: 1750,
		creditLimit: 50_000_000,
	})
	expect(agentTermsFormSchema.parse({ rateRule: 'commission', marginPercent: '0', creditLimit: '' })).toMatchObject({ creditLimit: 0 })
	expect(agentTermsFormSchema.safeParse({ rateRule: 'markup', marginPercent: '0', creditLimit: '0' }).success).toBe(false)
	expect(agentTermsFormSchema.safeParse({ rateRule: 'margin', marginPercent: '101', creditLimit: '0' }).success).toBe(false)
})
