import { execFileSync } from 'node:child_process'
import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, type Page, test } from '@playwright/test'
import { agentTripHotelsSellFreely, staffInviteAgencyAdmin } from './agent-fixtures.ts'
import { confirmEveryComponent, demoOwner, indiaDatePlus, signIn } from './helpers.ts'

/**
 * Issue 37's journey (ADRs 221, 225, 230): staff invite the agency's admin, who sets a password from the emailed
 * link and sets the brand; the agent prices a trip, adds 12%
 * markup and saves a branded quote; the client opens it (the agency's brand and the client's price, never
 * the net or our name) and accepts; the booking confirms on credit; the voucher shows the agency's brand;
 * the statement shows the booking and the credit used. The approved agency with its credit limit is written into
 * this run's own database; its admin comes through the staff invitation.
 */
const shots = path.resolve('test-results/shots/agent-quotes')
const dbPath = path.resolve('data/e2e/app.db')

function seedAgency(): string {
	const db = new Database(dbPath, { fileMustExist: true })
	try {
		const now = new Date().toISOString()
		const id = `e2eQAgency${Date.now().toString(36)}`.padEnd(20, 'x').slice(0, 20)
		db.prepare(
			`insert into agents (id, company, contact_person, phone, email, city, pan, gstin, commission_bp, status, notes, search_text, created_at, updated_at, rate_rule, credit_limit)
			 values (?, 'Coral Coast Travels Pvt Ltd', 'Neha Kapoor', '+919811100000', 'neha@example.com', 'Delhi', null, null, 1000, 'approved', null, 'coral coast travels', ?, ?, 'commission', 50000000)`,
		).run(id, now, now)
		return id
	} finally {
		db.close()
	}
}

function readOne<T>(sql: string, ...params: unknown[]): T {
	const db = new Database(dbPath, { fileMustExist: true, readonly: true })
	try {
		return db.prepare(sql).get(...params) as T
	} finally {
		db.close()
	}
}

async function shoot(page: Page, name: string) {
	for (const [width, height] of [
		[390, 844],
		[1280, 900],
	] as const) {
		await page.setViewportSize({ width, height })
		await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true })
	}
}

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''))

