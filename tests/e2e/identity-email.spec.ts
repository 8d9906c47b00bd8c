/**
 * Email links, end to end (issue 16): a copy of the production build that
 * sends its email through a real SMTP server this test starts, and reads the
 * links from the messages that server receives (never from the database).
 * The official `firebase` SDK, unchanged, resets a password, verifies an email
 * address and signs in with an email link; then the web pages do the same in
 * a browser, with and without JavaScript.
 */
import { expect, type Page, test } from '@playwright/test'
import {
	applyActionCode,
	confirmPasswordReset,
	createUserWithEmailAndPassword,
	getMultiFactorResolver,
	type MultiFactorError,
	multiFactor,
	TotpMultiFactorGenerator,
	isSignInWithEmailLink,
	reload,
	sendEmailVerification,
	sendPasswordResetEmail,
	sendSignInLinkToEmail,
	signInWithEmailAndPassword,
	signInWithEmailLink,
	signOut,
	verifyPasswordResetCode,
} from 'firebase/auth'
import * as OTPAuth from 'otpauth'
import { errorCode } from './firebase-sdk.ts'
import { demoStaff, signOut as signOutOfAdmin, uniqueEmail } from './helpers.ts'
import { codeOf, serverWithMailbox } from './mailbox.ts'

const server = serverWithMailbox('identity-email', Number(process.env.E2E_IDENTITY_EMAIL_PORT ?? 3245), { ENABLE_TEST_ROUTES: 'true' })
const { apiKey, connect, linkFor } = server

test('SDK: sendPasswordResetEmail → verifyPasswordResetCode → confirmPasswordReset → sign in; reused and expired codes', async () => {
	const auth = connect()
	const email = uniqueEmail('sdk-reset')
	await createUserWithEmailAndPassword(auth, email, 'coral#reef1')
	await signOut(auth)

	await sendPasswordResetEmail(auth, email)
	const link = await linkFor(email, 'resetPassword')
	expect(new URL(link).pathname).toBe('/__/auth/action')
	expect(new URL(link).searchParams.get('apiKey')).toBe(apiKey)
	const code = codeOf(link)
	expect(await verifyPasswordResetCode(auth, code)).toBe(email)
	await confirmPasswordReset(auth, code, 'lagoon#blue2')
	const { user } = await signInWithEmailAndPassword(auth, email, 'lagoon#blue2')
	expect(user.email).toBe(email)
	expect(await errorCode(signInWithEmailAndPassword(auth, email, 'coral#reef1'))).toBe('auth/invalid-credential')

	// A used code, a forged one and an expired one.
	expect(await errorCode(confirmPasswordReset(auth, code, 'again#pass3'))).toBe('auth/invalid-action-code')
	expect(await errorCode(verifyPasswordResetCode(auth, 'forged-code'))).toBe('auth/invalid-action-code')
	await sendPasswordResetEmail(auth, email)
	const second = await linkFor(email, 'resetPassword', new Set([link]))
	const expired = await fetch(`${server.url}/__test/expire-action-codes?email=${encodeURIComponent(email)}`, { method: 'POST' })
	expect(expired.ok).toBe(true)
	expect(await errorCode(verifyPasswordResetCode(auth, codeOf(second)))).toBe('auth/expired-action-code')
	expect(await errorCode(confirmPasswordReset(auth, codeOf(second), 'again#pass3'))).toBe('auth/expired-action-code')

	// An address without an account gets the same answer (and no email).
	await sendPasswordResetEmail(auth, uniqueEmail('nobody'))
})

test('SDK: sendEmailVerification → applyActionCode → reload shows emailVerified', async () => {
	const auth = connect()
	const email = uniqueEmail('sdk-verify')
	const { user } = await createUserWithEmailAndPassword(auth, email, 'coral#reef1')
	expect(user.emailVerified).toBe(false)
	await sendEmailVerification(user)
	const code = codeOf(await linkFor(email, 'verifyEmail'))
	await applyActionCode(auth, code)
	await reload(user)
	expect(user.emailVerified).toBe(true)
	expect(await errorCode(applyActionCode(auth, code))).toBe('auth/invalid-action-code')
})

