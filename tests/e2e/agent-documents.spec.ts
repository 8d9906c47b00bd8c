import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import { expect, type Page, test } from '@playwright/test'
import { confirmEveryComponent, demoOwner, demoStaff, indiaDatePlus, signIn } from './helpers.ts'
import { agentTripHotelsSellFreely } from './agent-fixtures.ts'

/**
 * The agency's own documents (ADR 232): the agent opens their booking, downloads its voucher PDF under their
 * brand (with their logo), sees the tax invoice billed to their agency with their GSTIN, and sees their quotes.
 * The agency (with its GSTIN and billing address) and its admin are written into this run's own database.
 */
const shots = path.resolve('test-results/shots/agent-docs')
const agentEmail = `agent-d-${Date.now().toString(36)}@example.com`
const dbPath = path.resolve('data/e2e/app.db')
const gstin = '27AAACN1234F1ZX'

function seedAgency(): string {
	const db = new Database(dbPath, { fileMustExist: true })
	try {
		const now = new Date().toISOString()
		const id = `e2eDAgency${Date.now().toString(36)}`.padEnd(20, 'x').slice(0, 20)
		db.prepare(
			`insert into agents (id, company, contact_person, phone, email, city, pan, gstin, commission_bp, status, notes, search_text, created_at, updated_at, rate_rule, credit_limit, billing_address, state_code)
			 values (?, 'Seashell Journeys Pvt Ltd', 'Neha Kapoor', '+919811100000', 'neha@example.com', 'Mumbai', 'AAACN1234F', ?, 1000, 'approved', null, 'seashell journeys', ?, ?, 'commission', 50000000, '4 Marine Drive, Mumbai 400002', '27')`,
		).run(id, gstin, now, now)
		const staff = db.prepare('select * from users where email_lower = ?').get(demoStaff.email.toLowerCase()) as Record<string, unknown>
		const userId = `e2eDAgentAdm${Date.now().toString(36)}`.padEnd(20, 'y').slice(0, 20)
		db.prepare(
			`insert into users (id, email, email_lower, email_verified, display_name, photo_url, phone_number, role, disabled, password_hash, password_updated_at, token_version, created_at, updated_at, last_sign_in_at, approved_at, approved_by, agent_id)
			 values (?, ?, ?, 1, 'Neha Kapoor', null, null, 'agent_admin', 0, ?, ?, 0, ?, ?, null, ?, null, ?)`,
		).run(userId, agentEmail, agentEmail, staff.password_hash, now, now, now, now, id)
		return id
	} finally {
		db.close()
	}
}

function bookingOf(agencyId: string): { id: string; reference: string } {
	const db = new Database(dbPath, { fileMustExist: true, readonly: true })
	try {
		return db.prepare('select id, reference from bookings where agent_id = ?').get(agencyId) as { id: string; reference: string }
	} finally {
		db.close()
	}
}

async function shoot(page: Page, name: string) {
	fs.mkdirSync(shots, { recursive: true })
	for (const [width, height] of [
		[390, 844],
		[1280, 900],
	] as const) {
		await page.setViewportSize({ width, height })
		await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true })
	}
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
	const [download] = await Promise.all([page.waitForEvent('download'), click()])
	return fs.readFileSync((await download.path())!)
}
const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8')

