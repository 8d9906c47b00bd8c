import { expect, test } from '@playwright/test'
import { startRazorpayStandIn } from '../support/razorpay-stand-in.ts'
import { startExtraServer } from './extra-server.ts'
import { bookFamilyHolidayOnline } from './helpers.ts'

/**
 * Issue #14: book → trip page → UPI link for the exact amount and reference → online checkout against the
 * Razorpay stand-in → webhook → payment verified and booking confirmed; then a cancellation request.
 * An app server of its own, with Razorpay keys pointing at the stand-in.
 */
const appPort = Number(process.env.E2E_PAYMENTS_PORT ?? 3316)
const standInPort = Number(process.env.E2E_RAZORPAY_PORT ?? 3315)
const keys = { keyId: 'rzp_test_E2eStandIn01', keySecret: 'e2e-razorpay-key-secret', webhookSecret: 'e2e-razorpay-webhook-secret' }

let app: Awaited<ReturnType<typeof startExtraServer>>
let standIn: ReturnType<typeof startRazorpayStandIn>

test.beforeAll(async () => {
	test.setTimeout(90_000)
	// Started here, not at import: Playwright also imports spec files to list their tests.
	standIn = startRazorpayStandIn({ port: standInPort, ...keys, webhookUrl: `http://localhost:${appPort}/payments/razorpay/webhook` })
	await standIn.listening
	app = await startExtraServer('payments', appPort, {
		RAZORPAY_KEY_ID: keys.keyId,
		RAZORPAY_KEY_SECRET: keys.keySecret,
		RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
		RAZORPAY_API_BASE_URL: standIn.url,
		RAZORPAY_CHECKOUT_SCRIPT_URL: `${standIn.url}/v1/checkout.js`,
	})
})
test.afterAll(async () => {
	await app?.stop()
	await standIn?.stop()
})

test('book → trip page → UPI link → online checkout → webhook → verified and confirmed → cancellation request', async ({ browser }) => {
	test.setTimeout(120_000)
	const context = await browser.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 } })
	const page = await context.newPage()
	const reference = await bookFamilyHolidayOnline(page, {
		arrival: '2027-03-12',
		arrivalLabel: '12 Mar 2027',
		travellers: [
			{ name: 'Farah Khan', age: '31', gender: 'female', aadhaar: '6666 1111 2222' },
			{ name: 'Imran Khan', age: '33', gender: 'male', aadhaar: '6666 1111 3333' },
		],
		contact: { name: 'Farah Khan', phone: '98470 66554', email: 'farah@example.com' },
	})

	// The thank-you page links to the trip page: bare, never cached, not indexed.
	await page.getByRole('link', { name: 'Pay and follow your trip' }).click()
	await expect(page).toHaveURL(/\/trip\/[A-Za-z0-9]{24}$/)
	const tripUrl = page.url()
	const head = await page.request.get(tripUrl)
	expect(head.headers()['cache-control']).toBe('no-store')
	expect(head.headers()['x-robots-tag']).toContain('noindex')
	await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
	await expect(page.getByTestId('trip-status')).toHaveText('Awaiting payment')
	await expect(page.getByRole('heading', { name: 'Travellers' })).toBeVisible()
	await expect(page.getByText('Farah Khan, 31')).toBeVisible()
	// Aadhaar numbers never show on a page reached by a link.
	await expect(page.getByText('6666 1111 2222')).toHaveCount(0)

	// The UPI link carries the exact amount due and the booking reference.
	const heading = (await page.getByRole('heading', { name: /^Pay ₹[\d,]+\.\d\d now$/ }).textContent())!
	const amount = heading.replace(/[^\d.]/g, '')
	const upi = page.getByRole('link', { name: /Pay ₹[\d.]+ with a UPI app/ })
	await expect(upi).toHaveAttribute('href', `upi://pay?pa=andamanisles%40upi&pn=Andaman%20Isles%20Travel&am=${amount}&cu=INR&tn=${reference}`)
	await page.screenshot({ path: 'test-results/payments-trip-390.png', fullPage: true })

	// A UPI transaction id the traveller types is an unverified payment: "we are checking it", not paid.
	await page.getByLabel('UPI transaction id (UTR)').fill('abc')
	await page.getByRole('button', { name: 'I have paid' }).click()
	await expect(page.getByText('Enter the UPI transaction id (UTR) from your UPI app')).toBeVisible()
	await page.getByLabel('UPI transaction id (UTR)').fill('4123 5678 9012')
	await page.getByRole('button', { name: 'I have paid' }).click()
	await expect(page.getByText('412356789012', { exact: true })).toBeVisible()
	await expect(page.getByText('· we are checking it')).toBeVisible()
	await expect(page.getByTestId('trip-status')).toHaveText('Awaiting payment')

	// Online: the stand-in checkout "pays" and posts the signed fields back; its webhook arrives too.
	await page.getByRole('button', { name: 'Pay online: UPI, card or netbanking' }).click()
	await expect(page.getByRole('heading', { name: 'Stand-in Razorpay checkout' })).toBeVisible()
	await page.getByRole('button', { name: /^Pay \d+ INR$/ }).click()
	await page.waitForURL(tripUrl)
	expect(standIn.state.webhooksSent.length).toBeGreaterThanOrEqual(1)
	await expect(page.getByTestId('trip-status')).toHaveText('Confirmed')
	await expect(page.getByText(/Online \(payment gateway\) · pay_/)).toBeVisible()
	await expect(page.getByText('· received')).toHaveCount(1)
	await page.setViewportSize({ width: 1280, height: 800 })
	await page.screenshot({ path: 'test-results/payments-trip-1280.png', fullPage: true })

	// Cancelling: the refund the policy gives is on screen before the traveller confirms.
	await page.getByText('Cancel this trip').click()
	await expect(page.getByText(/so we refund ₹[\d,]+/)).toBeVisible()
	await page.getByLabel('Why are you cancelling?').fill('Our flights were cancelled')
	await page.getByLabel(/Cancel my trip: fee ₹[\d,]+, refund ₹[\d,]+/).check()
	await page.getByRole('button', { name: 'Ask to cancel' }).click()
	await expect(page.getByRole('heading', { name: 'You asked to cancel' })).toBeVisible()
	await context.close()
})

test('a webhook with a wrong signature is refused with 400; an unknown trip is 404', async ({ request }) => {
	const body = JSON.stringify({ event: 'payment.captured', payload: {} })
	const refused = await request.post(`${app.url}/payments/razorpay/webhook`, { data: body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': '0'.repeat(64), 'x-razorpay-event-id': 'evt_forged' } })
	expect(refused.status()).toBe(400)
	const oversized = await request.post(`${app.url}/payments/razorpay/webhook`, { data: 'x'.repeat(70_000), headers: { 'content-type': 'application/json', 'x-razorpay-signature': '0'.repeat(64) } })
	expect(oversized.status()).toBe(413)
	expect((await request.get(`${app.url}/trip/${'A'.repeat(24)}`)).status()).toBe(404)
	expect((await request.get(`${app.url}/trip/short`)).status()).toBe(404)
})
