import { isIsoDate } from '~/lib/dates.ts'
import { parseRupees } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { paymentMethods } from './booking.ts'

/** The forms of /admin/pending/{id}, told apart by `intent`. */
export const reviewActionSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('record-payment'),
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
		verified: z.string().optional().transform((value) => value === 'on'),
	}),
	z.object({ intent: z.literal('verify-payment'), paymentId: z.string().min(1) }),
	z.object({ intent: z.literal('confirm'), overrideReason: z.string().trim().max(500).optional().transform((value) => value || null) }),
	z.object({ intent: z.literal('cancel'), reason: z.string().trim().min(5, 'Say why the booking is cancelled (at least 5 characters).').max(500) }),
	z.object({ intent: z.literal('complete') }),
	// The component forms carry their fields too; they are parsed with `componentFormSchema`.
	z.object({ intent: z.literal('add-component') }),
	z.object({ intent: z.literal('update-component'), componentId: z.string().min(1) }),
])
