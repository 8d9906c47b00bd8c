import nodemailer from 'nodemailer'
import { logger } from '../logger.server.ts'
import { db } from '../db/index.server.ts'
import { env } from '../env.server.ts'
import { getSettings } from '../settings.server.ts'
import { deliverDueEmails, type Transport } from './outbox.server.ts'

/** A nodemailer transport for an `smtp://` or `smtps://` URL. */
export function smtpTransport(url: string): Transport {
	return nodemailer.createTransport(url)
}

let timer: ReturnType<typeof setInterval> | undefined

/**
 * With SMTP_URL configured, delivers the outbox every 30 seconds; without it
 * emails stay queued and visible on /admin/outbox (no outside calls).
 */
export function startEmailSender(): void {
	const url = env().SMTP_URL
	if (!url || timer) return
	const transport = smtpTransport(url)
	let running = false
	const tick = async () => {
		if (running) return
		running = true
		try {
			const settings = await getSettings(db())
			const result = await deliverDueEmails(db(), transport, `${settings.company.name} <${env().SMTP_FROM ?? settings.company.email}>`)
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
