import { type Browser, expect, test } from '@playwright/test'
import {
	arrivalIn,
	bookFamilyHolidayOnline,
	demoStaff,
	expectNoAxeViolations,
	indiaDatePlus,
	recordAdvanceAndConfirm,
	signIn,
	waitForHydration,
} from './helpers.ts'

/**
 * Live ferry seats against the demo operator (on for the demo-data server, never in production):
 * search Port Blair → Havelock, tick seats, hold them with a countdown, let them go. With and without
 * JavaScript, on a phone and a desktop.
 */
// Two axe checks per run on a shared machine.
test.describe.configure({ timeout: 150_000 })

async function visitor(browser: Browser, javaScript: boolean, viewport: { width: number; height: number }) {
	const context = await browser.newContext({ viewport, javaScriptEnabled: javaScript })
	return context.newPage()
}

for (const javaScript of [true, false]) {
	for (const viewport of [
		{ width: 390, height: 844 },
		{ width: 1280, height: 900 },
	]) {
		const how = `${javaScript ? 'with' : 'without'} JavaScript, ${viewport.width} px`
		test(`a traveller finds live sailings, ticks two seats, holds them and lets them go (${how})`, async ({ browser }) => {
			const page = await visitor(browser, javaScript, viewport)
			// Each run its own day, so runs never hold each other's seats.
			const date = indiaDatePlus(20 + (javaScript ? 0 : 2) + (viewport.width > 400 ? 1 : 0)).iso
			await page.goto('/ferries')
			if (javaScript) await waitForHydration(page)
			const live = page.getByRole('region', { name: 'Book seats now' })
			await expect(live).toContainText('Demo Ferries (demo data, not a real operator)')
			await live.getByLabel('Sail from').selectOption('port-blair')
			await live.getByLabel('Sail to').selectOption('havelock')
			await live.getByLabel('Sailing date').fill(date)
			await live.getByLabel('Adults and children').fill('2')
			await live.getByRole('button', { name: 'Show sailings' }).click()
			await expect(live.getByText('07:15 → 08:50')).toBeVisible()
			await expect(live.getByText(/Economy: \d+ seats left · ₹1,208 per person · ₹2,415 in all/).first()).toBeVisible()
			await live.getByRole('link', { name: 'Choose seats: Economy, 07:15 Demo Star' }).click()

			await expect(page.getByRole('heading', { level: 1, name: 'Choose your seats' })).toBeVisible()
			if (javaScript) await waitForHydration(page)
			const seats = page.getByRole('group', { name: /Tick 2 seats/ })
			const free = seats.getByRole('checkbox', { disabled: false })
			await free.nth(0).check()
			await free.nth(1).check()
			if (javaScript) await expect(page.getByText('2 of 2 chosen')).toBeVisible()
			if (javaScript) await expectNoAxeViolations(page)
			await page.screenshot({ path: `test-results/ferry-seats-${javaScript ? 'js' : 'nojs'}-${viewport.width}.png`, fullPage: true })
			await page.getByRole('button', { name: 'Hold these seats' }).click()

			await expect(page.getByRole('heading', { level: 1, name: 'Your seats are held' })).toBeVisible()
			await expect(page).toHaveURL(/\/ferries\/hold\/[A-Za-z0-9]{20}$/)
			await expect(page.getByText(/Held until \d{2}:\d{2}/)).toBeVisible()
			if (javaScript) await expect(page.getByRole('timer')).toHaveText(/^(10:00|9:\d{2})$/)
			await expect(page.getByText('₹2,415')).toBeVisible()
			if (javaScript) await expectNoAxeViolations(page)
			await page.screenshot({ path: `test-results/ferry-hold-${javaScript ? 'js' : 'nojs'}-${viewport.width}.png`, fullPage: true })
			const holdUrl = page.url()
			await page.getByRole('button', { name: 'Let these seats go' }).click()
			await expect(page).toHaveURL(/\/ferries#live-heading$/)
			await page.goto(holdUrl)
			await expect(page.getByRole('heading', { level: 1, name: 'Seat hold ended' })).toBeVisible()
			await page.context().close()
		})
	}
}

test('two travellers tick the same seat: the second is told it is held and offered others', async ({ browser }) => {
	const date = indiaDatePlus(30).iso
	const first = await visitor(browser, false, { width: 1280, height: 900 })
	const second = await visitor(browser, false, { width: 1280, height: 900 })
	const address = `/ferries?search=1&from=havelock&to=neil&date=${date}&adults=1&infants=0`
	for (const page of [first, second]) {
		await page.goto(address)
		await page.getByRole('link', { name: 'Choose seats: Premium, 13:45 Demo Breeze' }).click()
	}
	const seat = first
		.getByRole('group', { name: /Tick 1 seat/ })
		.getByRole('checkbox', { disabled: false })
		.first()
	const seatValue = await seat.getAttribute('value')
	await seat.check()
	await second.locator(`input[name="seats"][value="${seatValue}"]`).check()
	await first.getByRole('button', { name: 'Hold these seats' }).click()
	await expect(first.getByRole('heading', { level: 1, name: 'Your seats are held' })).toBeVisible()
	await second.getByRole('button', { name: 'Hold these seats' }).click()
	await expect(second.getByText('Someone else is holding one of those seats right now. Choose others.')).toBeVisible()
	await expect(second.getByText(/Free seats you could take instead: \w+\./)).toBeVisible()
	await first.context().close()
	await second.context().close()
})

test('a lapsed hold releases its seats: its page says it lapsed and another traveller can tick the seat again', async ({ browser, baseURL }) => {
	const date = indiaDatePlus(32).iso
	const first = await visitor(browser, false, { width: 1280, height: 900 })
	const second = await visitor(browser, false, { width: 390, height: 844 })
	await first.goto(`/ferries?search=1&from=port-blair&to=neil&date=${date}&adults=1&infants=0`)
	await first.getByRole('link', { name: 'Choose seats: Economy, 07:15 Demo Star' }).click()
	const seatsUrl = first.url()
	const seat = first
		.getByRole('group', { name: /Tick 1 seat/ })
		.getByRole('checkbox', { disabled: false })
		.first()
	const seatValue = await seat.getAttribute('value')
	await seat.check()
	await first.getByRole('button', { name: 'Hold these seats' }).click()
	await expect(first.getByRole('heading', { level: 1, name: 'Your seats are held' })).toBeVisible()
	const holdId = first.url().split('/').at(-1)!
	// Held: the other traveller sees the seat taken.
	await second.goto(seatsUrl)
	await expect(second.locator(`input[name="seats"][value="${seatValue}"]`)).toBeDisabled()
	// The hold's minutes run out (the test route moves its end to now, instead of waiting ten minutes).
	const lapsed = await fetch(`${baseURL}/__test/lapse-ferry-hold?id=${holdId}`, { method: 'POST' })
	expect(lapsed.status).toBe(200)
	await first.reload()
	await expect(first.getByRole('heading', { level: 1, name: 'Seat hold ended' })).toBeVisible()
	await expect(first.getByText('This hold has lapsed and the seats are free again.')).toBeVisible()
	await expect(first.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0)
	await second.reload()
	await expect(second.locator(`input[name="seats"][value="${seatValue}"]`)).toBeEnabled()
	await first.context().close()
	await second.context().close()
})

test('a traveller holds two seats, gives the passengers (one foreign national), pays in full, and sees the PNR and ticket on the trip page', async ({
	browser,
}) => {
	const page = await visitor(browser, true, { width: 390, height: 844 })
	const date = indiaDatePlus(34).iso
	await page.goto(`/ferries?search=1&from=port-blair&to=havelock&date=${date}&adults=2&infants=0`)
	await page.getByRole('link', { name: 'Choose seats: Premium, 13:45 Demo Breeze' }).click()
	await waitForHydration(page)
	const free = page.getByRole('group', { name: /Tick 2 seats/ }).getByRole('checkbox', { disabled: false })
	await free.nth(0).check()
	await free.nth(1).check()
	await page.getByRole('button', { name: 'Hold these seats' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Your seats are held' })).toBeVisible()
	const price = (await page.locator('dt', { hasText: 'Price' }).locator('xpath=following-sibling::dd[1]').textContent())!.replace(/[₹,]/g, '')
	const form = page.getByRole('form', { name: 'Passengers and payment' })
	await form.getByLabel('Your name').fill('Meera Nair')
	await form.getByLabel('Phone').fill('+91 98450 11223')
	await form.getByLabel(/^Email/).fill('meera.ferry@example.com')
	const passenger = async (
		n: number,
		values: { name: string; age: string; gender: string; nationality: string; id: string; number: string; expiry?: string; country?: string },
	) => {
		await form.getByLabel(`Passenger ${n} name`).fill(values.name)
		await form.getByLabel(`Passenger ${n} age`).fill(values.age)
		await form.getByLabel(`Passenger ${n} gender`).selectOption(values.gender)
		await form.getByLabel(`Passenger ${n} nationality`).selectOption(values.nationality)
		await form.getByLabel(`Passenger ${n} ID document`).selectOption(values.id)
		await form.getByLabel(`Passenger ${n} ID number`).fill(values.number)
		if (values.expiry) await form.getByLabel(`Passenger ${n} passport expiry`).fill(values.expiry)
		if (values.country) await form.getByLabel(`Passenger ${n} passport country`).fill(values.country)
	}
	await passenger(1, { name: 'Meera Nair', age: '34', gender: 'female', nationality: 'indian', id: 'aadhaar', number: '1234 5678 9012' })
	await passenger(2, { name: 'Jonas Weber', age: '41', gender: 'male', nationality: 'foreign', id: 'passport', number: 'C01X00T47', expiry: '2031-05-01' })
	await form.getByRole('button', { name: 'Continue to payment' }).click()
	// The passport's country is missing: said, and nothing is booked.
	await expect(page.getByText('Passenger 2: enter the country that issued the passport.').first()).toBeVisible()
	await form.getByLabel('Passenger 2 passport country').fill('Germany')
	await form.getByRole('button', { name: 'Continue to payment' }).click()
	await expect(page).toHaveURL(/\/trip\/[A-Za-z0-9_-]+$/)
	const ferries = page.getByRole('region', { name: 'Your ferries' })
	await expect(ferries).toContainText('Waiting for payment')
	const reference = (await page
		.getByText(/BK-\d{4}-\d{5}/)
		.first()
		.textContent())!.match(/BK-\d{4}-\d{5}/)![0]

	// Staff record the full price as paid (UPI, verified): a ferry is paid in full before it is ticketed.
	const staff = await (await browser.newContext()).newPage()
	await staff.goto('/admin/login?redirectTo=%2Fadmin%2Fpending')
	await signIn(staff, demoStaff.email, demoStaff.password)
	await staff.getByRole('link', { name: reference }).click()
	const payment = staff.getByRole('form', { name: 'Record a payment' })
	await payment.getByLabel('Amount received (₹)').fill(price)
	await payment.getByLabel('Method').selectOption('upi')
	await payment.getByLabel('Reference').fill(`UPI-FERRY-${Date.now()}`)
	await payment.getByLabel(/verified/).check()
	await payment.getByRole('button', { name: 'Record payment' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Payment recorded' })).toBeVisible()
	await staff.context().close()

	await page.reload()
	await expect(ferries).toContainText('Ticketed')
	await expect(ferries.getByTestId('ferry-pnr')).toHaveText(/^DEMO[0-9A-F]{6}$/)
	const download = page.waitForEvent('download')
	await ferries.getByRole('link', { name: 'Download the ticket (PDF)' }).click()
	expect((await download).suggestedFilename()).toMatch(/^ticket-DEMO[0-9A-F]{6}\.pdf$/)
	await expectNoAxeViolations(page)
	await page.context().close()
})

test('staff book a three-leg island hop for four travellers in one action, then cancel a leg at the operator', async ({ browser }) => {
	const traveller = await (await browser.newContext()).newPage()
	const reference = await bookFamilyHolidayOnline(traveller, {
		...arrivalIn(40),
		travellers: [
			{ name: 'Asha Menon', age: '38', gender: 'female', aadhaar: '4321 8765 2109' },
			{ name: 'Vikram Menon', age: '40', gender: 'male', aadhaar: '5321 8765 2109' },
			{ name: 'Diya Menon', age: '14', gender: 'female', aadhaar: '6321 8765 2109' },
			{ name: 'Kabir Menon', age: '11', gender: 'male', aadhaar: '7321 8765 2109' },
		],
		contact: { name: 'Asha Menon', phone: '+919845022334' },
	})
	await traveller.context().close()
	const staff = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
	await staff.goto('/admin/login?redirectTo=%2Fadmin%2Fpending')
	await signIn(staff, demoStaff.email, demoStaff.password)
	await staff.getByRole('link', { name: reference }).click()
	// Confirming plans the package's components: its ferries are Port Blair → Havelock → Neil → Port Blair.
	await recordAdvanceAndConfirm(staff, 'upi', `UPI-HOP-${Date.now()}`)
	await staff.getByRole('link', { name: 'Book the ferries live with the operators' }).click()
	await expect(staff.getByRole('heading', { level: 1, name: `Ferries of ${reference}` })).toBeVisible()
	await expect(staff.getByText('4 adults and children')).toBeVisible()
	await staff.getByRole('button', { name: 'Search sailings for every leg' }).click()
	const choose = staff.getByRole('form', { name: 'Choose the sailings' })
	for (const leg of [1, 2, 3])
		await choose
			.getByRole('group', { name: new RegExp(`^Leg ${leg}:`) })
			.getByRole('radio')
			.first()
			.check()
	await expect(choose.getByRole('group', { name: /^Leg 1: Port Blair .* → Havelock/ })).toBeVisible()
	await expect(choose.getByRole('group', { name: /^Leg 3: Neil .* → Port Blair/ })).toBeVisible()
	await choose.getByRole('button', { name: 'Book every leg for the travellers' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: '3 ferry legs ticketed' })).toBeVisible()
	const legs = staff.getByTestId('live-leg')
	await expect(legs).toHaveCount(3)
	for (const n of [0, 1, 2]) await expect(legs.nth(n)).toContainText(/Ticketed · PNR DEMO[0-9A-F]{6}/)
	await expectNoAxeViolations(staff)
	await staff.getByRole('button', { name: 'Cancel leg 3 at the operator' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Ferry leg cancelled at the operator' })).toBeVisible()
	await expect(legs.nth(2)).toContainText('Cancelled at the operator · PNR')
	await expect(legs.nth(2)).toContainText('cancellation fee ₹0')
	await staff.context().close()
})
