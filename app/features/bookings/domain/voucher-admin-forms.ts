import { z } from '~/lib/zod.ts'

/**
 * An owner's override for parts not yet confirmed: `override=yes` with a reason; the reason is
 * checked by the voucher rules (an empty one is refused with a message, never ignored).
 */
const overrideFields = {
	override: z.literal('yes').optional(),
	overrideReason: z.string().trim().max(500, 'At most 500 characters.').optional(),
	/** Where to return: the booking page when issued from there. */
	back: z.literal('booking').optional(),
}

/** The reason to pass to issue/reissue: null when no override was asked for. */
export function overrideReasonOf(form: { override?: 'yes'; overrideReason?: string }): string | null {
	return form.override === 'yes' ? (form.overrideReason ?? '') : null
}

/** The forms of /admin/vouchers, told apart by `intent`: each has its own schema. */
export const issueVoucherSchema = z.object({
	intent: z.literal('issue'),
	bookingId: z.string({ message: 'Choose the booking to issue a voucher for.' }).trim().min(1, 'Choose the booking to issue a voucher for.'),
	...overrideFields,
})
export const reissueVoucherSchema = z.object({
	intent: z.literal('reissue'),
	voucherId: z.string({ message: 'Choose the voucher to reissue.' }).trim().min(1, 'Choose the voucher to reissue.'),
	...overrideFields,
})
export const revokeVoucherSchema = z.object({
	intent: z.literal('revoke'),
	voucherId: z.string({ message: 'Choose the voucher to revoke.' }).trim().min(1, 'Choose the voucher to revoke.'),
	reason: z
		.string({ message: 'Say why the voucher is revoked (at least 5 characters), e.g. “booking cancelled”.' })
		.trim()
		.min(5, 'Say why the voucher is revoked (at least 5 characters), e.g. “booking cancelled”.')
		.max(500, 'At most 500 characters.'),
})
