/**
 * Company OpenID Connect sign-in (docs/decisions/120-openid-connect-sign-in.md)
 * against a real provider running on this machine (the `oidc-provider`
 * package): the official `firebase` SDK's signInWithCredential with an
 * OAuthProvider('oidc.acme') credential, wrong tokens and their SDK codes, the
 * "Sign in with Acme Workspace" button (with and without JavaScript), the
 * second step after a company sign-in, an owner resetting a lost second
 * factor, and the owners' requirement holding back the REST API
 * (docs/decisions/121-second-factor-for-the-api-and-resets.md).
 */
import { createHash, randomBytes } from 'node:crypto'
import { type Browser, expect, type Page, test } from '@playwright/test'
import {
	createUserWithEmailAndPassword,
	getAdditionalUserInfo,
	getIdTokenResult,
	multiFactor,
	OAuthProvider,
	signInWithCredential,
	signInWithEmailAndPassword,
	signOut,
	TotpMultiFactorGenerator,
} from 'firebase/auth'
import { importJWK, SignJWT } from 'jose'
import * as OTPAuth from 'otpauth'
import { startExtraServer } from './extra-server.ts'
import { errorCode, sdkClients } from './firebase-sdk.ts'
import { demoOwner, demoStaff, uniqueEmail } from './helpers.ts'
import { type StandIn, startOidcProvider } from './oidc-provider-stand-in.ts'

const providerPort = Number(process.env.E2E_OIDC_PROVIDER_PORT ?? 3346)
const appPort = Number(process.env.E2E_OIDC_APP_PORT ?? 3344)
const apiKey = 'e2e-extra-identity-api-key-0123456789'
const client = { clientId: 'andaman-admin', clientSecret: 'stand-in-client-secret-0123456789' }
const otherClient = { clientId: 'someone-elses-app', clientSecret: 'other-client-secret-0123456789' }

let idp: StandIn
let server: Awaited<ReturnType<typeof startExtraServer>>
const sdk = sdkClients('oidc')

test.beforeAll(async () => {
	const tokenCatcher = `http://localhost:${providerPort}/cb`
	idp = await startOidcProvider(providerPort, [
		{ ...client, redirectUris: [`http://localhost:${appPort}/admin/sso/acme/callback`, tokenCatcher] },
		{ ...otherClient, redirectUris: [tokenCatcher] },
	])
	server = await startExtraServer('identity-oidc', appPort, {
		OIDC_PROVIDERS: JSON.stringify([{ id: 'acme', name: 'Acme Workspace', issuer: idp.issuer, ...client }]),
	})
})

test.afterAll(async () => {
	await sdk.closeAll()
	await server?.stop()
	await idp?.stop()
})

const connect = () => sdk.connect(server.url, apiKey)

const base64url = (bytes: Buffer) => bytes.toString('base64url')

/**
 * A real ID token from the provider: its own sign-in page in a fresh browser
 * context, then the code exchanged at its token endpoint (PKCE, client secret).
 */
async function providerIdToken(browser: Browser, login: string, options: { nonce?: string; as?: typeof client } = {}): Promise<string> {
	const as = options.as ?? client
	const verifier = base64url(randomBytes(32))
	const redirectUri = `${idp.issuer}/cb`
	const authorize = new URL(`${idp.issuer}/auth`)
	authorize.search = new URLSearchParams({
		client_id: as.clientId,
		response_type: 'code',
		scope: 'openid email profile',
		redirect_uri: redirectUri,
		state: base64url(randomBytes(8)),
		code_challenge: base64url(createHash('sha256').update(verifier).digest()),
		code_challenge_method: 'S256',
		...(options.nonce ? { nonce: options.nonce } : {}),
	}).toString()
	const context = await browser.newContext()
	try {
		const page = await context.newPage()
		await page.goto(authorize.toString())
		await signInAtProvider(page, login)
		await page.waitForURL(/\/cb\?/)
		const code = new URL(page.url()).searchParams.get('code') ?? ''
		const response = await fetch(`${idp.issuer}/token`, {
			method: 'POST',
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				Authorization: `Basic ${Buffer.from(`${as.clientId}:${as.clientSecret}`).toString('base64')}`,
			},
			body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }).toString(),
		})
		const body = (await response.json()) as { id_token?: string }
		expect(body.id_token, 'the provider issued an ID token').toBeTruthy()
		return body.id_token!
	} finally {
		await context.close()
	}
}

/** The provider's own development sign-in page (any login; the login is the email address), then its consent page. */
async function signInAtProvider(page: Page, login: string) {
	await page.getByPlaceholder('Enter any login').fill(login)
	await page.getByPlaceholder('and password').fill('anything')
	await page.getByRole('button', { name: 'Sign-in' }).click()
	await page.getByRole('button', { name: 'Continue' }).click()
}

