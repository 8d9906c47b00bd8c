/**
 * The message outbox (docs/decisions/207-whatsapp-and-sms-messages.md): a booking's events queue
 * WhatsApp or SMS template messages beside their emails, in the same transaction; the sender
 * delivers what is due with retries, back-off and a per-number limit; the providers' webhooks move
 * each message's status forward. Consent is per phone number (docs/decisions/208-message-consent.md).
 */
import type { Kysely } from 'kysely'
import { isAppError } from '~/lib/errors.ts'
import type { Database, MessageOutboxRow } from '~/server/db/schema.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { type Actor, recordAudit, systemActor } from '~/server/db/audit.server.ts'
import { consumeRateLimit } from '~/server/rate-limit.server.ts'
import { logger } from '~/server/logger.server.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import {
	type ContactChannel,
	type MessageChannel,
	type MessageKind,
	type MessageStatus,
	advancesStatus,
	fillTemplate,
	isE164,
	maxMessageAttempts,
	messageKindLabels,
	messageRetryDelayMs,
	messageTemplates,
	perNumberLimit,
} from '~/features/messaging/domain/messages.ts'
import { ChannelError, type Channels } from './channels.server.ts'

type DB = Kysely<Database>
const day = 86_400_000

// ---------- consent ----------

export type Consent = { phone: string; whatsappOptIn: boolean; optedOut: boolean }

export async function consentOf(db: Executor, phone: string): Promise<Consent> {
	const row = await db.selectFrom('message_consents').selectAll().where('phone', '=', phone).executeTakeFirst()
	return { phone, whatsappOptIn: Boolean(row?.whatsapp_opt_in_at), optedOut: Boolean(row?.opted_out_at) }
}

/**
 * Records what a traveller chose: an explicit WhatsApp opt-in (the booking form's box) clears an
 * earlier opt-out, as does START; STOP or the trip page's button opts the number out of everything.
 * Audited; returns whether anything changed.
 */
export async function setConsent(
	db: Executor,
	phone: string,
	change: 'whatsapp-opt-in' | 'opt-out' | 'opt-in',
	source: string,
	actor: Actor,
	now = new Date(),
): Promise<boolean> {
	if (!isE164(phone)) return false
	const before = await consentOf(db, phone)
	const at = now.toISOString()
	let changed: boolean
	if (change === 'whatsapp-opt-in') {
		await db
			.insertInto('message_consents')
			.values({ phone, whatsapp_opt_in_at: at, opted_out_at: null, source, updated_at: at })
			.onConflict((oc) => oc.column('phone').doUpdateSet({ whatsapp_opt_in_at: at, opted_out_at: null, source, updated_at: at }))
			.execute()
		changed = true
	} else if (change === 'opt-out') {
		// Conditional writes, so that several opt-outs at once record one change.
		const inserted = await db
			.insertInto('message_consents')
			.values({ phone, whatsapp_opt_in_at: null, opted_out_at: at, source, updated_at: at })
			.onConflict((oc) => oc.column('phone').doNothing())
			.executeTakeFirst()
		changed = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
		if (!changed) {
			const updated = await db
				.updateTable('message_consents')
				.set({ opted_out_at: at, source, updated_at: at })
				.where('phone', '=', phone)
				.where('opted_out_at', 'is', null)
				.executeTakeFirst()
			changed = Number(updated.numUpdatedRows) === 1
		}
	} else {
		const updated = await db
			.updateTable('message_consents')
			.set({ opted_out_at: null, source, updated_at: at })
			.where('phone', '=', phone)
			.where('opted_out_at', 'is not', null)
			.executeTakeFirst()
		changed = Number(updated.numUpdatedRows) === 1
	}
	if (changed) await recordAudit(db, { actor, action: change, entity: 'message-consent', entityId: phone, before, after: { source } })
	return changed
}

// ---------- queueing ----------

export type QueueOptions = { dedupeKey: string; documentUrl?: string | null; sendBy?: Date; now?: Date }

/**
 * Queues a booking's message on the channel its traveller chose, in the caller's transaction. Nothing
 * when the traveller chose email, the number is not E.164, it opted out, or WhatsApp was chosen
 * without the opt-in. A template that cannot be filled is refused (invalid-argument) before anything
 * is written. Returns the queued row's channel, or null.
 */
