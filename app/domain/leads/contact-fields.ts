import { normalizePhone } from '~/lib/phone.ts'
import { z } from '~/lib/zod.ts'

/**
 * The contact fields every public enquiry form asks for (contact, quote,
 * builder): one definition, one set of messages.
 */
export const visitorNameField = z.string().trim().min(2, 'Tell us your name.').max(120, 'Keep your name under 120 characters.')

/** A phone number stored in E.164; Indian numbers are the default. */
export const visitorPhoneField = z
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
	})

export const optionalEmailField = z
	.string()
	.trim()
	.max(200, 'Keep the email under 200 characters.')
	.optional()
	.transform((value) => value || undefined)
	.pipe(z.email('Enter an email address like name@example.com, or leave it empty.').optional())
