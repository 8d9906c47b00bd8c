import { z } from 'zod'

/** The email address every sign-in, sign-up and link form asks for, with the same words everywhere. */
export const emailAddressField = z
	.string()
	.trim()
	.min(1, 'Enter your email address.')
	.max(254, 'That email address is too long.')
	.pipe(z.email('Enter an email address such as name@example.com.'))
