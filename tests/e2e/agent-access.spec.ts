/**
 * Agent users (ADR 221, 222): staff invite a person of an approved agency, who sets a password from
 * the emailed link, signs in at the staff sign-in page and lands in the agent area; every staff page
 * refuses them; suspending the agency signs them out. Its own agency, its own addresses.
 */
import { expect, type Page, test } from '@playwright/test'
import { invitationFromOutbox } from './agent-fixtures.ts'
import { demoOwner, expectNoAxeViolations, signIn, uniqueEmail } from './helpers.ts'

const shots = process.env.SHOTS_DIR

async function shoot(page: Page, name: string) {
	if (!shots) return
	for (const [width, height] of [
		[390, 844],
		[1280, 900],
	] as const) {
		await page.setViewportSize({ width, height })
		await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true })
	}
	await page.setViewportSize({ width: 1280, height: 720 })
}

test('staff invite an agent, who sets a password, signs in to the agent area, is refused the admin area, and is signed out when the agency is suspended', async ({
	browser,
}) => {
	test.setTimeout(120_000)
	const staff = await (await browser.newContext()).newPage()
	await signIn(staff, demoOwner.email, demoOwner.password)

	// An approved agency.
	await staff.goto('/admin/agents')
	const company = `Coral Coast Holidays ${Date.now().toString(36)}`
	const add = staff.getByRole('region', { name: 'Add an agency' })
	await add.getByLabel('Company').fill(company)
	await add.getByLabel('Contact person').fill('Lakshmi Rao')
	await add.getByLabel('Phone').fill('9840012399')
	await add.getByRole('button', { name: 'Add agency' }).click()
	await expect(staff.getByRole('heading', { level: 1, name: company })).toBeVisible()
	await staff.getByRole('button', { name: 'Mark approved' }).click()
	await expect(staff.getByTestId('toast').getByText('Agent is now approved')).toBeVisible()

	// Staff invite the agency's admin.
	const email = uniqueEmail('agent-admin')
	const users = staff.getByRole('region', { name: 'Users' })
	await users.getByRole('button', { name: 'Send invitation' }).click()
	await expect(users.getByText('Enter the person’s name.')).toBeVisible()
	await users.getByLabel('Name').fill('Lakshmi Rao')
	await users.getByLabel('Email', { exact: true }).fill(email)
	await users.getByLabel('Role').selectOption('agent_admin')
	await users.getByRole('button', { name: 'Send invitation' }).click()
	await expect(staff.getByTestId('toast').getByText(`Invitation sent to ${email}`)).toBeVisible()
	await expect(users.getByRole('row', { name: new RegExp(email) })).toContainText('Invited')
	await expectNoAxeViolations(staff)
	await shoot(staff, 'admin-agency-users')

	// The invitation, as it was emailed (owners read it in the outbox when no mail server is set).
	const invitation = await invitationFromOutbox(staff, email)

	// The invitee chooses a password and signs in at the same sign-in page: the agent area, not the admin area.
	const agentContext = await browser.newContext()
	const agent = await agentContext.newPage()
	await agent.goto(`${invitation.pathname}${invitation.search}`)
	await expect(agent.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
	await agent.getByLabel('New password').fill('Coral#Coast2026')
	await agent.getByRole('button', { name: /password/i }).click()
	await expect(agent).toHaveURL(/\/admin\/login\?reason=password-set/)
	await expect(agent.getByText('Your password is set.')).toBeVisible()
	await agent.getByLabel('Email').fill(email)
	await agent.getByLabel('Password').fill('Coral#Coast2026')
	await agent.getByRole('button', { name: 'Sign in' }).click()
	await expect(agent).toHaveURL(/\/agent$/)
	await expect(agent.getByRole('heading', { level: 1, name: 'Welcome, Lakshmi Rao' })).toBeVisible()
	await expect(agent.getByRole('navigation', { name: 'Agent' }).getByRole('link', { name: 'Users' })).toBeVisible()
	await expect(agent.getByRole('navigation', { name: 'Admin' })).toHaveCount(0)
	await expectNoAxeViolations(agent)
	await shoot(agent, 'agent-home')
	await agent.goto('/agent/users')
	await expect(agent.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
	await expect(agent.getByRole('row', { name: new RegExp(email) })).toContainText('Active')
	await expectNoAxeViolations(agent)
	await shoot(agent, 'agent-users')

	// Every staff page refuses them, the page and its data alike.
	const admin = await agent.goto('/admin')
	expect(admin?.status()).toBe(403)
	await expect(agent.getByText('This page is for our staff only.')).toBeVisible()
	expect((await agent.request.get('/admin/leads.data')).status()).toBe(403)
	expect((await agent.request.get('/admin/team')).status()).toBe(403)

	// Suspending the agency signs its users out at their next request.
	await staff.goto('/admin/agents')
	await staff.getByRole('link', { name: company }).click()
	await staff.getByRole('button', { name: 'Mark suspended' }).click()
	await expect(staff.getByTestId('toast').getByText('Agent is now suspended')).toBeVisible()
	await agent.goto('/agent')
	await expect(agent).toHaveURL(/\/admin\/login\?.*reason=agency-suspended/)
	await expect(agent.getByText('Your agency’s account with us is suspended')).toBeVisible()
	await agent.getByLabel('Email').fill(email)
	await agent.getByLabel('Password').fill('Coral#Coast2026')
	await agent.getByRole('button', { name: 'Sign in' }).click()
	await expect(agent.getByText('Your agency’s account with us is suspended')).toBeVisible()
	await expect(agent).toHaveURL(/\/admin\/login/)
	await agentContext.close()
})
