import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { startRazorpayStandIn } from '../support/razorpay-stand-in.ts'
import { razorpayEnv, startExtraServer } from './extra-server.ts'
import { arrivalIn, bookFamilyHolidayOnline, demoStaff, expectNoAxeViolations, indiaDatePlus, recordAdvanceAndConfirm, signIn } from './helpers.ts'

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
	app = await startExtraServer('payments', appPort, razorpayEnv(keys, standIn.url))
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
		...arrivalIn(105),
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
	const heading = (await page.getByRole('heading', { name: /^Pay ₹[\d,]+(\.\d\d)? now$/ }).textContent())!
	const amount = Number(heading.replace(/[^\d.]/g, '')).toFixed(2)
	const upi = page.getByRole('link', { name: /Pay ₹[\d,]+(\.\d\d)? with a UPI app/ })
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
	await expect(page.getByTestId('trip-status')).toHaveText('Checking your payment')

	// Online (the ways to pay are folded away while the UPI payment is checked): the stand-in checkout "pays" and posts the signed fields back; its webhook arrives too.
	await page.getByText('The payment failed, or you sent a different amount? Pay here').click()
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
	await expect(page.getByText(/so we refund ₹[\d,]+(\.\d\d)?/)).toBeVisible()
	await page.getByLabel('Why are you cancelling?').fill('Our flights were cancelled')
	await page.getByLabel(/Cancel my trip: fee ₹[\d,]+(\.\d\d)?, refund ₹[\d,]+(\.\d\d)?/).check()
	await page.getByRole('button', { name: 'Ask to cancel' }).click()
	await expect(page.getByRole('heading', { name: 'You asked to cancel' })).toBeVisible()
	await context.close()
})

test('a webhook with a wrong signature is refused with 400; an unknown trip is 404', async ({ request }) => {
	const body = JSON.stringify({ event: 'payment.captured', payload: {} })
	const refused = await request.post(`${app.url}/payments/razorpay/webhook`, {
		data: body,
		headers: { 'content-type': 'application/json', 'x-razorpay-signature': '0'.repeat(64), 'x-razorpay-event-id': 'evt_forged' },
	})
	expect(refused.status()).toBe(400)
	const oversized = await request.post(`${app.url}/payments/razorpay/webhook`, {
		data: 'x'.repeat(70_000),
		headers: { 'content-type': 'application/json', 'x-razorpay-signature': '0'.repeat(64) },
	})
	expect(oversized.status()).toBe(413)
	expect((await request.get(`${app.url}/trip/${'A'.repeat(24)}`)).status()).toBe(404)
	expect((await request.get(`${app.url}/trip/short`)).status()).toBe(404)
})

