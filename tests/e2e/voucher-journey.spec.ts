import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { arrivalIn, bookFamilyHolidayOnline, confirmEveryComponent, demoStaff, signIn } from './helpers.ts'

async function expectAccessible(page: Page) {
	const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
	expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/**
 * The whole journey (issue #7): a package booked online, staff record the
 * advance and confirm, issue the voucher; the traveller opens it, downloads
 * the PDF, and still reads it with the network switched off.
 */
test('package → book now → advance and confirm → voucher → PDF → offline', async ({ page, browser }) => {
	// Every component is confirmed one by one before the voucher (ADR 081): a longer journey.
	test.setTimeout(180_000)
	// The traveller books.
	const reference = await bookFamilyHolidayOnline(page, {
		...arrivalIn(98),
		travellers: [
			{ name: 'Lakshmi Nair', age: '34', gender: 'female', aadhaar: '7777 1111 2222' },
			{ name: 'Vivek Nair', age: '36', gender: 'male', aadhaar: '7777 1111 3333' },
		],
		contact: { name: 'Lakshmi Nair', phone: '98470 55443', email: 'lakshmi@example.com' },
	})

	// Staff: issuing before confirmation is refused with the reason.
	const staff = await (await browser.newContext()).newPage()
	await staff.goto('/admin/login?redirectTo=%2Fadmin%2Fpending')
	await signIn(staff, demoStaff.email, demoStaff.password)
	await staff.getByRole('link', { name: reference }).click()
	await staff.waitForURL(/\/admin\/pending\/[A-Za-z0-9]{20}$/)
	const bookingUrl = staff.url()
	const bookingId = bookingUrl.split('/').at(-1)!
	const refused = await staff.request.post('/admin/vouchers', { form: { intent: 'issue', bookingId } })
	expect(refused.status()).toBe(409)
	expect(await refused.text()).toContain('awaiting payment: confirm it first')

	// Record the advance (bad input first: a clear message, nothing lost), verify, confirm.
	const advance = (await staff.getByText('Advance needed').locator('xpath=following-sibling::p').textContent())!.replace(/[₹,]/g, '')
	const form = staff.getByRole('form', { name: 'Record a payment' })
	await form.getByLabel('Amount received (₹)').fill('lots')
	await form.getByLabel('Method').selectOption('upi')
	await form.getByLabel('Reference').fill(`UPI-J-${Date.now()}`)
	await form.getByRole('button', { name: 'Record payment' }).click()
	await expect(staff.getByText('Enter the amount received in rupees, e.g. 17,400.')).toBeVisible()
	await expect(form.getByLabel('Reference')).toHaveValue(/^UPI-J-/)
	await form.getByLabel('Amount received (₹)').fill(advance)
	await form.getByLabel(/verified/).check()
	await form.getByRole('button', { name: 'Record payment' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Payment recorded' })).toBeVisible()
	await staff.getByRole('button', { name: 'Confirm booking' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Booking confirmed' })).toBeVisible()

	// Confirmation planned the components; staff request and confirm the first hotel.
	const hotel = staff.getByTestId('component').filter({ hasText: 'Hotel in ' }).first()
	await expect(hotel).toContainText('Not requested yet')
	await hotel.getByText(/^Edit hotel stay$/).click()
	await hotel.getByLabel('Supplier (hotel, operator, vendor)').fill('Sea Shell Port Blair')
	await hotel.getByLabel('Supplier status').selectOption('confirmed')
	await hotel.getByLabel('Confirmation number or PNR').fill('SSPB-5521')
	await hotel.getByRole('button', { name: 'Save' }).click()
	// With the supplier's number in hand, staff confirm straight from "not requested yet".
	await expect(staff.getByTestId('toast').filter({ hasText: 'Component saved' })).toBeVisible()
	await expect(staff.getByTestId('component').filter({ hasText: 'Hotel in ' }).first()).toContainText('Conf. SSPB-5521')
	await expectAccessible(staff)

	// The rest is not confirmed yet: no voucher for staff, with what is missing. Confirm each one.
	await expect(staff.getByTestId('voucher-blockers')).toContainText('Not confirmed yet, so no voucher')
	await expect(staff.getByRole('button', { name: 'Issue voucher' })).toHaveCount(0)
	await confirmEveryComponent(staff, 'VJ')

	// Issue the voucher from the booking page.
	await staff.getByRole('button', { name: 'Issue voucher' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Voucher issued' })).toBeVisible()
	// Issued from the booking page, staff stay on it; the vouchers list finds it too.
	await expect(staff).toHaveURL(bookingUrl)
	await staff.goto('/admin/vouchers')
	await staff.getByRole('searchbox').or(staff.getByLabel('Booking reference or traveller')).fill(reference)
	await staff.getByRole('button', { name: 'Search' }).click()
	const row = staff.getByTestId('voucher-row').filter({ hasText: reference })
	await expect(row).toContainText('Valid')
	const voucherPath = (await row.getByRole('link', { name: 'Open voucher' }).getAttribute('href'))!
	expect(voucherPath).toMatch(/^\/voucher\/[A-Za-z0-9]{20}$/)
	await expectAccessible(staff)

	// The outbox shows the booking, payment and voucher emails, queued (no SMTP configured here).
	await staff.goto('/admin/outbox')
	await expect(staff.getByTestId('outbox-entry').filter({ hasText: 'Voucher issued' }).filter({ hasText: 'lakshmi@example.com' })).toContainText('Queued')
	await expect(staff.getByTestId('outbox-entry').filter({ hasText: 'Booking received' }).filter({ hasText: 'lakshmi@example.com' }).first()).toBeVisible()
	await expectAccessible(staff)

	// The traveller opens the voucher.
	const traveller = await browser.newContext()
	const phone = await traveller.newPage()
	// Nothing on the voucher page (service worker, QR code, print styles) breaks the CSP.
	const cspErrors: string[] = []
	phone.on('console', (message) => {
		if (/Content Security Policy|Refused to/.test(message.text())) cspErrors.push(message.text())
	})
	const response = await phone.goto(voucherPath)
	expect(response?.headers()['x-robots-tag']).toContain('noindex')
	expect(response?.headers()['x-page-cache']).toBeUndefined()
	await expect(phone.getByRole('heading', { level: 1 })).toContainText('Andaman Family Holiday')
	await expect(phone.getByText(reference).first()).toBeVisible()
	await expect(phone.getByText('SSPB-5521')).toBeVisible()
	await expect(phone.getByRole('img', { name: /QR code of this voucher/ }).locator('svg')).toBeVisible()
	await expect(phone.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=.*voucher/)
	await expect(phone.getByRole('heading', { name: 'Emergency and support' })).toBeVisible()
	await expectAccessible(phone)

	// The PDF is a real PDF.
	const downloading = phone.waitForEvent('download')
	await phone.getByRole('link', { name: 'Download PDF' }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe(`voucher-${reference}.pdf`)
	const stream = await download.createReadStream()
	const chunks: Buffer[] = []
	for await (const chunk of stream) chunks.push(chunk as Buffer)
	const pdf = Buffer.concat(chunks)
	expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
	expect(pdf.length).toBeGreaterThan(2000)

	// Saved for offline reading; with the network off, a reload still shows the voucher.
	await expect(phone.getByTestId('offline-state')).toHaveText('Saved on this phone: opens without a network.')
	expect(cspErrors).toEqual([])
	await traveller.setOffline(true)
	await phone.reload()
	await expect(phone.getByRole('heading', { level: 1 })).toContainText('Andaman Family Holiday')
	await expect(phone.getByText('SSPB-5521')).toBeVisible()
	await traveller.setOffline(false)

	// Reissue: the old voucher says it was replaced and links to the new one. Revoke: it says so.
	await staff.goto(`/admin/vouchers?q=${reference}`)
	await staff
		.getByTestId('voucher-row')
		.filter({ hasText: reference })
		.filter({ hasText: 'version 1' })
		.getByRole('button', { name: 'Reissue after a change' })
		.click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Voucher reissued' })).toBeVisible()
	await phone.goto(voucherPath)
	await expect(phone.getByRole('alert')).toContainText('This voucher was replaced by a newer version.')
	await phone.getByRole('link', { name: 'Open the current voucher' }).click()
	await expect(phone.getByText('version 2')).toBeVisible()
	const current = staff.getByTestId('voucher-row').filter({ hasText: reference }).filter({ hasText: 'version 2' })
	await current.getByRole('button', { name: 'Revoke' }).click()
	await expect(current.getByText('Say why the voucher is revoked')).toBeVisible()
	await current.getByLabel('Reason for revoking').fill('Booking cancelled by the traveller')
	await current.getByRole('button', { name: 'Revoke' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Voucher revoked' })).toBeVisible()
	await phone.reload()
	await expect(phone.getByRole('alert')).toContainText('This voucher has been revoked and is no longer valid: Booking cancelled by the traveller')
	await traveller.close()
})

test('the dashboard shows today’s figures, each linking to its list', async ({ page }) => {
	await page.goto('/admin/login?redirectTo=%2Fadmin')
	await signIn(page, demoStaff.email, demoStaff.password)
	const cards = page.getByTestId('dashboard-card')
	await expect(cards).toHaveCount(6)
	await expectAccessible(page)
	await page.getByRole('link', { name: /Balances overdue/ }).click()
	await expect(page).toHaveURL(/\/admin\/pending\?filter=overdue$/)
	await expect(page.getByRole('link', { name: 'Balance overdue' })).toHaveAttribute('aria-current', 'page')
	await page.goto('/admin')
	await page.getByRole('link', { name: /Arrivals in the next 7 days/ }).click()
	await expect(page).toHaveURL(/filter=arrivals/)
})