test('staff invite an agency admin, who sends a branded quote at net + 12%, the client accepts, it confirms on credit, the voucher carries the agency’s brand and the statement the credit used', async ({
	page,
	browser,
}) => {
	// A long journey (brand, quote, acceptance, every supplier confirmed, voucher, statement) on a shared machine.
	test.setTimeout(240_000)
	// An approved agency with credit; staff invite its admin, who sets a password from the emailed link.
	const agencyId = seedAgency()
	const agentEmail = await staffInviteAgencyAdmin(browser, agencyId, { name: 'Neha Kapoor', password: 'Coral#Quotes2026' })
	// Its hotels sell freely: a hotel on request would wait for staff (ADR 233).
	agentTripHotelsSellFreely(dbPath)
	await signIn(page, agentEmail, 'Coral#Quotes2026')
	await expect(page).toHaveURL(/\/agent$/)

	// The agency admin sets the brand (our name hidden).
	await page.goto('/agent/brand')
	await page.getByLabel('Name your clients know you by').fill('Coral Coast Holidays')
	await page.getByLabel('Address').fill('14 Park Street, Kolkata')
	await page.getByLabel('Phone').fill('+919830012345')
	await page.getByLabel('Email').fill('hello@coralcoast.example')
	await page.getByRole('button', { name: 'Save your brand' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Brand saved' })).toBeVisible()
	await shoot(page, 'agent-brand')

	await page.goto('/agent/book')
	await page.getByLabel('Package').selectOption({ index: 1 })
	await page.getByLabel('Arrival date').fill(indiaDatePlus(60).iso)
	await page.getByLabel('Adults').fill('2')
	await page.getByLabel('Your markup').selectOption('percent')
	await page.getByLabel('Markup (% or ₹)').fill('12')
	await page.getByRole('button', { name: 'Price this trip' }).click()
	const netText = await page.getByTestId('agent-net').innerText()
	const net = rupees(netText)
	const client = rupees(await page.getByTestId('client-price').innerText())
	// The client pays whole rupees; the markup absorbs the rounding (ADR 231).
	expect(Math.abs(client - net * 1.12)).toBeLessThanOrEqual(0.5)
	expect(Number.isInteger(client)).toBe(true)
	await page.getByLabel('Client’s name').fill('Ritu Sharma')
	await page.getByLabel('Client’s phone').fill('+919812345678')
	await page.getByRole('button', { name: /Save a quote for your client/ }).click()
	await expect(page).toHaveURL(/\/client-quote\/[A-Za-z0-9]{20}$/)
	const quoteUrl = page.url()

	// The client, signed out, opens the link: the agency's brand and the client's price; not our name, not the net.
	const clientPage = await (await browser.newContext()).newPage()
	await clientPage.goto(quoteUrl)
	await expect(clientPage.getByTestId('brand-name')).toHaveText('Coral Coast Holidays')
	await expect(clientPage.getByText('14 Park Street, Kolkata')).toBeVisible()
	expect(rupees(await clientPage.getByTestId('client-price').innerText())).toBe(client)
	const html = await clientPage.content()
	expect(html).not.toContain('Andaman Isles Travel')
	expect(html).not.toContain(netText)
	await shoot(clientPage, 'client-quote')
	// The client downloads the quote as a PDF: the agency's brand and the client's price, not the net or our name.
	const download = clientPage.waitForEvent('download')
	await clientPage.getByRole('link', { name: 'Download as PDF' }).click()
	const pdfText = execFileSync('pdftotext', ['-layout', (await (await download).path())!, '-']).toString('utf8')
	expect(pdfText).toContain('Coral Coast Holidays')
	expect(pdfText).toContain('Ritu Sharma')
	expect(rupees(/₹([\d,]+)/.exec(pdfText)?.[1] ?? '')).toBe(client)
	expect(pdfText).not.toContain('Andaman Isles Travel')
	expect(pdfText).not.toContain(netText.replace(/^₹/, ''))
	// The agent's list links each quote's PDF.
	await page.goto('/agent/quotes')
	await expect(page.getByRole('link', { name: 'Download the quote for Ritu Sharma as PDF' })).toHaveAttribute('href', `${new URL(quoteUrl).pathname}/pdf`)
	await shoot(page, 'agent-quotes')
	await clientPage.getByRole('button', { name: 'Accept this quote' }).click()
	await expect(clientPage.getByTestId('quote-status')).toContainText(/You accepted this quote: booking BK-.*, confirmed/)
	await shoot(clientPage, 'client-quote-accepted')

	// Confirmed on the agency's credit.
	await page.goto('/agent/bookings')
	const row = page.getByRole('row', { name: /Ritu Sharma/ })
	await expect(row).toContainText('Confirmed')
	await expect(row).toContainText('On credit')

	// Staff confirm the suppliers and issue the voucher: it carries the agency's brand, not ours, and no price.
	const booking = readOne<{ id: string }>('select id from bookings where agent_id = ?', agencyId)
	const staff = await (await browser.newContext()).newPage()
	await signIn(staff, demoOwner.email, demoOwner.password)
	await staff.goto(`/admin/pending/${booking.id}`)
	await confirmEveryComponent(staff, 'E2E-AQ')
	await staff.getByRole('button', { name: 'Issue voucher' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Voucher issued' })).toBeVisible()
	const voucher = readOne<{ id: string }>('select id from vouchers where booking_id = ? order by version desc', booking.id)
	await clientPage.goto(`/voucher/${voucher.id}`)
	await expect(clientPage.getByText('Coral Coast Holidays · travel voucher')).toBeVisible()
	const voucherText = await clientPage.locator('body').innerText()
	expect(voucherText).not.toContain('Andaman Isles Travel')
	expect(voucherText).not.toContain(netText)
	await shoot(clientPage, 'agency-voucher')

	// The statement: the booking on credit and the credit in use.
	await page.goto('/agent/statement')
	await expect(page.getByRole('row', { name: /Booking on credit/ })).toBeVisible()
	expect(rupees(await page.getByTestId('credit-in-use-now').innerText())).toBe(net)
	await shoot(page, 'agent-statement')
})
