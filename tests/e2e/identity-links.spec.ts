/**
 * Emailed links die with the credentials they could replace, and never leave our origin (ADR 170),
 * over HTTP against a copy of the production build that sends its email to a real SMTP server this
 * test starts (links are read from the messages, as the recipient would).
 */
import { expect, type Page, test } from '@playwright/test'
import {
	createUserWithEmailAndPassword,
	sendPasswordResetEmail,
	sendSignInLinkToEmail,
	signInWithEmailLink,
	updatePassword,
	verifyPasswordResetCode,
	confirmPasswordReset,
} from 'firebase/auth'
import { errorCode } from './firebase-sdk.ts'
import { demoStaff, uniqueEmail } from './helpers.ts'
import { codeOf, serverWithMailbox } from './mailbox.ts'

const server = serverWithMailbox('identity-links', Number(process.env.E2E_IDENTITY_LINKS_PORT ?? 3247))
const { connect, linkFor } = server

/** Asks for a link on the web page, as a person who forgot their password would. */
async function askOnTheWeb(page: Page, kind: 'reset' | 'sign-in', email: string, seen: Set<string>): Promise<string> {
	await page.goto(`${server.url}/admin/${kind === 'reset' ? 'forgot-password' : 'email-sign-in'}`)
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: kind === 'reset' ? 'Email me a reset link' : 'Email me a sign-in link' }).click()
	await expect(page.getByRole('status')).toContainText('If a staff account uses that address')
	const link = await linkFor(email, kind === 'reset' ? 'resetPassword' : 'signIn', seen)
	seen.add(link)
	return link
}

/** Opens a link and expects the page to say it no longer works. */
async function expectVoid(page: Page, link: string) {
	// From elsewhere: opening the address the page already shows may never finish loading.
	await page.goto('about:blank')
	const answer = await page.goto(link)
	expect(answer?.status()).toBe(400)
	await expect(page.getByRole('alert')).toContainText('not valid any more')
}