export async function queueBookingMessage(
	trx: Executor,
	bookingId: string,
	kind: MessageKind,
	values: Record<string, string | null | undefined>,
	options: QueueOptions,
): Promise<MessageChannel | null> {
	const booking = await trx.selectFrom('bookings').select(['id', 'contact_phone', 'message_channel']).where('id', '=', bookingId).executeTakeFirst()
	if (!booking) return null
	const filled = fillTemplate(kind, values, options.documentUrl ?? null)
	const channel = booking.message_channel as ContactChannel
	if (channel === 'email' || !isE164(booking.contact_phone)) return null
	const consent = await consentOf(trx, booking.contact_phone)
	if (consent.optedOut || (channel === 'whatsapp' && !consent.whatsappOptIn)) return null
	const now = options.now ?? new Date()
	await insertMessage(trx, {
		dedupeKey: options.dedupeKey,
		kind,
		bookingId,
		channel,
		to: booking.contact_phone,
		params: filled.params,
		text: channel === 'whatsapp' ? filled.whatsappText : filled.smsText,
		documentUrl: filled.documentUrl,
		sendBy: options.sendBy ?? new Date(now.getTime() + 2 * day),
		now,
		fallbackOf: null,
	})
	return channel
}

/**
 * The form of queueing the booking events use: a template refused for a traveller-typed value is
 * logged and left to the email, never a reason to roll the booking back.
 */
export async function queueBookingMessageBesideEmail(
	trx: Executor,
	bookingId: string,
	kind: MessageKind,
	values: Record<string, string | null | undefined>,
	options: QueueOptions,
): Promise<void> {
	try {
		await queueBookingMessage(trx, bookingId, kind, values, options)
	} catch (error) {
		if (!isAppError(error) || error.code !== 'invalid-argument') throw error
		logger.warn({ msg: 'message not queued', kind, bookingId, reason: error.message })
	}
}

async function insertMessage(
	trx: Executor,
	m: {
		dedupeKey: string
		kind: MessageKind
		bookingId: string | null
		channel: MessageChannel
		to: string
		params: readonly string[]
		text: string
		documentUrl: string | null
		sendBy: Date
		now: Date
		fallbackOf: number | null
	},
) {
	const at = m.now.toISOString()
	await trx
		.insertInto('message_outbox')
		.values({
			dedupe_key: m.dedupeKey,
			kind: m.kind,
			booking_id: m.bookingId,
			channel: m.channel,
			to_phone: m.to,
			template: messageTemplates[m.kind].name,
			params_json: JSON.stringify(m.params),
			body_text: m.text,
			document_url: m.documentUrl,
			status: 'queued',
			attempts: 0,
			last_error: null,
			next_attempt_at: at,
			send_by: m.sendBy.toISOString(),
			provider_message_id: null,
			fallback_of: m.fallbackOf,
			sent_at: null,
			delivered_at: null,
			read_at: null,
			failed_at: null,
			created_at: at,
			updated_at: at,
		})
		.onConflict((oc) => oc.column('dedupe_key').doNothing())
		.execute()
}

/** A WhatsApp message that will not arrive goes again as an SMS (once), when SMS is configured and the number has not opted out. */
async function queueSmsFallback(trx: Executor, row: MessageOutboxRow, now: Date): Promise<boolean> {
	if (row.channel !== 'whatsapp') return false
	if ((await consentOf(trx, row.to_phone)).optedOut) return false
	const kind = row.kind as MessageKind
	const filled = fillTemplate(
		kind,
		Object.fromEntries(messageTemplates[kind].params.map((name, index) => [name, (JSON.parse(row.params_json) as string[])[index]])),
		row.document_url,
	)
	await insertMessage(trx, {
		dedupeKey: `${row.dedupe_key}:sms`,
		kind,
		bookingId: row.booking_id,
		channel: 'sms',
		to: row.to_phone,
		params: filled.params,
		text: filled.smsText,
		documentUrl: null,
		sendBy: new Date(Math.max(Date.parse(row.send_by), now.getTime() + 3_600_000)),
		now,
		fallbackOf: Number(row.id),
	})
	return true
}

async function noteFailure(trx: Executor, row: MessageOutboxRow, reason: string, fellBack: boolean) {
	if (!row.booking_id) return
	const label = `${row.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} "${messageKindLabels[row.kind as MessageKind] ?? row.kind}"`
	await addBookingEvent(
		trx,
		row.booking_id,
		systemActor,
		'booking',
		`${label} failed (${reason.slice(0, 120)})${fellBack ? '; sent again as SMS' : '; the email stands'}`,
		{ messageId: Number(row.id) },
	)
}

// ---------- delivery ----------

