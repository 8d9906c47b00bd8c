/**
 * The proof of compatibility (issue 3): the official `firebase` npm package's
 * Auth client, pointed at our server with connectAuthEmulator, signs up, signs
 * in, reads the current user, refreshes its token, updates the profile, signs
 * out and deletes the account, and sees the right auth/… codes. Our own code
 * is not the only client tested.
 */
import { expect, test } from '@playwright/test'
import {
	createUserWithEmailAndPassword,
	deleteUser,
	getIdTokenResult,
	reload,
	signInWithEmailAndPassword,
	signOut,
	updatePassword,
	updateProfile,
	validatePassword,
} from 'firebase/auth'
import { baseURL } from '../../playwright.config.ts'
import { errorCode, sdkClients } from './firebase-sdk.ts'
import { demoOwner, e2eIdentityApiKey, signIn, uniqueEmail } from './helpers.ts'

const sdk = sdkClients('sdk')
const connect = (url = baseURL) => sdk.connect(url, e2eIdentityApiKey)

test.afterAll(async () => {
	await sdk.closeAll()
})

test('the firebase Auth SDK signs up, signs in, reads, refreshes, updates, signs out and deletes', async () => {
	const auth = connect()
	const email = uniqueEmail('sdk')

	// Sign up: the account exists and is pending like any sign-up.
	const created = await createUserWithEmailAndPassword(auth, email, 'coral#reef1')
	expect(created.user.email).toBe(email)
	expect(auth.currentUser?.uid).toBe(created.user.uid)
	const claims = (await getIdTokenResult(created.user)).claims
	expect(claims.role).toBe('pending')
	expect(claims.firebase).toMatchObject({ sign_in_provider: 'password' })

	expect(await errorCode(createUserWithEmailAndPassword(auth, email.toUpperCase(), 'coral#reef1'))).toBe('auth/email-already-in-use')

	await signOut(auth)
	expect(auth.currentUser).toBeNull()

	expect(await errorCode(signInWithEmailAndPassword(auth, email, 'not-the-password'))).toBe('auth/invalid-credential')
	expect(await errorCode(signInWithEmailAndPassword(auth, uniqueEmail('nobody'), 'not-the-password'))).toBe('auth/invalid-credential')

	// Sign in and read the current user (accounts:lookup).
	const signedIn = await signInWithEmailAndPassword(auth, email, 'coral#reef1')
	const user = signedIn.user
	expect(user.uid).toBe(created.user.uid)
	await reload(user)
	expect(auth.currentUser?.email).toBe(email)
	expect(user.emailVerified).toBe(false)
	expect(user.isAnonymous).toBe(false)
	expect(user.metadata.creationTime).toBeTruthy()
	expect(user.metadata.lastSignInTime).toBeTruthy()
	expect(user.providerData).toEqual([expect.objectContaining({ providerId: 'password', uid: email, email })])

	// Refresh the token (securetoken /v1/token).
	const before = await user.getIdToken()
	const refreshed = await user.getIdToken(true)
	expect(refreshed).not.toBe(before)
	const result = await getIdTokenResult(user)
	expect(Date.parse(result.expirationTime) - Date.parse(result.issuedAtTime)).toBe(3600 * 1000)

	// Update the profile (accounts:update) and read it back.
	await updateProfile(user, { displayName: 'Lakshmi Iyer', photoURL: 'https://example.com/lakshmi.png' })
	await reload(user)
	expect(auth.currentUser?.displayName).toBe('Lakshmi Iyer')
	expect(auth.currentUser?.photoURL).toBe('https://example.com/lakshmi.png')

	// A new password: the SDK gets fresh tokens and keeps working.
	await updatePassword(user, 'lagoon#blue2')
	await reload(user)
	expect(await user.getIdToken(true)).toBeTruthy()

	// The password policy (GET /v2/passwordPolicy) is what the SDK validates against.
	expect((await validatePassword(auth, 'abc')).isValid).toBe(false)
	expect((await validatePassword(auth, 'abcdef')).isValid).toBe(true)

	// Sign out, sign back in with the new password, then delete the account.
	await signOut(auth)
	const again = await signInWithEmailAndPassword(auth, email, 'lagoon#blue2')
	await deleteUser(again.user)
	expect(auth.currentUser).toBeNull()
	expect(await errorCode(signInWithEmailAndPassword(auth, email, 'lagoon#blue2'))).toBe('auth/invalid-credential')
})

