import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createRemoteJWKSet, customFetch, errors as joseErrors, type JWTPayload, jwtVerify } from 'jose'
import { z } from 'zod'
import { IdentityError } from '~/lib/identity-errors.ts'
import { env, type OidcProviderConfig } from '~/server/env.server.ts'
import { logger } from '~/server/logger.server.ts'
import { readAtMost } from '~/server/read-at-most.server.ts'

/**
 * Company OpenID Connect providers (docs/decisions/120-openid-connect-sign-in.md).
 *
 * Configured in OIDC_PROVIDERS; with none configured nothing here ever calls
 * out. A provider's discovery document and signing keys are fetched on first
 * use, with a timeout and a size cap, and cached; a provider that cannot be
 * reached gives IDP_UNAVAILABLE (503), never a crash. ID tokens are checked
 * against the published keys (asymmetric algorithms only) for issuer,
 * audience (our client id), expiry and, when one was asked for, the nonce.
 */
export const oidcLimits = {
	/** Each call to a provider (discovery, keys, code exchange). */
	fetchTimeoutMs: 5000,
	/** Discovery document, key set and token answer. */
	maxDocumentBytes: 64 * 1024,
	/** How long a discovery document and key set are kept before being fetched again. */
	cacheSeconds: 60 * 60,
	/** After a failed discovery, how long before the provider is tried again (so a dead provider is not hammered). */
	retryAfterFailureSeconds: 30,
	/** A token with an unknown key id makes jose fetch the keys again at most this often. */
	keyRefetchCooldownSeconds: 30,
	/** Clock difference tolerated on exp/iat/nbf. */
	clockToleranceSeconds: 60,
	/** An ID token longer than this is refused unread. */
	maxIdTokenLength: 16 * 1024,
}

/** Only asymmetric signatures: a token signed with the client secret (HS256) or unsigned is refused. */
const acceptedAlgorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']

export type OidcProvider = OidcProviderConfig & { providerId: string }

export function configuredProviders(): OidcProvider[] {
	return env().OIDC_PROVIDERS.map((provider) => ({ ...provider, providerId: `oidc.${provider.id}` }))
}

/** A configured provider by its short id (`acme`) or the id clients send (`oidc.acme`). */
export function findProvider(id: string | null | undefined, providers = configuredProviders()): OidcProvider | undefined {
	if (!id) return undefined
	return providers.find((provider) => provider.id === id || provider.providerId === id)
}

const discoverySchema = z.looseObject({
	issuer: z.string().max(512),
	authorization_endpoint: z.url().max(2048),
	token_endpoint: z.url().max(2048),
	jwks_uri: z.url().max(2048),
	token_endpoint_auth_methods_supported: z.array(z.string().max(64)).max(20).optional(),
	code_challenge_methods_supported: z.array(z.string().max(16)).max(10).optional(),
})
export type Discovery = z.infer<typeof discoverySchema>

export class ProviderUnavailable extends IdentityError {
	constructor(provider: OidcProvider, what: string) {
		super('IDP_UNAVAILABLE', { detail: `${provider.name} could not be reached (${what}). Try again in a minute.` })
	}
}

/** A GET or POST to a provider: timeout, size cap, JSON object or a ProviderUnavailable. */
async function fetchJson(
	provider: OidcProvider,
	url: string,
	what: string,
	init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
	let response: Response
	try {
		response = await fetch(url, {
			...init,
			redirect: 'error',
			signal: AbortSignal.timeout(oidcLimits.fetchTimeoutMs),
			headers: { Accept: 'application/json', ...init.headers },
		})
	} catch (error) {
		logger.warn({ msg: 'oidc: provider unreachable', provider: provider.id, what, error })
		throw new ProviderUnavailable(provider, what)
	}
	const bytes = await readAtMost(response, oidcLimits.maxDocumentBytes, {
		tooLarge: () => new ProviderUnavailable(provider, `${what} too large`),
		failed: () => new ProviderUnavailable(provider, what),
	})
	let body: unknown
	try {
		body = JSON.parse(bytes.toString('utf8'))
	} catch {
		body = null
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		logger.warn({ msg: 'oidc: provider answered without JSON', provider: provider.id, what, status: response.status })
		throw new ProviderUnavailable(provider, `${what} answered ${response.status}`)
	}
	return { status: response.status, body: body as Record<string, unknown> }
}

type ProviderState = { discovery: Discovery; keys: ReturnType<typeof createRemoteJWKSet>; fetchedAt: number }
const providerStates = new Map<string, ProviderState>()
const inFlight = new Map<string, Promise<ProviderState>>()
const lastFailure = new Map<string, number>()

