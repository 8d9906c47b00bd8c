import { isIsoDate } from '~/lib/dates.ts'
import { isId } from '~/lib/ids.ts'
import { rupeesField } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { paymentMethods } from './booking.ts'
import { componentFormSchema } from './components.ts'

/*
 * The forms of /admin/pending/{id}, one schema per intent (the route dispatches on `intent`; each
 * schema names it, so a refused form's values say which form they belong to).
 * The payment-link, refund, reminder and invoice forms have theirs in the payments and invoices modules.
 */

export const recordPaymentSchema = z.object({
	intent: z.literal('record-payment'),
	amount: rupeesField('Enter the amount received in rupees, e.g. 17,400.'),
	method: z.enum(paymentMethods, { message: 'Choose how it was paid.' }),
	reference: z.string().trim().min(3, 'Give the UPI, bank or card reference (or a receipt number for cash).').max(80),
	paidOn: z.string().refine(isIsoDate, 'Give the date the money arrived.'),
	verified: z
		.string()
		.optional()
		.transform((value) => value === 'on'),
})

export const verifyPaymentSchema = z.object({ intent: z.literal('verify-payment'), paymentId: z.string().min(1) })

export const confirmBookingSchema = z.object({
	intent: z.literal('confirm'),
	overrideReason: z
		.string()
		.trim()
		.max(500)
		.optional()
		.transform((value) => value || null),
})

export const cancelBookingSchema = z.object({
	intent: z.literal('cancel'),
	reason: z.string().trim().min(5, 'Say why the booking is cancelled (at least 5 characters).').max(500),
})

export const completeBookingSchema = z.object({ intent: z.literal('complete') })

/** Adding a component (the fields are `componentFormSchema`), and editing one, which names it too. */
export const addComponentSchema = componentFormSchema.safeExtend({ intent: z.literal('add-component') })
export const updateComponentSchema = componentFormSchema.safeExtend({ intent: z.literal('update-component'), componentId: z.string().min(1) })

/** Attributing the booking to a partner agent (docs/decisions/052-agents-and-commission.md): anything but an id removes the agent. */
export const bookingAgentSchema = z.object({
	intent: z.literal('agent'),
	agentId: z
		.string()
		.optional()
		.transform((value) => (value && isId(value) ? value : null)),
})
