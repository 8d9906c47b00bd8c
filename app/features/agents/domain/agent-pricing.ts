import { rupeesField } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'

/**
 * An agency's net price and the agent's own markup (docs/decisions/223-agent-rate-rules-and-net-pricing.md).
 * The trip is priced once by the existing engine (our sell price, and our cost when known); these pure
 * rules turn that into the agent's net and, with the agent's markup, the client's price. Money in paise.
 */

export const rateRuleKinds = ['commission', 'margin'] as const
export type RateRuleKind = (typeof rateRuleKinds)[number]

/**
 * commission: the agent's net is our sell price less the agency's commission (basis points, 1000 = 10%).
 * margin: the agent's net is our net cost plus a DMC margin (basis points on the cost).
 */
export type RateRule = { kind: 'commission'; commissionBp: number } | { kind: 'margin'; marginBp: number }

export type EnginePrice = {
	/** Our sell price for the trip (what a direct traveller pays). */
	sell: number
	/** Our cost for the trip (components' supplier costs), null when unknown. */
	cost: number | null
}

export type AgentNet = { ok: true; net: number; sell: number; commission: number } | { ok: false; reason: string }

function basisPoints(amount: number, bp: number): number {
	return Math.round((amount * bp) / 10_000)
}

/**
 * The agent's net price for a trip. Under a commission rule the commission is what the agent earns from
 * us (sell − net). Under a margin rule the net never exceeds our sell price (the agent would do better
 * booking as a traveller), and the commission is what is left between our sell price and their net.
 * A margin rule needs our cost: without it the trip cannot be priced at net and the agent is told why.
 */
export function agentNetPrice(price: EnginePrice, rule: RateRule): AgentNet {
	if (!Number.isInteger(price.sell) || price.sell < 0) return { ok: false, reason: 'The trip has no price yet.' }
	if (rule.kind === 'commission') {
		const commission = basisPoints(price.sell, rule.commissionBp)
		return { ok: true, net: price.sell - commission, sell: price.sell, commission }
	}
	if (price.cost === null || price.cost <= 0)
		return { ok: false, reason: 'This trip has no cost price on file, so its net price cannot be worked out. Ask us for a quote.' }
	const net = Math.min(price.sell, price.cost + basisPoints(price.cost, rule.marginBp))
	return { ok: true, net, sell: price.sell, commission: price.sell - net }
}

export const markupKinds = ['percent', 'amount'] as const
export type MarkupKind = (typeof markupKinds)[number]
/** The agent's markup on one quote: a percentage of their net (basis points) or an amount in paise. */
export type Markup = { kind: 'percent'; bp: number } | { kind: 'amount'; paise: number }

/** The markup in paise on a net price. */
export function markupOn(net: number, markup: Markup): number {
	return markup.kind === 'percent' ? basisPoints(net, markup.bp) : markup.paise
}

/**
 * What the agent's client pays: the agent's net plus their markup, in whole rupees as every price on the site
 * is (ADR 231). The client's price is rounded to the nearest rupee, never below the net (a net with paise and no
 * markup rounds up), and the markup absorbs the rounding: 12% on ₹23,247 is ₹2,790 and the client pays ₹26,037,
 * not ₹26,036.64. The net stays as the engine and the rate rule gave it: it is what we invoice the agency.
 */
export function clientPrice(net: number, markup: Markup): { net: number; markup: number; client: number } {
	const exact = net + markupOn(net, markup)
	const client = Math.max(Math.round(exact / 100) * 100, Math.ceil(net / 100) * 100)
	return { net, markup: client - net, client }
}

/** At most 100% markup, or ₹10 crore as an amount. */
const maxMarkupBp = 10_000
const maxPaise = 1_000_000_000

/** The markup form: a kind and a value (a percentage like 12 or 7.5, or rupees like 2500 or 2500.50). */
export const markupFormSchema = z
	.object({
		markupKind: z.enum(markupKinds, { message: 'Choose a percentage or an amount for your markup.' }),
		markupValue: z
			.string()
			.trim()
			.regex(/^\d{1,9}(\.\d{1,2})?$/, 'Enter your markup as a number, like 12 or 2500.'),
	})
	.transform((form, context): Markup => {
		const hundredths = Math.round(Number(form.markupValue) * 100)
		if (form.markupKind === 'percent') {
			if (hundredths > maxMarkupBp)
				context.addIssue({ code: 'custom', path: ['markupValue'], message: 'A markup above 100% is not allowed: enter 100 or less.' })
			return { kind: 'percent', bp: hundredths }
		}
		if (hundredths > maxPaise) context.addIssue({ code: 'custom', path: ['markupValue'], message: 'Enter a markup of ₹10 crore or less.' })
		return { kind: 'amount', paise: hundredths }
	})

/** The staff form for an agency's rate rule (the commission percentage is the agency's own field) and credit limit. */
export const agentTermsFormSchema = z.object({
	rateRule: z.enum(rateRuleKinds, { message: 'Choose how the agency’s net price is worked out.' }),
	marginPercent: z
		.string()
		.trim()
		.regex(/^\d{1,3}(\.\d{1,2})?$/, 'Enter the margin as a percentage between 0 and 100, like 15.')
		.transform((value) => Math.round(Number(value) * 100))
		.refine((bp) => bp <= 10_000, { message: 'A margin above 100% is not allowed: enter 100 or less.' }),
	creditLimit: rupeesField('Enter the credit limit in rupees, like 5,00,000, or 0 for no credit.', { zero: true, blankIsZero: true }),
})
