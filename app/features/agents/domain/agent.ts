import { optionalEmailField, visitorNameField, visitorPhoneField } from '~/features/leads/domain/contact-fields.ts'
import type { Machine } from '~/lib/state-machine.ts'
import { gstinProblem, gstStates, isStateCode, stateOfGstin } from '~/features/invoices/domain/gstin.ts'
import { z } from '~/lib/zod.ts'

/** Partner travel agencies (docs/product.md Agents). */
export const agentStatuses = ['applied', 'approved', 'rejected', 'suspended'] as const
export type AgentStatus = (typeof agentStatuses)[number]

/** applied → approved | rejected; an approved agent can be suspended and reinstated; a rejected one can apply again. */
export const agentMachine: Machine<AgentStatus> = {
	noun: 'agent',
	states: agentStatuses,
	labels: { applied: 'Applied', approved: 'Approved', rejected: 'Rejected', suspended: 'Suspended' },
	transitions: { applied: ['approved', 'rejected'], approved: ['suspended'], suspended: ['approved'], rejected: ['applied'] },
}

/** PAN: five letters, four digits, one letter (AAAAA9999A). */
export function isPan(value: string): boolean {
	return /^[A-Z]{5}\d{4}[A-Z]$/.test(value)
}

/** GSTIN: 2-digit state code, the PAN, entity number, Z, check character (15 characters). */
export function isGstin(value: string): boolean {
	return /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(value)
}

const upperOptional = (check: (value: string) => boolean, message: string) =>
	z
		.string()
		.trim()
		.optional()
		.transform((value) => (value ? value.toUpperCase().replace(/\s/g, '') : null))
		.refine((value) => value === null || check(value), { message })

export const agentFormSchema = z
	.object({
		company: z.string().trim().min(2, 'Enter the agency’s name.').max(160, 'Keep the name under 160 characters.'),
		contactPerson: visitorNameField,
		phone: visitorPhoneField,
		email: optionalEmailField,
		city: z
			.string()
			.trim()
			.max(80, 'Keep the city under 80 characters.')
			.optional()
			.transform((value) => value || null),
		pan: upperOptional(isPan, 'Enter the PAN as 5 letters, 4 digits and a letter, like ABCDE1234F.'),
		// The format and the check character (docs/decisions/232): the GSTIN goes on the agency's tax invoices.
		gstin: upperOptional(
			(value) => isGstin(value) && gstinProblem(value) === null,
			'Enter the 15-character GSTIN, like 35ABCDE1234F1Z3: check it for a typing mistake.',
		),
		billingAddress: z
			.string()
			.trim()
			.max(400, 'Keep the address under 400 characters.')
			.optional()
			.transform((value) => value || null),
		stateCode: z
			.string()
			.trim()
			.optional()
			.transform((value) => value || null)
			.refine((value) => value === null || isStateCode(value), { message: 'Choose the state or union territory from the list.' }),
		commissionPercent: z
			.string()
			.trim()
			.regex(/^\d{1,2}(\.\d{1,2})?$/, 'Enter the commission as a percentage between 0 and 50, like 10 or 7.5.')
			.transform((value) => Math.round(Number(value) * 100))
			.refine((bp) => bp <= 5000, { message: 'Commission above 50% is not allowed: enter 50 or less.' }),
		notes: z
			.string()
			.trim()
			.max(2000, 'Keep the notes under 2,000 characters.')
			.optional()
			.transform((value) => value || null),
	})
	.refine((form) => !form.gstin || !form.pan || form.gstin.slice(2, 12) === form.pan, {
		path: ['gstin'],
		message: 'The GSTIN should contain the PAN (characters 3 to 12). Check both numbers.',
	})
	.refine((form) => !form.gstin || !form.stateCode || !isStateCode(form.stateCode) || stateOfGstin(form.gstin) === form.stateCode, {
		path: ['stateCode'],
		message: 'The GSTIN is registered in another state: choose its state, or check the GSTIN.',
	})
/** Billing address and state are optional to callers that predate them (seeds, tests): left out, they stay as they are. */
export type AgentForm = Omit<z.infer<typeof agentFormSchema>, 'billingAddress' | 'stateCode'> & { billingAddress?: string | null; stateCode?: string | null }

/** The GST states for the agency's state select (value = the 2-digit code). */
export const agencyStateOptions = Object.entries(gstStates).map(([value, label]) => ({ value, label }))

/** Commission in paise on an amount, rounded to the paisa. */
export function commissionOn(amount: number, commissionBp: number): number {
	return Math.round((amount * commissionBp) / 10_000)
}

/** Bookings that earn commission: confirmed (advance paid) or completed. */
export const commissionableBookingStatuses = ['confirmed', 'completed'] as const

export type CommissionLine = { status: string; commission: number }
/**
 * Earned: the commission of confirmed and completed bookings. Due: the earned
 * commission on completed trips (paid out after the traveller has travelled).
 */
export function commissionSummary(bookings: readonly CommissionLine[]) {
	let earned = 0
	let due = 0
	for (const booking of bookings) {
		if (!(commissionableBookingStatuses as readonly string[]).includes(booking.status)) continue
		earned += booking.commission
		if (booking.status === 'completed') due += booking.commission
	}
	return { earned, due }
}
