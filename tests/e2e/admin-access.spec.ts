import { expect, type Page, test } from '@playwright/test'
import { demoOwner, demoStaff, expectNoAxeViolations, signIn, signOut, uniqueEmail } from './helpers.ts'

test('sign up → check your email → sign in → waiting page; an owner approves; the new staff member signs in and reaches /admin', async ({ page }) => {
	// Three accounts' sign-ins and four accessibility scans: about 40 s on a quiet two-core machine, so the default minute is too tight under load.
	test.setTimeout(120_000)
	const name = `Anil Kumar ${Date.now().toString(36)}`
	const email = uniqueEmail('anil')
	const password = 'Havelock#2026'

	await page.goto('/admin/signup')
	await expect(page.getByRole('heading', { level: 1, name: 'Create a staff account' })).toBeVisible()
	await expect(page.getByText('Your password needs: at least 6 characters.')).toBeVisible()
	await expectNoAxeViolations(page)
	await page.getByLabel('Your name').fill(name)
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Create account' }).click()

	// The same answer whether or not the email had an account: the email says which.
	await expect(page).toHaveURL(/\/admin\/login\?requested=1$/)
	await expect(page.getByRole('status').filter({ hasText: 'We have sent a message to the email address you gave' })).toBeVisible()
	await signIn(page, email, password)
	await expect(page).toHaveURL(/\/admin\/pending-approval$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Waiting for approval' })).toBeVisible()
	await expect(page.getByText(email)).toBeVisible()
	await expectNoAxeViolations(page)
	// Nothing else is open to a pending account.
	await page.goto('/admin')
	await expect(page).toHaveURL(/\/admin\/pending-approval$/)
	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL(/\/admin\/login$/)

	// The owner approves.
	await signIn(page, demoOwner.email, demoOwner.password)
	await expect(page).toHaveURL(/\/admin$/)
	await expect(page.getByTestId('pending-accounts')).not.toHaveText('0')
	await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Team', exact: true }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible()
	await expectNoAxeViolations(page)
	const card = page.getByRole('listitem', { name: `${name} (${email})` })
	await expect(card).toContainText('Waiting for approval')
	await card.getByRole('button', { name: 'Approve as staff' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: `Approved ${name}` })).toBeVisible()
	await expect(card).toContainText('Status: Staff')
	await signOut(page)

	// The new staff member signs in and reaches the dashboard.
	await signIn(page, email, password)
	await expect(page).toHaveURL(/\/admin$/)
	await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${name}` })).toBeVisible()
	const nav = page.getByRole('navigation', { name: 'Admin', exact: true })
	await expect(nav.getByRole('link', { name: /^Leads\b/ })).toBeVisible()
	// Staff do not see owner-only sections, and are refused if they go there anyway.
	await expect(nav.getByRole('link', { name: 'Team', exact: true })).toHaveCount(0)
	await expectNoAxeViolations(page)
	const response = await page.goto('/admin/team')
	expect(response?.status()).toBe(403)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forbidden')
})

test('a signed-out visitor is sent to sign in and brought back; open redirects are refused', async ({ page }) => {
	await page.goto('/admin/team')
	await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fteam$/)
	await expectNoAxeViolations(page)
	await signIn(page, demoOwner.email, demoOwner.password)
	await expect(page).toHaveURL(/\/admin\/team$/)
	await signOut(page)

	await page.goto('/admin/login?redirectTo=//evil.example/phish')
	await signIn(page, demoStaff.email, demoStaff.password)
	await expect(page).toHaveURL(/\/admin$/)
})

test('sign-in errors are in plain words and keep the email', async ({ page }) => {
	await page.goto('/admin/login')
	await page.getByLabel('Email').fill(demoStaff.email)
	await page.getByLabel('Password').fill('definitely-wrong')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByRole('alert')).toHaveText('That email and password do not match an account. Check both and try again.')
	await expect(page.getByLabel('Email')).toHaveValue(demoStaff.email)
	await expect(page.getByLabel('Password')).toHaveValue('')
	// The error takes focus, so keyboard and screen-reader users land on it.
	await expect(page.getByRole('alert')).toBeFocused()
})

test('the sign-in form works without JavaScript', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto('/admin/login')
	await page.getByLabel('Email').fill(demoStaff.email)
	await page.getByLabel('Password').fill('wrong-again')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByRole('alert')).toContainText('do not match')
	await expect(page.getByLabel('Email')).toHaveValue(demoStaff.email)
	await page.getByLabel('Password').fill(demoStaff.password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(/\/admin$/)
	await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${demoStaff.name}` })).toBeVisible()
	await page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).first().click()
	await expect(page).toHaveURL(/\/admin\/login$/)
	await context.close()
})

