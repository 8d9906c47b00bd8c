/** The WhatsApp and MSG91 webhook routes through their real modules: handshake, signatures, secrets, replays. */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { startWhatsAppStandIn, type WhatsAppStandIn } from '#tests/support/messaging-stand-ins.ts'
import { useAppDatabase } from '#tests/support/identity.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { routeArgs } from '#tests/support/route-requests.ts'
import { createBooking } from '~/features/bookings/server/bookings.server.ts'
import { messageTemplates } from '~/features/messaging/domain/messages.ts'
import { whatsAppChannel } from '~/features/messaging/server/channels.server.ts'
import { deliverDueMessages, messagesOfBooking } from '~/features/messaging/server/messages.server.ts'
import { closeDatabase } from '~/server/db/index.server.ts'

// Read once, on the first env() call: these tests configure both channels.
Object.assign(process.env, {
	WHATSAPP_PHONE_NUMBER_ID: '1234567890',
	WHATSAPP_ACCESS_TOKEN: 'EAAG-route-test-access-token',
	WHATSAPP_APP_SECRET: 'route-test-app-secret',
	WHATSAPP_VERIFY_TOKEN: 'route-test-verify-token',
	MSG91_AUTH_KEY: 'route-test-msg91-key',
	MSG91_TEMPLATE_IDS: 'booking_received=65f0a1b2c3d4',
	MSG91_WEBHOOK_SECRET: 'route-test-msg91-secret',
})
const whatsappRoute = await import('./whatsapp-webhook.ts')
const msg91Route = await import('./msg91-webhook.ts')

let wa: WhatsAppStandIn
beforeAll(async () => {
	wa = await startWhatsAppStandIn({
		phoneNumberId: '1234567890',
		accessToken: 'EAAG-route-test-access-token',
		appSecret: 'route-test-app-secret',
		templates: Object.fromEntries(Object.values(messageTemplates).map((t) => [t.name, t.params.length])),
	})
})
afterAll(async () => {
	await wa.close()
	await closeDatabase()
})

const args = (request: Request) => routeArgs(request)
const whatsappPost = (rawBody: string, signature: string) =>
	whatsappRoute.action(
		args(
			new Request('http://localhost/messaging/whatsapp/webhook', {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
				body: rawBody,
			}),
		),
	)

describeEachDatabase('/messaging/whatsapp/webhook and /messaging/msg91/report', (get) => {
	beforeAll(async () => {
		await useAppDatabase(get().url)
	})

	test('the subscription check answers the challenge only for our verify token', async () => {
		const check = (query: string) => whatsappRoute.loader(args(new Request(`http://localhost/messaging/whatsapp/webhook?${query}`)))
		const ok = await check('hub.mode=subscribe&hub.verify_token=route-test-verify-token&hub.challenge=1158201444')
		expect(ok.status).toBe(200)
		expect(await ok.text()).toBe('1158201444')
		expect((await check('hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1158201444')).status).toBe(403)
		expect((await check('hub.verify_token=route-test-verify-token&hub.challenge=1')).status).toBe(403)
	})

	test('a signed status moves the message on once; a wrong signature is 401 and changes nothing; junk is 400', async () => {
		const { db } = get()
		await db.updateTable('message_outbox').set({ status: 'expired' }).where('status', '=', 'queued').execute()
		const form = await twoAdultBooking(db, 'route-webhook', { contactPhone: '+919812345678', messageChannel: 'whatsapp', whatsappOptIn: true })
		const { id } = await createBooking(db, form, { submissionKey: 'route-webhook' })
		await deliverDueMessages(
			db,
			{
				whatsapp: whatsAppChannel({
					apiUrl: wa.url,
					phoneNumberId: '1234567890',
					accessToken: 'EAAG-route-test-access-token',
					language: 'en',
					timeoutMs: 2000,
				}),
			},
			new Date(Date.now() + 1000),
		)
		const wamid = wa.state.received.at(-1)!.id!
		const delivered = wa.statusWebhook(wamid, 'delivered', '919812345678')
		const forged = await whatsappPost(delivered.rawBody, `sha256=${'a'.repeat(64)}`)
		expect(forged.status).toBe(401)
		expect((await whatsappPost(delivered.rawBody, '')).status).toBe(401)
		expect((await messagesOfBooking(db, id))[0]!.status).toBe('accepted')
		const first = await whatsappPost(delivered.rawBody, delivered.signature)
		expect(first.status).toBe(200)
		expect(await first.json()).toMatchObject({ applied: 1 })
		expect(await (await whatsappPost(delivered.rawBody, delivered.signature)).json()).toMatchObject({ applied: 0, replays: 1 })
		expect((await messagesOfBooking(db, id))[0]!.status).toBe('delivered')
		const junk = '{"object":"page"}'
		expect((await whatsappPost(junk, wa.statusWebhook(wamid, 'read').signature)).status).toBe(401)
		const signedJunk = {
			rawBody: junk,
			signature: `sha256=${(await import('node:crypto')).createHmac('sha256', 'route-test-app-secret').update(junk).digest('hex')}`,
		}
		expect((await whatsappPost(signedJunk.rawBody, signedJunk.signature)).status).toBe(400)
	})

	test('MSG91 reports need the secret, by header or address', async () => {
		const body = JSON.stringify([{ requestId: 'unknown-request', report: [{ number: '919812345678', status: '1', desc: 'DELIVERED' }] }])
		const report = (url: string, headers: Record<string, string> = {}) =>
			msg91Route.action(args(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })))
		expect((await report('http://localhost/messaging/msg91/report')).status).toBe(401)
		expect((await report('http://localhost/messaging/msg91/report?secret=nope')).status).toBe(401)
		expect((await report('http://localhost/messaging/msg91/report?secret=route-test-msg91-secret')).status).toBe(200)
		expect((await report('http://localhost/messaging/msg91/report', { 'x-webhook-secret': 'route-test-msg91-secret' })).status).toBe(200)
	})
})
