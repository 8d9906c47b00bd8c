import { db } from '~/server/db/index.server.ts'
import { logger } from '~/server/logger.server.ts'
import { configuredChannels } from './channels.server.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { queueTripTomorrowMessages } from './booking-messages.server.ts'
import { deliverDueMessages } from './messages.server.ts'

let timer: ReturnType<typeof setInterval> | undefined

/**
 * With WhatsApp or SMS configured, delivers the message outbox every 30 seconds; without either it
 * never starts (no outside calls). Thin on purpose: one job runner will own every timer later.
 */
export function startMessageSender(): void {
	const channels = configuredChannels()
	if ((!channels.whatsapp && !channels.sms) || timer) return
	let running = false
	const tick = async () => {
		if (running) return
		running = true
		try {
			// The operations day's "trip tomorrow" messages: once per booking (their dedupe key), so every tick may ask.
			await queueTripTomorrowMessages(db(), todayInIndia())
			const result = await deliverDueMessages(db(), channels)
			if (Object.values(result).some(Boolean)) logger.info({ msg: 'message outbox', ...result })
		} catch (error) {
			logger.error({ msg: 'message outbox failed', error })
		} finally {
			running = false
		}
	}
	timer = setInterval(tick, 30_000)
	timer.unref()
	void tick()
}
