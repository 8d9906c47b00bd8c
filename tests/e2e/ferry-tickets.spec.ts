import { type Browser, expect, type Page, test } from '@playwright/test'
import { greenOceanCredentials, startGreenOceanStandIn } from '../support/ferry-operator-stand-ins.ts'
import { startRazorpayStandIn } from '../support/razorpay-stand-in.ts'
import { razorpayEnv, startExtraServer } from './extra-server.ts'
import { indiaDatePlus, waitForHydration } from './helpers.ts'

/**
 * Live ferry tickets paid online (docs/ferries.md, ADR 203): hold → passengers → pay against the Razorpay
 * stand-in → the PNR and ticket on the trip page; and the operator refusing after payment, refunded visibly.
 * An app server of its own, with Razorpay keys and Green Ocean pointing at stand-ins, beside the demo operator.
 */
const appPort = Number(process.env.E2E_FERRY_APP_PORT ?? 3333)
const razorpayPort = Number(process.env.E2E_FERRY_RAZORPAY_PORT ?? 3334)
const keys = { keyId: 'rzp_test_E2eFerries01', keySecret: 'e2e-ferries-key-secret', webhookSecret: 'e2e-ferries-webhook-secret' }

let app: Awaited<ReturnType<typeof startExtraServer>>
let razorpay: ReturnType<typeof startRazorpayStandIn>
let greenOcean: ReturnType<typeof startGreenOceanStandIn>

test.describe.configure({ timeout: 150_000 })

test.beforeAll(async () => {
	test.setTimeout(90_000)
	razorpay = startRazorpayStandIn({ port: razorpayPort, ...keys, webhookUrl: `http://localhost:${appPort}/payments/razorpay/webhook` })
	greenOcean = startGreenOceanStandIn()
	const [, greenOceanUrl] = await Promise.all([razorpay.listening, greenOcean.listening])
	app = await startExtraServer('ferries', appPort, {
		...razorpayEnv(keys, razorpay.url),
		GREEN_OCEAN_API_URL: greenOceanUrl,
		GREEN_OCEAN_PUBLIC_KEY: greenOceanCredentials.publicKey,
		GREEN_OCEAN_PRIVATE_KEY: greenOceanCredentials.privateKey,
		PUBLIC_FORM_LIMIT: '1000',
	})
})
test.afterAll(async () => {
	await app?.stop()
	await razorpay?.stop()
	await greenOcean?.stop()
})

