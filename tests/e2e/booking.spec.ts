import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from '@playwright/test'
import { demoStaff, indiaDatePlus, signIn } from './helpers.ts'

function bookingRow(reference: string) {
	const db = new Database(path.resolve('data/e2e/app.db'), { readonly: true, fileMustExist: true })
	const row = db.prepare('select * from bookings where reference = ?').get(reference) as Record<string, unknown> | undefined
	const travellers = db.prepare('select count(*) as n from booking_travellers where booking_id = ?').get(row?.id) as { n: number }
	db.close()
	return { row, travellers: travellers.n }
}

test('a traveller books a package, staff record the advance and confirm', async ({ page, browser }) => {
	await page.goto('/packages/andaman-family-holiday-6-nights')
	await page.getByRole('link', { name: 'Book now' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Book Andaman Family Holiday')

	// Trip: 2 adults, one child of 8, a date well ahead.
	const arrival = indiaDatePlus(75)
	await page.getByLabel('Arrival date in Port Blair').fill(arrival.iso)
	await page.getByLabel('Adults').fill('2')
	await page.getByLabel(/^Children’s ages/).fill('8')
	await page.getByRole('button', { name: 'Update price and travellers' }).click()
	await expect(page.getByRole('heading', { name: new RegExp(`2\\. Price for ${arrival.label}`) })).toBeVisible()
	const total = await page
		.getByRole('row', { name: /Total, including GST/ })
		.getByRole('cell')
		.textContent()

	// A foreign traveller without a passport is refused with the reason; nothing is lost.
	const fill = async (n: number, name: string, age: string, gender: string, idType: string, idNumber: string, nationality = 'Indian') => {
		await page
			.getByRole('group', { name: `Traveller ${n}` })
			.getByLabel('Full name')
			.fill(name)
		await page
			.getByRole('group', { name: `Traveller ${n}` })
			.getByLabel('Age')
			.fill(age)
		await page
			.getByRole('group', { name: `Traveller ${n}` })
			.getByLabel('Gender')
			.selectOption(gender)
		await page
			.getByRole('group', { name: `Traveller ${n}` })
			.getByLabel('Nationality')
			.fill(nationality)
		await page
			.getByRole('group', { name: `Traveller ${n}` })
			.getByLabel('ID', { exact: true })
			.selectOption(idType)
		await page
			.getByRole('group', { name: `Traveller ${n}` })
			.getByLabel('ID number')
			.fill(idNumber)
	}
	await fill(1, 'Sunita Rao', '38', 'female', 'aadhaar', '4321 8765 2109')
	await fill(2, 'Mark Evans', '40', 'male', 'aadhaar', '1111 2222 3333', 'British')
	await fill(3, 'Anika Rao', '8', 'female', 'aadhaar', '9999 8888 7777')
	await page.getByLabel('Contact name').fill('Sunita Rao')
	await page.getByLabel('Mobile or WhatsApp').fill('98450 11223')
	await page.getByLabel(/I accept the booking terms/).check()
	await page.getByRole('button', { name: 'Book and get payment details' }).click()
	await expect(page.getByText('Traveller 2 is a foreign national: ferries and permits need their passport.')).toBeVisible()
	await expect(page.getByRole('group', { name: 'Traveller 1' }).getByLabel('Full name')).toHaveValue('Sunita Rao')

	await page.getByRole('group', { name: 'Traveller 2' }).getByLabel('ID', { exact: true }).selectOption('passport')
	await page.getByRole('group', { name: 'Traveller 2' }).getByLabel('ID number').fill('533380006')
	await page.getByRole('group', { name: 'Traveller 2' }).getByLabel('Passport expiry (foreign nationals)').fill('2031-06-30')
	await page.getByLabel(/I accept the booking terms/).check()
	await page.getByRole('button', { name: 'Book and get payment details' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your booking is in')
	await expect(page.getByRole('heading', { name: /^Pay ₹[\d,]+(\.\d\d)? to confirm$/ })).toBeVisible()
	const reference = (await page.locator('strong.font-mono').textContent())!
	expect(reference).toMatch(/^BK-\d{4}-\d{5}$/)
	const saved = bookingRow(reference)
	expect(saved.row).toMatchObject({ status: 'pending_payment', adults: 2, contact_phone: '+919845011223' })
	expect(saved.travellers).toBe(3)

	// Staff: record the advance, verify it, confirm.
	const staff = await (await browser.newContext()).newPage()
	await staff.goto('/admin/login?redirectTo=%2Fadmin%2Fpending')
	await signIn(staff, demoStaff.email, demoStaff.password)
	await staff.getByRole('link', { name: reference }).click()
	await expect(staff.getByRole('heading', { level: 1 })).toContainText('Andaman Family Holiday')
	await expect(staff.getByText(total!.trim()).first()).toBeVisible()
	await staff.getByRole('button', { name: 'Confirm booking' }).click()
	await expect(staff.getByRole('alert')).toContainText('do not cover the advance')
	const advance = (await staff.getByText('Advance needed').locator('xpath=following-sibling::p').textContent())!.replace(/[₹,]/g, '')
	const form = staff.getByRole('form', { name: 'Record a payment' })
	await form.getByLabel('Amount received (₹)').fill(advance)
	await form.getByLabel('Method').selectOption('upi')
	await form.getByLabel('Reference').fill(`UPI-${Date.now()}`)
	await form.getByLabel(/verified/).check()
	await form.getByRole('button', { name: 'Record payment' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Payment recorded' })).toBeVisible()
	await staff.getByRole('button', { name: 'Confirm booking' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Booking confirmed' })).toBeVisible()
	await expect(staff.getByText('Confirmed', { exact: true })).toBeVisible()
	expect(bookingRow(reference).row?.status).toBe('confirmed')
})

test('a trip priced in the builder can be booked, repriced by the server', async ({ page }) => {
	await page.goto('/builder')
	await expect(page.getByRole('heading', { name: 'Your price' })).toBeVisible()
	await page.getByRole('link', { name: 'Book now' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Book Custom trip')
	await expect(page.getByRole('heading', { name: /^2\. Price for/ })).toBeVisible()
	for (const n of [1, 2]) {
		const group = page.getByRole('group', { name: `Traveller ${n}` })
		await group.getByLabel('Full name').fill(n === 1 ? 'Deepa Menon' : 'Arun Menon')
		await group.getByLabel('Age').fill(n === 1 ? '33' : '35')
		await group.getByLabel('Gender').selectOption(n === 1 ? 'female' : 'male')
		await group.getByLabel('ID', { exact: true }).selectOption('aadhaar')
		await group.getByLabel('ID number').fill(n === 1 ? '5555 6666 7777' : '5555 6666 8888')
	}
	await page.getByLabel('Contact name').fill('Deepa Menon')
	await page.getByLabel('Mobile or WhatsApp').fill('9447012345')
	await page.getByLabel(/I accept the booking terms/).check()
	await page.getByRole('button', { name: 'Book and get payment details' }).click()
	await expect(page.getByRole('heading', { name: /^Pay ₹[\d,]+(\.\d\d)? to confirm$/ })).toBeVisible()
	const reference = (await page.locator('strong.font-mono').textContent())!
	const saved = bookingRow(reference)
	expect(saved.row).toMatchObject({ status: 'pending_payment', package_id: null, adults: 2 })
	expect(String(saved.row?.title)).toMatch(/^Custom trip: Port Blair/)
	expect(saved.travellers).toBe(2)
})