/** The jose key-set fetcher, held to our timeout and size cap. */
function cappedFetch(provider: OidcProvider): typeof fetch {
	return async (input, init) => {
		const response = await fetch(input, { ...init, redirect: 'error' })
		const bytes = await readAtMost(response, oidcLimits.maxDocumentBytes, {
			tooLarge: () => new ProviderUnavailable(provider, 'signing keys too large'),
			failed: () => new ProviderUnavailable(provider, 'signing keys'),
		})
		return new Response(new Uint8Array(bytes), { status: response.status, headers: response.headers })
	}
}

async function loadProvider(provider: OidcProvider, now: number): Promise<ProviderState> {
	const url = `${provider.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
	const { status, body } = await fetchJson(provider, url, 'discovery')
	const parsed = discoverySchema.safeParse(body)
	if (status !== 200 || !parsed.success) throw new ProviderUnavailable(provider, `discovery answered ${status} without the expected fields`)
	// The document must name the issuer we were configured with (OpenID Connect Discovery §4.3).
	if (parsed.data.issuer !== provider.issuer) throw new ProviderUnavailable(provider, `discovery names issuer ${parsed.data.issuer.slice(0, 100)}`)
	const keys = createRemoteJWKSet(new URL(parsed.data.jwks_uri), {
		timeoutDuration: oidcLimits.fetchTimeoutMs,
		cooldownDuration: oidcLimits.keyRefetchCooldownSeconds * 1000,
		cacheMaxAge: oidcLimits.cacheSeconds * 1000,
		[customFetch]: cappedFetch(provider),
	})
	return { discovery: parsed.data, keys, fetchedAt: now }
}

/** The provider's discovery document and key set, cached; concurrent first uses share one fetch. */
export async function providerState(provider: OidcProvider, now = Date.now()): Promise<ProviderState> {
	const cached = providerStates.get(provider.providerId)
	if (cached && now - cached.fetchedAt < oidcLimits.cacheSeconds * 1000) return cached
	const failedAt = lastFailure.get(provider.providerId)
	if (!cached && failedAt !== undefined && now - failedAt < oidcLimits.retryAfterFailureSeconds * 1000) {
		throw new ProviderUnavailable(provider, 'failed a moment ago')
	}
	let pending = inFlight.get(provider.providerId)
	if (!pending) {
		pending = loadProvider(provider, now)
			.then((state) => {
				providerStates.set(provider.providerId, state)
				lastFailure.delete(provider.providerId)
				return state
			})
			.catch((error: unknown) => {
				lastFailure.set(provider.providerId, now)
				// A stale document still serves while the provider is down.
				if (cached) return cached
				throw error
			})
			.finally(() => inFlight.delete(provider.providerId))
		inFlight.set(provider.providerId, pending)
	}
	return pending
}

/** Tests: forget cached documents and failures. */
export function forgetProviderCache(): void {
	providerStates.clear()
	lastFailure.clear()
}

export type ProviderIdentity = {
	subject: string
	email: string | null
	emailVerified: boolean
	displayName: string | null
	claims: JWTPayload
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

/** Constant-time comparison of two secrets. */
export function sameText(a: string, b: string): boolean {
	const left = Buffer.from(a)
	const right = Buffer.from(b)
	return left.length === right.length && timingSafeEqual(left, right)
}

const invalid = (detail: string) => new IdentityError('INVALID_IDP_RESPONSE', { detail })

/**
 * Checks an ID token from the provider: signature against its published keys,
 * issuer, audience (our client id), expiry, and the nonce. A nonce given is
 * compared with the token's claim as is or as its SHA-256 (clients that
 * follow the hosted service's practice send the raw nonce and put the hash in
 * the request). A token carrying a nonce needs one given.
 */
export async function verifyProviderIdToken(
	provider: OidcProvider,
	idToken: unknown,
	options: { nonce?: string | null; now?: Date } = {},
): Promise<ProviderIdentity> {
	if (typeof idToken !== 'string' || idToken === '') throw invalid('No id_token given')
	if (idToken.length > oidcLimits.maxIdTokenLength) throw invalid('The id_token is too long')
	const state = await providerState(provider)
	let payload: JWTPayload
	try {
		;({ payload } = await jwtVerify(idToken, state.keys, {
			issuer: state.discovery.issuer,
			audience: provider.clientId,
			algorithms: acceptedAlgorithms,
			clockTolerance: oidcLimits.clockToleranceSeconds,
			requiredClaims: ['sub', 'exp', 'iat'],
			...(options.now ? { currentDate: options.now } : {}),
		}))
	} catch (error) {
		if (error instanceof ProviderUnavailable) throw error
		if (error instanceof joseErrors.JWKSTimeout) throw new ProviderUnavailable(provider, 'signing keys timed out')
		if (error instanceof joseErrors.JWTExpired) throw invalid('The ID token has expired')
		if (error instanceof joseErrors.JWTClaimValidationFailed) throw invalid(`The ID token's ${error.claim} claim is not for this app`)
		if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey) {
			throw invalid(`The ID token is not signed by ${provider.name}`)
		}
		if (error instanceof joseErrors.JOSEError) throw invalid('The ID token could not be read')
		// Fetching the key set failed in some other way (refused connection, bad JSON).
		logger.warn({ msg: 'oidc: key set unavailable', provider: provider.id, error })
		throw new ProviderUnavailable(provider, 'signing keys')
	}
	// An ID token with several audiences must name us as the party it was issued to.
	if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== provider.clientId) throw invalid("The ID token's azp claim is not for this app")
	const claimedNonce = typeof payload.nonce === 'string' ? payload.nonce : null
	const given = options.nonce ?? null
	if (claimedNonce !== null || given !== null) {
		const matches = claimedNonce !== null && given !== null && (sameText(claimedNonce, given) || sameText(claimedNonce, sha256Hex(given)))
		if (!matches) throw new IdentityError('MISSING_OR_INVALID_NONCE', { detail: 'The nonce does not match the one in the ID token' })
	}
	const subject = String(payload.sub)
	if (subject.length === 0 || subject.length > 255) throw invalid('The ID token has no usable subject')
	const email = typeof payload.email === 'string' && payload.email.length <= 254 ? payload.email.trim() : null
	const emailVerified = payload.email_verified === true || payload.email_verified === 'true'
	const name = typeof payload.name === 'string' ? payload.name.trim().slice(0, 100) : ''
	return { subject, email: email || null, emailVerified, displayName: name || null, claims: payload }
}