test('the agent opens their booking, downloads the voucher PDF under their brand and logo, sees the tax invoice with their GSTIN, and their quotes', async ({
	page,
	browser,
}) => {
	test.setTimeout(240_000)
	await page.goto('/admin/login')
	const agencyId = seedAgency()
	// Confirmed on credit at once: the trip's hotels sell freely (a hotel on request waits for staff, docs/decisions/233).
	agentTripHotelsSellFreely(dbPath)
	await signIn(page, agentEmail, demoStaff.password)
	await expect(page).toHaveURL(/\/agent$/)

	// The brand, with a logo.
	await page.goto('/agent/brand')
	await page.getByLabel('Name your clients know you by').fill('Seashell Holidays')
	await page.getByLabel('Phone').fill('+919830012345')
	const logo = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#0e7490' } })
		.jpeg()
		.toBuffer()
	await page.getByLabel('Logo').setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: logo })
	await page.getByRole('button', { name: 'Save your brand' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Brand saved' })).toBeVisible()

	// A booking on credit, and a quote.
	const price = async () => {
		await page.goto('/agent/book')
		await page.getByLabel('Package').selectOption({ index: 1 })
		await page.getByLabel('Arrival date').fill(indiaDatePlus(60).iso)
		await page.getByLabel('Adults').fill('2')
		await page.getByLabel('Your markup').selectOption('percent')
		await page.getByLabel('Markup (% or ₹)').fill('12')
		await page.getByRole('button', { name: 'Price this trip' }).click()
		await page.getByLabel('Client’s name').fill('Ritu Sharma')
		await page.getByLabel('Client’s phone').fill('+919812345678')
	}
	await price()
	await page.getByRole('button', { name: /Book on credit/ }).click()
	await expect(page).toHaveURL(/\/agent\/bookings$/)
	await price()
	await page.getByLabel('Client’s name').fill('Kabir Mehta')
	await page.getByRole('button', { name: /Save a quote for your client/ }).click()
	await expect(page).toHaveURL(/\/client-quote\/[A-Za-z0-9]{20}$/)
	const quoteUrl = page.url()

	// Staff confirm the suppliers, issue the voucher and the tax invoice (billed to the agency).
	const booking = bookingOf(agencyId)
	const staff = await (await browser.newContext()).newPage()
	await signIn(staff, demoOwner.email, demoOwner.password)
	await staff.goto(`/admin/pending/${booking.id}`)
	await confirmEveryComponent(staff, 'E2E-AD')
	await staff.getByRole('button', { name: 'Issue voucher' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Voucher issued' })).toBeVisible()
	await expect(staff.getByTestId('agency-buyer')).toContainText(`Seashell Journeys Pvt Ltd, GSTIN ${gstin}`)
	await staff.getByRole('button', { name: 'Issue tax invoice' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: /Tax invoice .* issued/ })).toBeVisible()

	// The agent opens the booking from the list.
	await page.goto('/agent/bookings')
	await page.getByRole('link', { name: booking.reference }).click()
	await expect(page).toHaveURL(new RegExp(`/agent/bookings/${booking.id}$`))
	await expect(page.getByTestId('booking-client')).toHaveText('Ritu Sharma')
	await expect(page.getByTestId('booking-status')).toHaveText('Confirmed')
	await expect(page.getByRole('cell', { name: 'Confirmed by supplier' }).first()).toBeVisible()
	await shoot(page, 'agent-booking')

	// The voucher PDF: their brand, their logo (two images: the logo and the QR code), not our name.
	const voucher = await downloaded(page, () => page.getByRole('link', { name: 'Download the voucher PDF' }).click())
	const voucherText = pdfText(voucher)
	expect(voucherText).toContain('Seashell Holidays')
	expect(voucherText).not.toContain('Andaman Isles Travel')
	expect(voucher.toString('latin1').match(/\/Subtype\s*\/Image/g)).toHaveLength(2)
	// The voucher page shows the logo too.
	await page.getByRole('link', { name: /Open the voucher/ }).click()
	await expect(page.getByTestId('agency-logo')).toBeVisible()
	await shoot(page, 'agent-voucher')

	// The tax invoice: billed to the agency with its GSTIN.
	await page.goto('/agent/invoices')
	const invoiceRow = page.getByRole('row', { name: new RegExp(booking.reference) })
	await expect(invoiceRow).toContainText(`GSTIN ${gstin}`)
	await expect(invoiceRow).toContainText('Seashell Journeys Pvt Ltd')
	await shoot(page, 'agent-invoices')
	const invoice = await downloaded(page, () => invoiceRow.getByRole('link', { name: /^PDF/ }).click())
	expect(pdfText(invoice)).toContain(gstin)

	// The quote list: open, with the client's link.
	await page.goto('/agent/quotes')
	const quoteRow = page.getByRole('row', { name: /Kabir Mehta/ })
	await expect(quoteRow).toContainText('Open')
	await expect(quoteRow.getByRole('link', { name: quoteUrl })).toBeVisible()
	await shoot(page, 'agent-quotes')
})