test('SDK: sendSignInLinkToEmail → isSignInWithEmailLink → signInWithEmailLink', async () => {
	const auth = connect()
	const email = uniqueEmail('sdk-link')
	await createUserWithEmailAndPassword(auth, email, 'coral#reef1')
	await signOut(auth)

	await sendSignInLinkToEmail(auth, email, { url: `${server.url}/admin`, handleCodeInApp: true })
	const link = await linkFor(email, 'signIn')
	expect(isSignInWithEmailLink(auth, link)).toBe(true)
	expect(isSignInWithEmailLink(auth, `${server.url}/admin`)).toBe(false)
	const { user } = await signInWithEmailLink(auth, email, link)
	expect(user.email).toBe(email)
	expect(user.emailVerified).toBe(true)
	await signOut(auth)
	expect(await errorCode(signInWithEmailLink(auth, email, link))).toBe('auth/invalid-action-code')
	// A link to somewhere that is not ours is refused before anything is sent.
	expect(await errorCode(sendSignInLinkToEmail(auth, email, { url: 'https://evil.example/', handleCodeInApp: true }))).toBe('auth/unauthorized-continue-uri')
})

async function resetOnTheWeb(page: Page, email: string, newPassword: string) {
	await page.goto(`${server.url}/admin/login`)
	await page.getByRole('link', { name: 'Forgot password?' }).click()
	await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Email me a reset link' }).click()
	await expect(page.getByRole('status')).toContainText('If a staff account uses that address')
	const link = await linkFor(email, 'resetPassword')
	await page.goto(link)
	await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
	await expect(page.getByText(`For ${email}.`)).toBeVisible()
	await page.getByLabel('New password').fill('abc')
	await page.getByRole('button', { name: 'Save new password' }).click()
	await expect(page.getByRole('alert')).toContainText('Choose a stronger password')
	await page.getByLabel('New password').fill(newPassword)
	await page.getByRole('button', { name: 'Save new password' }).click()
	await expect(page).toHaveURL(/\/admin\/login\?reason=password-changed$/)
	await expect(page.getByRole('status').filter({ hasText: 'Your password was changed' })).toBeVisible()
	// The link works once.
	await page.goto(link)
	await expect(page.getByRole('alert')).toContainText('not valid any more')
	await expect(page.getByRole('link', { name: 'Ask for a new reset link' })).toBeVisible()
}

test('web: forgot password → emailed link → new password → sign in with it', async ({ page }) => {
	const auth = connect()
	const email = uniqueEmail('web-reset')
	await createUserWithEmailAndPassword(auth, email, 'coral#reef1')
	await resetOnTheWeb(page, email, 'mangrove#Green4')
	await page.goto(`${server.url}/admin/login`)
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill('mangrove#Green4')
	await page.getByRole('button', { name: 'Sign in' }).click()
	// A new account is pending: it signs in and waits for approval.
	await expect(page).toHaveURL(/\/admin\/pending-approval$/)
})

test('web without JavaScript: the reset works the same', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	const auth = connect()
	const email = uniqueEmail('nojs-reset')
	await createUserWithEmailAndPassword(auth, email, 'coral#reef1')
	await resetOnTheWeb(page, email, 'mangrove#Green5')
	await context.close()
})

test('web: email me a sign-in link → type the address → signed in; an unknown address gets the same answer', async ({ page }) => {
	await page.goto(`${server.url}/admin/login`)
	await page.getByRole('link', { name: 'Email me a sign-in link instead' }).click()
	// The login page has an Email field too: fill only once the new page is there.
	await expect(page).toHaveURL(/\/admin\/email-sign-in$/)
	await expect(page.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible()
	await page.getByLabel('Email').fill(uniqueEmail('nobody'))
	await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
	const neutral = await page.getByRole('status').textContent()

	await page.getByLabel('Email').fill(demoStaff.email)
	await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
	await expect(page.getByRole('status')).toHaveText(neutral ?? '')
	const link = await linkFor(demoStaff.email, 'signIn')
	await page.goto(link)
	await expect(page.getByRole('heading', { name: 'Sign in with your email link' })).toBeVisible()
	await page.getByLabel('Email').fill('someone-else@example.com')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByText('This is not the address the link was sent to.')).toBeVisible()
	await page.getByLabel('Email').fill(demoStaff.email)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(new RegExp(`${server.url}/admin$`))
	await expect(page.getByTestId('toast').filter({ hasText: 'Signed in as' })).toBeVisible()
})

