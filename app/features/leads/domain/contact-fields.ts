import { normalizePhone } from '~/lib/phone.ts'
import { z } from '~/lib/zod.ts'

/**
 * The longest text a visitor may send in each kind of public field. Every
 * public form checks these (with a message, never by cutting the text), so no
 * visitor text is unbounded on its way to the database, the admin screens or
 * an email.
 */
export const visitorTextLimits = {
	name: 120,
	email: 200,
	phone: 40,
	/** /contact and /quote. */
	message: 4000,
	/** Ferry enquiries, quote requests from the builder, special requests on /book-now. */
	shortMessage: 2000,
	nationality: 60,
	idNumber: 30,
	childAges: 100,
} as const

/**
 * The contact fields every public enquiry form asks for (contact, quote,
 * builder): one definition, one set of messages.
 */
export const visitorNameField = z
	.string()
	.trim()
	.min(2, 'Tell us your name.')
	.max(visitorTextLimits.name, `Keep your name under ${visitorTextLimits.name} characters.`)

/** A phone number stored in E.164; Indian numbers are the default. */
export const visitorPhoneField = z
	.string()
	.trim()
	.min(1, 'Give a phone number so a planner can call or WhatsApp you.')
	.max(visitorTextLimits.phone, 'Enter a 10-digit Indian mobile, or a number starting with + and the country code.')
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
	.max(visitorTextLimits.email, `Keep the email under ${visitorTextLimits.email} characters.`)
	.optional()
	.transform((value) => value || undefined)
	.pipe(z.email('Enter an email address like name@example.com, or leave it empty.').optional())
