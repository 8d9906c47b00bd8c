import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import { addDays, formatLongMonth, formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { bookFamilyHolidayOnline, demoOwner, expectNoAxeViolations, recordAdvanceAndConfirm, signIn } from './helpers.ts'

/**
 * Verified reviews (issue #35): a traveller books the demo family holiday; staff confirm it; the trip
 * takes place; staff mark it completed, which gives the booking its one review link; the traveller
 * writes a review with a photo on a phone without JavaScript; staff publish it; the package page shows
 * it as verified and its rating counts it. The booking is made here, dated from the clock.
 */

const run = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5)
const packagePath = '/packages/andaman-family-holiday-6-nights'

/** How many verified travellers the package's rating counts (0 before any). */
async function verifiedCount(page: Page): Promise<number> {
	await page.goto(packagePath)
	const rating = page.getByTestId('package-rating')
	if ((await rating.count()) === 0) return 0
	return Number((await rating.textContent())!.match(/from (\d+) verified/)![1])
}

test('a completed trip’s review link → a review with a photo, without JavaScript → staff publish → the package shows it as verified and counts it', async ({
	page,
	browser,
}) => {
	test.setTimeout(180_000)
	const id = run()
	const arrival = addDays(todayInIndia(), 40)
	const traveller = await browser.newPage()
	const reference = await bookFamilyHolidayOnline(traveller, {
		arrival,
		arrivalLabel: formatTravelDate(arrival),
		travellers: [
			{
				name: `Kavitha Rao ${id}`,
				age: '36',
				gender: 'female',
				aadhaar: '4821 7730 1946',
			},
			{
				name: 'Suresh Rao',
				age: '40',
				gender: 'male',
				aadhaar: '5930 2281 6605',
			},
		],
		contact: {
			name: `Kavitha Rao ${id}`,
			phone: '98111 22337',
			email: `kavitha.${id}@traveller.example`,
		},
	})
	await traveller.close()
	const before = await verifiedCount(page)

	await signIn(page, demoOwner.email, demoOwner.password)
	await page.goto('/admin/pending?status=pending_payment')
	await page.getByRole('link', { name: reference }).click()
	await recordAdvanceAndConfirm(page, 'upi', `UPI-${id}`)
	const bookingPage = page.url()

	// The trip takes place: its dates move into the past, as the calendar would have moved them.
	const started = addDays(todayInIndia(), -9)
	const db = new Database(path.resolve('data/e2e/app.db'))
	try {
		db.prepare('update bookings set start_date = ? where reference = ?').run(started, reference)
	} finally {
		db.close()
	}
	await page.goto(bookingPage)
	await page.getByRole('button', { name: 'Mark completed' }).click()
	await expect(page.getByTestId('toast')).toBeVisible()
	const link = new URL(await page.getByLabel(/^Review link/).inputValue()).pathname
	expect(link).toMatch(/^\/review\/[A-Za-z0-9]{32}$/)
	// The welcome-home email carries the same link.
	await page.goto('/admin/outbox')
	await expect(page.getByText(`Welcome home: how was your Andaman trip? (${reference})`)).toBeVisible()

	// The traveller, on a phone without JavaScript.
	const photoPath = test.info().outputPath('havelock-beach.jpg')
	fs.mkdirSync(path.dirname(photoPath), { recursive: true })
	await sharp({
		create: { width: 1200, height: 800, channels: 3, background: '#1d9bf0' },
	})
		.jpeg({ quality: 80 })
		.toFile(photoPath)
	const phone = await browser.newContext({
		javaScriptEnabled: false,
		viewport: { width: 390, height: 844 },
	})
	const reviewer = await phone.newPage()
	await reviewer.goto(link)
	await expect(reviewer.getByRole('heading', { level: 1, name: 'How was your trip?' })).toBeVisible()
	await expect(reviewer.getByText(`Booking ${reference}`)).toBeVisible()
	// A review too short to help anyone is sent back with what to fix, nothing lost.
	await reviewer.getByLabel('4 stars').check()
	await reviewer.getByLabel('Title').fill(`Radhanagar at dusk ${id}`)
	await reviewer.getByLabel('Your review').fill('Nice.')
	await reviewer.getByRole('button', { name: 'Send my review' }).click()
	await expect(reviewer.getByText(/Tell other travellers about your trip/)).toBeVisible()
	await expect(reviewer.getByLabel('Title')).toHaveValue(`Radhanagar at dusk ${id}`)
	await expect(reviewer.getByLabel('4 stars')).toBeChecked()
	await reviewer
		.getByLabel('Your review')
		.fill('The family room on Havelock was right on the beach, and the ferry to Neil left on time. The Ross Island guide was the best part.')
	await reviewer.getByLabel('Your city (optional)').fill('Mysuru')
	await reviewer.getByLabel(/^Photos/).setInputFiles(photoPath)
	await reviewer.screenshot({
		path: 'test-results/review-form-phone.png',
		fullPage: true,
	})
	await reviewer.getByRole('button', { name: 'Send my review' }).click()
	await expect(reviewer.getByTestId('review-state')).toContainText('your review of this trip has reached us')
	await expect(reviewer.getByRole('button', { name: 'Send my review' })).toHaveCount(0)
	await reviewer.screenshot({
		path: 'test-results/review-sent-phone.png',
		fullPage: true,
	})
	await phone.close()

	// Staff publish it.
	await page.goto('/admin/reviews?status=waiting')
	const entry = page.getByRole('listitem', {
		name: new RegExp(`Radhanagar at dusk ${id}`),
	})
	await expect(entry).toContainText('Waiting for a decision')
	await expect(entry.getByRole('img', { name: /review of their trip/ })).toBeVisible()
	await page.screenshot({
		path: 'test-results/reviews-admin-desktop.png',
		fullPage: true,
	})
	await entry.getByRole('button', { name: 'Publish' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Review published' })).toBeVisible()

	// The package page shows it as verified, with its photo, and its rating counts it.
	const desktop = await browser.newContext({
		viewport: { width: 1280, height: 900 },
	})
	const visitor = await desktop.newPage()
	expect(await verifiedCount(visitor)).toBe(before + 1)
	const card = visitor.locator('article').filter({ hasText: `Radhanagar at dusk ${id}` })
	await expect(card.getByTestId('review-provenance')).toHaveText(new RegExp(`^Verified traveller · travelled ${formatLongMonth(started.slice(0, 7))}`))
	const photo = card.getByRole('img', { name: /review of their trip/ })
	await photo.scrollIntoViewIfNeeded()
	// The photo is served (cleaned, through the image route), not only named.
	await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
	await expectNoAxeViolations(visitor)
	await visitor.screenshot({
		path: 'test-results/review-on-package-desktop.png',
		fullPage: true,
	})
	await visitor.goto('/reviews')
	await expect(visitor.locator('article').filter({ hasText: `Radhanagar at dusk ${id}` })).toContainText('Verified traveller')
	await desktop.close()
})