test('web: the profile lists devices, signs out everywhere else, and changes the password after asking for the current one', async ({ browser }) => {
	const owner = { email: 'owner@demo.andamanisles.travel', password: 'Owner#Demo2026' }
	const signInAt = async (page: Page) => {
		await page.goto(`${server.url}/admin/login`)
		await page.getByLabel('Email').fill(owner.email)
		await page.getByLabel('Password').fill(owner.password)
		await page.getByRole('button', { name: 'Sign in' }).click()
		await expect(page).toHaveURL(new RegExp(`${server.url}/admin$`))
	}
	const laptop = await (await browser.newContext()).newPage()
	const phone = await (await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/605.1' })).newPage()
	await signInAt(laptop)
	await signInAt(phone)

	await laptop.getByRole('link', { name: 'Your account' }).filter({ visible: true }).first().click()
	await expect(laptop.getByRole('heading', { name: 'Your account' })).toBeVisible()
	const devices = laptop.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')
	await expect(devices).toHaveCount(2)
	await expect(devices.filter({ hasText: 'This browser' })).toHaveCount(1)
	await expect(devices.filter({ hasText: 'Safari on iPhone or iPad' })).toHaveCount(1)
	await laptop.getByRole('button', { name: 'Sign out everywhere else' }).click()
	await expect(laptop.getByTestId('toast').filter({ hasText: 'Signed out everywhere else' })).toBeVisible()
	await expect(devices).toHaveCount(1)
	await phone.goto(`${server.url}/admin`)
	await expect(phone).toHaveURL(/\/admin\/login/)

	// The current password is asked for again.
	await laptop.getByLabel('Current password').fill('not-my-password')
	await laptop.getByLabel('New password').fill('Harbour#Light7')
	await laptop.getByRole('button', { name: 'Change password' }).click()
	await expect(laptop.getByText('That is not your current password.')).toBeVisible()
	await laptop.getByLabel('Current password').fill(owner.password)
	await laptop.getByLabel('New password').fill('Harbour#Light7')
	await laptop.getByRole('button', { name: 'Change password' }).click()
	await expect(laptop.getByTestId('toast').filter({ hasText: 'Password changed' })).toBeVisible()
	// This browser keeps working with a new session; the old password no longer signs in.
	await laptop.reload()
	await expect(laptop.getByRole('heading', { name: 'Your account' })).toBeVisible()
	await phone.goto(`${server.url}/admin/login`)
	await phone.getByLabel('Email').fill(owner.email)
	await phone.getByLabel('Password').fill(owner.password)
	await phone.getByRole('button', { name: 'Sign in' }).click()
	await expect(phone.getByRole('alert')).toContainText('do not match')
	await phone.getByLabel('Password').fill('Harbour#Light7')
	await phone.getByRole('button', { name: 'Sign in' }).click()
	await expect(phone).toHaveURL(new RegExp(`${server.url}/admin$`))
})

/** What an authenticator app shows for this secret, one 30-second step ahead (the step of enrolment is never accepted twice). */
function appCode(secret: string, stepsAhead = 0): string {
	return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
		timestamp: Date.now() + stepsAhead * 30_000,
	})
}

