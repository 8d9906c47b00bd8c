import { type Browser, expect, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { demoOwner, signIn, uniqueEmail } from './helpers.ts'

/**
 * The demo hotels the agent journeys book (the honeymoon package's standard tier, the custom trip's Port Blair pick) sell on free sale in this run's database: an agency's booking with a
 * hotel on request waits for staff (docs/decisions/233), and the agent journeys confirm on credit. Hotels that already have
 * terms keep them.
 */
export function agentTripHotelsSellFreely(dbPath: string) {
	const db = new Database(dbPath, { fileMustExist: true })
	try {
		db.prepare(
			`insert into hotel_sale_terms (hotel_id, mode, release_days, updated_at)
			 select id, 'free_sale', 0, ? from hotels where name in ('Govind Nagar Beach Huts', 'Vijay Nagar Palms', 'Bharatpur Beach Cottages', 'Corbyn''s Cove Sea View')
			 and id not in (select hotel_id from hotel_sale_terms)`,
		).run(new Date().toISOString())
	} finally {
		db.close()
	}
}

/** An approved agency and its admin user (role agent_admin) written into the run's database, the password hash copied from `passwordOf`'s account. */
export function seedAgencyAdmin(dbPath: string, input: { company: string; email: string; passwordOf: string; creditLimit: number }): string {
	const db = new Database(dbPath, { fileMustExist: true })
	try {
		const now = new Date().toISOString()
		const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`
		const id = `e2eAg${stamp}`.padEnd(20, 'x').slice(0, 20)
		db.prepare(
			`insert into agents (id, company, contact_person, phone, email, city, pan, gstin, commission_bp, status, notes, search_text, created_at, updated_at, rate_rule, credit_limit)
			 values (?, ?, 'Neha Kapoor', '+919811100000', 'neha@example.com', 'Delhi', null, null, 1000, 'approved', null, ?, ?, ?, 'commission', ?)`,
		).run(id, input.company, input.company.toLowerCase(), now, now, input.creditLimit)
		const known = db.prepare('select password_hash from users where email_lower = ?').get(input.passwordOf.toLowerCase()) as { password_hash: string }
		const userId = `e2eAgAdm${stamp}`.padEnd(20, 'y').slice(0, 20)
		db.prepare(
			`insert into users (id, email, email_lower, email_verified, display_name, photo_url, phone_number, role, disabled, password_hash, password_updated_at, token_version, created_at, updated_at, last_sign_in_at, approved_at, approved_by, agent_id)
			 values (?, ?, ?, 1, 'Neha Kapoor', null, null, 'agent_admin', 0, ?, ?, 0, ?, ?, null, ?, null, ?)`,
		).run(userId, input.email, input.email.toLowerCase(), known.password_hash, now, now, now, now, id)
		return id
	} finally {
		db.close()
	}
}

/**
 * Staff invite the agency's admin from the agency's page, as staff do (ADR 221): the invitation is read from the
 * outbox (no mail server in tests), and the invitee sets `password` from its link. Returns the new user's email.
 */
export async function staffInviteAgencyAdmin(browser: Browser, agencyId: string, input: { name: string; password: string }): Promise<string> {
	const context = await browser.newContext()
	const staff = await context.newPage()
	await signIn(staff, demoOwner.email, demoOwner.password)
	await staff.goto(`/admin/agents/${agencyId}`)
	const email = uniqueEmail('agency-admin')
	const users = staff.getByRole('region', { name: 'Users' })
	await users.getByLabel('Name').fill(input.name)
	await users.getByLabel('Email', { exact: true }).fill(email)
	await users.getByLabel('Role').selectOption('agent_admin')
	await users.getByRole('button', { name: 'Send invitation' }).click()
	await expect(staff.getByTestId('toast').getByText(`Invitation sent to ${email}`)).toBeVisible()
	const invitation = await invitationFromOutbox(staff, email)
	const inviteeContext = await browser.newContext()
	const invitee = await inviteeContext.newPage()
	await invitee.goto(`${invitation.pathname}${invitation.search}`)
	await invitee.getByLabel('New password').fill(input.password)
	await invitee.getByRole('button', { name: /password/i }).click()
	await expect(invitee).toHaveURL(/\/admin\/login\?reason=password-set/)
	await inviteeContext.close()
	await context.close()
	return email
}

/** The password-setting link of the invitation emailed to `email`, read by an owner in the outbox (no mail server in tests). */
export async function invitationFromOutbox(owner: Page, email: string): Promise<URL> {
	await owner.goto('/admin/outbox')
	const entry = owner.getByTestId('outbox-entry').filter({ hasText: `to ${email}` })
	await entry.locator('summary').click()
	const body = (await entry.locator('pre').textContent()) ?? ''
	const link = /https?:\/\/\S+mode=resetPassword\S+/.exec(body)?.[0]
	expect(link, body).toBeTruthy()
	return new URL(link!)
}
