import { type LeadStatus } from '~/features/leads/domain/lead.ts'
import { statusLabels } from '~/features/leads/domain/status.ts'
import { nowIso } from '~/lib/dates.ts'
import { newId } from '~/lib/ids.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { Executor } from '~/server/db/client.server.ts'

/**
 * The lead's timeline follows its trip (docs/decisions/082-one-record-of-the-trip.md):
 * quote, booking, payment, confirmation, voucher and cancellation events are written
 * here, in the transaction of the change they describe.
 */
export async function addLeadEvent(executor: Executor, leadId: string, actor: Actor, kind: string, body: string, meta?: unknown) {
	const at = await nextEventAt(executor, leadId)
	await executor
		.insertInto('lead_events')
		.values({
			id: newId(),
			lead_id: leadId,
			kind,
			body,
			meta_json: meta === undefined ? null : JSON.stringify(meta),
			actor_id: actor.id,
			actor_label: actor.label,
			at,
		})
		.execute()
}

/**
 * The time a new event goes on a lead's timeline: `now`, or 1 ms after the lead's latest event when
 * that is not earlier. The timeline is ordered by time, so two events one change writes within the
 * same millisecond (a cancelled booking, then the lead reopened by it) keep the order they were
 * written in instead of falling to their random ids.
 */
export async function nextEventAt(executor: Executor, leadId: string, now = nowIso()): Promise<string> {
	const latest = await executor.selectFrom('lead_events').select('at').where('lead_id', '=', leadId).orderBy('at', 'desc').limit(1).executeTakeFirst()
	return !latest || latest.at < now ? now : new Date(Date.parse(latest.at) + 1).toISOString()
}

/** A booking event on the timeline of the booking's lead (nothing when the booking has no lead). */
export async function addBookingEvent(
	executor: Executor,
	bookingId: string,
	actor: Actor,
	kind: 'booking' | 'payment' | 'voucher',
	body: string,
	meta: Record<string, unknown> = {},
) {
	const booking = await executor.selectFrom('bookings').select(['lead_id', 'reference']).where('id', '=', bookingId).executeTakeFirst()
	if (!booking?.lead_id) return
	await addLeadEvent(executor, booking.lead_id, actor, kind, `${booking.reference}: ${body}`, { bookingId, ...meta })
}

/** A lead merged into another is followed to the one that was kept. */
async function liveLead(executor: Executor, leadId: string) {
	const find = (id: string) => executor.selectFrom('leads').select(['id', 'status', 'merged_into_id', 'lost_reason']).where('id', '=', id).executeTakeFirst()
	let lead = await find(leadId)
	for (let hops = 0; lead?.merged_into_id && hops < 5; hops++) lead = await find(lead.merged_into_id)
	return lead
}

/** Moves a lead's status with its timeline event and audit row (callers decide whether the move is allowed). */
export async function setLeadStatus(
	executor: Executor,
	leadId: string,
	from: LeadStatus,
	to: LeadStatus,
	actor: Actor,
	body: string,
	meta: Record<string, unknown> & { lostReason?: string | null },
) {
	const at = nowIso()
	await executor
		.updateTable('leads')
		.set({ status: to, lost_reason: to === 'lost' ? (meta.lostReason ?? null) : null, updated_at: at })
		.where('id', '=', leadId)
		.execute()
	await addLeadEvent(executor, leadId, actor, 'status', body, { from, to, ...meta })
	await recordAudit(executor, {
		actor,
		action: 'lead.change-status',
		entity: 'lead',
		entityId: leadId,
		before: { status: from },
		after: { status: to, ...meta },
	})
}

/** A confirmed booking wins its lead, from whatever state it was in; the state it left is kept on the event to return to. */
export async function winLeadForBooking(executor: Executor, bookingId: string, actor: Actor) {
	const booking = await executor.selectFrom('bookings').select(['lead_id', 'reference']).where('id', '=', bookingId).executeTakeFirst()
	const lead = booking?.lead_id ? await liveLead(executor, booking.lead_id) : undefined
	if (!booking || !lead) return
	const from = lead.status as LeadStatus
	if (from === 'won') return
	await setLeadStatus(executor, lead.id, from, 'won', actor, `${statusLabels[from]} → ${statusLabels.won}: booking ${booking.reference} confirmed`, {
		bookingId,
		automatic: true,
		lostReason: lead.lost_reason,
	})
}

/**
 * A cancelled booking returns its lead to the state it had before the booking won it,
 * unless another booking of the same lead is still confirmed or completed.
 */
export async function reopenLeadAfterCancellation(executor: Executor, bookingId: string, actor: Actor) {
	const booking = await executor.selectFrom('bookings').select(['lead_id', 'reference']).where('id', '=', bookingId).executeTakeFirst()
	const lead = booking?.lead_id ? await liveLead(executor, booking.lead_id) : undefined
	if (!booking || !lead || lead.status !== 'won') return
	const others = await executor
		.selectFrom('bookings')
		.select('id')
		.where('lead_id', '=', lead.id)
		.where('id', '!=', bookingId)
		.where('status', 'in', ['confirmed', 'completed'])
		.executeTakeFirst()
	if (others) return
	const events = await executor
		.selectFrom('lead_events')
		.select(['meta_json'])
		.where('lead_id', '=', lead.id)
		.where('kind', '=', 'status')
		.orderBy('at', 'desc')
		.orderBy('id', 'desc')
		.execute()
	type WonMeta = { from?: LeadStatus; to?: string; bookingId?: string; lostReason?: string | null }
	const won = events
		.map((event) => (event.meta_json ? (JSON.parse(event.meta_json) as WonMeta) : {}))
		.find((meta: WonMeta) => meta.to === 'won' && meta.bookingId === bookingId)
	if (!won?.from) return
	await setLeadStatus(executor, lead.id, 'won', won.from, actor, `${statusLabels.won} → ${statusLabels[won.from]}: booking ${booking.reference} cancelled`, {
		bookingId,
		automatic: true,
		lostReason: won.lostReason ?? null,
	})
}
