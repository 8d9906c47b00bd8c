import { z } from 'zod'
import { isIsoDate } from '~/lib/dates.ts'
import { gstr1Sections } from './gstr1.ts'

/** Longest period one export or list covers: a financial year and a bit (docs/security.md). */
export const maxPeriodDays = 400

const date = z.string().refine(isIsoDate, 'Enter the date as YYYY-MM-DD.')

/** A period for the invoice list and the accountant's exports; defaults to the current month. */
export const periodSchema = z
	.object({ from: date, to: date, section: z.enum(gstr1Sections).default('register') })
	.refine((period) => period.from <= period.to, { message: 'The start date is after the end date: swap them.', path: ['from'] })
	.refine((period) => (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 <= maxPeriodDays, {
		message: `Choose a period of at most ${maxPeriodDays} days.`,
		path: ['to'],
	})

/** The month a date is in: its first and last day. */
export function monthOf(date: string): { from: string; to: string } {
	const [year, month] = date.split('-').map(Number) as [number, number]
	const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
	return { from: `${date.slice(0, 7)}-01`, to: `${date.slice(0, 7)}-${String(last).padStart(2, '0')}` }
}
