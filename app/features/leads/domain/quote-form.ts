import { optionalEmailField, visitorNameField, visitorPhoneField, visitorTextLimits } from './contact-fields.ts'
import type { NewLead } from './lead.ts'
import { tiers } from '~/features/catalog/domain/packages.ts'
import { isIsoDate, monthChoices } from '~/lib/dates.ts'
import { islandSlugs, type IslandSlug } from '~/lib/islands.ts'
import { z } from '~/lib/zod.ts'

/** Budget bands per person, as travellers think of them (stored on the lead as the key). */
export const budgetBands = {
	'under-25k': 'Under ₹25,000 per person',
	'25k-40k': '₹25,000 – ₹40,000 per person',
	'40k-60k': '₹40,000 – ₹60,000 per person',
	'60k-1l': '₹60,000 – ₹1,00,000 per person',
	'over-1l': 'Over ₹1,00,000 per person',
} as const
export type BudgetBand = keyof typeof budgetBands

/** Islands a traveller can ask for on the quote form. */
export const quoteIslands = [
	'port-blair',
	'havelock',
	'neil',
	'baratang',
	'ross',
	'north-bay',
	'diglipur',
	'long-island',
	'little-andaman',
] as const satisfies readonly IslandSlug[]

const emptyToUndefined = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim())

const optionalDate = z
	.string()
	.optional()
	.transform(emptyToUndefined)
	.refine((value) => value === undefined || isIsoDate(value), { message: 'Enter a real date, or leave it empty.' })

function optionalWholeNumber(min: number, max: number, message: string) {
	return z
		.string()
		.optional()
		.transform(emptyToUndefined)
		.refine((value) => value === undefined || (/^\d{1,3}$/.test(value) && Number(value) >= min && Number(value) <= max), { message })
		.transform((value) => (value === undefined ? undefined : Number(value)))
}

/**
 * The /quote form. One schema for the server and the browser (inline
 * validation). Every field arrives as text; islands as a list of checkbox values.
 */
export const quoteFormSchema = z
	.object({
		name: visitorNameField,
		phone: visitorPhoneField,
		email: optionalEmailField,
		travelMonth: z
			.string()
			.optional()
			.transform(emptyToUndefined)
			.refine((value) => value === undefined || /^\d{4}-(0[1-9]|1[0-2])$/.test(value), { message: 'Choose a month from the list, or leave it empty.' }),
		travelStart: optionalDate,
		travelEnd: optionalDate,
		nights: optionalWholeNumber(1, 30, 'Nights must be a whole number from 1 to 30, or leave it empty.'),
		adults: z
			.string()
			.trim()
			.refine((value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 40, { message: 'Adults must be a whole number from 1 to 40.' })
			.transform(Number),
		childAges: z
			.string()
			.optional()
			.transform((value, ctx) => {
				const text = (value ?? '').trim()
				if (!text) return [] as number[]
				const parts = text.split(/[,\s]+/).filter(Boolean)
				if (parts.length > 12 || parts.some((part) => !/^\d{1,2}$/.test(part) || Number(part) > 17)) {
					ctx.addIssue({ code: 'custom', message: 'List each child’s age from 0 to 17, separated by commas, like 4, 9.' })
					return z.NEVER
				}
				return parts.map(Number)
			}),
		budget: z
			.string()
			.optional()
			.transform(emptyToUndefined)
			.refine((value) => value === undefined || value in budgetBands, { message: 'Choose a budget from the list, or leave it empty.' }),
		tier: z
			.string()
			.optional()
			.transform(emptyToUndefined)
			.refine((value) => value === undefined || (tiers as readonly string[]).includes(value), { message: 'Choose a hotel category from the list.' }),
		// A form posts one ticked box as a single value and several as a list.
		islands: z
			.union([z.string(), z.array(z.string())])
			.optional()
			.transform((value) => [...new Set(typeof value === 'string' ? [value] : (value ?? []))])
			.refine((value) => value.every((island) => (islandSlugs as readonly string[]).includes(island)), { message: 'Choose islands from the list.' }),
		message: z
			.string()
			.optional()
			.transform(emptyToUndefined)
			.refine((value) => value === undefined || value.length <= visitorTextLimits.message, { message: 'Keep the message under 4,000 characters.' }),
		packageSlug: z
			.string()
			.optional()
			.transform(emptyToUndefined)
			.refine((value) => value === undefined || /^[a-z0-9-]{1,120}$/.test(value), { message: 'That package link is not valid.' }),
		submissionKey: z.string().min(10, 'Reload the page and send the form again.').max(40, 'Reload the page and send the form again.'),
	})
	.refine((form) => !form.travelStart || !form.travelEnd || form.travelEnd >= form.travelStart, {
		path: ['travelEnd'],
		message: 'The return date must be on or after the start date.',
	})
export type QuoteForm = z.infer<typeof quoteFormSchema>

/** The traveller's brief from the quote form, as the lead fields it fills (the public form and staff's new-lead form). */
export function leadFieldsFromQuoteForm(brief: Omit<QuoteForm, 'packageSlug' | 'submissionKey'>) {
	return {
		name: brief.name,
		phone: brief.phone,
		email: brief.email ?? null,
		travelMonth: brief.travelMonth ?? null,
		travelStart: brief.travelStart ?? null,
		travelEnd: brief.travelEnd ?? null,
		nights: brief.nights ?? null,
		adults: brief.adults,
		childAges: brief.childAges,
		budget: brief.budget ?? null,
		tier: brief.tier ?? null,
		islands: brief.islands,
		message: brief.message ?? null,
	} satisfies Omit<NewLead, 'source'>
}

/** The next 18 months as choices ("January 2027"), starting with the month of `today` (YYYY-MM-DD). */
export function travelMonthOptions(today: string): Array<{ value: string; label: string }> {
	return monthChoices(today, 18)
}
