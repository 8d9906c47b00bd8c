import { expect, test } from '@playwright/test'
import { type Msg91StandIn, type WhatsAppStandIn, startMsg91StandIn, startWhatsAppStandIn } from '../support/messaging-stand-ins.ts'
import { startExtraServer } from './extra-server.ts'
import { arrivalIn, demoStaff, signIn } from './helpers.ts'

/**
 * WhatsApp messages end to end, without JavaScript: the booking form's channel choice and opt-in, the
 * sender delivering to the Cloud API stand-in, a signed status webhook (and a forged one refused), the
 * booking page's messages and one-off message, and the trip page's opt-out. An app server of its own
 * with WhatsApp and SMS configured against the stand-ins.
 */
const appPort = Number(process.env.E2E_PORT ?? 3304) + 40
const appSecret = 'e2e-whatsapp-app-secret'
let app: Awaited<ReturnType<typeof startExtraServer>>
let wa: WhatsAppStandIn
let sms: Msg91StandIn

test.beforeAll(async () => {
	test.setTimeout(90_000)
	const { messageTemplates } = await import('../../app/features/messaging/domain/messages.ts')
	const counts = Object.fromEntries(Object.values(messageTemplates).map((t) => [t.name, t.params.length]))
	wa = await startWhatsAppStandIn({ phoneNumberId: '1098765432', accessToken: 'EAAG-e2e-access-token-0123', appSecret, templates: counts })
	sms = await startMsg91StandIn({ authKey: 'e2e-msg91-auth-key', templates: { '65f0e2e0booking': counts.booking_received! } })
	app = await startExtraServer('messaging', appPort, {
		WHATSAPP_API_URL: wa.url,
		WHATSAPP_PHONE_NUMBER_ID: '1098765432',
		WHATSAPP_ACCESS_TOKEN: 'EAAG-e2e-access-token-0123',
		WHATSAPP_APP_SECRET: appSecret,
		WHATSAPP_VERIFY_TOKEN: 'e2e-whatsapp-verify-token',
		MSG91_API_URL: sms.url,
		MSG91_AUTH_KEY: 'e2e-msg91-auth-key',
		MSG91_TEMPLATE_IDS: 'booking_received=65f0e2e0booking',
		MSG91_WEBHOOK_SECRET: 'e2e-msg91-webhook-secret',
	})
})
test.afterAll(async () => {
	await app?.stop()
	await wa?.close()
	await sms?.close()
})

