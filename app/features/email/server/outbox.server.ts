import type { Kysely } from 'kysely'
import type { Email, EmailKind, OutboxStatus } from '~/features/email/domain/emails.ts'
import { emailHtml, maxAttempts, retryDelayMs, secretEmailKinds, withoutActionLinks } from '~/features/email/domain/emails.ts'
import type { Database, EmailOutboxRow } from '~/server/db/schema.ts'
import type { Executor } from '~/server/db/client.server.ts'

/**
 * Queues an email. Call it with the transaction of the event it reports, so
 * the event and its email commit together (docs/decisions/042-email-outbox.md).
 * The dedupe key makes the same event queue one email.
 */
export async function enqueueEmail(executor: Executor, email: Email & { kind: EmailKind; to: string; bookingId: string | null; dedupeKey: string }) {
	const now = new Date().toISOString()
	await executor
		.insertInto('email_outbox')
		.values({
			dedupe_key: email.dedupeKey,
			kind: email.kind,
			booking_id: email.bookingId,
			to_address: email.to,
			subject: email.subject,
			body_text: email.text,
			status: 'queued',
			attempts: 0,
			last_error: null,
			next_attempt_at: now,
			sent_at: null,
			created_at: now,
		})
		.onConflict((oc) => oc.column('dedupe_key').doNothing())
		.execute()
}

export type OutboxEntry = ReturnType<typeof toEntry>
function toEntry(row: EmailOutboxRow) {
	return {
		id: Number(row.id),
		kind: row.kind as EmailKind,
		bookingId: row.booking_id,
		to: row.to_address,
		subject: row.subject,
		body: row.body_text,
		status: row.status as OutboxStatus,
		attempts: row.attempts,
		lastError: row.last_error,
		nextAttemptAt: row.next_attempt_at,
		sentAt: row.sent_at,
		createdAt: row.created_at,
	}
}

export const outboxPageSize = 25

export async function listOutbox(db: Kysely<Database>, options: { status?: OutboxStatus; page?: number } = {}) {
	const page = Math.max(1, options.page ?? 1)
	let query = db.selectFrom('email_outbox')
	if (options.status) query = query.where('status', '=', options.status)
	const [rows, count] = await Promise.all([
		query
			.selectAll()
			.orderBy('created_at', 'desc')
			.orderBy('id', 'desc')
			.limit(outboxPageSize)
			.offset((page - 1) * outboxPageSize)
			.execute(),
		query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
	])
	return { entries: rows.map(toEntry), total: Number(count.n), page, pages: Math.max(1, Math.ceil(Number(count.n) / outboxPageSize)) }
}

export type Transport = {
	sendMail(message: { from: string; to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }): Promise<unknown>
}

/**
 * Delivers queued emails whose next attempt is due. A failure is retried
 * later (growing waits) until `maxAttempts`, then marked failed. Each email is
 * claimed with a guarded update first, so two senders never send one twice.
 */
export async function deliverDueEmails(db: Kysely<Database>, transport: Transport, from: string, now: Date = new Date(), only?: { dedupeKey: string }) {
	let query = db.selectFrom('email_outbox').selectAll()
	if (only) query = query.where('dedupe_key', '=', only.dedupeKey)
	const due = await query.where('status', '=', 'queued').where('next_attempt_at', '<=', now.toISOString()).orderBy('id').limit(20).execute()
	const result = { sent: 0, retried: 0, failed: 0 }
	for (const row of due) {
		// Claim: push the next attempt out so a parallel sender skips it.
		const claimUntil = new Date(now.getTime() + 5 * 60_000).toISOString()
		const claimed = await db
			.updateTable('email_outbox')
			.set({ next_attempt_at: claimUntil })
			.where('id', '=', row.id)
			.where('status', '=', 'queued')
			.where('next_attempt_at', '=', row.next_attempt_at)
			.executeTakeFirst()
		if (Number(claimed.numUpdatedRows) !== 1) continue
		const attempts = row.attempts + 1
		try {
			await transport.sendMail({
				from,
				to: row.to_address,
				subject: row.subject,
				text: row.body_text,
				html: emailHtml(row.body_text),
				headers: { 'X-Outbox-Id': String(row.id) },
			})
			// A sent sign-in or reset link is not kept readable in the outbox (105-email-action-codes.md).
			const body = secretEmailKinds.has(row.kind as EmailKind) ? withoutActionLinks(row.body_text) : row.body_text
			await db
				.updateTable('email_outbox')
				.set({ status: 'sent', attempts, sent_at: new Date().toISOString(), last_error: null, body_text: body })
				.where('id', '=', row.id)
				.execute()
			result.sent++
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error)
			const failed = attempts >= maxAttempts
			await db
				.updateTable('email_outbox')
				.set({
					status: failed ? 'failed' : 'queued',
					attempts,
					last_error: message.slice(0, 500),
					next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
				})
				.where('id', '=', row.id)
				.execute()
			if (failed) result.failed++
			else result.retried++
		}
	}
	return result
}

/** Puts a failed email back in the queue (staff action on /admin/outbox). */
export async function retryEmail(db: Kysely<Database>, id: number) {
	await db
		.updateTable('email_outbox')
		.set({ status: 'queued', attempts: 0, next_attempt_at: new Date().toISOString() })
		.where('id', '=', id)
		.where('status', '=', 'failed')
		.execute()
}