test('SDK: TOTP enrolment, then a sign-in through getMultiFactorResolver', async () => {
	const auth = connect()
	const email = uniqueEmail('sdk-totp')
	const { user } = await createUserWithEmailAndPassword(auth, email, 'coral#reef1')
	const session = await multiFactor(user).getSession()
	const secret = await TotpMultiFactorGenerator.generateSecret(session)
	expect(secret.generateQrCodeUrl(email, 'Andaman Isles Travel')).toMatch(/^otpauth:\/\/totp\//)
	await multiFactor(user).enroll(TotpMultiFactorGenerator.assertionForEnrollment(secret, appCode(secret.secretKey)), 'My phone')
	expect(multiFactor(user).enrolledFactors.map((f) => f.factorId)).toEqual(['totp'])
	await signOut(auth)

	let mfaError: MultiFactorError | null = null
	try {
		await signInWithEmailAndPassword(auth, email, 'coral#reef1')
	} catch (error) {
		mfaError = error as MultiFactorError
	}
	expect(mfaError?.code).toBe('auth/multi-factor-auth-required')
	const resolver = getMultiFactorResolver(auth, mfaError!)
	expect(resolver.hints).toHaveLength(1)
	expect(resolver.hints[0]).toMatchObject({ factorId: 'totp', displayName: 'My phone' })
	expect(await errorCode(resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(resolver.hints[0]!.uid, '000000')))).toBe(
		'auth/invalid-verification-code',
	)
	const signedIn = await resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(resolver.hints[0]!.uid, appCode(secret.secretKey, 1)))
	expect(signedIn.user.email).toBe(email)
	expect(auth.currentUser?.uid).toBe(user.uid)
})

test('web: set up an authenticator app on the profile, then sign in with a code and with a recovery code', async ({ page }) => {
	const staff = { email: 'staff@demo.andamanisles.travel' }
	const password = 'Staff#Demo2026'
	const signInWithPassword = async () => {
		await page.goto(`${server.url}/admin/login`)
		await page.getByLabel('Email').fill(staff.email)
		await page.getByLabel('Password').fill(password)
		await page.getByRole('button', { name: 'Sign in' }).click()
	}
	await signInWithPassword()
	await expect(page).toHaveURL(new RegExp(`${server.url}/admin$`))
	await page.goto(`${server.url}/admin/profile`)
	await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
	await expect(page.getByRole('img', { name: 'QR code to add this account to your authenticator app' })).toBeVisible()
	const secret = (await page.locator('code').first().textContent()) ?? ''
	expect(secret).toMatch(/^[A-Z2-7]{32}$/)
	await page.getByLabel('Code from the app').fill('000000')
	await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
	await expect(page.getByText('That code does not match', { exact: false }).first()).toBeVisible()
	await page.getByLabel('Code from the app').fill(appCode(secret))
	await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
	const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
	await expect(codes).toHaveCount(10)
	const recovery = (await codes.first().textContent()) ?? ''

	// Sign out; the password alone now leads to the second step.
	await signOutOfAdmin(page)
	await signInWithPassword()
	await expect(page).toHaveURL(/\/admin\/second-step/)
	await page.getByLabel('Code').fill('123456')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByRole('alert')).toContainText('does not match')
	await page.getByLabel('Code').fill(appCode(secret, 1))
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(new RegExp(`${server.url}/admin$`))

	// A recovery code works once.
	await signOutOfAdmin(page)
	await signInWithPassword()
	await page.getByLabel('Code').fill(recovery.toUpperCase())
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(new RegExp(`${server.url}/admin$`))
	await page.goto(`${server.url}/admin/profile`)
	await expect(page.getByText('9 recovery codes left')).toBeVisible()
})

test('web: an owner requires two-step sign-in; an account without it is sent to set it up first', async ({ page }) => {
	// The owner's password was changed by the profile test above.
	await page.goto(`${server.url}/admin/login`)
	await page.getByLabel('Email').fill('owner@demo.andamanisles.travel')
	await page.getByLabel('Password').fill('Harbour#Light7')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(new RegExp(`${server.url}/admin$`))
	await page.goto(`${server.url}/admin/team`)
	await page.getByRole('button', { name: 'Require it for everyone' }).click()
	// The owner has no authenticator app yet: every admin page now leads to the profile.
	await expect(page).toHaveURL(/\/admin\/profile\?required=1$/)
	await expect(page.getByText('An owner requires two-step sign-in for every account.')).toBeVisible()
	await page.goto(`${server.url}/admin/leads`)
	await expect(page).toHaveURL(/\/admin\/profile\?required=1$/)
	await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
	const secret = (await page.locator('code').first().textContent()) ?? ''
	await page.getByLabel('Code from the app').fill(appCode(secret))
	await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
	await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)
	await page.goto(`${server.url}/admin/team`)
	await expect(page.getByRole('button', { name: 'Make it optional' })).toBeVisible()
})
