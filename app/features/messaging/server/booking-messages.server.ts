/**
 * Each booking event's message, queued beside its email (docs/messaging.md#the-messages). Called in
 * the event's transaction; nothing happens for a traveller who chose email or opted out.
 */
import { AppError } from '~/lib/errors.ts'
import { addDays, formatTravelDate, indiaDayStartUtc } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { formatPhone } from '~/lib/phone.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { DB, Executor } from '~/server/db/client.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import { tripTomorrowText } from '~/features/operations/domain/day-sheet.ts'
import { daySheet } from '~/features/operations/server/operations.server.ts'
import { type ContactChannel, maxStaffMessageLength, messageRefused, oneLine } from '~/features/messaging/domain/messages.ts'
import { consentOf, messagesOfBooking, queueBookingMessage, queueBookingMessageBesideEmail, setConsent } from './messages.server.ts'

const site = (siteUrl: string) => siteUrl.replace(/\/$/, '')

/** At booking: the channel the traveller chose and, for WhatsApp, the opt-in they ticked (recorded per number). Without the opt-in WhatsApp is not used. */
export async function recordChannelChoice(
	trx: Executor,
	bookingId: string,
	phone: string,
	choice: { channel: ContactChannel; whatsappOptIn: boolean },
	actor: Actor,
) {
	const channel: ContactChannel = choice.channel === 'whatsapp' && !choice.whatsappOptIn ? 'email' : choice.channel
	await trx.updateTable('bookings').set({ message_channel: channel }).where('id', '=', bookingId).execute()
	if (channel === 'whatsapp') await setConsent(trx, phone, 'whatsapp-opt-in', 'booking form', actor)
}

export function queueBookingReceived(trx: Executor, b: { id: string; reference: string; name: string; title: string; advanceDue: number; tripUrl: string }) {
	return queueBookingMessageBesideEmail(
		trx,
		b.id,
		'booking-received',
		{ name: oneLine(b.name), reference: b.reference, trip: oneLine(b.title), amount: formatINR(b.advanceDue), tripUrl: b.tripUrl },
		{ dedupeKey: `booking-received:${b.id}` },
	)
}

export function queuePaymentLink(trx: Executor, b: { id: string; reference: string; name: string }, requestId: string, amount: number, url: string) {
	return queueBookingMessageBesideEmail(
		trx,
		b.id,
		'payment-link',
		{ name: oneLine(b.name), amount: formatINR(amount), reference: b.reference, url },
		{ dedupeKey: `payment-link:${requestId}` },
	)
}

export function queuePaymentReminder(
	trx: Executor,
	b: { id: string; reference: string; name: string },
	reminderId: string,
	balance: number,
	dueDate: string,
	url: string,
) {
	return queueBookingMessageBesideEmail(
		trx,
		b.id,
		'payment-reminder',
		{ name: oneLine(b.name), amount: formatINR(balance), reference: b.reference, dueDate: formatTravelDate(dueDate), url },
		{ dedupeKey: `payment-reminder:${reminderId}` },
	)
}

export function queueVoucherReady(trx: Executor, b: { id: string; reference: string; name: string }, voucherId: string, siteUrl: string) {
	const url = `${site(siteUrl)}/voucher/${voucherId}`
	return queueBookingMessageBesideEmail(
		trx,
		b.id,
		'voucher-ready',
		{ name: oneLine(b.name), reference: b.reference, url },
		{ dedupeKey: `voucher-ready:${voucherId}`, documentUrl: `${url}/pdf` },
	)
}

export function queueWelcomeHome(trx: Executor, b: { id: string; reference: string; name: string }, reviewUrl: string) {
	return queueBookingMessageBesideEmail(
		trx,
		b.id,
		'welcome-home',
		{ name: oneLine(b.name), reference: b.reference, reviewUrl },
		{ dedupeKey: `welcome-home:${b.id}` },
	)
}

/**
 * The operations day's "trip tomorrow" messages: every confirmed booking that starts tomorrow (India),
 * once each. The first step is the first day's plan; it must go before the trip starts.
 */
