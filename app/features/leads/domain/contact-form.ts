import { optionalEmailField, visitorNameField, visitorPhoneField, visitorTextLimits } from './contact-fields.ts'
import { z } from '~/lib/zod.ts'
import { isIsoDate } from '~/lib/dates.ts'

const optionalDate = z
	.string()
	.trim()
	.optional()
	.transform((value) => value || undefined)
	.refine((value) => value === undefined || isIsoDate(value), { message: 'Enter a real date, or leave it empty.' })

/** The /contact form. One schema for the server and the browser. */
export const contactFormSchema = z
	.object({
		name: visitorNameField,
		phone: visitorPhoneField,
		email: optionalEmailField,
		travelStart: optionalDate,
		travelEnd: optionalDate,
		message: z.string().trim().min(5, 'Tell us a little about your trip.').max(visitorTextLimits.message, 'Keep the message under 4,000 characters.'),
		submissionKey: z.string().min(10).max(40),
	})
	.refine((form) => !form.travelStart || !form.travelEnd || form.travelEnd >= form.travelStart, {
		path: ['travelEnd'],
		message: 'The return date must be on or after the start date.',
	})
export type ContactForm = z.infer<typeof contactFormSchema>