/**
 * Sends queued messages that are due through the configured channels. Each row is claimed with a
 * guarded update first, so two senders never send one twice. Expired rows are dropped, an opted-out
 * number is skipped, a number over its hourly limit waits for the next window; a transient failure is
 * retried after growing waits, a permanent one (or the last attempt) fails, and a failed WhatsApp
 * message falls back to SMS when SMS is configured.
 */
export async function deliverDueMessages(db: DB, channels: Channels, now: Date = new Date()) {
	const at = now.toISOString()
	const result = { sent: 0, retried: 0, failed: 0, expired: 0, skipped: 0, deferred: 0 }
	const expired = await db
		.updateTable('message_outbox')
		.set({ status: 'expired', updated_at: at })
		.where('status', '=', 'queued')
		.where('send_by', '<', at)
		.executeTakeFirst()
	result.expired = Number(expired.numUpdatedRows)
	const due = await db
		.selectFrom('message_outbox')
		.selectAll()
		.where('status', '=', 'queued')
		.where('next_attempt_at', '<=', at)
		.orderBy('id')
		.limit(20)
		.execute()
	for (const row of due) {
		const claimUntil = new Date(now.getTime() + 5 * 60_000).toISOString()
		const claimed = await db
			.updateTable('message_outbox')
			.set({ next_attempt_at: claimUntil })
			.where('id', '=', row.id)
			.where('status', '=', 'queued')
			.where('next_attempt_at', '=', row.next_attempt_at)
			.executeTakeFirst()
		if (Number(claimed.numUpdatedRows) !== 1) continue
		if ((await consentOf(db, row.to_phone)).optedOut) {
			await db.updateTable('message_outbox').set({ status: 'skipped', updated_at: at }).where('id', '=', row.id).execute()
			result.skipped++
			continue
		}
		const limit = await consumeRateLimit(db, `message-to:${row.to_phone}`, perNumberLimit, now)
		if (!limit.ok) {
			await db
				.updateTable('message_outbox')
				.set({ next_attempt_at: new Date(now.getTime() + limit.retryAfterSeconds * 1000).toISOString(), updated_at: at })
				.where('id', '=', row.id)
				.execute()
			result.deferred++
			continue
		}
		const attempts = row.attempts + 1
		const channel = channels[row.channel as MessageChannel]
		try {
			if (!channel) throw new ChannelError(`${row.channel} is not configured`, true, 'not-configured')
			const sent = await channel.send({
				kind: row.kind as MessageKind,
				to: row.to_phone,
				params: JSON.parse(row.params_json) as string[],
				documentUrl: row.document_url,
				reference: await referenceOf(db, row.booking_id),
			})
			await db
				.updateTable('message_outbox')
				.set({ status: 'accepted', attempts, provider_message_id: sent.providerMessageId, last_error: null, updated_at: new Date().toISOString() })
				.where('id', '=', row.id)
				.execute()
			result.sent++
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error)
			const permanent = error instanceof ChannelError ? error.permanent : false
			if (permanent || attempts >= maxMessageAttempts) {
				await db.transaction().execute(async (trx) => {
					await trx
						.updateTable('message_outbox')
						.set({ status: 'failed', attempts, last_error: message.slice(0, 500), failed_at: at, updated_at: at })
						.where('id', '=', row.id)
						.execute()
					const fellBack = channels.sms ? await queueSmsFallback(trx, row, now) : false
					await noteFailure(trx, row, message, fellBack)
				})
				result.failed++
			} else {
				await db
					.updateTable('message_outbox')
					.set({
						attempts,
						last_error: message.slice(0, 500),
						next_attempt_at: new Date(now.getTime() + messageRetryDelayMs(attempts)).toISOString(),
						updated_at: at,
					})
					.where('id', '=', row.id)
					.execute()
				result.retried++
			}
		}
	}
	return result
}

async function referenceOf(db: Executor, bookingId: string | null) {
	if (!bookingId) return null
	const row = await db.selectFrom('bookings').select('reference').where('id', '=', bookingId).executeTakeFirst()
	return row?.reference ?? null
}

// ---------- statuses from the providers ----------

export type StatusReport = {
	provider: 'whatsapp' | 'sms'
	eventKey: string
	providerMessageId: string
	status: 'sent' | 'delivered' | 'read' | 'failed'
	error: string | null
	at: Date
}

const stampOf = { sent: 'sent_at', delivered: 'delivered_at', read: 'read_at', failed: 'failed_at' } as const

/**
 * Applies one reported status, once: the event key is written first (a replay finds it and changes
 * nothing), then the message moves only forward (the order of reports is not guaranteed), with a
 * guarded update so concurrent deliveries of different reports cannot step back. A WhatsApp failure
 * falls back to SMS when `smsConfigured`. Returns whether the message changed.
 */
