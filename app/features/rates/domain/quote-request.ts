import { optionalEmailField, visitorNameField, visitorPhoneField, visitorTextLimits } from '~/features/leads/domain/contact-fields.ts'
import { z } from '~/lib/zod.ts'

/** "Request this quote" on /builder and /instant-tour-packages: who to send the quote to. */
export const quoteRequestSchema = z.object({
	name: visitorNameField,
	phone: visitorPhoneField,
	email: optionalEmailField,
	message: z.string().trim().max(visitorTextLimits.shortMessage, 'Keep the message under 2,000 characters.').optional(),
	submissionKey: z.string().min(10).max(40),
})
