import { z } from '~/lib/zod.ts'

/** The forms of /admin/vouchers, told apart by `intent`. */
export const voucherActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('issue'), bookingId: z.string().trim().min(1, 'Choose the booking to issue a voucher for.') }),
	z.object({ intent: z.literal('reissue'), voucherId: z.string().trim().min(1, 'Choose the voucher to reissue.') }),
	z.object({
		intent: z.literal('revoke'),
		voucherId: z.string().trim().min(1, 'Choose the voucher to revoke.'),
		reason: z.string().trim().min(5, 'Say why the voucher is revoked (at least 5 characters), e.g. “booking cancelled”.').max(500, 'At most 500 characters.'),
	}),
], { message: 'Choose what to do: issue, reissue or revoke.' })