export async function applyStatusReport(
	db: DB,
	report: StatusReport,
	options: { smsConfigured: boolean; now?: Date },
): Promise<'applied' | 'replay' | 'stale' | 'unknown'> {
	const now = options.now ?? new Date()
	return db.transaction().execute(async (trx) => {
		const fresh = await trx
			.insertInto('message_webhook_events')
			.values({ event_key: report.eventKey.slice(0, 200), provider: report.provider, received_at: now.toISOString() })
			.onConflict((oc) => oc.column('event_key').doNothing())
			.executeTakeFirst()
		if (Number(fresh.numInsertedOrUpdatedRows ?? 0) !== 1) return 'replay'
		// Another report for the same message may move it meanwhile: read again and retry the guarded update, so "read" is never lost to a "delivered" that committed first.
		let row: MessageOutboxRow | undefined
		for (let attempt = 0; ; attempt++) {
			row = await trx
				.selectFrom('message_outbox')
				.selectAll()
				.where('provider_message_id', '=', report.providerMessageId)
				.where('channel', '=', report.provider)
				.executeTakeFirst()
			if (!row) return 'unknown'
			if (!advancesStatus(row.status as MessageStatus, report.status)) return 'stale'
			const changed = await trx
				.updateTable('message_outbox')
				.set({
					status: report.status,
					[stampOf[report.status]]: report.at.toISOString(),
					...(report.status === 'failed' ? { last_error: (report.error ?? 'failed').slice(0, 500) } : {}),
					updated_at: now.toISOString(),
				})
				.where('id', '=', row.id)
				.where('status', '=', row.status)
				.executeTakeFirst()
			if (Number(changed.numUpdatedRows) === 1) break
			if (attempt >= 4) return 'stale'
		}
		if (report.status === 'failed') {
			const fellBack = options.smsConfigured ? await queueSmsFallback(trx, row, now) : false
			await noteFailure(trx, row, report.error ?? 'failed', fellBack)
		}
		return 'applied'
	})
}

/** An inbound reply: STOP opts the number out, START back in; anything else is left to staff. Once per message id. */
export async function applyInboundReply(
	db: DB,
	reply: { provider: 'whatsapp' | 'sms'; eventKey: string; phone: string; intent: 'stop' | 'start' | null },
	now = new Date(),
): Promise<'opted-out' | 'opted-in' | 'replay' | 'ignored'> {
	if (!reply.intent || !isE164(reply.phone)) return 'ignored'
	return db.transaction().execute(async (trx) => {
		const fresh = await trx
			.insertInto('message_webhook_events')
			.values({ event_key: reply.eventKey.slice(0, 200), provider: reply.provider, received_at: now.toISOString() })
			.onConflict((oc) => oc.column('event_key').doNothing())
			.executeTakeFirst()
		if (Number(fresh.numInsertedOrUpdatedRows ?? 0) !== 1) return 'replay'
		const source = `${reply.provider} reply`
		if (reply.intent === 'stop') {
			await setConsent(trx, reply.phone, 'opt-out', source, { id: null, label: `traveller (${source})` }, now)
			await trx
				.updateTable('message_outbox')
				.set({ status: 'skipped', updated_at: now.toISOString() })
				.where('to_phone', '=', reply.phone)
				.where('status', '=', 'queued')
				.execute()
			return 'opted-out'
		}
		await setConsent(trx, reply.phone, 'opt-in', source, { id: null, label: `traveller (${source})` }, now)
		return 'opted-in'
	})
}

// ---------- reading ----------

export type MessageEntry = ReturnType<typeof toEntry>
function toEntry(row: MessageOutboxRow) {
	return {
		id: Number(row.id),
		kind: row.kind as MessageKind,
		channel: row.channel as MessageChannel,
		to: row.to_phone,
		body: row.body_text,
		status: row.status as MessageStatus,
		attempts: row.attempts,
		lastError: row.last_error,
		fallbackOf: row.fallback_of === null ? null : Number(row.fallback_of),
		createdAt: row.created_at,
		sentAt: row.sent_at,
		deliveredAt: row.delivered_at,
		readAt: row.read_at,
		failedAt: row.failed_at,
	}
}

/** A booking's messages, newest first, for its admin page. */
export async function messagesOfBooking(db: Executor, bookingId: string): Promise<MessageEntry[]> {
	const rows = await db
		.selectFrom('message_outbox')
		.selectAll()
		.where('booking_id', '=', bookingId)
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(100)
		.execute()
	return rows.map(toEntry)
}
