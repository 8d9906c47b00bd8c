import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, type Page, test } from '@playwright/test'
import { agentTripHotelsSellFreely } from './agent-fixtures.ts'
import { demoOwner, demoStaff, indiaDatePlus, signIn } from './helpers.ts'

/**
 * The agency's money, as far as built (issue 37; ADR 223, 224): an agent of an approved agency prices a
 * package at net, adds 12% markup, books it for their client on credit (confirmed at once), sees it in
 * their bookings and their statement with the credit used; staff see the credit in use on the agency page.
 * The foundation's invitation screen is not merged yet: the agency and its agent user are written into
 * this run's own database (the password hash copied from the demo staff account, whose password we know).
 */
const shots = path.resolve('test-results/shots/agent-commerce')
const agentEmail = `agent-${Date.now().toString(36)}@example.com`

function seedAgency(): string {
	const db = new Database(path.resolve('data/e2e/app.db'), { fileMustExist: true })
	try {
		const now = new Date().toISOString()
		const id = `e2eAgency${Date.now().toString(36)}`.padEnd(20, 'x').slice(0, 20)
		db.prepare(
			`insert into agents (id, company, contact_person, phone, email, city, pan, gstin, commission_bp, status, notes, search_text, created_at, updated_at, rate_rule, credit_limit)
			 values (?, 'Blue Lagoon Travels', 'Neha Kapoor', '+919811100000', 'neha@example.com', 'Delhi', null, null, 1000, 'approved', null, 'blue lagoon travels', ?, ?, 'commission', 50000000)`,
		).run(id, now, now)
		const staff = db.prepare('select * from users where email_lower = ?').get(demoStaff.email.toLowerCase()) as Record<string, unknown>
		const userId = `e2eAgentUser${Date.now().toString(36)}`.padEnd(20, 'y').slice(0, 20)
		db.prepare(
			`insert into users (id, email, email_lower, email_verified, display_name, photo_url, phone_number, role, disabled, password_hash, password_updated_at, token_version, created_at, updated_at, last_sign_in_at, approved_at, approved_by, agent_id)
			 values (?, ?, ?, 1, 'Neha Kapoor', null, null, 'agent_user', 0, ?, ?, 0, ?, ?, null, ?, null, ?)`,
		).run(userId, agentEmail, agentEmail, staff.password_hash, now, now, now, now, id)
		return id
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

test('an agent prices at net, adds 12% markup, books on credit and sees the booking and the credit used on the statement', async ({ page, browser }) => {
	// The server has started (and seeded) once the login page answers.
	await page.goto('/admin/login')
	const agencyId = seedAgency()
	// Its hotels sell freely: a hotel on request would wait for staff (ADR 233).
	agentTripHotelsSellFreely(path.resolve('data/e2e/app.db'))
	await signIn(page, agentEmail, demoStaff.password)
	await expect(page).toHaveURL(/\/agent$/)

	await page.goto('/agent/book')
	await page.getByLabel('Package').selectOption({ index: 1 })
	await page.getByLabel('Arrival date').fill(indiaDatePlus(60).iso)
	await page.getByLabel('Adults').fill('2')
	await page.getByLabel('Your markup').selectOption('percent')
	await page.getByLabel('Markup (% or ₹)').fill('12')
	await page.getByRole('button', { name: 'Price this trip' }).click()
	const net = Number((await page.getByTestId('agent-net').innerText()).replace(/[^\d.]/g, ''))
	const markup = Number((await page.getByTestId('agent-markup').innerText()).replace(/[^\d.]/g, ''))
	const client = Number((await page.getByTestId('client-price').innerText()).replace(/[^\d.]/g, ''))
	expect(net).toBeGreaterThan(0)
	// The client pays whole rupees; the markup absorbs the rounding (ADR 231).
	expect(Math.abs(markup - net * 0.12)).toBeLessThanOrEqual(0.5)
	expect(Number.isInteger(client)).toBe(true)
	expect(Math.abs(client - net - markup)).toBeLessThanOrEqual(0.01)
	await shoot(page, 'agent-book')

	await page.getByLabel('Client’s name').fill('Ritu Sharma')
	await page.getByLabel('Client’s phone').fill('+919812345678')
	await page.getByRole('button', { name: /Book on credit/ }).click()
	await expect(page).toHaveURL(/\/agent\/bookings$/)
	const row = page.getByRole('row', { name: /Ritu Sharma/ })
	await expect(row).toContainText('Confirmed')
	await expect(row).toContainText('On credit')
	await shoot(page, 'agent-bookings')

	await page.goto('/agent/statement')
	await expect(page.getByRole('row', { name: /Booking on credit/ })).toBeVisible()
	expect(Number((await page.getByTestId('bookings-on-credit').innerText()).replace(/[^\d.]/g, ''))).toBe(net)
	expect(Number((await page.getByTestId('credit-in-use-now').innerText()).replace(/[^\d.]/g, ''))).toBe(net)
	await shoot(page, 'agent-statement')

	// Staff see the same credit in use on the agency's page, and the approvals queue.
	const staff = await (await browser.newContext()).newPage()
	await signIn(staff, demoOwner.email, demoOwner.password)
	await staff.goto(`/admin/agents/${agencyId}`)
	expect(Number((await staff.getByTestId('credit-used').innerText()).replace(/[^\d.]/g, ''))).toBe(net)
	await shoot(staff, 'admin-agent-credit-panel')
	await staff.goto('/admin/agent-credit')
	await expect(staff.getByRole('heading', { name: 'Agent credit approvals' })).toBeVisible()
	await shoot(staff, 'admin-agent-credit-queue')
})
