/**
 * Addresses that carry a secret (app/lib/secret-addresses.ts, ADR 169) on the built server, with
 * analytics configured and accepted: every one of them, its `.data` and its PDF answer
 * `Cache-Control: private, no-store` (or the route's own `no-store`); the analytics tag never loads there; and a page that has the
 * tag reaches one only through a document load, which leaves the tag behind.
 */
import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, type Page, test } from '@playwright/test'
import { secretAddresses } from '../../app/lib/secret-addresses.ts'
import { startExtraServer } from './extra-server.ts'
import { bookFamilyHolidayOnline, waitForHydration } from './helpers.ts'

const port = Number(process.env.E2E_SECRET_ADDRESSES_PORT ?? 3248)
const siteUrl = `http://localhost:${port}`
const tagPattern = 'https://www.googletagmanager.com/**'
let server: Awaited<ReturnType<typeof startExtraServer>>
/** Real records of the copy's demo data, for the addresses that have one. */
let demo: { booking: string; voucher: string; trip: string }

test.use({ baseURL: siteUrl })

test.beforeAll(async () => {
	server = await startExtraServer('secret-addresses', port, { ANALYTICS_ID: 'G-SECRET123' })
	const db = new Database(path.resolve('data/e2e-secret-addresses/app.db'), { readonly: true })
	const voucher = db.prepare('select id, booking_id from vouchers limit 1').get() as { id: string; booking_id: string }
	const { trip_token: trip } = db.prepare('select trip_token from bookings where id = ?').get(voucher.booking_id) as { trip_token: string }
	db.close()
	demo = { booking: voucher.booking_id, voucher: voucher.id, trip }
})

test.afterAll(async () => {
	await server?.stop()
})

/** A concrete address for each declared secret address: a demo record where there is one, else an id that names nothing. */
function addressOf(entry: (typeof secretAddresses)[number]): string {
	const filled = entry.route
		.replace(/^voucher\/:id/, `voucher/${demo.voucher}`)
		.replace(/^trip\/:token/, `trip/${demo.trip}`)
		.replace(/:\w+/g, 'NoSuchRecord00000000')
	const query = 'query' in entry ? (entry.query === 'booking' ? `?booking=${demo.booking}` : `?${entry.query}=NoSuchRecord00000000&mode=signIn`) : ''
	return `/${filled}${query}`
}
/** Page routes have a `.data` twin; resource routes (PDFs, the gateway's return, the SMS delivery reports) do not. */
const isPage = (route: string) => !/\/(pdf|paid|report)$/.test(route)
const dataOf = (address: string) => address.replace(/^([^?]*?)\/?(\?|$)/, '$1.data$2')

async function consented(page: Page) {
	await page.context().addCookies([{ name: 'analytics_consent', value: 'granted', url: siteUrl }])
	const tagRequests: string[] = []
	await page.route(tagPattern, (route) => {
		tagRequests.push(page.url())
		return route.fulfill({ contentType: 'text/javascript', body: '' })
	})
	return tagRequests
}

test('every secret address, its .data and its PDF answer no-store', async ({ request }) => {
	for (const entry of secretAddresses) {
		const address = addressOf(entry)
		const answers = [address, ...(isPage(entry.route) ? [dataOf(address)] : [])]
		for (const url of answers) {
			const answer = await request.get(url, { maxRedirects: 0 })
			expect(answer.status(), url).toBeLessThan(500)
			// The middleware's `private, no-store`, or the route's own `no-store` (the trip pages).
			expect(answer.headers()['cache-control'], url).toMatch(/^(private, )?no-store$/)
		}
	}
	// The real records answer 200, so the walk above is not only of not-found pages.
	for (const url of [
		`/voucher/${demo.voucher}`,
		`/voucher/${demo.voucher}/pdf`,
		`/trip/${demo.trip}`,
		`/thank-you?booking=${demo.booking}`,
		`/thank-you.data?booking=${demo.booking}`,
	]) {
		expect((await request.get(url)).status(), url).toBe(200)
	}
})

test('the analytics tag never loads on a secret address; on a public page it does', async ({ page }) => {
	test.setTimeout(120_000)
	const tagRequests = await consented(page)
	for (const entry of secretAddresses.filter((e) => isPage(e.route) && !e.route.startsWith('admin/'))) {
		await page.goto(addressOf(entry))
		await page.waitForTimeout(2300)
		expect(tagRequests, entry.route).toEqual([])
		expect(await page.evaluate(() => Boolean((window as { __analyticsLoaded?: boolean }).__analyticsLoaded)), entry.route).toBe(false)
	}
	await page.goto('/packages')
	await waitForHydration(page)
	await expect.poll(() => tagRequests.length, { timeout: 10_000 }).toBe(1)
})

test('with the tag loaded, a link into a secret address is a document load that leaves the tag behind', async ({ page }) => {
	const tagRequests = await consented(page)
	await page.goto('/packages')
	await waitForHydration(page)
	await expect.poll(() => tagRequests.length, { timeout: 10_000 }).toBe(1)
	// A link into a secret address, as the site writes one (a `<Link>` renders a plain anchor).
	await page.evaluate((href) => {
		;(window as unknown as { marker: string }).marker = 'the page that loaded the tag'
		const link = Object.assign(document.createElement('a'), { href, textContent: 'Your voucher' })
		link.setAttribute('data-discover', 'true')
		document.querySelector('main')!.append(link)
	}, `/voucher/${demo.voucher}`)
	await page.getByRole('link', { name: 'Your voucher' }).click()
	await expect(page).toHaveURL(`${siteUrl}/voucher/${demo.voucher}`)
	await expect.poll(() => page.evaluate(() => (window as unknown as { marker?: string }).marker ?? 'a new document')).toBe('a new document')
	await page.waitForTimeout(2300)
	expect(await page.evaluate(() => Boolean((window as { __analyticsLoaded?: boolean }).__analyticsLoaded))).toBe(false)
	expect(tagRequests).toHaveLength(1)
})

test('booking online ends on the thank-you page by a document load, without the tag', async ({ page }) => {
	test.setTimeout(120_000)
	const tagRequests = await consented(page)
	const arrival = new Date(Date.now() + 75 * 86_400_000)
	const reference = await bookFamilyHolidayOnline(page, {
		arrival: arrival.toISOString().slice(0, 10),
		arrivalLabel: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(arrival),
		travellers: [{ name: 'Farah Qureshi', age: '34', gender: 'female', aadhaar: '4444 5555 6666' }],
		contact: { name: 'Farah Qureshi', phone: '+919812300000' },
	})
	expect(reference).toMatch(/^BK-/)
	expect(new URL(page.url()).pathname).toBe('/thank-you')
	// The document itself is the thank-you page: the app did not move there in place.
	const documentUrl = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).name)
	expect(new URL(documentUrl).pathname).toBe('/thank-you')
	const before = tagRequests.filter((url) => new URL(url).pathname === '/thank-you').length
	await page.waitForTimeout(2300)
	expect(tagRequests.filter((url) => new URL(url).pathname === '/thank-you')).toHaveLength(before)
	expect(before).toBe(0)
	expect(await page.evaluate(() => Boolean((window as { __analyticsLoaded?: boolean }).__analyticsLoaded))).toBe(false)
})
