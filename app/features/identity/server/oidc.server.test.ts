import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { IdentityError } from '~/lib/identity-errors.ts'
import { forgetProviderCache, type OidcProvider, oidcLimits, verifyProviderIdToken } from './oidc.server.ts'

/**
 * ID token checks against a provider served by a small local HTTP server:
 * discovery and key set as a real provider publishes them, tokens signed here.
 */
type Behaviour = 'normal' | 'slow' | 'huge' | 'wrong-issuer'
let behaviour: Behaviour = 'normal'
let discoveryRequests = 0
let server: Server
let issuer = ''
let keys: Awaited<ReturnType<typeof generateKeyPair>>
const kid = 'test-key'

beforeAll(async () => {
	keys = await generateKeyPair('RS256', { extractable: true })
	const publicJwk = { ...(await exportJWK(keys.publicKey)), kid, alg: 'RS256', use: 'sig' }
	server = createServer((request, response) => {
		if (request.url === '/.well-known/openid-configuration') {
			discoveryRequests++
			if (behaviour === 'slow') return // never answers: the timeout must end it
			if (behaviour === 'huge') {
				response.end(JSON.stringify({ issuer, padding: 'x'.repeat(oidcLimits.maxDocumentBytes + 10) }))
				return
			}
			response.setHeader('Content-Type', 'application/json')
			response.end(
				JSON.stringify({
					issuer: behaviour === 'wrong-issuer' ? 'https://elsewhere.example' : issuer,
					authorization_endpoint: `${issuer}/auth`,
					token_endpoint: `${issuer}/token`,
					jwks_uri: `${issuer}/jwks`,
				}),
			)
			return
		}
		if (request.url === '/jwks') {
			response.setHeader('Content-Type', 'application/json')
			response.end(JSON.stringify({ keys: [publicJwk] }))
			return
		}
		response.statusCode = 404
		response.end('{}')
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
	server.closeAllConnections()
	await new Promise((resolve) => server.close(resolve))
})

afterEach(() => {
	behaviour = 'normal'
	forgetProviderCache()
})

let providerCount = 0
function provider(overrides: Partial<OidcProvider> = {}): OidcProvider {
	const id = `test${++providerCount}`
	return { id, providerId: `oidc.${id}`, name: 'Test Workspace', issuer, clientId: 'andaman-admin', clientSecret: 'client-secret', ...overrides }
}

async function token(claims: JWTPayload = {}, options: { key?: CryptoKey; alg?: string; secret?: string } = {}) {
	const now = Math.floor(Date.now() / 1000)
	const jwt = new SignJWT({ email: 'Asha@Acme.example', email_verified: true, name: 'Asha Rao', ...claims })
		.setProtectedHeader({ alg: options.alg ?? 'RS256', kid })
		.setIssuer((claims.iss as string | undefined) ?? issuer)
		.setAudience((claims.aud as string | undefined) ?? 'andaman-admin')
		.setSubject('subject-1')
		.setIssuedAt((claims.iat as number | undefined) ?? now)
		.setExpirationTime((claims.exp as number | undefined) ?? now + 600)
	if (options.secret) return jwt.sign(new TextEncoder().encode(options.secret))
	return jwt.sign(options.key ?? keys.privateKey)
}

async function failure(promise: Promise<unknown>): Promise<string> {
	try {
		await promise
	} catch (error) {
		if (error instanceof IdentityError) return `${error.identityCode}${error.detail ? ` : ${error.detail}` : ''}`
		throw error
	}
	return 'no error'
}

describe('ID tokens from a company provider', () => {
	test('a good token gives the subject, the address and whether the provider verified it', async () => {
		const identity = await verifyProviderIdToken(provider(), await token())
		expect(identity).toMatchObject({ subject: 'subject-1', email: 'Asha@Acme.example', emailVerified: true, displayName: 'Asha Rao' })
		expect((await verifyProviderIdToken(provider(), await token({ email_verified: false }))).emailVerified).toBe(false)
	})

	test('wrong issuer, audience, expiry, signature or algorithm: INVALID_IDP_RESPONSE', async () => {
		const p = provider()
		const now = Math.floor(Date.now() / 1000)
		expect(await failure(verifyProviderIdToken(p, await token({ iss: 'https://elsewhere.example' })))).toMatch(/^INVALID_IDP_RESPONSE : .*iss/)
		expect(await failure(verifyProviderIdToken(p, await token({ aud: 'someone-else' })))).toMatch(/^INVALID_IDP_RESPONSE : .*aud/)
		expect(await failure(verifyProviderIdToken(p, await token({ iat: now - 7200, exp: now - 3600 })))).toBe('INVALID_IDP_RESPONSE : The ID token has expired')
		const stranger = await generateKeyPair('RS256')
		expect(await failure(verifyProviderIdToken(p, await token({}, { key: stranger.privateKey })))).toBe(
			'INVALID_IDP_RESPONSE : The ID token is not signed by Test Workspace',
		)
		// Signed with the client secret (HS256): anyone holding the secret could mint it; refused.
		expect(await failure(verifyProviderIdToken(p, await token({}, { alg: 'HS256', secret: 'client-secret' })))).toMatch(/^INVALID_IDP_RESPONSE/)
		expect(await failure(verifyProviderIdToken(p, 'not.a.token'))).toMatch(/^INVALID_IDP_RESPONSE/)
		expect(await failure(verifyProviderIdToken(p, 'x'.repeat(oidcLimits.maxIdTokenLength + 1)))).toBe('INVALID_IDP_RESPONSE : The id_token is too long')
		// Several audiences: we must be the authorised party.
		expect(await failure(verifyProviderIdToken(p, await token({ aud: ['andaman-admin', 'other'] as unknown as string })))).toMatch(/azp/)
	})

	test('the nonce must match, as given or as its SHA-256', async () => {
		const p = provider()
		expect((await verifyProviderIdToken(p, await token({ nonce: 'n-123' }), { nonce: 'n-123' })).subject).toBe('subject-1')
		const hashed = createHash('sha256').update('raw-nonce').digest('hex')
		expect((await verifyProviderIdToken(p, await token({ nonce: hashed }), { nonce: 'raw-nonce' })).subject).toBe('subject-1')
		expect(await failure(verifyProviderIdToken(p, await token({ nonce: 'n-123' }), { nonce: 'other' }))).toMatch(/^MISSING_OR_INVALID_NONCE/)
		expect(await failure(verifyProviderIdToken(p, await token({ nonce: 'n-123' })))).toMatch(/^MISSING_OR_INVALID_NONCE/)
		expect(await failure(verifyProviderIdToken(p, await token(), { nonce: 'n-123' }))).toMatch(/^MISSING_OR_INVALID_NONCE/)
	})

	test('discovery is fetched once and cached', async () => {
		const p = provider()
		const before = discoveryRequests
		await Promise.all([verifyProviderIdToken(p, await token()), verifyProviderIdToken(p, await token())])
		await verifyProviderIdToken(p, await token())
		expect(discoveryRequests - before).toBe(1)
	})

	test('a provider that cannot serve gives IDP_UNAVAILABLE, never a crash, and is not asked again at once', async () => {
		const savedTimeout = oidcLimits.fetchTimeoutMs
		oidcLimits.fetchTimeoutMs = 300
		try {
			behaviour = 'slow'
			const slow = provider()
			expect(await failure(verifyProviderIdToken(slow, await token()))).toMatch(/^IDP_UNAVAILABLE : Test Workspace could not be reached \(discovery\)/)
			const asked = discoveryRequests
			expect(await failure(verifyProviderIdToken(slow, await token()))).toMatch(/^IDP_UNAVAILABLE .*failed a moment ago/)
			expect(discoveryRequests).toBe(asked)
		} finally {
			oidcLimits.fetchTimeoutMs = savedTimeout
		}
		behaviour = 'huge'
		expect(await failure(verifyProviderIdToken(provider(), await token()))).toMatch(/^IDP_UNAVAILABLE .*too large/)
		behaviour = 'wrong-issuer'
		expect(await failure(verifyProviderIdToken(provider(), await token()))).toMatch(/^IDP_UNAVAILABLE .*names issuer/)
		// Nothing listens on port 1.
		expect(await failure(verifyProviderIdToken(provider({ issuer: 'http://127.0.0.1:1' }), await token()))).toMatch(/^IDP_UNAVAILABLE/)
	})
})
