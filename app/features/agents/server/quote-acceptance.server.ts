import { AppError } from '~/lib/errors.ts'
import type { Executor } from '~/server/db/client.server.ts'

export const quoteWithdrawn = 'Your travel agent withdrew this quote: ask them for a fresh one.'

/**
 * Marks an agency's quote accepted by the booking being made, inside that booking's transaction (docs/decisions/233):
 * one conditional update from `held`, so the client's acceptance and the agent's withdrawal (the same update to
 * `withdrawn`) cannot both win, and a quote past its hold cannot be booked. Refusing rolls the booking back.
 */
export async function markAgentQuoteAccepted(trx: Executor, quoteId: string, bookingId: string, now: string): Promise<void> {
	const result = await trx
		.updateTable('agent_quotes')
		.set({ status: 'accepted', booking_id: bookingId, accepted_at: now })
		.where('id', '=', quoteId)
		.where('status', '=', 'held')
		.where('expires_at', '>', now)
		.executeTakeFirst()
	if (Number(result.numUpdatedRows) === 1) return
	const row = await trx.selectFrom('agent_quotes').select('status').where('id', '=', quoteId).executeTakeFirst()
	throw new AppError(
		'failed-precondition',
		row?.status === 'withdrawn' ? quoteWithdrawn : 'This quote can no longer be accepted: ask your travel agent for a fresh one.',
	)
}