/** A token signed with the provider's own key (or another), with the claims changed: what a forger or a misconfigured app sends. */
async function craftedToken(claims: Record<string, unknown>, options: { otherKey?: boolean } = {}): Promise<string> {
	const now = Math.floor(Date.now() / 1000)
	let key = await importJWK(idp.privateJwk, 'RS256')
	if (options.otherKey) {
		const { generateKeyPair } = await import('jose')
		key = (await generateKeyPair('RS256')).privateKey
	}
	return new SignJWT({ email: 'crafted@example.com', email_verified: true, ...claims })
		.setProtectedHeader({ alg: 'RS256', kid: idp.privateJwk.kid })
		.setIssuer(typeof claims.iss === 'string' ? claims.iss : idp.issuer)
		.setAudience(typeof claims.aud === 'string' ? claims.aud : client.clientId)
		.setSubject('crafted-subject')
		.setIssuedAt(typeof claims.iat === 'number' ? claims.iat : now)
		.setExpirationTime(typeof claims.exp === 'number' ? claims.exp : now + 300)
		.sign(key)
}

const acme = new OAuthProvider('oidc.acme')

function appCode(secret: string, stepsAhead = 0): string {
	return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
		timestamp: Date.now() + stepsAhead * 30_000,
	})
}

test('SDK: signInWithCredential with the provider’s ID token signs a new person up (pending), then in again as the same account', async ({ browser }) => {
	const auth = connect()
	const email = uniqueEmail('oidc-new')
	const first = await signInWithCredential(auth, acme.credential({ idToken: await providerIdToken(browser, email) }))
	expect(first.user.email).toBe(email)
	expect(first.user.emailVerified).toBe(true)
	expect(first.providerId).toBe('oidc.acme')
	expect(getAdditionalUserInfo(first)?.isNewUser).toBe(true)
	expect(first.user.providerData.map((info) => info.providerId)).toEqual(['oidc.acme'])
	expect((await getIdTokenResult(first.user)).claims.role).toBe('pending')
	await signOut(auth)

	// With a nonce: the raw nonce the app kept must match the token's.
	const nonce = base64url(randomBytes(16))
	const again = await signInWithCredential(auth, acme.credential({ idToken: await providerIdToken(browser, email, { nonce }), rawNonce: nonce }))
	expect(again.user.uid).toBe(first.user.uid)
	expect(getAdditionalUserInfo(again)?.isNewUser).toBe(false)
})

test('SDK: a verified address links to the existing account; wrong tokens give the SDK’s codes', async ({ browser }) => {
	const auth = connect()
	const email = uniqueEmail('oidc-link')
	const { user: created } = await createUserWithEmailAndPassword(auth, email, 'coral#reef1')
	await signOut(auth)
	const linked = await signInWithCredential(auth, acme.credential({ idToken: await providerIdToken(browser, email) }))
	expect(linked.user.uid).toBe(created.uid)
	expect(linked.user.providerData.map((info) => info.providerId).sort()).toEqual(['oidc.acme', 'password'])
	await signOut(auth)

	const signIn = (idToken: string, rawNonce?: string) => errorCode(signInWithCredential(auth, acme.credential({ idToken, ...(rawNonce ? { rawNonce } : {}) })))
	const now = Math.floor(Date.now() / 1000)
	expect(await signIn(await craftedToken({ iss: 'http://localhost:1/not-the-issuer' }))).toBe('auth/invalid-credential')
	expect(await signIn(await craftedToken({ aud: 'someone-elses-app' }))).toBe('auth/invalid-credential')
	expect(await signIn(await craftedToken({ iat: now - 7200, exp: now - 3600 }))).toBe('auth/invalid-credential')
	expect(await signIn(await craftedToken({}, { otherKey: true }))).toBe('auth/invalid-credential')
	expect(await signIn('not.a.token')).toBe('auth/invalid-credential')
	// A real token, issued to another app of the same provider.
	expect(await signIn(await providerIdToken(browser, uniqueEmail('oidc-other'), { as: otherClient }))).toBe('auth/invalid-credential')
	// The nonce in the token is not the one the app kept.
	expect(await signIn(await providerIdToken(browser, uniqueEmail('oidc-nonce'), { nonce: 'the-real-nonce' }), 'another-nonce')).toBe(
		'auth/missing-or-invalid-nonce',
	)
	// An address the provider has not verified never links, never creates.
	const unverified = `unverified-${uniqueEmail('oidc')}`
	expect(await signIn(await providerIdToken(browser, unverified))).toBe('auth/invalid-credential')
	await createUserWithEmailAndPassword(auth, unverified, 'coral#reef1')
	await signOut(auth)
	expect(await signIn(await providerIdToken(browser, unverified))).toBe('auth/account-exists-with-different-credential')
	// A provider this server does not have.
	expect(await errorCode(signInWithCredential(auth, new OAuthProvider('oidc.nobody').credential({ idToken: await craftedToken({}) })))).toBe(
		'auth/operation-not-allowed',
	)
	expect(auth.currentUser).toBeNull()
})