/** A date `days` after today in India, and how the booking form's price heading shows it. */
test("reminders on the booking (the schedule's run and one by hand); staff reject a UPI id; a link paid in cash closes", async ({ browser }) => {
	test.setTimeout(150_000)
	// Arriving in 22 days: the balance is due in 7 (15 days before the start), so the 7-day reminder is due today.
	const arrival = indiaDatePlus(22)
	const traveller = await browser.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 } })
	const trip = await traveller.newPage()
	const reference = await bookFamilyHolidayOnline(trip, {
		arrival: arrival.iso,
		arrivalLabel: arrival.label,
		travellers: [
			{ name: 'Nikhil Menon', age: '41', gender: 'male', aadhaar: '7777 1111 2222' },
			{ name: 'Divya Menon', age: '39', gender: 'female', aadhaar: '7777 1111 3333' },
		],
		contact: { name: 'Nikhil Menon', phone: '98950 22334', email: 'nikhil@example.com' },
	})
	await trip.getByRole('link', { name: 'Pay and follow your trip' }).click()
	await expect(trip).toHaveURL(/\/trip\/[A-Za-z0-9]{24}$/)
	await trip.getByLabel('UPI transaction id (UTR)').fill('5123 5678 9012')
	await trip.getByRole('button', { name: 'I have paid' }).click()
	await expect(trip.getByText('· we are checking it')).toBeVisible()

	// Staff confirm it with the advance received by bank transfer; the traveller's UPI id stays unverified.
	const desk = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 900 } })
	const staff = await desk.newPage()
	await signIn(staff, demoStaff.email, demoStaff.password)
	await staff.goto('/admin/pending')
	await staff.getByRole('link', { name: reference }).click()
	await staff.waitForURL(/\/admin\/pending\/[A-Za-z0-9]{20}$/)
	const bookingUrl = staff.url()
	await expect(staff.getByTestId('payment-reminders')).toContainText('No reminder sent yet.')
	await recordAdvanceAndConfirm(staff, 'bank', `NEFT-REM-${Date.now()}`)

	// The schedule's run (`npm run reminders`, the same code the server runs hourly), twice: one reminder.
	const dir = path.resolve('data/e2e-payments')
	const runEnv = {
		...process.env,
		NODE_ENV: 'production',
		SITE_URL: app.url,
		DATABASE_URL: `file:${path.join(dir, 'app.db')}`,
		IMAGE_CACHE_DIR: path.join(dir, 'image-cache'),
		SESSION_SECRET: 'e2e-extra-session-secret-long-enough-0123456789',
		IDENTITY_API_KEY: 'e2e-extra-identity-api-key-0123456789',
		LOG_LEVEL: 'silent',
		RAZORPAY_KEY_ID: keys.keyId,
		RAZORPAY_KEY_SECRET: keys.keySecret,
		RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
		RAZORPAY_API_BASE_URL: standIn.url,
		RAZORPAY_CHECKOUT_SCRIPT_URL: `${standIn.url}/v1/checkout.js`,
	}
	for (const expected of [/Payment reminders: [1-9]\d* sent/, /Payment reminders: \d+ sent.*[1-9]\d* already sent/]) {
		const run = spawnSync(process.execPath, ['server/start.js', '--payment-reminders'], { env: runEnv, encoding: 'utf8', timeout: 60_000 })
		expect(run.status, run.stderr).toBe(0)
		expect(run.stdout).toMatch(expected)
	}
	await staff.reload()
	const reminders = staff.getByTestId('payment-reminders')
	await expect(reminders.getByRole('listitem')).toHaveCount(1)
	await expect(reminders).toContainText('7 days before the due date')
	await expect(reminders).toContainText('emailed · by payment reminders')
	await expect(reminders).toContainText('Next: 2 days before the due date')
	await expect(reminders.getByRole('link', { name: 'Send the reminder on WhatsApp' })).toHaveAttribute(
		'href',
		/^https:\/\/wa\.me\/919895022334\?text=.*balance/,
	)
	await reminders.getByRole('button', { name: 'Email a reminder now' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Reminder sent' })).toBeVisible()
	await expect(reminders.getByRole('listitem')).toHaveCount(2)
	await expect(reminders).toContainText('Sent by hand')
	await expect(reminders).toContainText(demoStaff.name)

	// The traveller's UPI id is not on the statement: a reason is required, then it is rejected.
	await staff.getByText('Not on the statement? Reject it').click()
	const reject = staff.getByRole('form', { name: 'Reject UPI transaction id 512356789012' })
	await reject.getByRole('button', { name: 'Reject this transaction id' }).click()
	await expect(staff.getByText(/Say in a few words why it does not match/)).toBeVisible()
	await staff
		.getByRole('form', { name: 'Reject UPI transaction id 512356789012' })
		.getByLabel(/Why it does not match/)
		.fill('Not on the SBI statement of today')
	await staff.getByRole('form', { name: 'Reject UPI transaction id 512356789012' }).getByRole('button', { name: 'Reject this transaction id' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'UPI transaction id rejected' })).toBeVisible()
	await expect(staff.getByText('Rejected: Not on the SBI statement of today')).toBeVisible()
	await staff.screenshot({ path: 'test-results/payments-booking-reminders-1280.png', fullPage: true })
	await expectNoAxeViolations(staff)

	await trip.reload()
	await expect(trip.getByText('· could not be matched')).toBeVisible()
	await expect(trip.getByTestId('upi-not-matched')).toContainText('We could not match UPI transaction id 512356789012')
	await expect(trip.getByText('· we are checking it')).toHaveCount(0)
	// The same id again is refused with that message.
	await trip.getByLabel('UPI transaction id (UTR)').fill('512356789012')
	await trip.getByRole('button', { name: 'I have paid' }).click()
	await expect(trip.getByRole('alert').filter({ hasText: 'We could not match UPI transaction id 512356789012 with our bank' })).toBeVisible()
	await trip.screenshot({ path: 'test-results/payments-trip-rejected-390.png', fullPage: true })
	await expectNoAxeViolations(trip)

	// A payment link for ₹5,000, then paid in cash at the office, without JavaScript: one payment, the link closed.
	const plain = await browser.newContext({
		baseURL: app.url,
		viewport: { width: 390, height: 844 },
		javaScriptEnabled: false,
		storageState: await desk.storageState(),
	})
	const phone = await plain.newPage()
	await phone.goto(bookingUrl)
	const linkForm = phone.getByRole('form', { name: 'Send a payment link' })
	await linkForm.getByLabel('Amount to ask for (₹)').fill('5000')
	await linkForm.getByRole('button', { name: 'Send payment link' }).click()
	await expect(phone.getByTestId('payment-link')).toHaveCount(1)
	const whatsapp = decodeURIComponent((await phone.getByTestId('payment-link').getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href'))!)
	const linkUrl = /(http\S+\?request=[A-Za-z0-9]+)/.exec(whatsapp)![1]!
	await phone.getByText('Paid another way (cash, bank transfer)').click()
	const paid = phone.getByRole('form', { name: 'Mark the ₹5,000 link paid' })
	await paid.getByRole('button', { name: 'Record ₹5,000 and close the link' }).click()
	await expect(phone.getByText('Choose how it was paid.')).toBeVisible()
	const again = phone.getByRole('form', { name: 'Mark the ₹5,000 link paid' })
	await again.getByLabel('How it was paid').selectOption('cash')
	await again.getByLabel('Receipt, UTR or reference').fill('CASH-RCPT-0042')
	await again.getByRole('button', { name: 'Record ₹5,000 and close the link' }).click()
	await expect(phone.getByTestId('payment-link')).toContainText('paid by Cash (CASH-RCPT-0042)')
	await expect(phone.locator('section[aria-labelledby="payments-heading"]')).toContainText('CASH-RCPT-0042')
	await expect(phone.getByText('Paid another way (cash, bank transfer)')).toHaveCount(0)
	await phone.screenshot({ path: 'test-results/payments-booking-link-paid-390-nojs.png', fullPage: true })
	await plain.close()

	// The link's own page says it is paid.
	await trip.goto(linkUrl)
	await expect(trip.getByTestId('request-paid')).toHaveText('This payment link for ₹5,000 is paid. Thank you: nothing more to pay on it.')
	await desk.close()
	await traveller.close()
})
