import { expect, type Page, test } from '@playwright/test'
import { builderSearchParams, defaultBuilderConfig } from '../../app/features/rates/domain/builder.ts'
import { addDays, todayInIndia } from '../../app/lib/dates.ts'
import { demoInventory } from '../../app/server/seed/demo-inventory.ts'
import { demoStaff, indiaDatePlus, signIn } from './helpers.ts'

/** Hotel inventory in the browser (docs/inventory.md), on the demo contracts (app/server/seed/demo-inventory.ts). */

const today = todayInIndia()

/** A builder trip: a night in Port Blair, then `nights` on `island` from the day after `start`, then home. */
function trip(start: string, island: 'havelock' | 'neil', nights: number) {
	const config = {
		...defaultBuilderConfig(today),
		start,
		tier: 'deluxe' as const,
		stays: [
			{ island: 'port-blair' as const, nights: 1 },
			{ island, nights },
		],
	}
	return builderSearchParams(config).toString()
}

async function fillTraveller(page: Page, name: string, aadhaar: string) {
	const group = page.getByRole('group', { name: 'Traveller 1' })
	await group.getByLabel('Full name').fill(name)
	await group.getByLabel('Age').fill('34')
	await group.getByLabel('Gender').selectOption('female')
	await group.getByLabel('ID', { exact: true }).selectOption('aadhaar')
	await group.getByLabel('ID number').fill(aadhaar)
	for (const index of [2]) {
		const second = page.getByRole('group', { name: `Traveller ${index}` })
		await second.getByLabel('Full name').fill(`${name} Companion`)
		await second.getByLabel('Age').fill('36')
		await second.getByLabel('Gender').selectOption('male')
		await second.getByLabel('ID', { exact: true }).selectOption('aadhaar')
		await second.getByLabel('ID number').fill(`9${aadhaar.slice(1)}`)
	}
	await page.getByLabel('Contact name').fill(name)
	await page.getByLabel('Mobile or WhatsApp').fill('98401 23456')
	await page.getByLabel(/I accept the booking terms/).check()
}

test('a stop-sold peak week makes the builder offer another hotel, and says why', async ({ page }) => {
	const { stopSale } = demoInventory
	await page.goto(`/builder?${trip(addDays(today, stopSale.fromDay + 1), 'havelock', 2)}`)
	const notes = page.getByTestId('availability')
	await expect(notes).toContainText(`${stopSale.hotel}: Not sold on`)
	await expect(notes).toContainText(stopSale.reason)
	await expect(notes).toContainText('We offer Kalapathar Coral Villas (premium) instead.')
	await expect(page.getByTestId('total')).toBeVisible()
	await page.setViewportSize({ width: 390, height: 844 })
	await page.getByTestId('availability').scrollIntoViewIfNeeded()
	await page.screenshot({ path: 'test-results/inventory-builder-phone.png' })
})

test('the last room says "only 1 left"; the second traveller to book it is told, and nothing is booked for them', async ({ browser }) => {
	const { lastRoom } = demoInventory
	const query = trip(addDays(today, lastRoom.fromDay - 1), 'neil', lastRoom.nights)
	const first = await (await browser.newContext()).newPage()
	const second = await (await browser.newContext()).newPage()
	for (const page of [first, second]) {
		await page.goto(`/book-now?${query}`)
		await expect(page.getByTestId('availability')).toContainText(`${lastRoom.hotel}: Only 1 room left.`)
	}
	await fillTraveller(first, 'Anita Rao', '2345 6789 0123')
	await fillTraveller(second, 'Divya Menon', '3456 7890 1234')
	await first.getByRole('button', { name: 'Book and get payment details' }).click()
	await expect(first.getByRole('heading', { name: /^Pay ₹[\d,]+(\.\d\d)? to confirm$/ })).toBeVisible()
	await second.getByRole('button', { name: 'Book and get payment details' }).click()
	// The room went meanwhile: the second traveller sees why, and the trip as it can now be sold, with nothing booked.
	await expect(second.getByTestId('availability')).toContainText(`${lastRoom.hotel}: No rooms left on`)
	await expect(second.getByTestId('availability')).toContainText('instead.')
	await expect(second.getByRole('heading', { name: /^Pay ₹/ })).toHaveCount(0)
	await expect(second).toHaveURL(/\/book-now/)
})