export async function queueTripTomorrowMessages(db: DB, today: string, now = new Date()) {
	const tomorrow = addDays(today, 1)
	const rows = await db
		.selectFrom('bookings')
		.leftJoin('packages', 'packages.id', 'bookings.package_id')
		.select([
			'bookings.id',
			'bookings.reference',
			'bookings.contact_name',
			'bookings.package_id',
			'bookings.quote_id',
			'bookings.start_date',
			'packages.days_json',
		])
		.where('bookings.status', '=', 'confirmed')
		.where('bookings.start_date', '=', tomorrow)
		.where('bookings.message_channel', '!=', 'email')
		.execute()
	if (!rows.length) return { queued: 0 }
	const settings = await getSettings(db)
	const { dayPlan } = await import('~/features/bookings/server/vouchers.server.ts')
	// The operations sheet of the day, when its lines are planned: the first thing each traveller does (pickup, ferry, activity).
	const sheet = await daySheet(db, tomorrow)
	const sheetLines = sheet.groups.flatMap((group) => group.lines)
	let queued = 0
	for (const row of rows) {
		const lines = sheetLines.filter((line) => line.bookingId === row.id)
		const fromSheet = lines.length
			? tripTomorrowText({ contactName: row.contact_name, reference: row.reference }, tomorrow, lines).split('\n')[1]?.replace(/^•\s*/, '')
			: null
		const plan = fromSheet ? [] : await dayPlan(db, row, row.days_json ?? null)
		const firstStep = oneLine(
			fromSheet ?? (plan[0] ? `${plan[0].title}${plan[0].island ? ` (${plan[0].island})` : ''}` : 'our driver meets you at Port Blair airport'),
		).slice(0, 300)
		await db.transaction().execute(async (trx) => {
			const channel = await queueBookingMessage(
				trx,
				row.id,
				'trip-tomorrow',
				{ name: oneLine(row.contact_name), reference: row.reference, firstStep, phone: formatPhone(settings.company.phone) },
				{ dedupeKey: `trip-tomorrow:${row.id}`, sendBy: new Date(indiaDayStartUtc(tomorrow)), now },
			)
			if (channel) queued++
		})
	}
	return { queued }
}

/**
 * A staff member's one-off message to a booking's traveller, through the channel they chose. Refused
 * (with the reason) when they chose email, opted out, or the text breaks the template's rules. The
 * form's key makes a double submit one message.
 */
export async function sendStaffMessage(db: DB, bookingId: string, input: { text: string; submissionKey: string }, actor: Actor) {
	const text = oneLine(input.text)
	if (!text) throw messageRefused('Write the message.', { text: 'Write the message' })
	if (text.length > maxStaffMessageLength)
		throw messageRefused(`At most ${maxStaffMessageLength} characters.`, { text: `At most ${maxStaffMessageLength} characters` })
	return db.transaction().execute(async (trx) => {
		const booking = await trx
			.selectFrom('bookings')
			.select(['id', 'reference', 'contact_name', 'message_channel'])
			.where('id', '=', bookingId)
			.executeTakeFirst()
		if (!booking) throw new AppError('not-found', 'No such booking.')
		const channel = await queueBookingMessage(
			trx,
			bookingId,
			'staff-message',
			{ name: oneLine(booking.contact_name), reference: booking.reference, message: text },
			{ dedupeKey: `staff-message:${input.submissionKey}` },
		)
		if (!channel)
			throw new AppError(
				'failed-precondition',
				booking.message_channel === 'email'
					? 'The traveller chose email: send it by email or call.'
					: 'The traveller has opted out of messages on this number.',
			)
		await recordAudit(trx, { actor, action: 'staff-message', entity: 'booking', entityId: bookingId, after: { channel, text } })
		await addBookingEvent(trx, bookingId, actor, 'booking', `${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} message queued: ${text.slice(0, 120)}`, {})
		return { channel }
	})
}

/** What the trip page says about messages: the channel chosen and whether its number opted out; null when the traveller chose email. */
export async function tripMessaging(db: Executor, tripToken: string) {
	const booking = await db.selectFrom('bookings').select(['contact_phone', 'message_channel']).where('trip_token', '=', tripToken).executeTakeFirst()
	if (!booking || booking.message_channel === 'email') return null
	const consent = await db.selectFrom('message_consents').select('opted_out_at').where('phone', '=', booking.contact_phone).executeTakeFirst()
	return { channel: booking.message_channel as 'whatsapp' | 'sms', phoneEnding: booking.contact_phone.slice(-4), optedOut: Boolean(consent?.opted_out_at) }
}

/** "Stop messages" on the trip page: the booking's number opts out of WhatsApp and SMS (emails continue), audited; queued messages are dropped. */
export async function optOutFromTrip(db: DB, tripToken: string, now = new Date()) {
	return db.transaction().execute(async (trx) => {
		const booking = await trx.selectFrom('bookings').select(['id', 'contact_phone']).where('trip_token', '=', tripToken).executeTakeFirst()
		if (!booking) throw new AppError('not-found', 'No trip has this address.')
		const changed = await setConsent(trx, booking.contact_phone, 'opt-out', 'trip page', { id: null, label: 'traveller (trip page)' }, now)
		await trx
			.updateTable('message_outbox')
			.set({ status: 'skipped', updated_at: now.toISOString() })
			.where('to_phone', '=', booking.contact_phone)
			.where('status', '=', 'queued')
			.execute()
		if (changed) await addBookingEvent(trx, booking.id, { id: null, label: 'traveller (trip page)' }, 'booking', 'opted out of WhatsApp and SMS messages', {})
		return { changed }
	})
}

/** The admin booking page's messages panel: the channel chosen, whether the number opted out, the messages with their status. */
export async function bookingMessaging(db: Executor, bookingId: string) {
	const row = await db.selectFrom('bookings').select(['message_channel', 'contact_phone']).where('id', '=', bookingId).executeTakeFirstOrThrow()
	return {
		channel: row.message_channel as ContactChannel,
		optedOut: (await consentOf(db, row.contact_phone)).optedOut,
		messages: await messagesOfBooking(db, bookingId),
	}
}
