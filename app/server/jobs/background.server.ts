import path from 'node:path'
import { deliverQueuedEmails } from '~/features/email/server/sender.server.ts'
import { sendDueReminders } from '~/features/payments/server/reminders.server.ts'
import { chaseSupplierRequests } from '~/features/suppliers/server/supplier-chasing.server.ts'
import { releaseLapsedHolds } from '~/features/ferries/server/live/holds.server.ts'
import { releaseLapsedQuoteHolds } from '~/features/agents/server/agent-quotes.server.ts'
import { queueTripTomorrowMessages } from '~/features/messaging/server/booking-messages.server.ts'
import { type Channels, configuredChannels } from '~/features/messaging/server/channels.server.ts'
import { deliverDueMessages } from '~/features/messaging/server/messages.server.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { createBackup, newestBackupAgeSeconds } from '../backup/backup.server.ts'
import { db } from '../db/index.server.ts'
import { type Env, env } from '../env.server.ts'
import { logger } from '../logger.server.ts'
import { type JobHandler, startJobRunner } from './jobs.server.ts'
import type { RecurringJob } from './slots.ts'

type Config = Pick<Env, 'SITE_URL' | 'SMTP_URL' | 'DATABASE_URL' | 'STORAGE_DIR' | 'BACKUP_DIR' | 'BACKUP_EVERY' | 'BACKUP_KEEP' | 'NODE_ENV'>

/** How often each recurring job runs (docs/decisions/209-one-job-runner.md). */
export const jobIntervals = {
	emailDelivery: 30_000,
	paymentReminders: 60 * 60_000,
	supplierChase: 60 * 60_000,
	ferryHoldSweep: 60_000,
	agentQuoteHoldSweep: 5 * 60_000,
	messageDelivery: 30_000,
	tripTomorrowMessages: 60 * 60_000,
} as const

/**
 * Everything the server does on its own, as jobs of the one runner: delivering the email outbox (with
 * SMTP_URL), payment reminders, chasing suppliers, releasing lapsed ferry holds, WhatsApp and SMS
 * delivery (with a channel configured), and backups (with BACKUP_EVERY). Each recurring job runs once per slot
 * across every instance.
 */
export function backgroundJobs(config: Config, channels: Channels = {}): { handlers: Record<string, JobHandler>; recurring: RecurringJob[] } {
	const handlers: Record<string, JobHandler> = {}
	const recurring: RecurringJob[] = []
	if (config.SMTP_URL) {
		const url = config.SMTP_URL
		handlers['email-delivery'] = async (_payload, { db }) => {
			const result = await deliverQueuedEmails(db, url)
			if (result.sent || result.failed || result.retried) logger.info({ msg: 'email outbox', ...result })
		}
		recurring.push({ kind: 'email-delivery', everyMs: jobIntervals.emailDelivery })
	}
	handlers['payment-reminders'] = async (_payload, { db }) => {
		const result = await sendDueReminders(db, { siteUrl: config.SITE_URL })
		if (result.sent) logger.info({ msg: 'payment reminders sent', ...result })
	}
	recurring.push({ kind: 'payment-reminders', everyMs: jobIntervals.paymentReminders, maxAttempts: 3 })
	// Supplier requests unanswered for the set hours are chased once (docs/decisions/198-chasing-and-amending-supplier-requests.md).
	handlers['supplier-chase'] = async (_payload, { db }) => {
		const chased = await chaseSupplierRequests(db, { siteUrl: config.SITE_URL })
		if (chased.chased) logger.info({ msg: 'supplier requests chased', ...chased })
	}
	recurring.push({ kind: 'supplier-chase', everyMs: jobIntervals.supplierChase, maxAttempts: 3 })
	// Lapsed ferry seat holds marked lapsed and their seats freed, so staff lists agree with the seat list (ADR 204).
	handlers['ferry-hold-sweep'] = async (_payload, { db }) => {
		const released = await releaseLapsedHolds(db)
		if (released) logger.info({ msg: 'lapsed ferry holds released', released })
	}
	recurring.push({ kind: 'ferry-hold-sweep', everyMs: jobIntervals.ferryHoldSweep })
	// Agency quotes past their 72 hours give back the credit they held (docs/decisions/233).
	handlers['agent-quote-hold-sweep'] = async (_payload, { db }) => {
		const released = await releaseLapsedQuoteHolds(db, new Date())
		if (released) logger.info({ msg: 'lapsed agency quote holds released', released })
	}
	recurring.push({ kind: 'agent-quote-hold-sweep', everyMs: jobIntervals.agentQuoteHoldSweep })
	// WhatsApp and SMS (ADRs 207, 208): only with a channel configured, else nothing is queued or called.
	if (channels.whatsapp || channels.sms) {
		handlers['message-delivery'] = async (_payload, { db }) => {
			const result = await deliverDueMessages(db, channels)
			if (Object.values(result).some(Boolean)) logger.info({ msg: 'message outbox', ...result })
		}
		recurring.push({ kind: 'message-delivery', everyMs: jobIntervals.messageDelivery })
		// The operations day's "trip tomorrow" messages: once per booking (their dedupe key), so each hour may ask.
		handlers['trip-tomorrow-messages'] = async (_payload, { db }) => {
			await queueTripTomorrowMessages(db, todayInIndia())
		}
		recurring.push({ kind: 'trip-tomorrow-messages', everyMs: jobIntervals.tripTomorrowMessages, maxAttempts: 3 })
	}
	const every = config.BACKUP_EVERY
	if (every !== null) {
		handlers.backup = async () => {
			// A backup taken less than half an interval ago (by a restarted server, or by hand) is recent enough.
			const age = newestBackupAgeSeconds(config.BACKUP_DIR)
			if (age !== null && age * 1000 < every / 2) return
			const started = Date.now()
			const result = await createBackup(
				{ databaseUrl: config.DATABASE_URL, storageDir: config.STORAGE_DIR },
				{ backupDir: config.BACKUP_DIR, keep: config.BACKUP_KEEP },
			)
			logger.info({
				msg: 'backup taken',
				file: path.basename(result.file),
				bytes: result.bytes,
				ms: Date.now() - started,
				deleted: result.deleted.map((file) => path.basename(file)),
			})
		}
		recurring.push({ kind: 'backup', everyMs: every, maxAttempts: 3, leaseMs: 60 * 60_000 })
	} else if (config.NODE_ENV === 'production') {
		logger.warn({ msg: 'no scheduled backups: set BACKUP_EVERY (e.g. 1d) or run npm run backup from cron' })
	}
	return { handlers, recurring }
}

let stopRunner: (() => Promise<void>) | null = null

/** Starts this process's job runner once (the production server at start-up, the dev server on its first request); returns its stop. */
export function startBackgroundJobs(config: Config = env()): () => Promise<void> {
	stopRunner ??= startJobRunner(db, backgroundJobs(config, configuredChannels()))
	return stopRunner
}
