import { z } from '~/lib/zod.ts'
import { isIsoDate } from '~/lib/dates.ts'
import { normalizePhone } from '~/lib/phone.ts'

const optionalDate = z
	.string()
	.trim()
	.optional()
	.transform((value) => value || undefined)
	.refine((value) => value === undefined || isIsoDate(value), { message: 'Enter a real date, or leave it empty.' })

/** The /contact form. One schema for the server and the browser. */
export const contactFormSchema = z
	.object({
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
		travelStart: optionalDate,
		travelEnd: optionalDate,
		message: z.string().trim().min(5, 'Tell us a little about your trip.').max(4000, 'Keep the message under 4,000 characters.'),
		submissionKey: z.string().min(10).max(40),
	})
	.refine((form) => !form.travelStart || !form.travelEnd || form.travelEnd >= form.travelStart, {
		path: ['travelEnd'],
		message: 'The return date must be on or after the start date.',
	})
export type ContactForm = z.infer<typeof contactFormSchema>
