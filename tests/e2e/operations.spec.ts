import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from '@playwright/test'
import { addDays, formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { demoStaff, expectNoAxeViolations, signIn } from './helpers.ts'

/**
 * The operations desk (issue #34) on the demo day the seed makes for tomorrow: a 10:05 arrival, an
 * island-hopper on the 08:00 ferry with a 06:30 jetty pickup, a diver at 09:00 on Havelock.
 */
test.describe('the operations day sheet', () => {
	test.use({ viewport: { width: 390, height: 844 } })

	test('shows every line in order; staff assign on a phone; a double assignment warns; the run sheet and the traveller’s message carry the times', async ({
		page,
	}) => {
		test.setTimeout(120_000)
		const tomorrow = addDays(todayInIndia(), 1)
		await signIn(page, demoStaff.email, demoStaff.password)
		await page.goto('/admin/operations')
		await expect(page.getByRole('heading', { level: 1, name: `Operations, ${formatTravelDate(tomorrow)}` })).toBeVisible()

		const portBlair = page.getByRole('region', { name: 'Port Blair (Sri Vijaya Puram)' })
		const demoLines = portBlair.getByTestId('sheet-line').filter({ hasText: /Arjun Bose|Kavya Menon/ })
		await expect(demoLines.locator('span.font-mono')).toHaveText(['06:30', '07:00', '10:20', '—', '—'])
		const arrival = demoLines.filter({ hasText: 'Kavya Menon' }).first()
		await expect(arrival).toContainText('Flight 6E 231 · lands 10:05')
		const ferry = demoLines.filter({ hasText: 'Ferry Port Blair → Havelock' })
		await expect(ferry).toContainText('report by 07:00 at Haddo Wharf, Port Blair')
		await expect(
			page.getByRole('region', { name: 'Havelock (Swaraj Dweep)' }).getByTestId('sheet-line').filter({ hasText: 'Neha Kapoor' }).first(),
		).toContainText('09:00')
		await page.screenshot({ path: 'test-results/operations-390.png', fullPage: true })

		// Raju and the Innova take the 06:30 jetty pickup.
		const pickup = demoLines.filter({ hasText: 'Hotel to Haddo Wharf jetty' })
		await pickup.getByText(/Assign driver|Change driver/).click()
		await pickup.getByLabel('Driver').selectOption({ label: 'Raju Kumar' })
		await pickup.getByLabel('Vehicle').selectOption({ label: 'Innova Crysta, white (6 seats, AN01 B 2345)' })
		await pickup.getByRole('button', { name: 'Assign', exact: true }).click()
		await expect(pickup.getByTestId('assigned')).toHaveText('Driver Raju Kumar (9434211111) · Innova Crysta, white AN01 B 2345')

		// Raju again, half an hour later on the ferry line: the conflict is shown and nothing is saved.
		await ferry.getByText(/Assign driver|Change driver/).click()
		await ferry.getByLabel('Driver').selectOption({ label: 'Raju Kumar' })
		await ferry.getByRole('button', { name: 'Assign', exact: true }).click()
		await expect(ferry.getByRole('alert')).toContainText('Raju Kumar is also on')
		await expect(ferry.getByRole('button', { name: 'Assign anyway' })).toBeVisible()
		await page.screenshot({ path: 'test-results/operations-conflict-390.png', fullPage: false })
		await ferry.getByLabel('Driver').selectOption({ label: 'Sunil Das' })
		await ferry.getByRole('button', { name: 'Assign', exact: true }).click()
		await expect(ferry.getByTestId('assigned')).toContainText('Driver Sunil Das')

		// The traveller's "trip tomorrow" message has the flight, and the driver's run sheet the pickup.
		await page.getByText(/, Kavya Menon \(demo\)$/).click()
		await expect(page.getByLabel('“Your trip tomorrow” message').first()).toHaveValue(/Airport pickup for flight 6E 231 landing 10:05/)
		await page.getByRole('link', { name: /^Raju Kumar \(driver\)/ }).click()
		await expect(page.getByRole('heading', { level: 1, name: `Raju Kumar, ${formatTravelDate(tomorrow)}` })).toBeVisible()
		await expect(page.getByTestId('run-sheet-text')).toHaveValue(
			/• 06:30 Transfer: Hotel to Haddo Wharf jetty · Arjun Bose \(demo\) \(2 pax\) \+919830054321 · from Peerless Resort, Corbyn’s Cove · vehicle Innova Crysta, white AN01 B 2345/,
		)
		await page.getByRole('button', { name: /Mark as sent/ }).click()
		await expect(page.getByText(/Sent .*nothing changed since/)).toBeVisible()
		await expectNoAxeViolations(page)
	})

	test('on a desktop, and printed: one island to a page', async ({ page }) => {
		await page.setViewportSize({ width: 1280, height: 900 })
		await signIn(page, demoStaff.email, demoStaff.password)
		await page.goto('/admin/operations')
		await expect(page.getByTestId('sheet-summary')).toContainText('Times are India time (IST)')
		await page.screenshot({ path: 'test-results/operations-1280.png', fullPage: true })
		await expectNoAxeViolations(page)
		await page.emulateMedia({ media: 'print' })
		await expect(page.getByRole('button', { name: 'Show' })).toBeHidden()
		await page.screenshot({ path: 'test-results/operations-print.png', fullPage: true })
		const breaks = await page.locator('section.island-sheet').evaluateAll((sections) => sections.map((section) => getComputedStyle(section).breakAfter))
		expect(breaks.length).toBeGreaterThan(1)
		expect(breaks.slice(0, -1).every((value) => value === 'page')).toBe(true)
	})

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })

		test('the traveller gives their flights on the trip page', async ({ page }) => {
			const db = new Database(path.resolve('data/e2e/app.db'), { readonly: true })
			const { trip_token: token } = db.prepare("select trip_token from bookings where submission_key = 'demo:ops:diving'").get() as { trip_token: string }
			db.close()
			await page.goto(`/trip/${token}`)
			const flights = page.getByRole('region', { name: 'Your flights' })
			await flights.getByRole('group', { name: 'Departure flight from Port Blair' }).getByLabel('Flight number').fill('hello')
			await flights.getByRole('button', { name: 'Save flights' }).click()
			await expect(page.getByText('Write the flight number as on the ticket, e.g. 6E 231 or AI-503.')).toBeVisible()
			await flights.getByRole('group', { name: 'Departure flight from Port Blair' }).getByLabel('Flight number').fill('AI 504')
			await flights.getByRole('group', { name: 'Departure flight from Port Blair' }).getByLabel('Leaves at (IST)').fill('13:45')
			await flights.getByRole('button', { name: 'Save flights' }).click()
			await expect(page.getByRole('group', { name: 'Departure flight from Port Blair' }).getByLabel('Flight number')).toHaveValue('AI 504')
			await expect(page.getByRole('group', { name: 'Departure flight from Port Blair' }).getByLabel('Leaves at (IST)')).toHaveValue('13:45')
			await page.screenshot({ path: 'test-results/trip-flights-390.png', fullPage: true })
		})
	})
})