test('on a phone the admin menu opens from the keyboard and lists every section', async ({ browser }) => {
	const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
	const page = await context.newPage()
	await page.goto('/admin/login')
	await signIn(page, demoOwner.email, demoOwner.password)
	await expect(page).toHaveURL(/\/admin$/)
	// One nav for every screen size: on a phone it waits behind the Menu button.
	const nav = page.getByRole('navigation', { name: 'Admin', exact: true })
	await expect(nav).toBeHidden()
	const menu = page.getByRole('button', { name: 'Menu' })
	await menu.focus()
	await page.keyboard.press('Enter')
	await expect(nav).toBeVisible()
	// Tab goes from the button into the menu; Escape closes it and focus returns to the button.
	await page.keyboard.press('Tab')
	await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeFocused()
	await page.keyboard.press('Escape')
	await expect(nav).toBeHidden()
	await expect(menu).toBeFocused()
	await page.keyboard.press('Enter')
	await expect(nav).toBeVisible()
	await page.screenshot({ path: 'test-results/admin-menu-phone.png' })
	for (const label of [
		'Dashboard',
		'Leads',
		'Itineraries',
		'Saved packages',
		'Day templates',
		'Quotes and bookings',
		'Vouchers',
		'Outbox',
		'Hotels',
		'Activity prices',
		'Agents',
		'Ferry leads',
		'Ferry bookings',
		'Offline tickets',
		'Team',
		'Settings',
	]) {
		// A section's link may carry its count ("Leads 2 follow-ups due today").
		await expect(nav.getByRole('link', { name: new RegExp(`^${label}( |$)`) })).toBeVisible()
	}
	// The menu's links navigate in place (no full page load), and the menu closes after choosing.
	await page.evaluate(() => Object.assign(window, { samePage: true }))
	await nav.getByRole('link', { name: 'Team', exact: true }).click()
	await expect(page).toHaveURL(/\/admin\/team$/)
	await expect(nav).toBeHidden()
	expect(await page.evaluate(() => 'samePage' in window)).toBe(true)
	await context.close()
})

/** The addresses the page preloads now (React Router's prefetch and module-preload links), space-separated. */
function preloadedHrefs(page: Page) {
	return page.evaluate(() => [...document.querySelectorAll('link[rel=prefetch], link[rel=modulepreload]')].map((link) => link.getAttribute('href')).join(' '))
}

test('the leads list’s rows and tabs preload on hover and navigate in place; a Ctrl+click opens a tab', async ({ page }) => {
	await signIn(page, demoStaff.email, demoStaff.password)
	await page.goto('/admin/leads')
	await page.waitForSelector('html[data-hydrated]')
	const preloads = () => preloadedHrefs(page)
	expect(await preloads()).not.toMatch(/\/assets\/lead-[\w-]+\.js/)
	const row = page.getByRole('list', { name: 'Leads' }).getByRole('link', { name: /Priya Nair \(demo\)/ })
	await row.hover()
	// The lead page's own module, not the list's (`leads-…`).
	await expect.poll(preloads).toMatch(/\/assets\/lead-[\w-]+\.js/)
	await page.evaluate(() => Object.assign(window, { samePage: true }))
	const [tab] = await Promise.all([page.context().waitForEvent('page'), row.click({ modifiers: ['Control'] })])
	await tab.waitForLoadState()
	expect(tab.url()).toMatch(/\/admin\/leads\/[A-Za-z0-9]{20}$/)
	await expect(page).toHaveURL(/\/admin\/leads$/)
	const status = page.getByRole('navigation', { name: 'Leads by status' })
	await status.getByRole('link', { name: /^Quoted \(\d+\)$/ }).click()
	await expect(page).toHaveURL(/\/admin\/leads\?status=quoted$/)
	await expect(status.getByRole('link', { name: /^Quoted \(\d+\)$/ })).toHaveAttribute('aria-current', 'page')
	await row.click()
	await expect(page).toHaveURL(/\/admin\/leads\/[A-Za-z0-9]{20}$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Priya Nair (demo)' })).toBeVisible()
	expect(await page.evaluate(() => 'samePage' in window)).toBe(true)
})

test('sidebar links preload on hover, navigate in place and mark the current page; a Ctrl+click opens a tab', async ({ page }) => {
	await signIn(page, demoStaff.email, demoStaff.password)
	await page.goto('/admin/pending')
	await page.waitForSelector('html[data-hydrated]')
	const nav = page.getByRole('navigation', { name: 'Admin', exact: true })
	const hotels = nav.getByRole('link', { name: 'Hotels', exact: true })
	await hotels.hover()
	const preloads = () => preloadedHrefs(page)
	await expect.poll(preloads).toContain('hotels')
	await page.evaluate(() => Object.assign(window, { samePage: true }))
	await hotels.click()
	await expect(page).toHaveURL(/\/admin\/hotels$/)
	await expect(hotels).toHaveAttribute('aria-current', 'page')
	await expect(nav.getByRole('link', { name: 'Quotes and bookings', exact: true })).not.toHaveAttribute('aria-current')
	expect(await page.evaluate(() => 'samePage' in window)).toBe(true)
	const [tab] = await Promise.all([page.context().waitForEvent('page'), nav.getByRole('link', { name: /^Leads\b/ }).click({ modifiers: ['Control'] })])
	await tab.waitForLoadState()
	expect(tab.url()).toMatch(/\/admin\/leads$/)
	await expect(page).toHaveURL(/\/admin\/hotels$/)
})
