import path from 'node:path'
import Database from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { demoStaff } from './helpers.ts'

/**
 * An approved agency and one signed-in-able user of it, written into this run's own database (the e2e server's
 * SQLite file), the password hash copied from the demo staff account so the spec signs in with demoStaff.password.
 */
export function seedAgencyUser(options: {
	email: string
	company: string
	role: 'agent_admin' | 'agent_user'
	rateRule: 'commission' | 'margin'
	commissionBp?: number
	marginBp?: number
	creditLimit: number
}): string {
	const db = new Database(path.resolve('data/e2e/app.db'), { fileMustExist: true })
	try {
		const now = new Date().toISOString()
		const stamp = Date.now().toString(36)
		const id = `e2eAg${stamp}`.padEnd(20, 'x').slice(0, 20)
		db.prepare(
			`insert into agents (id, company, contact_person, phone, email, city, pan, gstin, commission_bp, status, notes, search_text, created_at, updated_at, rate_rule, margin_bp, credit_limit)
			 values (?, ?, 'Arjun Mehta', '+919811100001', 'agency@example.com', 'Pune', null, null, ?, 'approved', null, ?, ?, ?, ?, ?, ?)`,
		).run(id, options.company, options.commissionBp ?? 0, options.company.toLowerCase(), now, now, options.rateRule, options.marginBp ?? 0, options.creditLimit)
		const staff = db.prepare('select password_hash from users where email_lower = ?').get(demoStaff.email.toLowerCase()) as { password_hash: string }
		db.prepare(
			`insert into users (id, email, email_lower, email_verified, display_name, photo_url, phone_number, role, disabled, password_hash, password_updated_at, token_version, created_at, updated_at, last_sign_in_at, approved_at, approved_by, agent_id)
			 values (?, ?, ?, 1, 'Arjun Mehta', null, null, ?, 0, ?, ?, 0, ?, ?, null, ?, null, ?)`,
		).run(`e2eAu${stamp}`.padEnd(20, 'y').slice(0, 20), options.email, options.email.toLowerCase(), options.role, staff.password_hash, now, now, now, now, id)
		return id
	} finally {
		db.close()
	}
}

/** Full-page screenshots at phone (390×844) and desktop (1280×900) widths: `<prefix>-390.png`, `<prefix>-1280.png`. */
export async function shootBothWidths(page: Page, prefix: string) {
	for (const [width, height] of [
		[390, 844],
		[1280, 900],
	] as const) {
		await page.setViewportSize({ width, height })
		await page.screenshot({ path: `${prefix}-${width}.png`, fullPage: true })
	}
}