test('book choosing WhatsApp (opt-in needed) → message sent → signed status → booking page → one-off message → trip page opt-out, JS off', async ({
	browser,
}) => {
	test.setTimeout(150_000)
	const { arrival, arrivalLabel } = arrivalIn(96)
	const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto('/packages/andaman-family-holiday-6-nights')
	await page.getByRole('link', { name: 'Book now' }).first().click()
	await page.getByLabel('Arrival date in Port Blair').fill(arrival)
	await page.getByLabel('Adults').fill('1')
	await page.getByLabel(/^Children’s ages/).fill('')
	await page.getByRole('button', { name: 'Update price and travellers' }).click()
	await expect(page.getByRole('heading', { name: new RegExp(`2\\. Price for ${arrivalLabel}`) })).toBeVisible()
	const traveller = page.getByRole('group', { name: 'Traveller 1' })
	await traveller.getByLabel('Full name').fill('Kavya Menon')
	await traveller.getByLabel('Age').fill('30')
	await traveller.getByLabel('Gender').selectOption('female')
	await traveller.getByLabel('ID', { exact: true }).selectOption('aadhaar')
	await traveller.getByLabel('ID number').fill('7777 1111 2222')
	await page.getByLabel('Contact name').fill('Kavya Menon')
	await page.getByLabel('Mobile or WhatsApp').fill('98470 55221')
	const choice = page.getByRole('group', { name: 'Trip updates on your phone' })
	await expect(choice.getByRole('radio')).toHaveCount(3)
	await choice.getByRole('radio', { name: 'WhatsApp' }).check()
	await page.getByLabel(/I accept the booking terms/).check()
	await page.getByRole('button', { name: 'Book and get payment details' }).click()
	// WhatsApp without its own box ticked: refused, with the reason by the box.
	await expect(page.getByText('Tick the box to agree to WhatsApp messages, or choose SMS or email.').first()).toBeVisible()
	await expect(page.getByRole('group', { name: 'Trip updates on your phone' }).getByRole('radio', { name: 'WhatsApp' })).toBeChecked()
	await page.getByLabel('I agree to receive messages about this booking on WhatsApp.').check()
	await page.getByLabel(/I accept the booking terms/).check()
	await page.getByRole('button', { name: 'Book and get payment details' }).click()
	await expect(page.getByRole('heading', { name: /^Pay ₹[\d,]+(\.\d\d)? to confirm$/ })).toBeVisible()
	const reference = (await page.locator('strong.font-mono').textContent())!.trim()

	// The sender's next tick (every 30 seconds) sends the booking-received template to the stand-in.
	await expect
		.poll(() => wa.state.received.filter((r) => r.to === '919847055221' && r.template === 'booking_received').length, { timeout: 45_000, intervals: [1000] })
		.toBe(1)
	const sent = wa.state.received.find((r) => r.to === '919847055221')!
	expect(sent.params).toEqual(['Kavya Menon', reference, expect.any(String), expect.stringMatching(/^₹/), expect.stringMatching(/\/trip\/[A-Za-z0-9]{24}$/)])

	// Statuses: a forged delivery is 401; the signed one applies once; a replay changes nothing.
	const delivered = wa.statusWebhook(sent.id!, 'delivered', sent.to)
	const hook = `${app.url}/messaging/whatsapp/webhook`
	expect((await wa.post(hook, { ...delivered, signature: `sha256=${'0'.repeat(64)}` })).status).toBe(401)
	expect(await wa.post(hook, delivered)).toMatchObject({ status: 200, body: expect.stringContaining('"applied":1') })
	expect(await wa.post(hook, delivered)).toMatchObject({ status: 200, body: expect.stringContaining('"replays":1') })
	const handshake = await fetch(`${hook}?hub.mode=subscribe&hub.verify_token=e2e-whatsapp-verify-token&hub.challenge=424242`)
	expect(await handshake.text()).toBe('424242')

	// Staff see the message and its status, and send a one-off message.
	const desk = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false })
	const staff = await desk.newPage()
	await signIn(staff, demoStaff.email, demoStaff.password)
	await staff.goto('/admin/pending')
	await staff.getByRole('link', { name: reference }).click()
	const messages = staff.getByTestId('booking-messages')
	await expect(messages).toContainText('The traveller chose: WhatsApp.')
	await expect(messages.getByTestId('message-status').first()).toHaveText('Delivered')
	await messages.getByLabel('Message to the traveller by WhatsApp').fill('Your pickup is at 7:30 from the airport.')
	await messages.getByRole('button', { name: 'Send message' }).click()
	await expect(staff.getByTestId('booking-messages')).toContainText('Dear Kavya Menon, an update on your booking')

	// The trip page stops messages to this number.
	await page.getByRole('link', { name: 'Pay and follow your trip' }).click()
	const section = page.getByTestId('trip-messages')
	await expect(section).toContainText('by WhatsApp to the number ending 5221')
	await section.getByRole('button', { name: 'Stop WhatsApp and SMS messages' }).click()
	await expect(page.getByTestId('trip-messages')).toContainText('You have opted out')
	await staff.reload()
	await expect(staff.getByTestId('booking-messages')).toContainText('opted out of WhatsApp and SMS')
	await expect(staff.getByTestId('booking-messages').getByRole('button', { name: 'Send message' })).toHaveCount(0)
	await context.close()
	await desk.close()
})
