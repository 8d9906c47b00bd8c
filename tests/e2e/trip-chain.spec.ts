import { execFileSync } from 'node:child_process'
import { type Browser, expect, test } from '@playwright/test'
import pg from 'pg'
import { baseURL } from '../../playwright.config.ts'
import { startExtraServer } from './extra-server.ts'
import { confirmEveryComponent, demoStaff, requirePostgres, signIn } from './helpers.ts'

/** A date this many days from today, as the builder's URL takes it. */
function daysAhead(days: number): string {
	return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * One trip from enquiry to voucher, with the data carried along it checked at every step:
 * a builder lead with scuba → itinerary from its brief → quote with the scuba line → accept → book → pay → confirm each component (with its
 * confirmation number) → voucher, whose PDF has ₹ and the numbers, and the lead shows won and
 * links to the booking. Run on the e2e SQLite build and once on PostgreSQL.
 */
async function tripChain(browser: Browser, base: string, siteUrl: string) {
	const tag = Date.now().toString(36)
	const name = `Kavya Menon ${tag}`
	const visitor = await browser.newContext({ baseURL: base })
	const traveller = await visitor.newPage()

	// 1. The traveller prices Port Blair 2 · Havelock 2 · Neil 1 · Port Blair 1 with a scuba dive in the builder and asks for the quote: a lead.
	const trip = new URLSearchParams({
		start: daysAhead(50),
		island1: 'port-blair',
		nights1: '2',
		island2: 'havelock',
		nights2: '2',
		island3: 'neil',
		nights3: '1',
		island4: 'port-blair',
		nights4: '1',
		tier: 'deluxe',
		meal: 'CP',
		adults: '2',
		rooms: '1',
		activity: 'scuba-diving@havelock',
		transfers: 'airport-and-jetty',
	})
	await traveller.goto(`/builder?${trip.toString()}`)
	await expect(traveller.getByRole('row', { name: /scuba/i }).first()).toContainText('₹')
	await traveller.getByLabel('Your name').fill(name)
	await traveller.getByLabel('Phone or WhatsApp').fill('98111 55667')
	await traveller.getByRole('button', { name: 'Request this quote' }).click()
	await expect(traveller).toHaveURL(/\/thank-you\?ref=LD-\d{4}-\d{5}$/)
	await expect(traveller.getByRole('heading', { level: 1 })).toHaveText('Thank you, we have your message')

	// 2. Staff start the itinerary from the lead's brief (islands, nights and the scuba day kept) and send the quote.
	const desk = await browser.newContext({ baseURL: base })
	const staff = await desk.newPage()
	await signIn(staff, demoStaff.email, demoStaff.password)
	await staff.goto(`/admin/leads?q=${encodeURIComponent(name)}`)
	await staff
		.getByRole('list', { name: 'Leads' })
		.getByRole('link', { name: new RegExp(name) })
		.click()
	await expect(staff.getByRole('heading', { level: 1, name })).toBeVisible()
	const leadUrl = staff.url()
	expect(leadUrl).toMatch(/\/admin\/leads\/[A-Za-z0-9]{20}$/)
	await staff.getByRole('link', { name: 'Create itinerary' }).click()
	await staff.getByRole('button', { name: 'Start itinerary' }).click()
	await expect(staff).toHaveURL(/\/admin\/create-itinerary\/[A-Za-z0-9]{20}$/)
	await expect(staff.getByRole('heading', { name: 'Days (7)' })).toBeVisible()
	await expect(staff.getByRole('group', { name: /^Day 4\b/ }).getByRole('checkbox', { name: /scuba/i })).toBeChecked()
	await staff.getByRole('button', { name: 'Send quote' }).click()
	// Send quote shows what the traveller will receive; Confirm and send sends it.
	await staff.getByRole('button', { name: 'Confirm and send' }).click()
	const sent = staff.getByRole('status').filter({ hasText: 'Quote version 1 sent' })
	await expect(sent).toBeVisible()
	const quotePath = /\/quote\/[A-Za-z0-9]{20}/.exec((await sent.textContent()) ?? '')![0]

	// 3. The traveller accepts and books: one child's grammar, no "× 1" lines, the cancellation band for the dates.
	await traveller.goto(quotePath)
	await expect(traveller.getByRole('row', { name: /scuba/i })).toContainText(/₹[1-9][\d,]*/)
	await traveller.getByRole('button', { name: 'Accept and book' }).click()
	await expect(traveller).toHaveURL(/\/book-now\?quote=/)
	await expect(traveller.getByText(/your quote for 2 adults,/)).toBeVisible()
	await expect(traveller.getByRole('rowheader', { name: /× 1$/ })).toHaveCount(0)
	await expect(traveller.getByTestId('cancellation-band')).toContainText(/For your dates, cancelling now costs \d+% of the price/)
	const total = (await traveller
		.getByRole('row', { name: /Total, including GST/ })
		.getByRole('cell')
		.textContent())!.trim()
	for (const [n, fullName, id] of [
		[1, name, '5555 1111 2222'],
		[2, 'मीना मेनन', '5555 1111 3333'],
	] as const) {
		const group = traveller.getByRole('group', { name: `Traveller ${n}` })
		await group.getByLabel('Full name').fill(fullName)
		await group.getByLabel('Age').fill(n === 1 ? '33' : '35')
		await group.getByLabel('Gender').selectOption(n === 1 ? 'female' : 'male')
		await group.getByLabel('ID', { exact: true }).selectOption('aadhaar')
		await group.getByLabel('ID number').fill(id)
	}
	await traveller.getByLabel('Contact name').fill(name)
	await traveller.getByLabel('Mobile or WhatsApp').fill('98111 55667')
	await traveller.getByLabel(/I accept the booking terms/).check()
	await traveller.getByRole('button', { name: 'Book and get payment details' }).click()
	// The thank-you page speaks to a booking: reference, what is due now and by when, only real payment methods.
	await expect(traveller.getByRole('heading', { level: 1 })).toHaveText('Thank you, your booking is in')
	await expect(traveller.getByRole('heading', { name: /^Pay ₹[\d,]+(\.\d\d)? to confirm$/ })).toBeVisible()
	await expect(traveller.getByText(`Total ${total} including GST`)).toBeVisible()
	await expect(traveller.getByText(/The balance of ₹[\d,]+(\.\d\d)? is due by \d+ \w+ \d{4}\./)).toBeVisible()
	await expect(traveller.getByText('Set in settings')).toHaveCount(0)
	await expect(traveller.getByText('Nothing is charged until you decide')).toHaveCount(0)
	const reference = (await traveller.locator('strong.font-mono').textContent())!.trim()
	expect(reference).toMatch(/^BK-\d{4}-\d{5}$/)

	// 4. Staff reach the booking from the lead, record and verify the advance, confirm.
	await staff.goto(leadUrl)
	await staff.getByRole('region', { name: 'Bookings' }).getByRole('link', { name: reference }).click()
	await expect(staff).toHaveURL(/\/admin\/pending\/[A-Za-z0-9]{20}$/)
	const bookingUrl = staff.url()
	await expect(staff.getByRole('navigation', { name: 'This trip' }).getByRole('link', { name: /^LD-/ })).toHaveAttribute('href', new URL(leadUrl).pathname)
	await expect(staff.getByRole('navigation', { name: 'This trip' }).getByRole('link', { name: /^IT/ })).toBeVisible()
	const advance = (await staff.getByText('Advance needed').locator('xpath=following-sibling::p').textContent())!.replace(/[₹,]/g, '')
	const payment = staff.getByRole('form', { name: 'Record a payment' })
	await payment.getByLabel('Amount received (₹)').fill(advance)
	await payment.getByLabel('Method').selectOption('upi')
	await payment.getByLabel('Reference').fill(`UPI-CHAIN-${tag}`)
	await payment.getByLabel(/verified/).check()
	await payment.getByRole('button', { name: 'Record payment' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Payment recorded' })).toBeVisible()
	await staff.getByRole('button', { name: 'Confirm booking' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Booking confirmed' })).toBeVisible()

	// 5. Nothing confirmed yet: no voucher for staff, with what is missing.
	await expect(staff.getByTestId('voucher-blockers')).toContainText('Not confirmed yet, so no voucher')
	await expect(staff.getByRole('button', { name: 'Issue voucher' })).toHaveCount(0)
	const refused = await staff.request.post('/admin/vouchers', { form: { intent: 'issue', bookingId: bookingUrl.split('/').at(-1)! } })
	expect(refused.status()).toBe(409)
	expect(await refused.text()).toContain('not confirmed with a confirmation number or PNR yet')

	// Each component requested, then confirmed with its number.
	expect(await staff.getByTestId('component').count()).toBeGreaterThan(1)
	const numbers = await confirmEveryComponent(staff, `CNF-${tag}`.toUpperCase(), { supplier: true })

	// 6. The voucher, and its PDF: ₹, every confirmation number, the traveller's name in Devanagari, SITE_URL links.
	await staff.getByRole('button', { name: 'Issue voucher' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Voucher issued' })).toBeVisible()
	await expect(staff).toHaveURL(bookingUrl)
	const voucherPath = (await staff.getByRole('region', { name: 'Vouchers' }).getByRole('link', { name: 'Version 1' }).getAttribute('href'))!
	expect(voucherPath).toMatch(/^\/voucher\/[A-Za-z0-9]{20}$/)
	const pdf = await traveller.request.get(`${voucherPath}/pdf`)
	expect(pdf.headers()['content-type']).toBe('application/pdf')
	const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: await pdf.body() }).toString('utf8')
	expect(text).toContain(`Total ${total}`)
	for (const number of numbers) expect(text).toContain(number)
	// Devanagari as typed (a name without a reph, which pdftotext reads back in visual order).
	expect(text).toContain('मीना')
	expect(text).toContain(`${siteUrl}${voucherPath}`)
	expect(text).not.toContain('Pending confirmation')
	// Every date is known; a sailing or pickup time may still be "to be confirmed" by its operator.
	expect(text).not.toMatch(/date to be confirmed/i)
	await traveller.goto(voucherPath)
	await expect(traveller.getByRole('heading', { level: 1 })).toBeVisible()
	await expect(traveller.getByText(numbers[0]!).first()).toBeVisible()

	// 7. The lead shows won, links to the booking and its voucher, and its timeline tells the story.
	await staff.goto(leadUrl)
	await expect(staff.getByRole('heading', { level: 1, name })).toBeVisible()
	await expect(staff.getByText('Won', { exact: true }).first()).toBeVisible()
	const bookings = staff.getByRole('region', { name: 'Bookings' })
	await expect(bookings.getByRole('link', { name: reference })).toHaveAttribute('href', new URL(bookingUrl).pathname)
	await expect(bookings.getByRole('link', { name: 'Voucher v1' })).toHaveAttribute('href', voucherPath)
	await expect(staff.getByRole('region', { name: 'Itineraries and quotes' }).getByRole('link', { name: reference })).toBeVisible()
	const timeline = staff.getByRole('list', { name: 'Timeline entries' })
	for (const entry of [
		`${reference}: booked online`,
		`${reference}: payment of`,
		`${reference}: confirmed`,
		`Quoted → Won: booking ${reference} confirmed`,
		`${reference}: voucher version 1 issued`,
	])
		await expect(timeline.getByText(entry).first()).toBeVisible()
	await visitor.close()
	await desk.close()
}

test('builder lead with scuba → itinerary from the brief → quote → book → pay → confirm each component → voucher (SQLite build)', async ({ browser }) => {
	test.setTimeout(180_000)
	await tripChain(browser, baseURL, baseURL)
})

test.describe('on PostgreSQL', () => {
	const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
	const port = Number(process.env.E2E_TRIP_PG_PORT ?? 3230)
	const database = `e2e_trip_${Date.now().toString(36)}`
	let server: Awaited<ReturnType<typeof startExtraServer>> | undefined

	test.beforeAll(async () => {
		await requirePostgres(adminUrl)
		await adminQuery(`create database ${database}`)
		server = await startExtraServer('trip-pg', port, { DATABASE_URL: adminUrl.replace(/\/[^/]*$/, `/${database}`) })
	})

	test.afterAll(async () => {
		if (!server) return
		await server.stop()
		await adminQuery(`drop database if exists ${database} with (force)`)
	})

	async function adminQuery(sql: string) {
		const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 })
		await client.connect()
		await client.query(sql)
		await client.end()
	}

	test('the same chain on PostgreSQL', async ({ browser }) => {
		test.setTimeout(180_000)
		await tripChain(browser, `http://localhost:${port}`, `http://localhost:${port}`)
	})
})