test('staff edit a hotel calendar on a phone', async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 844 })
	await signIn(page, demoStaff.email, demoStaff.password)
	await page.goto('/admin/hotels')
	await page.getByRole('link', { name: 'Sitapur Coral Garden' }).first().click()
	await page.getByRole('link', { name: /Availability calendar/ }).click()
	await expect(page.getByRole('heading', { name: 'Availability: Sitapur Coral Garden' })).toBeVisible()
	const night = indiaDatePlus(40)
	await page.goto(`${new URL(page.url()).pathname}?month=${night.iso.slice(0, 7)}`)
	const cell = page.locator(`[data-night="${night.iso}"]`).first()
	await expect(cell).toHaveAttribute('data-status', 'free')
	await page.screenshot({ path: 'test-results/inventory-calendar-phone.png', fullPage: false })
	const range = page.getByRole('region', { name: 'Edit a range of nights' })
	await range.getByLabel('First night').fill(night.iso)
	await range.getByLabel('Last night').fill(night.iso)
	await range.getByLabel('Allotment (rooms a night)').fill('2')
	await range.getByRole('button', { name: 'Save the range' }).click()
	await expect(page.getByText(/Saved \d+ room-nights/)).toBeVisible()
	await expect(page.locator(`[data-night="${night.iso}"]`).first()).toHaveAttribute('data-status', 'low')
	const stop = page.getByRole('region', { name: 'Stop-sales' })
	await stop.getByLabel('First night').fill(night.iso)
	await stop.getByLabel('Last night').fill(addDays(night.iso, 1))
	await stop.getByLabel('Reason').fill('Water supply repairs')
	await stop.getByRole('button', { name: 'Add stop-sale' }).click()
	await expect(page.locator(`[data-night="${night.iso}"]`).first()).toHaveAttribute('data-status', 'stop-sale')
	await expect(stop.getByText(/Water supply repairs/)).toBeVisible()
	await page.setViewportSize({ width: 1280, height: 900 })
	await page.screenshot({ path: 'test-results/inventory-calendar-desktop.png', fullPage: true })
})

test('staff export a hotel contract as CSV, see every bad line of a wrong import with nothing saved, import a right one; the inventory desk and the dashboard queue', async ({
	page,
}) => {
	await signIn(page, demoStaff.email, demoStaff.password)
	await page.goto('/admin/hotels')
	await page.getByRole('link', { name: 'Aberdeen Bay Residency' }).first().click()
	await page.getByRole('link', { name: /Availability calendar/ }).click()
	await expect(page.getByRole('heading', { name: 'Availability: Aberdeen Bay Residency' })).toBeVisible()
	const night = indiaDatePlus(45)
	await page.goto(`${new URL(page.url()).pathname}?month=${night.iso.slice(0, 7)}`)
	const roomType = (await page.locator('section[aria-labelledby^="rt-"] h3').first().textContent())!.trim()

	const download = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Export contract (CSV)' }).click()
	const file = await (await download).path()
	const exported = (await import('node:fs')).readFileSync(file, 'utf8').replace(/^\uFEFF/, '')
	const header = 'kind,room_type,first_night,last_night,allotment,release_days,min_stay,closed_to_arrival,mode,reason'
	expect(exported.split('\r\n')[0]).toBe(header)
	expect(exported).toContain('terms,,,,,0,,,free_sale,')

	const contract = page.getByRole('region', { name: 'Contract as CSV' })
	const upload = async (rows: string[]) => {
		await contract
			.getByLabel('CSV file of the contract')
			.setInputFiles({ name: 'contract.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\r\n')) })
		await contract.getByRole('button', { name: 'Import contract' }).click()
	}
	await upload([
		`nights,Penthouse,${night.iso},${night.iso},4,,1,no,,`,
		`nights,${roomType},${night.iso},${night.iso},lots,,1,no,,`,
		`stop_sale,,${night.iso},${night.iso},,,,,,Staff training`,
	])
	const refusal = contract.getByRole('alert')
	await expect(refusal).toContainText('Nothing was imported: 2 problems to fix.')
	await expect(refusal).toContainText('Line 2: the hotel has no room type “Penthouse”.')
	await expect(refusal).toContainText('Line 3: give the allotment as a whole number of rooms, 0 to 999.')
	await expect(page.locator(`[data-night="${night.iso}"]`).first()).toHaveAttribute('data-status', 'free')

	await upload([`nights,${roomType},${night.iso},${night.iso},4,,1,no,,`, `stop_sale,,${night.iso},${night.iso},,,,,,Staff training`])
	await expect(page.getByText('Contract imported: 1 night ranges, 1 stop-sales')).toBeVisible()
	await expect(page.locator(`[data-night="${night.iso}"]`).first()).toHaveAttribute('data-status', 'stop-sale')
	await expect(page.getByRole('region', { name: 'Stop-sales' }).getByText(/Staff training/)).toBeVisible()

	await page.goto('/admin/inventory')
	await expect(page.getByRole('heading', { name: 'Overbooking report' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Stays in the release window, unconfirmed' })).toBeVisible()
	await page.goto('/admin')
	await expect(page.getByRole('region', { name: /Rooms in the release window, unconfirmed/ })).toBeVisible()
})
