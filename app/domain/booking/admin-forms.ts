import { isIsoDate } from '~/lib/dates.ts'
import { isId } from '~/lib/ids.ts'
import { parseRupees } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { paymentMethods } from './booking.ts'
import { componentFormSchema } from './components.ts'

/*
 * The forms of /admin/pending/{id}, one schema per intent (the route dispatches on `intent`).
 * The payment-link, refund, reminder and invoice forms have theirs in the payments and invoices modules.
 */

export const recordPaymentSchema = z.object({
	amount: z.string().transform((value, ctx) => {
		const paise = parseRupees(value)
		if (!paise) {
			ctx.addIssue({ code: 'custom', message: 'Enter the amount received in rupees, e.g. 17,400.' })
			return z.NEVER
		}
		return paise
	}),
	method: z.enum(paymentMethods, { message: 'Choose how it was paid.' }),
	reference: z.string().trim().min(3, 'Give the UPI, bank or card reference (or a receipt number for cash).').max(80),
	paidOn: z.string().refine(isIsoDate, 'Give the date the money arrived.'),
	verified: z
		.string()
		.optional()
		.transform((value) => value === 'on'),
})

export const verifyPaymentSchema = z.object({ paymentId: z.string().min(1) })

export const confirmBookingSchema = z.object({
	overrideReason: z
		.string()
		.trim()
		.max(500)
		.optional()
		.transform((value) => value || null),
})

export const cancelBookingSchema = z.object({ reason: z.string().trim().min(5, 'Say why the booking is cancelled (at least 5 characters).').max(500) })

export const completeBookingSchema = z.object({})

/** Adding a component is `componentFormSchema`; editing one names it too. */
export const updateComponentSchema = componentFormSchema.safeExtend({ componentId: z.string().min(1) })

/** Attributing the booking to a partner agent (docs/decisions/052-agents-and-commission.md): anything but an id removes the agent. */
export const bookingAgentSchema = z.object({
	agentId: z
		.string()
		.optional()
		.transform((value) => (value && isId(value) ? value : null)),
})
