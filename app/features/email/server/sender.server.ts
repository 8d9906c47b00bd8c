import nodemailer from 'nodemailer'
import { logger } from '~/server/logger.server.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { getSettings } from '~/server/settings.server.ts'
import { deliverDueEmails, type Transport } from './outbox.server.ts'

/** A nodemailer transport for an `smtp://` or `smtps://` URL. */
export function smtpTransport(url: string): Transport {
	return nodemailer.createTransport(url)
}

let timer: ReturnType<typeof setInterval> | undefined
let sharedTransport: Transport | undefined

async function fromAddress(): Promise<string> {
	const settings = await getSettings(db())
	return `${settings.company.name} <${env().SMTP_FROM ?? settings.company.email}>`
}

/**
 * Delivers one queued email straight away (sign-in and reset links should not
 * wait for the next tick) when SMTP_URL is configured. Not awaited by callers:
 * the answer to the request never depends on, or waits for, the mail server.
 * A failure leaves the email queued for the regular sender to retry.
 */
export function deliverNow(dedupeKey: string | null): void {
	const url = env().SMTP_URL
	if (!url || !dedupeKey) return
	sharedTransport ??= smtpTransport(url)
	const transport = sharedTransport
	void (async () => {
		try {
			await deliverDueEmails(db(), transport, await fromAddress(), new Date(), { dedupeKey })
		} catch (error) {
			logger.error({ msg: 'immediate email delivery failed', error })
		}
	})()
}

/**
 * With SMTP_URL configured, delivers the outbox every 30 seconds; without it
 * emails stay queued and visible on /admin/outbox (no outside calls).
 */
export function startEmailSender(): void {
	const url = env().SMTP_URL
	if (!url || timer) return
	sharedTransport ??= smtpTransport(url)
	const transport = sharedTransport
	let running = false
	const tick = async () => {
		if (running) return
		running = true
		try {
			const result = await deliverDueEmails(db(), transport, await fromAddress())
			if (result.sent || result.failed || result.retried) logger.info({ msg: 'email outbox', ...result })
		} catch (error) {
			logger.error({ msg: 'email outbox failed', error })
		} finally {
			running = false
		}
	}
	timer = setInterval(tick, 30_000)
	timer.unref()
	void tick()
}