/** Holds one seat on the named sailing and class, gives one Indian passenger and lands on the trip page. */
async function holdAndCheckout(browser: Browser, viewport: { width: number; height: number }, date: string, sailing: string): Promise<Page> {
	const page = await (await browser.newContext({ baseURL: app.url, viewport })).newPage()
	await page.goto(`/ferries?search=1&from=port-blair&to=havelock&date=${date}&adults=1&infants=0`)
	await page.getByRole('link', { name: sailing }).click()
	await waitForHydration(page)
	await page
		.getByRole('group', { name: /Tick 1 seat/ })
		.getByRole('checkbox', { disabled: false })
		.first()
		.check()
	await page.getByRole('button', { name: 'Hold these seats' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Your seats are held' })).toBeVisible()
	const form = page.getByRole('form', { name: 'Passengers and payment' })
	await form.getByLabel('Your name').fill('Ritu Sen')
	await form.getByLabel('Phone').fill('+91 98300 44556')
	await form.getByLabel(/^Email/).fill('ritu.ferry@example.com')
	await form.getByLabel('Passenger 1 name').fill('Ritu Sen')
	await form.getByLabel('Passenger 1 age').fill('36')
	await form.getByLabel('Passenger 1 gender').selectOption('female')
	await form.getByLabel('Passenger 1 nationality').selectOption('indian')
	await form.getByLabel('Passenger 1 ID document').selectOption('aadhaar')
	await form.getByLabel('Passenger 1 ID number').fill('9876 5432 1098')
	await form.getByRole('button', { name: 'Continue to payment' }).click()
	await expect(page).toHaveURL(/\/trip\/[A-Za-z0-9_-]+$/)
	await expect(page.getByRole('region', { name: 'Your ferries' })).toContainText('Waiting for payment')
	return page
}

/** Pays what is due through the stand-in checkout and comes back to the trip page. */
async function payOnline(page: Page) {
	const tripUrl = page.url()
	await page.getByRole('button', { name: 'Pay online: UPI, card or netbanking' }).click()
	await expect(page.getByRole('heading', { name: 'Stand-in Razorpay checkout' })).toBeVisible()
	await page.getByRole('button', { name: /^Pay \d+ INR$/ }).click()
	await page.waitForURL(tripUrl)
}

test('a traveller holds a seat, gives the passenger, pays online against the gateway stand-in and gets the PNR and ticket', async ({ browser }) => {
	const page = await holdAndCheckout(browser, { width: 390, height: 844 }, indiaDatePlus(24).iso, 'Choose seats: Economy, 07:15 Demo Star')
	await payOnline(page)
	await expect(page.getByTestId('toast').filter({ hasText: /Ferry booked: PNR DEMO[0-9A-F]{6}/ })).toBeVisible()
	const ferries = page.getByRole('region', { name: 'Your ferries' })
	await expect(ferries).toContainText('Ticketed')
	await expect(ferries.getByTestId('ferry-pnr')).toHaveText(/^DEMO[0-9A-F]{6}$/)
	await expect(ferries.getByRole('link', { name: 'Download the ticket (PDF)' })).toBeVisible()
	await page.context().close()
})

test('the operator refuses after payment: the trip page says so and the payment is refunded', async ({ browser }) => {
	const page = await holdAndCheckout(browser, { width: 1280, height: 900 }, indiaDatePlus(26).iso, 'Choose seats: Economy, 06:30 Green Ocean 1')
	// Green Ocean's seat block lapses before the booking reaches it.
	greenOcean.state.expireBlocks = true
	try {
		await payOnline(page)
	} finally {
		greenOcean.state.expireBlocks = false
	}
	await expect(page.getByTestId('toast').filter({ hasText: 'The ferry operator could not issue the ticket' })).toBeVisible()
	await expect(page.getByRole('region', { name: 'Your ferries' })).toContainText('Refused by the operator')
	await expect(page.getByTestId('trip-status')).toHaveText(/Cancelled/)
	await expect(page.getByText(/[Rr]efund/).first()).toBeVisible()
	await page.context().close()
})

/** Ticks the first free seats on the seat list and holds them (with or without JavaScript: the list is a form). */
async function tickAndHold(page: Page, count: number) {
	const free = page.getByRole('group', { name: /^Tick \d seats?/ }).getByRole('checkbox', { disabled: false })
	for (let i = 0; i < count; i++) await free.nth(i).check()
	await page.getByRole('button', { name: 'Hold these seats' }).click()
}

/** The way out held, then "Add the way back" searched from the hold page (a GET form: the same without JavaScript). */
async function holdReturnTrip(page: Page, out: string, back: string, javaScript: boolean) {
	await page.goto(`/ferries?search=1&from=port-blair&to=havelock&date=${out}&adults=2&infants=0`)
	await page.getByRole('link', { name: 'Choose seats: Economy, 07:15 Demo Star' }).click()
	if (javaScript) await waitForHydration(page)
	await tickAndHold(page, 2)
	await expect(page.getByRole('heading', { level: 1, name: 'Your seats are held' })).toBeVisible()
	const basketUrl = page.url()
	const add = page.getByRole('form', { name: 'Add the way back or the next island' })
	await add.getByLabel('Sail to').selectOption('port-blair')
	await add.getByLabel('Sailing date').fill(back)
	await add.getByRole('button', { name: 'Find sailings for the next leg' }).click()
	const live = page.getByRole('region', { name: 'Book seats now: leg 2 of your trip' })
	await expect(live).toContainText('Held so far: Port Blair (Sri Vijaya Puram) → Havelock (Swaraj Dweep)')
	// The way back with another operator: one basket, one payment, each leg at its own operator.
	await live.getByRole('link', { name: 'Choose seats: Economy, 06:30 Green Ocean 1' }).click()
	if (javaScript) await waitForHydration(page)
	await tickAndHold(page, 2)
	await expect(page).toHaveURL(basketUrl)
	await expect(page.getByRole('heading', { level: 1, name: 'Your 2 ferry legs are held' })).toBeVisible()
	await expect(page.getByTestId('held-leg')).toHaveCount(2)
	await expect(page.getByTestId('held-leg').nth(1)).toContainText('Havelock (Swaraj Dweep) → Port Blair (Sri Vijaya Puram)')
	return basketUrl
}

async function fillTwoPassengers(page: Page) {
	const form = page.getByRole('form', { name: 'Passengers and payment' })
	await form.getByLabel('Your name').fill('Kavya Iyer')
	await form.getByLabel('Phone').fill('+91 98450 11223')
	await form.getByLabel(/^Email/).fill('kavya.ferry@example.com')
	for (const [i, name, age, gender] of [
		[1, 'Kavya Iyer', '33', 'female'],
		[2, 'Rohan Iyer', '35', 'male'],
	] as const) {
		await form.getByLabel(`Passenger ${i} name`).fill(name)
		await form.getByLabel(`Passenger ${i} age`).fill(age)
		await form.getByLabel(`Passenger ${i} gender`).selectOption(gender)
		await form.getByLabel(`Passenger ${i} nationality`).selectOption('indian')
		await form.getByLabel(`Passenger ${i} ID document`).selectOption('aadhaar')
		await form.getByLabel(`Passenger ${i} ID number`).fill(`5555 6666 77${i}${i}`)
	}
	await form.getByRole('button', { name: 'Continue to payment' }).click()
	await expect(page).toHaveURL(/\/trip\/[A-Za-z0-9_-]+$/)
}

test('a return trip as one basket on a phone: both legs held, one payment, each leg ticketed with its PNR on the trip page', async ({ browser }) => {
	const page = await (await browser.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 } })).newPage()
	await holdReturnTrip(page, indiaDatePlus(32).iso, indiaDatePlus(35).iso, true)
	await expect(page.getByRole('timer')).toBeVisible()
	await page.screenshot({ path: 'test-results/ferry-basket-390.png', fullPage: true })
	await fillTwoPassengers(page)
	await expect(page.getByTestId('ferry-leg')).toHaveCount(2)
	await payOnline(page)
	// Ticketed by the payment's return or its webhook, whichever comes first: the page shows both either way.
	const ferries = page.getByRole('region', { name: 'Your ferries' })
	await expect(ferries.getByTestId('ferry-pnr')).toHaveText([/^DEMO[0-9A-F]{6}$/, /^GO\d+$/])
	await expect(ferries.getByTestId('ferry-leg').nth(0)).toContainText('Port Blair (Sri Vijaya Puram) → Havelock (Swaraj Dweep)')
	await expect(ferries.getByTestId('ferry-leg').nth(1)).toContainText('Havelock (Swaraj Dweep) → Port Blair (Sri Vijaya Puram)')
	await page.screenshot({ path: 'test-results/ferry-basket-trip-390.png', fullPage: true })
	await page.context().close()
})

test('without JavaScript on a desktop: the seat lists are ticked for both legs, a leg that does not follow on is refused with the reason, and both legs go together', async ({
	browser,
}) => {
	const page = await (await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })).newPage()
	const basketUrl = await holdReturnTrip(page, indiaDatePlus(36).iso, indiaDatePlus(38).iso, false)
	// A third leg from the wrong island: the search says where it must start.
	const basketId = basketUrl.split('/').at(-1)
	const response = await page.goto(`/ferries?search=1&basket=${basketId}&from=neil&to=havelock&date=${indiaDatePlus(39).iso}&adults=2&infants=0#live-heading`)
	expect(response?.status()).toBe(200)
	await expect(page.getByRole('region', { name: 'Book seats now: leg 3 of your trip' })).toContainText(
		'Leg 3 must sail from Port Blair (Sri Vijaya Puram), where leg 2 arrives.',
	)
	await page.goto(basketUrl)
	await page.screenshot({ path: 'test-results/ferry-basket-nojs-1280.png', fullPage: true })
	await page.getByRole('button', { name: 'Let every leg go' }).click()
	await page.goto(basketUrl)
	await expect(page.getByRole('heading', { level: 1, name: 'Seat hold ended' })).toBeVisible()
	await page.context().close()
})
