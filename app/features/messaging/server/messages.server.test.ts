import { afterAll, beforeAll, expect, test } from 'vitest'
import { confirmAll, fixtureTripStart, tripDay, twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { type Msg91StandIn, type WhatsAppStandIn, startMsg91StandIn, startWhatsAppStandIn } from '#tests/support/messaging-stand-ins.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { completeBooking, confirmBooking, createBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { issueVoucher } from '~/features/bookings/server/vouchers.server.ts'
import { createPaymentRequest } from '~/features/payments/server/requests.server.ts'
import { sendReminderNow } from '~/features/payments/server/reminders.server.ts'
import { addDays } from '~/lib/dates.ts'
import { messageTemplates } from '~/features/messaging/domain/messages.ts'
import type { DB } from '~/server/db/client.server.ts'
import { type Channels, msg91Channel, whatsAppChannel } from './channels.server.ts'
import { bookingMessaging, optOutFromTrip, queueTripTomorrowMessages, sendStaffMessage, tripMessaging } from './booking-messages.server.ts'
import { consentOf, deliverDueMessages, messagesOfBooking } from './messages.server.ts'
import { handleMsg91Report, handleWhatsAppWebhook } from './webhooks.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: true }
const siteUrl = 'https://andamanisles.example'
const appSecret = 'app-secret-for-tests'
const msgSecret = 'msg91-webhook-secret-0123'
const templateIds = Object.fromEntries(Object.values(messageTemplates).map((t, index) => [t.name, `65f0a1b2c3d4e5f6a7b8c9${String(index).padStart(2, '0')}`]))

let wa: WhatsAppStandIn
let sms: Msg91StandIn
let channels: Required<Channels>
beforeAll(async () => {
	wa = await startWhatsAppStandIn({
		phoneNumberId: '1234567890',
		accessToken: 'EAAG-test-access-token',
		appSecret,
		templates: Object.fromEntries(Object.values(messageTemplates).map((t) => [t.name, t.params.length])),
		timeoutMs: 1500,
	})
	sms = await startMsg91StandIn({
		authKey: 'msg91-auth-key',
		templates: Object.fromEntries(Object.values(messageTemplates).map((t) => [templateIds[t.name]!, t.params.length])),
		timeoutMs: 1500,
	})
	channels = {
		whatsapp: whatsAppChannel({ apiUrl: wa.url, phoneNumberId: '1234567890', accessToken: 'EAAG-test-access-token', language: 'en', timeoutMs: 500 }),
		sms: msg91Channel({ apiUrl: sms.url, authKey: 'msg91-auth-key', templateIds, timeoutMs: 500 }),
	}
})
afterAll(async () => {
	await wa.close()
	await sms.close()
})

/** A moment after every row written now, early in an hour: the per-number limit's window holds every send of one test. */
function hourAhead(hours = 1) {
	const start = Math.floor(Date.now() / 3_600_000) * 3_600_000
	return new Date(start + hours * 3_600_000 + 60_000)
}
let phoneCounter = 0
const nextPhone = () => `+9198765${String(43_000 + phoneCounter++ * 7).padStart(5, '0')}`
const wamids = () => wa.state.received.filter((r) => r.id).map((r) => r.id!)
const statuses = async (db: DB, id: string) => (await messagesOfBooking(db, id)).map((m) => `${m.kind}/${m.channel}/${m.status}`).sort()
/** Stand-ins answer normally again, and messages other tests left queued are out of the way. */
const reset = async (db: DB) => {
	await db.updateTable('message_outbox').set({ status: 'expired' }).where('status', '=', 'queued').execute()
	wa.state.mode = 'ok'
	wa.state.modes = []
	sms.state.mode = 'ok'
	sms.state.modes = []
}

describeEachDatabase('WhatsApp and SMS messages', (get) => {
	async function booking(key: string, choice: { messageChannel: 'whatsapp' | 'sms' | 'email'; whatsappOptIn?: boolean }, phone = nextPhone()) {
		const { db } = get()
		const form = await twoAdultBooking(db, `msg-${key}`, { contactPhone: phone, ...choice })
		const { id, reference } = await createBooking(db, form, { submissionKey: `msg-${key}` })
		return { id, reference, phone }
	}

	test('every message kind goes as its template with its parameters; the voucher carries its PDF; the 7th message in an hour waits for the next', async () => {
		const { db } = get()
		await reset(db)
		const { id, phone } = await booking('all-kinds', { messageChannel: 'whatsapp', whatsappOptIn: true })
		await createPaymentRequest(db, id, { amount: 1_500_000, note: null, submissionKey: 'msg-link-1' }, staff, siteUrl)
		await recordPayment(db, id, { amount: 1_500_000, method: 'upi', reference: 'UPI-MSG-1', paidOn: tripDay(-50), verified: true }, staff)
		await confirmBooking(db, id, 30, staff, null)
		await sendReminderNow(db, id, 'msg-reminder-1', staff, siteUrl, tripDay(-50))
		await confirmAll(db, id)
		await issueVoucher(db, id, staff, siteUrl)
		await queueTripTomorrowMessages(db, addDays(fixtureTripStart, -1))
		await sendStaffMessage(db, id, { text: 'Your Havelock ferry moved to 8:00.', submissionKey: 'msg-staff-1' }, staff)
		await sendStaffMessage(db, id, { text: 'Your Havelock ferry moved to 8:00.', submissionKey: 'msg-staff-1' }, staff)
		await completeBooking(db, id, addDays(fixtureTripStart, 30), staff)
		const kinds = (await messagesOfBooking(db, id)).map((m) => m.kind).sort()
		expect(kinds).toEqual(['booking-received', 'payment-link', 'payment-reminder', 'staff-message', 'trip-tomorrow', 'voucher-ready', 'welcome-home'])

		const now = hourAhead()
		const first = await deliverDueMessages(db, channels, now)
		expect(first).toMatchObject({ sent: 6, deferred: 1 })
		const second = await deliverDueMessages(db, channels, new Date(now.getTime() + 3_600_000))
		expect(second).toMatchObject({ sent: 1 })
		const mine = wa.state.received.filter((r) => `+${r.to}` === phone)
		expect(mine.map((r) => r.template).sort()).toEqual([
			'booking_received',
			'booking_update',
			'payment_link',
			'payment_reminder',
			'trip_tomorrow',
			'voucher_ready',
			'welcome_home',
		])
		for (const r of mine) expect(r.params.every((p) => p.length > 0 && !p.includes('\n'))).toBe(true)
		const voucher = mine.find((r) => r.template === 'voucher_ready')!
		expect(voucher.header).toMatchObject({
			type: 'document',
			document: { link: expect.stringMatching(/^https:\/\/andamanisles\.example\/voucher\/\w+\/pdf$/) },
		})
		expect(mine.find((r) => r.template === 'welcome_home')!.params[2]).toMatch(/^https?:\/\/[^/]+\/review\/[A-Za-z0-9]{32}$/)
		expect(mine.find((r) => r.template === 'booking_update')!.params[2]).toBe('Your Havelock ferry moved to 8:00.')
		// The first step of the day comes from the operations sheet: the airport pickup.
		expect(mine.find((r) => r.template === 'trip_tomorrow')!.params[2]).toMatch(/^Airport pickup/)
		expect(new Set((await messagesOfBooking(db, id)).map((m) => m.status))).toEqual(new Set(['accepted']))
	})

	test('email, or WhatsApp without the opt-in, queues no message; SMS goes through MSG91 with the DLT template id', async () => {
		const { db } = get()
		await reset(db)
		const email = await booking('email-only', { messageChannel: 'email' })
		const noOptIn = await booking('no-opt-in', { messageChannel: 'whatsapp', whatsappOptIn: false })
		expect(await messagesOfBooking(db, email.id)).toEqual([])
		expect(await messagesOfBooking(db, noOptIn.id)).toEqual([])
		await expect(sendStaffMessage(db, email.id, { text: 'Hello', submissionKey: 'msg-staff-email' }, staff)).rejects.toMatchObject({
			code: 'failed-precondition',
		})
		const bySms = await booking('by-sms', { messageChannel: 'sms' })
		expect(await deliverDueMessages(db, channels, hourAhead())).toMatchObject({ sent: 1 })
		const sent = sms.state.received.find((r) => `+${r.mobiles}` === bySms.phone)!
		expect(sent.templateId).toBe(templateIds.booking_received)
		expect(sent.vars[1]).toBe(bySms.reference)
	})

	test('a staff message that breaks the template rules is refused before anything is queued', async () => {
		const { db } = get()
		const { id } = await booking('staff-rules', { messageChannel: 'whatsapp', whatsappOptIn: true })
		await expect(sendStaffMessage(db, id, { text: '   ', submissionKey: 'msg-staff-empty' }, staff)).rejects.toMatchObject({ code: 'invalid-argument' })
		await expect(sendStaffMessage(db, id, { text: 'x'.repeat(501), submissionKey: 'msg-staff-long' }, staff)).rejects.toMatchObject({
			code: 'invalid-argument',
		})
		expect((await messagesOfBooking(db, id)).map((m) => m.kind)).toEqual(['booking-received'])
		// Typed line breaks, tabs and runs of spaces become one space: WhatsApp refuses them in a parameter.
		await sendStaffMessage(db, id, { text: 'Pickup at 7:00.\n\tBring     your ID.', submissionKey: 'msg-staff-lines' }, staff)
		expect((await messagesOfBooking(db, id)).find((m) => m.kind === 'staff-message')!.body).toBe(
			'Dear Meera Iyer, an update on your booking ' +
				(await db.selectFrom('bookings').select('reference').where('id', '=', id).executeTakeFirstOrThrow()).reference +
				': Pickup at 7:00. Bring your ID.',
		)
	})

	test('STOP by WhatsApp opts the number out: queued messages are skipped, later ones never queued; START opts back in', async () => {
		const { db } = get()
		await reset(db)
		const { id, phone } = await booking('stop', { messageChannel: 'whatsapp', whatsappOptIn: true })
		const stop = wa.inboundWebhook(phone.slice(1), 'STOP')
		expect(await handleWhatsAppWebhook(db, { ...stop, appSecret, smsConfigured: true })).toMatchObject({ optedOut: 1 })
		expect(await handleWhatsAppWebhook(db, { ...stop, appSecret, smsConfigured: true })).toMatchObject({ optedOut: 0, replays: 1 })
		expect((await consentOf(db, phone)).optedOut).toBe(true)
		expect(await statuses(db, id)).toEqual(['booking-received/whatsapp/skipped'])
		await createPaymentRequest(db, id, { amount: 500_000, note: null, submissionKey: 'msg-link-stop' }, staff, siteUrl)
		expect(await messagesOfBooking(db, id)).toHaveLength(1)
		await expect(sendStaffMessage(db, id, { text: 'Hello', submissionKey: 'msg-staff-stop' }, staff)).rejects.toMatchObject({ code: 'failed-precondition' })
		const audit = await db
			.selectFrom('audit_log')
			.select(['action', 'actor_label'])
			.where('entity', '=', 'message-consent')
			.where('entity_id', '=', phone)
			.orderBy('id')
			.execute()
		expect(audit.map((a) => a.action)).toEqual(['whatsapp-opt-in', 'opt-out'])
		expect(await handleWhatsAppWebhook(db, { ...wa.inboundWebhook(phone.slice(1), 'START'), appSecret, smsConfigured: true })).toMatchObject({ optedIn: 1 })
		expect((await consentOf(db, phone)).optedOut).toBe(false)
	})

	test('the trip page opts the number out once, audited; the booking page and trip page say so', async () => {
		const { db } = get()
		await reset(db)
		const { id, phone } = await booking('trip-opt-out', { messageChannel: 'sms' })
		const { trip_token: token } = await db.selectFrom('bookings').select('trip_token').where('id', '=', id).executeTakeFirstOrThrow()
		expect(await tripMessaging(db, token)).toEqual({ channel: 'sms', phoneEnding: phone.slice(-4), optedOut: false })
		const results = await Promise.all(Array.from({ length: 5 }, () => optOutFromTrip(db, token)))
		expect(results.filter((r) => r.changed)).toHaveLength(1)
		expect(await tripMessaging(db, token)).toMatchObject({ optedOut: true })
		expect(await bookingMessaging(db, id)).toMatchObject({ channel: 'sms', optedOut: true, messages: [{ kind: 'booking-received', status: 'skipped' }] })
		const audit = await db
			.selectFrom('audit_log')
			.select(['action', 'after_json'])
			.where('entity', '=', 'message-consent')
			.where('entity_id', '=', phone)
			.execute()
		expect(audit).toEqual([{ action: 'opt-out', after_json: JSON.stringify({ source: 'trip page' }) }])
		await expect(optOutFromTrip(db, 'no-such-token-000000000000')).rejects.toMatchObject({ code: 'not-found' })
	})

	test('transient failures retry with growing waits (500, 429, bad token, timeout); a parameter mismatch fails and falls back to SMS once', async () => {
		const { db } = get()
		await reset(db)
		const { id, phone } = await booking('retries', { messageChannel: 'whatsapp', whatsappOptIn: true })
		const now = hourAhead()
		const waits: number[] = []
		for (const mode of ['server-error', 'rate-limit', 'bad-token', 'timeout'] as const) {
			wa.state.modes = [mode]
			const at = new Date(now.getTime() + waits.reduce((a, b) => a + b, 0))
			expect(await deliverDueMessages(db, channels, at), mode).toMatchObject({ retried: 1 })
			const [row] = await db.selectFrom('message_outbox').select(['next_attempt_at', 'attempts', 'last_error']).where('booking_id', '=', id).execute()
			waits.push(Date.parse(row!.next_attempt_at) - at.getTime())
			expect(row!.last_error, mode).toBeTruthy()
			expect(row!.last_error).not.toContain('EAAG')
		}
		expect(waits).toEqual([60_000, 240_000, 540_000, 960_000])
		// Not yet due: nothing happens.
		expect(await deliverDueMessages(db, channels, new Date(now.getTime() + 60_000))).toMatchObject({ sent: 0, retried: 0 })
		wa.state.modes = ['param-mismatch']
		expect(await deliverDueMessages(db, channels, new Date(now.getTime() + 1_800_001))).toMatchObject({ failed: 1 })
		expect(await statuses(db, id)).toEqual(['booking-received/sms/queued', 'booking-received/whatsapp/failed'])
		expect(await deliverDueMessages(db, channels, new Date(now.getTime() + 1_800_002))).toMatchObject({ sent: 1 })
		expect(await deliverDueMessages(db, channels, new Date(now.getTime() + 1_800_003))).toMatchObject({ sent: 0 })
		expect(sms.state.received.filter((r) => `+${r.mobiles}` === phone)).toHaveLength(1)
		const [waRow] = (await messagesOfBooking(db, id)).filter((m) => m.channel === 'whatsapp')
		expect(waRow!.lastError).toMatch(/132000/)
	})

	test('without SMS configured a failed WhatsApp message stays failed (the email stands)', async () => {
		const { db } = get()
		await reset(db)
		const { id } = await booking('no-fallback', { messageChannel: 'whatsapp', whatsappOptIn: true })
		wa.state.modes = ['undeliverable']
		expect(await deliverDueMessages(db, { whatsapp: channels.whatsapp }, hourAhead())).toMatchObject({ failed: 1 })
		expect(await statuses(db, id)).toEqual(['booking-received/whatsapp/failed'])
	})

	test('status webhooks move a message forward only; replays and out-of-order reports change nothing; a bad signature is refused', async () => {
		const { db } = get()
		await reset(db)
		const { id, phone } = await booking('statuses', { messageChannel: 'whatsapp', whatsappOptIn: true })
		await deliverDueMessages(db, channels, hourAhead())
		const wamid = wamids().at(-1)!
		const to = phone.slice(1)
		const forged = { ...wa.statusWebhook(wamid, 'read', to), signature: `sha256=${'0'.repeat(64)}` }
		await expect(handleWhatsAppWebhook(db, { ...forged, appSecret, smsConfigured: true })).rejects.toMatchObject({ code: 'unauthenticated', status: 401 })
		const tampered = wa.statusWebhook(wamid, 'read', to)
		await expect(
			handleWhatsAppWebhook(db, { rawBody: tampered.rawBody.replace('read', 'sent'), signature: tampered.signature, appSecret, smsConfigured: true }),
		).rejects.toMatchObject({ status: 401 })
		expect(await statuses(db, id)).toEqual(['booking-received/whatsapp/accepted'])

		expect(await handleWhatsAppWebhook(db, { ...wa.statusWebhook(wamid, 'delivered', to), appSecret, smsConfigured: true })).toMatchObject({ applied: 1 })
		expect(await handleWhatsAppWebhook(db, { ...wa.statusWebhook(wamid, 'sent', to), appSecret, smsConfigured: true })).toMatchObject({ applied: 0, stale: 1 })
		expect(await handleWhatsAppWebhook(db, { ...wa.statusWebhook(wamid, 'failed', to), appSecret, smsConfigured: true })).toMatchObject({
			applied: 0,
			stale: 1,
		})
		const read = wa.statusWebhook(wamid, 'read', to)
		const results = await Promise.all(Array.from({ length: 20 }, () => handleWhatsAppWebhook(db, { ...read, appSecret, smsConfigured: true })))
		expect(results.reduce((n, r) => n + r.applied, 0)).toBe(1)
		expect(results.reduce((n, r) => n + r.replays, 0)).toBe(19)
		const [message] = await messagesOfBooking(db, id)
		expect(message).toMatchObject({ status: 'read' })
		expect(message!.deliveredAt).not.toBeNull()
		expect(message!.readAt).not.toBeNull()
		expect(await statuses(db, id)).toEqual(['booking-received/whatsapp/read'])
	})

	test('sent, delivered and read arriving all at once, each several times, end at read with every time kept', async () => {
		const { db } = get()
		await reset(db)
		const { id, phone } = await booking('status-race', { messageChannel: 'whatsapp', whatsappOptIn: true })
		await deliverDueMessages(db, channels, hourAhead())
		const wamid = wamids().at(-1)!
		const reports = (['read', 'delivered', 'sent'] as const).flatMap((status) =>
			Array.from({ length: 4 }, () => wa.statusWebhook(wamid, status, phone.slice(1))),
		)
		const results = await Promise.all(reports.map((report) => handleWhatsAppWebhook(db, { ...report, appSecret, smsConfigured: true })))
		expect(results.reduce((n, r) => n + r.replays, 0)).toBeGreaterThanOrEqual(9)
		const [message] = await messagesOfBooking(db, id)
		expect(message).toMatchObject({ status: 'read' })
		expect(message!.readAt).not.toBeNull()
	})

	test('a WhatsApp "failed" report falls back to SMS; MSG91 delivery reports need the secret and apply once', async () => {
		const { db } = get()
		await reset(db)
		const { id, phone } = await booking('report-fail', { messageChannel: 'whatsapp', whatsappOptIn: true })
		const now = hourAhead()
		await deliverDueMessages(db, channels, now)
		const wamid = wamids().at(-1)!
		expect(await handleWhatsAppWebhook(db, { ...wa.statusWebhook(wamid, 'failed', phone.slice(1)), appSecret, smsConfigured: true })).toMatchObject({
			applied: 1,
		})
		expect(await statuses(db, id)).toEqual(['booking-received/sms/queued', 'booking-received/whatsapp/failed'])
		await deliverDueMessages(db, channels, new Date(now.getTime() + 1000))
		const requestId = sms.state.received.filter((r) => `+${r.mobiles}` === phone).at(-1)!.requestId
		const report = sms.deliveryReport(requestId, phone.slice(1), '1')
		await expect(handleMsg91Report(db, { rawBody: report, given: 'wrong-secret-0000000000', secret: msgSecret, smsConfigured: true })).rejects.toMatchObject({
			status: 401,
		})
		expect(await statuses(db, id)).toEqual(['booking-received/sms/accepted', 'booking-received/whatsapp/failed'])
		const results = await Promise.all(
			Array.from({ length: 20 }, () => handleMsg91Report(db, { rawBody: report, given: msgSecret, secret: msgSecret, smsConfigured: true })),
		)
		expect(results.reduce((n, r) => n + r.applied, 0)).toBe(1)
		expect(await statuses(db, id)).toEqual(['booking-received/sms/delivered', 'booking-received/whatsapp/failed'])
		expect(
			await handleMsg91Report(db, {
				rawBody: JSON.stringify([{ mobile: phone.slice(1), message: 'STOP', id: 'sms-in-1' }]),
				given: msgSecret,
				secret: msgSecret,
				smsConfigured: true,
			}),
		).toMatchObject({ optedOut: 1 })
		expect((await consentOf(db, phone)).optedOut).toBe(true)
	})
})
