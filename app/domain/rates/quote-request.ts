import { normalizePhone } from '~/lib/phone.ts'
import { z } from '~/lib/zod.ts'

/** "Request this quote" on /builder and /instant-tour-packages: who to send the quote to. */
export const quoteRequestSchema = z.object({
	name: z.string().trim().min(2, 'Tell us your name.').max(120, 'Keep your name under 120 characters.'),
	phone: z
		.string()
		.trim()
		.min(1, 'Give a phone number so a planner can call or WhatsApp you.')
		.transform((value, ctx) => {
			const phone = normalizePhone(value)
			if (!phone) {
				ctx.addIssue({ code: 'custom', message: 'Enter a 10-digit Indian mobile, or a number starting with + and the country code.' })
				return z.NEVER
			}
			return phone
		}),
	email: z
		.string()
		.trim()
		.max(200)
		.optional()
		.transform((value) => value || undefined)
		.pipe(z.email('Enter an email address like name@example.com, or leave it empty.').optional()),
	message: z.string().trim().max(2000, 'Keep the message under 2,000 characters.').optional(),
	submissionKey: z.string().min(10).max(40),
})