// ─── The web sign-in: authorization code with PKCE, state and nonce ─────────

export const oidcFlowLifetimeSeconds = 10 * 60

const randomText = () => randomBytes(32).toString('base64url')

export type AuthorizationStart = { url: string; state: string; nonce: string; codeVerifier: string }

/** Where the browser goes to sign in at the provider, and the secrets the callback must match. */
export async function startAuthorization(provider: OidcProvider, redirectUri: string): Promise<AuthorizationStart> {
	const { discovery } = await providerState(provider)
	const state = randomText()
	const nonce = randomText()
	const codeVerifier = randomText()
	const url = new URL(discovery.authorization_endpoint)
	url.searchParams.set('response_type', 'code')
	url.searchParams.set('client_id', provider.clientId)
	url.searchParams.set('redirect_uri', redirectUri)
	url.searchParams.set('scope', 'openid email profile')
	url.searchParams.set('state', state)
	url.searchParams.set('nonce', nonce)
	url.searchParams.set('code_challenge', createHash('sha256').update(codeVerifier).digest('base64url'))
	url.searchParams.set('code_challenge_method', 'S256')
	return { url: url.toString(), state, nonce, codeVerifier }
}

/** The callback: exchanges the code (with the PKCE verifier and our client secret) and checks the ID token with the flow's nonce. */
export async function finishAuthorization(
	provider: OidcProvider,
	input: { code: string; redirectUri: string; codeVerifier: string; nonce: string },
): Promise<ProviderIdentity> {
	const { discovery } = await providerState(provider)
	const form = new URLSearchParams({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, code_verifier: input.codeVerifier })
	const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' }
	const methods = discovery.token_endpoint_auth_methods_supported
	// client_secret_basic is the default when the provider does not say (OpenID Connect Discovery §3).
	if (!methods || methods.includes('client_secret_basic')) {
		const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+')
		headers.Authorization = `Basic ${Buffer.from(`${encode(provider.clientId)}:${encode(provider.clientSecret)}`).toString('base64')}`
	} else {
		form.set('client_id', provider.clientId)
		form.set('client_secret', provider.clientSecret)
	}
	const { status, body } = await fetchJson(provider, discovery.token_endpoint, 'token exchange', { method: 'POST', headers, body: form.toString() })
	if (status !== 200 || typeof body.id_token !== 'string') {
		// The provider refused the code (used, expired, not ours): a failed sign-in, not an outage.
		logger.warn({
			msg: 'oidc: code exchange refused',
			provider: provider.id,
			status,
			error: typeof body.error === 'string' ? body.error.slice(0, 100) : undefined,
		})
		throw invalid('The provider did not accept the sign-in code')
	}
	return verifyProviderIdToken(provider, body.id_token, { nonce: input.nonce })
}
