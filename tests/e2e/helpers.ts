import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import pg from 'pg'
import { addDays, formatTravelDate, todayInIndia } from '../../app/lib/dates.ts'

/** The demo accounts the e2e server's demo data contains (app/server/seed/index.server.ts, README). */
export const demoOwner = { email: 'owner@demo.andamanisles.travel', password: 'Owner#Demo2026', name: 'Demo Owner' }
export const demoStaff = { email: 'staff@demo.andamanisles.travel', password: 'Staff#Demo2026', name: 'Demo Staff' }

/** A travel date `days` from today in India, as the booking form takes it and as pages show it: specs never name a fixed date. */
export function indiaDatePlus(days: number): { iso: string; label: string } {
	const iso = addDays(todayInIndia(), days)
	return { iso, label: formatTravelDate(iso) }
}

/** `bookFamilyHolidayOnline`'s arrival fields for a trip starting `days` from today. */
export function arrivalIn(days: number): Pick<OnlineBooking, 'arrival' | 'arrivalLabel'> {
	const { iso, label } = indiaDatePlus(days)
	return { arrival: iso, arrivalLabel: label }
}

/** Same value as tests/e2e/start-server.mjs. */
export const e2eIdentityApiKey = 'e2e-identity-api-key-0123456789'

/** A fresh address per test run, so tests never collide with each other or with earlier runs. */
export function uniqueEmail(prefix: string): string {
	return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`
}

export async function signIn(page: Page, email: string, password: string) {
	if (!page.url().includes('/admin/login')) await page.goto('/admin/login')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	// Wait for the session cookie: a page.goto straight after the click would abort the sign-in post.
	await expect(page).not.toHaveURL(/\/admin\/login/)
}

export async function signOut(page: Page) {
	// The sidebar (desktop) and the phone menu both have the form; use the visible one.
	await page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).first().click()
	await expect(page).toHaveURL(/\/admin\/login$/)
}

/**
 * Page-cached pages start React after the load event (ADR 012); static pages (ADR 123) never
 * hydrate, and their static client marks `data-enhanced` once its listeners are on. Tests that
 * hover or type into client-only widgets wait for either, or their first event would reach a
 * page no script has taken over yet.
 */
export async function waitForHydration(page: Page) {
	await page.locator('html[data-hydrated="true"], html[data-enhanced="true"]').first().waitFor({ state: 'attached' })
}

export type OnlineBooking = {
	/** `YYYY-MM-DD` */
	arrival: string
	/** What the price heading says for that date, e.g. `5 Mar 2027`. */
	arrivalLabel: string
	travellers: ReadonlyArray<{ name: string; age: string; gender: 'female' | 'male'; aadhaar: string }>
	contact: { name: string; phone: string; email?: string }
}

/** A traveller books the demo family holiday online, from its package page; returns the booking reference. */
export async function bookFamilyHolidayOnline(page: Page, booking: OnlineBooking): Promise<string> {
	await page.goto('/packages/andaman-family-holiday-6-nights')
	// On a phone the sticky bar repeats the link; the price panel's comes first.
	await page.getByRole('link', { name: 'Book now' }).first().click()
	await page.getByLabel('Arrival date in Port Blair').fill(booking.arrival)
	await page.getByLabel('Adults').fill(String(booking.travellers.length))
	await page.getByLabel(/^Children’s ages/).fill('')
	await page.getByRole('button', { name: 'Update price and travellers' }).click()
	await expect(page.getByRole('heading', { name: new RegExp(`2\\. Price for ${booking.arrivalLabel}`) })).toBeVisible()
	return bookWithTravellers(page, booking)
}

/** On a priced book-now page: fills the travellers (Aadhaar) and the contact, accepts the terms and books; returns the booking reference. */
export async function bookWithTravellers(page: Page, booking: Pick<OnlineBooking, 'travellers' | 'contact'>): Promise<string> {
	for (const [index, traveller] of booking.travellers.entries()) {
		const group = page.getByRole('group', { name: `Traveller ${index + 1}` })
		await group.getByLabel('Full name').fill(traveller.name)
		await group.getByLabel('Age').fill(traveller.age)
		await group.getByLabel('Gender').selectOption(traveller.gender)
		await group.getByLabel('ID', { exact: true }).selectOption('aadhaar')
		await group.getByLabel('ID number').fill(traveller.aadhaar)
	}
	await page.getByLabel('Contact name').fill(booking.contact.name)
	await page.getByLabel('Mobile or WhatsApp').fill(booking.contact.phone)
	if (booking.contact.email) await page.getByLabel('Email (optional)').fill(booking.contact.email)
	await page.getByLabel(/I accept the booking terms/).check()
	await page.getByRole('button', { name: 'Book and get payment details' }).click()
	await expect(page.getByRole('heading', { name: /^Pay ₹[\d,]+(\.\d\d)? to confirm$/ })).toBeVisible()
	return (await page.locator('strong.font-mono').textContent())!.trim()
}

/** Whether the PostgreSQL server at `url` accepts a connection. */
async function postgresReachable(url: string): Promise<boolean> {
	const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
	try {
		await client.connect()
		await client.end()
		return true
	} catch {
		return false
	}
}

/**
 * For a `beforeAll` of tests that need the PostgreSQL server at `url`: without it they are skipped, except in CI,
 * which must run them and so fails instead.
 */
export async function requirePostgres(url: string): Promise<void> {
	if (await postgresReachable(url)) return
	if (process.env.CI) throw new Error(`PostgreSQL must be reachable in CI at ${url}`)
	test.skip(true, 'PostgreSQL is not running here')
}

/**
 * No WCAG 2.1 A/AA violations that axe finds on the page as it is now, once its transitions have
 * ended: a toast fading in over a button (200 ms) would otherwise be measured half-transparent, and
 * the contrast check would fail on a machine slow enough to run axe inside those 200 ms.
 */
export async function expectNoAxeViolations(page: Page) {
	// A looping animation (a spinner) never ends; only the ones that do are waited for.
	await page.waitForFunction(() =>
		document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
	)
	const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
	expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** On a booking page: records the advance as received and verified (`method`, `reference`), then confirms the booking. */
export async function recordAdvanceAndConfirm(staff: Page, method: 'upi' | 'bank', reference: string) {
	const advance = (await staff.getByText('Advance needed').locator('xpath=following-sibling::p').textContent())!.replace(/[₹,]/g, '')
	const payment = staff.getByRole('form', { name: 'Record a payment' })
	await payment.getByLabel('Amount received (₹)').fill(advance)
	await payment.getByLabel('Method').selectOption(method)
	await payment.getByLabel('Reference').fill(reference)
	await payment.getByLabel(/verified/).check()
	await payment.getByRole('button', { name: 'Record payment' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Payment recorded' })).toBeVisible()
	await staff.getByRole('button', { name: 'Confirm booking' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Booking confirmed' })).toBeVisible()
}

/**
 * On a booking page, requests then confirms every component not confirmed yet, each with the
 * number `${prefix}-${n}` (vouchers need every component confirmed); returns the numbers given.
 */
export async function confirmEveryComponent(staff: Page, prefix: string, options: { supplier?: boolean } = {}): Promise<string[]> {
	const numbers: string[] = []
	const count = await staff.getByTestId('component').count()
	for (let i = 0; i < count; i++) {
		// Confirmed ones show their number ("Conf. …").
		if ((await staff.getByTestId('component').nth(i).textContent())?.includes('Conf. ')) continue
		const number = `${prefix}-${i + 1}`
		numbers.push(number)
		for (const status of ['requested', 'confirmed'] as const) {
			const item = staff.getByTestId('component').nth(i)
			// After a save the page updates in place and a details element the user opened stays open.
			if (!(await item.getByLabel('Supplier status').isVisible())) await item.locator('summary').click()
			if (options.supplier) await item.getByLabel('Supplier (hotel, operator, vendor)').fill(`Supplier ${i + 1}`)
			await item.getByLabel('Supplier status').selectOption(status)
			if (status === 'confirmed') await item.getByLabel('Confirmation number or PNR').fill(number)
			await item.getByRole('button', { name: 'Save' }).click()
			await expect(staff.getByTestId('component').nth(i)).toContainText(status === 'confirmed' ? `Conf. ${number}` : 'Requested from supplier')
		}
	}
	return numbers
}

/**
 * The add-package form after the title, category, summary and a first night in Port Blair: a
 * second night on Neil, the three days, highlights, inclusions and the main photo with its description.
 */
export async function fillNeilPackagePlan(page: Page) {
	await page.getByLabel('Stay 2: island').selectOption('neil')
	await page.getByLabel('Stay 2: nights').fill('1')
	const days = [
		['Arrival and the Cellular Jail', 'port-blair', 'Airport pick-up, Corbyn’s Cove and the evening light and sound show at the Cellular Jail.'],
		['Ferry to Neil', 'neil', 'Morning catamaran to Neil (Shaheed Dweep), Laxmanpur natural bridge at low tide and the sunset point.'],
		['Bharatpur and back', 'port-blair', 'Swim at Bharatpur beach, afternoon ferry back to Port Blair and the airport transfer.'],
	]
	for (const [index, [dayTitle, island, text]] of days.entries()) {
		await page.getByLabel(`Day ${index + 1}: title`).fill(dayTitle!)
		await page.getByLabel(`Day ${index + 1}: island`).selectOption(island!)
		await page.getByLabel(`Day ${index + 1}: plan`).fill(text!)
	}
	await page.getByLabel('Highlights').fill('Laxmanpur natural bridge\nBharatpur beach')
	await page.getByLabel('Included', { exact: true }).fill('2 nights with breakfast\nFerry tickets')
	await page.getByLabel('Not included').fill('Flights to Port Blair')
	await page.getByLabel('Main photo').selectOption('/images/neil-island.jpg')
	await page.getByLabel('Photo description').fill('The natural rock bridge on Neil Island at low tide')
}