test('web: "Sign in with Acme Workspace": a new person waits for approval; works without JavaScript', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	const email = uniqueEmail('oidc-web')
	let callback = ''
	page.on('request', (request) => {
		if (request.url().includes('/admin/sso/acme/callback')) callback = request.url()
	})
	await page.goto(`${server.url}/admin/login`)
	await page.getByRole('link', { name: 'Sign in with Acme Workspace' }).click()
	await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`))
	await signInAtProvider(page, email)
	await expect(page).toHaveURL(`${server.url}/admin/pending-approval`)
	await expect(page.getByText(email)).toBeVisible()
	await context.close()

	// The callback address alone, in another browser (a leaked or replayed link), signs nobody in.
	expect(callback).toContain('code=')
	const other = await browser.newContext()
	const replay = await other.newPage()
	await replay.goto(callback)
	await expect(replay).toHaveURL(`${server.url}/admin/login?sso=failed`)
	await expect(replay.getByRole('alert')).toHaveText('The sign-in with your company account did not finish. Start again from this page.')
	await other.close()
})

test('web: a company sign-in of an account with two-step sign-in asks for the code; an owner resets a lost one; owners’ requirement holds back the API', async ({
	page,
	browser,
}) => {
	// Demo staff sets up an authenticator app through the SDK.
	const auth = connect()
	const { user } = await signInWithEmailAndPassword(auth, demoStaff.email, demoStaff.password)
	const secret = await TotpMultiFactorGenerator.generateSecret(await multiFactor(user).getSession())
	await multiFactor(user).enroll(TotpMultiFactorGenerator.assertionForEnrollment(secret, appCode(secret.secretKey)), 'Phone')
	await signOut(auth)

	// Company sign-in as demo staff: linked by the verified address, then the second step.
	await page.goto(`${server.url}/admin/login?redirectTo=%2Fadmin%2Fleads`)
	await page.getByRole('link', { name: 'Sign in with Acme Workspace' }).click()
	await signInAtProvider(page, demoStaff.email)
	await expect(page).toHaveURL(new RegExp(`${server.url}/admin/second-step`))
	await page.getByLabel('Code').fill(appCode(secret.secretKey, 1))
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(`${server.url}/admin/leads`)

	// Through the SDK the same person gets multi-factor-auth-required.
	expect(await errorCode(signInWithCredential(auth, acme.credential({ idToken: await providerIdToken(browser, demoStaff.email) })))).toBe(
		'auth/multi-factor-auth-required',
	)

	// The phone is lost: an owner resets it from the team page; the staff member is signed out.
	const ownerContext = await browser.newContext()
	const owner = await ownerContext.newPage()
	await owner.goto(`${server.url}/admin/login`)
	await owner.getByLabel('Email').fill(demoOwner.email)
	await owner.getByLabel('Password').fill(demoOwner.password)
	await owner.getByRole('button', { name: 'Sign in', exact: true }).click()
	await expect(owner).toHaveURL(`${server.url}/admin`)
	await owner.goto(`${server.url}/admin/team`)
	const card = owner.getByRole('listitem', { name: `${demoStaff.name} (${demoStaff.email})` })
	await expect(card.getByText('Two-step sign-in: on')).toBeVisible()
	await card.getByRole('button', { name: 'Reset two-step sign-in' }).click()
	await expect(owner.getByText(`Two-step sign-in reset for ${demoStaff.name}`)).toBeVisible()
	await expect(card.getByText('Two-step sign-in: off')).toBeVisible()
	await page.reload()
	await expect(page).toHaveURL(/\/admin\/login\?reason=signed-out/)

	// Owners require it for everyone: the API gives an account without it no tokens, whichever way it signs in.
	await owner.getByRole('button', { name: 'Require it for everyone' }).click()
	await expect(owner).toHaveURL(/\/admin\/profile\?required=1$/)
	expect(await errorCode(signInWithEmailAndPassword(auth, demoStaff.email, demoStaff.password))).toBe('auth/second-factor-required')
	expect(await errorCode(signInWithCredential(auth, acme.credential({ idToken: await providerIdToken(browser, demoStaff.email) })))).toBe(
		'auth/second-factor-required',
	)
	await ownerContext.close()
})
