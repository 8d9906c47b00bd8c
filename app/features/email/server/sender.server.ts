import type { Kysely } from 'kysely'
import nodemailer from 'nodemailer'
import type { Database } from '~/server/db/schema.ts'
import { logger } from '~/server/logger.server.ts'
import { env } from '~/server/env.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { deliverDueEmails, type Transport } from './outbox.server.ts'

/** A nodemailer transport for an `smtp://` or `smtps://` URL. */
export function smtpTransport(url: string): Transport {
	return nodemailer.createTransport(url)
}

let sharedTransport: Transport | undefined

async function fromAddress(db: Kysely<Database>): Promise<string> {
	const settings = await getSettings(db)
	return `${settings.company.name} <${env().SMTP_FROM ?? settings.company.email}>`
}

/**
 * Delivers one queued email straight away (sign-in and reset links should not
 * wait for the next tick) when SMTP_URL is configured. Not awaited by callers:
 * the answer to the request never depends on, or waits for, the mail server.
 * A failure leaves the email queued for the regular sender to retry.
 */
export function deliverNow(db: Kysely<Database>, dedupeKey: string | null): void {
	const url = env().SMTP_URL
	if (!url || !dedupeKey) return
	sharedTransport ??= smtpTransport(url)
	const transport = sharedTransport
	void (async () => {
		try {
			await deliverDueEmails(db, transport, await fromAddress(db), new Date(), { dedupeKey })
		} catch (error) {
			logger.error({ msg: 'immediate email delivery failed', error })
		}
	})()
}

/** Delivers the queued emails through the SMTP server at `url` (the job runner's email-delivery job, every 30 seconds). */
export async function deliverQueuedEmails(database: Kysely<Database>, url: string) {
	sharedTransport ??= smtpTransport(url)
	return deliverDueEmails(database, sharedTransport, await fromAddress(database))
}