test('the SDK sees auth/user-disabled when an owner disables the account, and is signed out', async ({ page }) => {
	const auth = connect()
	const email = uniqueEmail('disabled')
	const { user } = await createUserWithEmailAndPassword(auth, email, 'coral#reef1')
	await updateProfile(user, { displayName: `Disable Me ${Date.now()}` })

	// The owner disables it in the team page.
	await page.goto('/admin/team')
	await signIn(page, demoOwner.email, demoOwner.password)
	await expect(page).toHaveURL(/\/admin\/team$/)
	const card = page.getByRole('listitem', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })
	await card.getByRole('button', { name: 'Approve as staff' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Approved' })).toBeVisible()
	await card.getByRole('button', { name: 'Disable' }).click()
	await expect(card).toContainText('Disabled')

	// Its refresh token is revoked and the SDK signs the user out.
	expect(await errorCode(user.getIdToken(true))).toBe('auth/user-disabled')
	expect(auth.currentUser).toBeNull()
	expect(await errorCode(signInWithEmailAndPassword(auth, email, 'coral#reef1'))).toBe('auth/user-disabled')
	// A wrong password still says nothing about the account.
	expect(await errorCode(signInWithEmailAndPassword(auth, email, 'wrong-password'))).toBe('auth/invalid-credential')
})

test('the SDK sees auth/too-many-requests after repeated failures, and auth/network-request-failed without a server', async () => {
	const auth = connect()
	const email = uniqueEmail('throttled')
	// Five guesses from one client (the per-account-and-client limit), then the sixth is refused.
	for (let i = 0; i < 5; i++) expect(await errorCode(signInWithEmailAndPassword(auth, email, `guess-${i}`))).toBe('auth/invalid-credential')
	expect(await errorCode(signInWithEmailAndPassword(auth, email, 'guess-11'))).toBe('auth/too-many-requests')

	const offline = connect('http://127.0.0.1:9')
	expect(await errorCode(signInWithEmailAndPassword(offline, email, 'whatever'))).toBe('auth/network-request-failed')
})

test('wrong API keys and malformed requests get the service error shape over HTTP, never a 500', async ({ request }) => {
	const path = '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword'
	const noKey = await request.post(path, { data: { email: 'a@b.in', password: 'secret1' } })
	expect(noKey.status()).toBe(400)
	expect((await noKey.json()).error).toMatchObject({ code: 400, message: 'API key not valid. Please pass a valid API key.' })

	const badJson = await request.post(`${path}?key=${e2eIdentityApiKey}`, { data: '{"email":', headers: { 'Content-Type': 'application/json' } })
	expect(badJson.status()).toBe(400)
	expect((await badJson.json()).error.errors[0]).toMatchObject({ domain: 'global' })

	const huge = await request.post(`${path}?key=${e2eIdentityApiKey}`, {
		data: JSON.stringify({ email: 'a@b.in', password: 'x'.repeat(200_000) }),
		headers: { 'Content-Type': 'application/json' },
	})
	expect(huge.status()).toBe(413)

	const unknown = await request.post(`/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${e2eIdentityApiKey}`, { data: {} })
	expect(unknown.status()).toBe(400)
	expect((await unknown.json()).error.message).toMatch(/^OPERATION_NOT_ALLOWED/)
	const recaptcha = await request.get(
		`/identitytoolkit.googleapis.com/v2/recaptchaConfig?key=${e2eIdentityApiKey}&clientType=CLIENT_TYPE_WEB&version=RECAPTCHA_ENTERPRISE`,
	)
	expect((await recaptcha.json()).recaptchaEnforcementState).toContainEqual({ provider: 'EMAIL_PASSWORD_PROVIDER', enforcementState: 'OFF' })
})