test('profile page: a new password, or signing out everywhere else, voids the reset and sign-in links asked for before', async ({ browser }) => {
	test.setTimeout(120_000)
	const seen = new Set<string>()
	const visitor = await (await browser.newContext()).newPage()
	const reset = await askOnTheWeb(visitor, 'reset', demoStaff.email, seen)
	const signInLink = await askOnTheWeb(visitor, 'sign-in', demoStaff.email, seen)
	// Both work until the password changes (opening one changes nothing).
	await visitor.goto(reset)
	await expect(visitor.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()

	const staff = await (await browser.newContext()).newPage()
	await staff.goto(`${server.url}/admin/login`)
	await staff.getByLabel('Email').fill(demoStaff.email)
	await staff.getByLabel('Password').fill(demoStaff.password)
	await staff.getByRole('button', { name: 'Sign in' }).click()
	await expect(staff).toHaveURL(new RegExp(`${server.url}/admin$`))
	await staff.goto(`${server.url}/admin/profile`)
	await staff.getByLabel('Current password').fill(demoStaff.password)
	await staff.getByLabel('New password').fill('Lighthouse#Point8')
	await staff.getByRole('button', { name: 'Change password' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Password changed' })).toBeVisible()

	await expectVoid(visitor, reset)
	await expectVoid(visitor, signInLink)

	// A link asked for after the change works, until the holder signs out everywhere else.
	const later = await askOnTheWeb(visitor, 'sign-in', demoStaff.email, seen)
	await visitor.goto(later)
	await expect(visitor.getByRole('heading', { name: 'Sign in with your email link' })).toBeVisible()
	await staff.getByRole('button', { name: 'Sign out everywhere else' }).click()
	await expect(staff.getByTestId('toast').filter({ hasText: 'Signed out everywhere else' })).toBeVisible()
	await expectVoid(visitor, later)
})

test('REST API: a new password (accounts:update) or a reset voids every link asked for before', async () => {
	const auth = connect()
	const email = uniqueEmail('api-links')
	const { user } = await createUserWithEmailAndPassword(auth, email, 'coral#reef1')
	const seen = new Set<string>()
	await sendPasswordResetEmail(auth, email)
	const reset = await linkFor(email, 'resetPassword', seen)
	seen.add(reset)
	await sendSignInLinkToEmail(auth, email, { url: `${server.url}/admin`, handleCodeInApp: true })
	const signInLink = await linkFor(email, 'signIn', seen)
	seen.add(signInLink)
	expect(await verifyPasswordResetCode(auth, codeOf(reset))).toBe(email)

	await updatePassword(user, 'lagoon#blue2')
	expect(await errorCode(verifyPasswordResetCode(auth, codeOf(reset)))).toBe('auth/invalid-action-code')
	expect(await errorCode(confirmPasswordReset(auth, codeOf(reset), 'stolen#pass3'))).toBe('auth/invalid-action-code')
	expect(await errorCode(signInWithEmailLink(auth, email, signInLink))).toBe('auth/invalid-action-code')

	// A reset with one link spends the sign-in link asked for alongside it.
	await sendPasswordResetEmail(auth, email)
	const second = await linkFor(email, 'resetPassword', seen)
	seen.add(second)
	await sendSignInLinkToEmail(auth, email, { url: `${server.url}/admin`, handleCodeInApp: true })
	const secondSignIn = await linkFor(email, 'signIn', seen)
	await confirmPasswordReset(auth, codeOf(second), 'mangrove#Green4')
	expect(await errorCode(signInWithEmailLink(auth, email, secondSignIn))).toBe('auth/invalid-action-code')
})

/** The next sign-in link to the demo staff account that continues to `continueUrl` (earlier tests sent it others). */
const seenSignInLinks = new Set<string>()
async function leadingTo(continueUrl: string): Promise<string> {
	for (;;) {
		const link = await linkFor(demoStaff.email, 'signIn', seenSignInLinks)
		seenSignInLinks.add(link)
		if (new URL(link).searchParams.get('continueUrl') === continueUrl) return link
	}
}

test('the email-link page sends no one to another origin, a loopback address included', async ({ page }) => {
	test.setTimeout(120_000)
	const elsewhere = [
		'http://127.0.0.1:9/collect',
		'http://localhost:1/',
		'http://[::1]:8080/',
		'https://evil.example/',
		`${server.url.replace('localhost', '127.0.0.1')}/admin`,
	]
	for (const continueUrl of elsewhere) {
		for (const code of ['a-made-up-code-0123456789', '']) {
			const answer = await fetch(`${server.url}/__/auth/action?mode=signIn&oobCode=${code}&continueUrl=${encodeURIComponent(continueUrl)}`, {
				redirect: 'manual',
			})
			expect(answer.status, continueUrl).toBe(400)
			expect(answer.headers.get('location'), continueUrl).toBeNull()
		}
	}
	// Nor can a link be asked for with such an address.
	const auth = connect()
	for (const url of elsewhere)
		expect(await errorCode(sendSignInLinkToEmail(auth, demoStaff.email, { url, handleCodeInApp: true })), url).toBe('auth/unauthorized-continue-uri')

	// A real link whose continue address was changed to a loopback one: the page asks for the address, and
	// signing in lands on our own site.
	await sendSignInLinkToEmail(auth, demoStaff.email, { url: `${server.url}/admin/leads`, handleCodeInApp: true })
	const link = new URL(await leadingTo(`${server.url}/admin/leads`))
	const tampered = new URL(link)
	tampered.searchParams.set('continueUrl', 'http://127.0.0.1:9/collect')
	const opened = await fetch(tampered, { redirect: 'manual' })
	expect(opened.status).toBe(200)
	expect(opened.headers.get('location')).toBeNull()
	await page.goto(tampered.toString())
	await page.getByLabel('Email').fill(demoStaff.email)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(new RegExp(`${server.url}/admin$`))

	// Untouched, the link's own continue address (a page of ours) is where the sign-in ends.
	await sendSignInLinkToEmail(auth, demoStaff.email, { url: `${server.url}/admin/leads`, handleCodeInApp: true })
	const own = await leadingTo(`${server.url}/admin/leads`)
	const fresh = await (await page.context().browser()!.newContext()).newPage()
	await fresh.goto(own)
	await fresh.getByLabel('Email').fill(demoStaff.email)
	await fresh.getByRole('button', { name: 'Sign in' }).click()
	await expect(fresh).toHaveURL(new RegExp(`${server.url}/admin/leads$`))
})
