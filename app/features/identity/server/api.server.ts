import { timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { isAppError } from '~/lib/errors.ts'
import { IdentityError, isIdentityError } from '~/lib/identity-errors.ts'
import { passwordPolicyResponse } from '~/lib/password-policy.ts'
import { type DB, isDatabaseUnavailable } from '~/server/db/client.server.ts'
import { env } from '~/server/env.server.ts'
import { logger } from '~/server/logger.server.ts'
import { assertRecentSignIn, deleteOwnAccount, signInWithPassword, signUp, updateOwnAccount } from './accounts.server.ts'
import {
	identityProjectId,
	idTokenLifetimeSeconds,
	issueIdToken,
	issueRefreshToken,
	revokeRefreshToken,
	rotateRefreshToken,
	verifyIdToken,
} from './tokens.server.ts'
import { deliverNow } from '~/features/email/server/sender.server.ts'
import { actionPurposes, applyVerifyEmailCode, checkActionCode, requestActionCode, resetPasswordWithCode, signInWithEmailCode } from './action-codes.server.ts'
import {
	finishEnrolment,
	finishSecondFactorSignIn,
	isSecondFactorRequired,
	listSecondFactors,
	pendingCredentialFor,
	type SecondFactor,
	startEnrolment,
	totpParameters,
	withdrawSecondFactor,
} from './second-factor.server.ts'
import type { User } from './users.server.ts'
import { listLinkedIdentities, NeedsConfirmation, signInWithProviderIdentity } from './federated.server.ts'
import { findProvider, oidcLimits, ProviderUnavailable, verifyProviderIdToken } from './oidc.server.ts'

/**
 * The identity REST API of docs/identity-api.md, wire-compatible with the service client
 * SDKs talk to (paths, payloads, answers and error shapes), so that the
 * official SDK pointed at our server (`connectAuthEmulator`) works unchanged.
 *
 *   POST /identitytoolkit.googleapis.com/v1/accounts:signUp
 *   POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPassword
 *   POST /identitytoolkit.googleapis.com/v1/accounts:lookup
 *   POST /identitytoolkit.googleapis.com/v1/accounts:update
 *   POST /identitytoolkit.googleapis.com/v1/accounts:delete
 *   POST /identitytoolkit.googleapis.com/v1/accounts:sendOobCode
 *   POST /identitytoolkit.googleapis.com/v1/accounts:resetPassword
 *   POST /identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink
 *   POST /identitytoolkit.googleapis.com/v1/accounts:signInWithIdp
 *   POST /identitytoolkit.googleapis.com/v2/accounts:revokeToken
 *   POST /identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start|finalize|withdraw
 *   POST /identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize
 *   GET  /identitytoolkit.googleapis.com/v2/passwordPolicy
 *   GET  /identitytoolkit.googleapis.com/v2/recaptchaConfig
 *   POST /securetoken.googleapis.com/v1/token
 *
 * Every call needs `?key=` with IDENTITY_API_KEY.
 */
export const identityEndpoints = {
	signUp: 'POST',
	signInWithPassword: 'POST',
	lookup: 'POST',
	update: 'POST',
	delete: 'POST',
	sendOobCode: 'POST',
	resetPassword: 'POST',
	signInWithEmailLink: 'POST',
	signInWithIdp: 'POST',
	revokeToken: 'POST',
	mfaEnrollmentStart: 'POST',
	mfaEnrollmentFinalize: 'POST',
	mfaEnrollmentWithdraw: 'POST',
	mfaSignInFinalize: 'POST',
	passwordPolicy: 'GET',
	recaptchaConfig: 'GET',
	token: 'POST',
} as const
export type IdentityEndpoint = keyof typeof identityEndpoints

/** Request bodies are small JSON objects: anything larger is refused before parsing. */
export const maxIdentityBodyBytes = 64 * 1024

/** Methods the real service has that we answer with OPERATION_NOT_ALLOWED (no phone, no custom tokens). */
const unsupportedMethods = new Set([
	'accounts:signInWithCustomToken',
	'accounts:signInWithPhoneNumber',
	'accounts:sendVerificationCode',
	'accounts:createAuthUri',
	// Phone second factors only: TOTP sign-in needs no start call.
	'accounts/mfaSignIn:start',
])

class ApiFailure extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly reason = 'invalid',
	) {
		super(message)
	}
}

const jsonHeaders = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }

/** The service's error shape: `{"error":{"code":400,"message":"EMAIL_EXISTS","errors":[…]}}`. */
export function identityErrorResponse(status: number, message: string, reason = 'invalid', headers: Record<string, string> = {}): Response {
	return new Response(JSON.stringify({ error: { code: status, message, errors: [{ message, domain: 'global', reason }] } }), {
		status,
		headers: { ...jsonHeaders, ...headers },
	})
}

function ok(body: unknown): Response {
	return new Response(JSON.stringify(body), { status: 200, headers: jsonHeaders })
}

function checkApiKey(request: Request) {
	const given = new URL(request.url).searchParams.get('key') ?? ''
	const expected = Buffer.from(env().IDENTITY_API_KEY)
	const actual = Buffer.from(given)
	if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
		throw new ApiFailure(400, 'API key not valid. Please pass a valid API key.', 'badRequest')
	}
}

async function readBody(request: Request): Promise<string> {
	const declared = Number(request.headers.get('content-length') ?? Number.NaN)
	if (declared > maxIdentityBodyBytes) throw new ApiFailure(413, 'PAYLOAD_TOO_LARGE', 'badRequest')
	if (!request.body) return ''
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let total = 0
	for (;;) {
		let result: ReadableStreamReadResult<Uint8Array>
		try {
			result = await reader.read()
		} catch {
			// The connection layer refused the body (too large) or the client went away.
			throw new ApiFailure(413, 'PAYLOAD_TOO_LARGE', 'badRequest')
		}
		if (result.done) break
		total += result.value.byteLength
		if (total > maxIdentityBodyBytes) {
			await reader.cancel().catch(() => {})
			throw new ApiFailure(413, 'PAYLOAD_TOO_LARGE', 'badRequest')
		}
		chunks.push(result.value)
	}
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))
	} catch {
		throw new ApiFailure(400, 'INVALID_JSON : Invalid JSON payload received. The body is not UTF-8.', 'badRequest')
	}
}

async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
	const text = await readBody(request)
	if (text.trim() === '') return {}
	let value: unknown
	try {
		value = JSON.parse(text)
	} catch {
		throw new ApiFailure(400, 'INVALID_JSON : Invalid JSON payload received.', 'badRequest')
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw new ApiFailure(400, 'INVALID_JSON : Invalid JSON payload received. Expected an object.', 'badRequest')
	}
	return value as Record<string, unknown>
}

/** The token endpoint takes form-encoded bodies (as SDKs send them) or JSON. */
async function readTokenRequest(request: Request): Promise<Record<string, unknown>> {
	const type = request.headers.get('content-type') ?? ''
	if (type.includes('application/json')) return readJsonObject(request)
	return Object.fromEntries(new URLSearchParams(await readBody(request)))
}

function parse<T extends z.ZodType>(schema: T, body: Record<string, unknown>): z.infer<T> {
	const result = schema.safeParse(body)
	if (!result.success) {
		const issue = result.error.issues[0]
		throw new ApiFailure(400, `INVALID_ARGUMENT : ${issue ? `${issue.path.join('.') || 'body'} ${issue.message}` : 'Invalid request'}`.trim())
	}
	return result.data
}

const optionalString = z.string().max(8192).optional()
const optionalNullableString = z.string().max(8192).nullable().optional()

const schemas = {
	signUp: z.looseObject({ email: optionalString, password: optionalString, displayName: optionalString, idToken: optionalString }),
	signInWithPassword: z.looseObject({ email: optionalString, password: optionalString }),
	idToken: z.looseObject({ idToken: optionalString }),
	update: z.looseObject({
		idToken: optionalString,
		displayName: optionalNullableString,
		photoUrl: optionalNullableString,
		password: optionalString,
		email: optionalString,
		oobCode: optionalString,
		deleteAttribute: z.array(z.string().max(64)).max(10).optional(),
		deleteProvider: z.array(z.string().max(64)).max(10).optional(),
	}),
	sendOobCode: z.looseObject({ requestType: optionalString, email: optionalString, idToken: optionalString, continueUrl: optionalString }),
	resetPassword: z.looseObject({ oobCode: optionalString, newPassword: optionalString, email: optionalString }),
	signInWithEmailLink: z.looseObject({ email: optionalString, oobCode: optionalString, idToken: optionalString }),
	signInWithIdp: z.looseObject({
		requestUri: optionalString,
		// The provider's ID token travels in here: room for a large one, still capped.
		postBody: z
			.string()
			.max(oidcLimits.maxIdTokenLength + 4096)
			.optional(),
		sessionId: optionalString,
		pendingToken: optionalString,
		idToken: optionalString,
		returnIdpCredential: z.boolean().optional(),
		returnSecureToken: z.boolean().optional(),
		autoCreate: z.boolean().optional(),
	}),
	mfaEnrollmentStart: z.looseObject({ idToken: optionalString, totpEnrollmentInfo: z.looseObject({}).optional(), phoneEnrollmentInfo: z.unknown().optional() }),
	mfaEnrollmentFinalize: z.looseObject({
		idToken: optionalString,
		displayName: optionalNullableString,
		totpVerificationInfo: z.looseObject({ sessionInfo: optionalString, verificationCode: optionalString }).optional(),
	}),
	mfaEnrollmentWithdraw: z.looseObject({ idToken: optionalString, mfaEnrollmentId: optionalString }),
	mfaSignInFinalize: z.looseObject({
		mfaPendingCredential: optionalString,
		mfaEnrollmentId: optionalString,
		totpVerificationInfo: z.looseObject({ verificationCode: optionalString }).optional(),
	}),
	revokeToken: z.looseObject({ idToken: optionalString, token: optionalString, tokenType: optionalString, providerId: optionalString }),
	token: z.looseObject({ grant_type: optionalString, refresh_token: optionalString }),
}

/** The account as `accounts:lookup` describes it (docs/identity-api.md fields). Never the password hash. */
function accountInfo(user: User) {
	const ms = (iso: string | null) => (iso ? String(Date.parse(iso)) : undefined)
	return {
		localId: user.id,
		email: user.email,
		emailVerified: user.emailVerified,
		...(user.displayName ? { displayName: user.displayName } : {}),
		...(user.photoUrl ? { photoUrl: user.photoUrl } : {}),
		...(user.phoneNumber ? { phoneNumber: user.phoneNumber } : {}),
		providerUserInfo: user.hasPassword ? [providerInfo(user)] : [],
		...(user.passwordUpdatedAt ? { passwordUpdatedAt: Date.parse(user.passwordUpdatedAt) } : {}),
		validSince: String(Math.floor(Date.parse(user.passwordUpdatedAt ?? user.createdAt) / 1000)),
		disabled: user.disabled,
		createdAt: ms(user.createdAt),
		lastLoginAt: ms(user.lastSignInAt ?? user.createdAt),
		customAttributes: JSON.stringify({ role: user.role }),
	}
}

/** Enrolled second factors as the service lists them (`mfaInfo`). */
function mfaInfo(factors: SecondFactor[]) {
	return factors.map((factor) => ({ mfaEnrollmentId: factor.id, displayName: factor.displayName ?? '', enrolledAt: factor.enrolledAt, totpInfo: {} }))
}

/**
 * The first step of a sign-in passed: tokens, or, for an account with a
 * second factor, the pending credential and the factors instead (SDKs turn
 * this answer into multi-factor-auth-required).
 */
async function signedInAnswer(db: DB, user: User, kind: string, extra: Record<string, unknown>) {
	const factors = await listSecondFactors(db, user.id)
	if (factors.length === 0) await assertSecondFactorNotRequired(db)
	if (factors.length > 0) {
		return ok({ kind, localId: user.id, email: user.email, ...extra, mfaPendingCredential: pendingCredentialFor(user), mfaInfo: mfaInfo(factors) })
	}
	return ok({ kind, localId: user.id, email: user.email, ...extra, ...(await newTokens(db, user, new Date())) })
}

/**
 * Owners require two-step sign-in and the account has no second factor: the
 * API gives it no tokens (the web sends it to set one up instead).
 */
async function assertSecondFactorNotRequired(db: DB) {
	if (await isSecondFactorRequired(db)) {
		throw new IdentityError('SECOND_FACTOR_REQUIRED', {
			detail: 'An owner requires two-step sign-in for every account; set up an authenticator app on /admin/profile first',
		})
	}
}

/** The sign-in methods of an account as `lookup` lists them: the password, then linked providers. */
async function providerInfos(db: DB, user: User) {
	const linked = await listLinkedIdentities(db, user.id)
	return [
		...(user.hasPassword ? [providerInfo(user)] : []),
		...linked.map((identity) => ({
			providerId: identity.providerId,
			federatedId: identity.subject,
			rawId: identity.subject,
			email: identity.email,
			...(identity.displayName ? { displayName: identity.displayName } : {}),
		})),
	]
}

function providerInfo(user: User) {
	return {
		providerId: 'password',
		federatedId: user.email,
		email: user.email,
		rawId: user.email,
		...(user.displayName ? { displayName: user.displayName } : {}),
		...(user.photoUrl ? { photoUrl: user.photoUrl } : {}),
	}
}

async function newTokens(db: DB, user: User, signedInAt: Date) {
	const [idToken, refreshToken] = await Promise.all([issueIdToken(user, signedInAt), issueRefreshToken(db, { userId: user.id, signedInAt })])
	return { idToken, refreshToken, expiresIn: String(idTokenLifetimeSeconds) }
}

type Handler = (db: DB, request: Request, clientAddress: string) => Promise<Response>

const handlers: Record<IdentityEndpoint, Handler> = {
	async signUp(db, request, clientAddress) {
		const body = parse(schemas.signUp, await readJsonObject(request))
		// Linking a password to an existing (anonymous) account, and anonymous accounts themselves, do not exist here.
		if (body.idToken) throw new IdentityError('OPERATION_NOT_ALLOWED', { detail: 'Accounts cannot be linked here' })
		if (body.email === undefined && body.password === undefined) throw new IdentityError('ADMIN_ONLY_OPERATION')
		const user = await signUp(db, { email: body.email, password: body.password, displayName: body.displayName, ip: clientAddress })
		return ok({
			kind: 'identitytoolkit#SignupNewUserResponse',
			localId: user.id,
			email: user.email,
			...(user.displayName ? { displayName: user.displayName } : {}),
			...(await newTokens(db, user, new Date())),
		})
	},

	async signInWithPassword(db, request, clientAddress) {
		const body = parse(schemas.signInWithPassword, await readJsonObject(request))
		const user = await signInWithPassword(db, { email: body.email, password: body.password, ip: clientAddress, via: 'api' })
		return signedInAnswer(db, user, 'identitytoolkit#VerifyPasswordResponse', {
			displayName: user.displayName ?? '',
			...(user.photoUrl ? { profilePicture: user.photoUrl } : {}),
			registered: true,
		})
	},

	async lookup(db, request) {
		const body = parse(schemas.idToken, await readJsonObject(request))
		const { user } = await verifyIdToken(db, body.idToken)
		const factors = await listSecondFactors(db, user.id)
		const info = { ...accountInfo(user), providerUserInfo: await providerInfos(db, user) }
		return ok({ kind: 'identitytoolkit#GetAccountInfoResponse', users: [{ ...info, ...(factors.length ? { mfaInfo: mfaInfo(factors) } : {}) }] })
	},

	async update(db, request) {
		const body = parse(schemas.update, await readJsonObject(request))
		// applyActionCode: an email verification code, no ID token needed.
		if (body.oobCode !== undefined) {
			const verified = await applyVerifyEmailCode(db, body.oobCode)
			return ok({
				kind: 'identitytoolkit#SetAccountInfoResponse',
				localId: verified.id,
				email: verified.email,
				emailVerified: verified.emailVerified,
				providerUserInfo: verified.hasPassword ? [providerInfo(verified)] : [],
			})
		}
		const { user, authTime } = await verifyIdToken(db, body.idToken)
		// A new password needs a recent sign-in, as with the real service; profile changes do not.
		if (body.password !== undefined) assertRecentSignIn(authTime)
		if (body.email !== undefined) throw new IdentityError('OPERATION_NOT_ALLOWED', { detail: 'Ask an owner to change your email address' })
		if (body.deleteProvider?.length) throw new IdentityError('OPERATION_NOT_ALLOWED', { detail: 'Sign-in methods cannot be removed' })
		const deleted = new Set(body.deleteAttribute ?? [])
		for (const attribute of deleted) {
			if (attribute !== 'DISPLAY_NAME' && attribute !== 'PHOTO_URL') throw new IdentityError('INVALID_ARGUMENT', { detail: `Cannot delete ${attribute}` })
		}
		const updated = await updateOwnAccount(db, user, {
			displayName: deleted.has('DISPLAY_NAME') ? null : body.displayName,
			photoUrl: deleted.has('PHOTO_URL') ? null : body.photoUrl,
			password: body.password,
		})
		return ok({
			kind: 'identitytoolkit#SetAccountInfoResponse',
			localId: updated.id,
			email: updated.email,
			...(updated.displayName ? { displayName: updated.displayName } : {}),
			...(updated.photoUrl ? { photoUrl: updated.photoUrl } : {}),
			emailVerified: updated.emailVerified,
			providerUserInfo: [providerInfo(updated)],
			// A new password revoked every earlier token: the caller gets a fresh pair. Profile changes keep the caller's tokens.
			...(body.password !== undefined ? await newTokens(db, updated, new Date()) : {}),
		})
	},

	async delete(db, request) {
		const body = parse(schemas.idToken, await readJsonObject(request))
		const { user, authTime } = await verifyIdToken(db, body.idToken)
		assertRecentSignIn(authTime)
		await deleteOwnAccount(db, user)
		return ok({ kind: 'identitytoolkit#DeleteAccountResponse' })
	},

	async sendOobCode(db, request, clientAddress) {
		const body = parse(schemas.sendOobCode, await readJsonObject(request))
		const purpose = actionPurposes.find((p) => p === body.requestType)
		if (!purpose) {
			throw new IdentityError(
				body.requestType ? 'OPERATION_NOT_ALLOWED' : 'MISSING_REQ_TYPE',
				body.requestType ? { detail: `${body.requestType} is not offered here` } : {},
			)
		}
		// Verification is asked for by the signed-in user; the other two by address, with a neutral answer.
		const user = purpose === 'VERIFY_EMAIL' ? (await verifyIdToken(db, body.idToken)).user : undefined
		const sent = await requestActionCode(db, {
			purpose,
			email: body.email,
			user,
			ip: clientAddress,
			continueUrl: body.continueUrl,
			siteUrl: env().SITE_URL,
			apiKey: env().IDENTITY_API_KEY,
		})
		deliverNow(db, sent.outboxKey)
		return ok({ kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: sent.email })
	},

	async resetPassword(db, request) {
		const body = parse(schemas.resetPassword, await readJsonObject(request))
		// Without a new password this only reads the code (the SDK's checkActionCode / verifyPasswordResetCode).
		if (body.newPassword === undefined) {
			const { row, user } = await checkActionCode(db, body.oobCode)
			return ok({ kind: 'identitytoolkit#ResetPasswordResponse', email: user.email, requestType: row.purpose })
		}
		const user = await resetPasswordWithCode(db, { code: body.oobCode, newPassword: body.newPassword })
		return ok({ kind: 'identitytoolkit#ResetPasswordResponse', email: user.email, requestType: 'PASSWORD_RESET' })
	},

	async signInWithEmailLink(db, request, clientAddress) {
		const body = parse(schemas.signInWithEmailLink, await readJsonObject(request))
		if (body.idToken) throw new IdentityError('OPERATION_NOT_ALLOWED', { detail: 'Accounts cannot be linked here' })
		const user = await signInWithEmailCode(db, { email: body.email, code: body.oobCode, ip: clientAddress, via: 'api' })
		return signedInAnswer(db, user, 'identitytoolkit#EmailLinkSigninResponse', { isNewUser: false })
	},

	async signInWithIdp(db, request) {
		const body = parse(schemas.signInWithIdp, await readJsonObject(request))
		if (body.idToken) throw new IdentityError('OPERATION_NOT_ALLOWED', { detail: 'Accounts cannot be linked here' })
		if (body.pendingToken || body.sessionId)
			throw new IdentityError('INVALID_PENDING_TOKEN', { detail: 'Redirect and pop-up sign-ins are not offered here; sign in with an ID token' })
		const post = new URLSearchParams(body.postBody ?? '')
		const provider = findProvider(post.get('providerId'))
		if (!provider)
			throw new IdentityError('OPERATION_NOT_ALLOWED', {
				detail: `The identity provider ${(post.get('providerId') ?? '').slice(0, 64) || '(none)'} is not enabled on this server`,
			})
		if (!body.requestUri) throw new IdentityError('INVALID_ARGUMENT', { detail: 'requestUri is required' })
		const idToken = post.get('id_token')
		if (!idToken) throw new IdentityError('INVALID_IDP_RESPONSE', { detail: 'Only OpenID Connect ID tokens are accepted (id_token in postBody)' })
		const identity = await verifyProviderIdToken(provider, idToken, { nonce: post.get('nonce') })
		let signedIn: { user: User; isNewUser: boolean }
		try {
			signedIn = await signInWithProviderIdentity(db, { providerId: provider.providerId, identity, via: 'api' })
		} catch (error) {
			if (!(error instanceof NeedsConfirmation)) throw error
			// As the service: an answer, not an error; SDKs raise account-exists-with-different-credential from it.
			return ok({
				kind: 'identitytoolkit#VerifyAssertionResponse',
				needConfirmation: true,
				providerId: provider.providerId,
				federatedId: identity.subject,
				email: error.email,
			})
		}
		const { user, isNewUser } = signedIn
		return signedInAnswer(db, user, 'identitytoolkit#VerifyAssertionResponse', {
			providerId: provider.providerId,
			federatedId: identity.subject,
			emailVerified: user.emailVerified,
			displayName: user.displayName ?? '',
			...(user.displayName ? { fullName: user.displayName } : {}),
			isNewUser,
			rawUserInfo: JSON.stringify({
				sub: identity.subject,
				email: identity.email,
				email_verified: identity.emailVerified,
				...(identity.displayName ? { name: identity.displayName } : {}),
			}),
			...(body.returnIdpCredential ? { oauthIdToken: idToken } : {}),
		})
	},

	async mfaEnrollmentStart(db, request) {
		const body = parse(schemas.mfaEnrollmentStart, await readJsonObject(request))
		const { user } = await verifyIdToken(db, body.idToken)
		if (!body.totpEnrollmentInfo) throw new IdentityError('OPERATION_NOT_ALLOWED', { detail: 'Only TOTP second factors are offered here' })
		const started = startEnrolment(user)
		return ok({
			totpSessionInfo: {
				sharedSecretKey: started.secret,
				verificationCodeLength: totpParameters.digits,
				hashingAlgorithm: totpParameters.algorithm,
				periodSec: totpParameters.period,
				sessionInfo: started.sessionInfo,
				finalizeEnrollmentTime: started.finalizeBy,
			},
		})
	},

	async mfaEnrollmentFinalize(db, request) {
		const body = parse(schemas.mfaEnrollmentFinalize, await readJsonObject(request))
		const { user, authTime } = await verifyIdToken(db, body.idToken)
		if (!body.totpVerificationInfo) throw new IdentityError('OPERATION_NOT_ALLOWED', { detail: 'Only TOTP second factors are offered here' })
		await finishEnrolment(db, user, {
			sessionInfo: body.totpVerificationInfo.sessionInfo,
			code: body.totpVerificationInfo.verificationCode,
			displayName: body.displayName,
		})
		// The recovery codes are shown on the profile page only (where a person can keep them); the SDK gets fresh tokens.
		return ok({ ...(await newTokens(db, user, authTime)) })
	},

	async mfaEnrollmentWithdraw(db, request) {
		const body = parse(schemas.mfaEnrollmentWithdraw, await readJsonObject(request))
		const { user, authTime } = await verifyIdToken(db, body.idToken)
		assertRecentSignIn(authTime)
		await withdrawSecondFactor(db, user, body.mfaEnrollmentId)
		return ok({ ...(await newTokens(db, user, authTime)) })
	},

	async mfaSignInFinalize(db, request, clientAddress) {
		const body = parse(schemas.mfaSignInFinalize, await readJsonObject(request))
		if (!body.mfaEnrollmentId) throw new IdentityError('MISSING_MFA_ENROLLMENT_ID')
		const user = await finishSecondFactorSignIn(db, {
			pendingCredential: body.mfaPendingCredential,
			factorId: body.mfaEnrollmentId,
			code: body.totpVerificationInfo?.verificationCode,
			ip: clientAddress,
		})
		return ok({ ...(await newTokens(db, user, new Date())) })
	},

	async revokeToken(db, request) {
		const body = parse(schemas.revokeToken, await readJsonObject(request))
		const { user } = await verifyIdToken(db, body.idToken)
		// Our accounts have no federated providers: only our own refresh tokens can be revoked.
		if (body.providerId && body.providerId !== 'password') {
			throw new IdentityError('INVALID_PROVIDER_ID', { detail: `${body.providerId} is not linked to this account` })
		}
		if (body.tokenType !== 'REFRESH_TOKEN' || !body.token) {
			throw new IdentityError('INVALID_ARGUMENT', { detail: 'tokenType must be REFRESH_TOKEN with the token to revoke' })
		}
		await revokeRefreshToken(db, user.id, body.token)
		return ok({})
	},

	async passwordPolicy() {
		return ok(passwordPolicyResponse(env().passwordPolicy))
	},

	async recaptchaConfig() {
		// reCAPTCHA is off: clients skip it for every provider.
		return ok({
			recaptchaKey: `projects/${identityProjectId}/keys/recaptcha-off`,
			recaptchaEnforcementState: [
				{ provider: 'EMAIL_PASSWORD_PROVIDER', enforcementState: 'OFF' },
				{ provider: 'PHONE_PROVIDER', enforcementState: 'OFF' },
			],
			useSmsBotScore: false,
			useSmsTollFraudProtection: false,
		})
	},

	async token(db, request) {
		const body = parse(schemas.token, await readTokenRequest(request))
		if (body.grant_type !== 'refresh_token') throw new IdentityError('INVALID_GRANT_TYPE')
		if (!body.refresh_token) throw new IdentityError('MISSING_REFRESH_TOKEN')
		const { user, refreshToken, signedInAt } = await rotateRefreshToken(db, body.refresh_token)
		if ((await listSecondFactors(db, user.id)).length === 0) await assertSecondFactorNotRequired(db)
		const idToken = await issueIdToken(user, signedInAt)
		return ok({
			access_token: idToken,
			expires_in: String(idTokenLifetimeSeconds),
			token_type: 'Bearer',
			refresh_token: refreshToken,
			id_token: idToken,
			user_id: user.id,
			project_id: identityProjectId,
		})
	},
}

function toErrorResponse(error: unknown, endpoint: string): Response {
	if (error instanceof ApiFailure) return identityErrorResponse(error.status, error.message, error.reason)
	if (isIdentityError(error) && error.retryAfterSeconds) {
		// Throttled: 429 with when to come back (SDKs read the message, whatever the status).
		return identityErrorResponse(429, error.wireMessage, 'rateLimitExceeded', { 'Retry-After': String(error.retryAfterSeconds) })
	}
	if (error instanceof ProviderUnavailable)
		return identityErrorResponse(503, error.wireMessage, 'backendError', { 'Retry-After': String(oidcLimits.retryAfterFailureSeconds) })
	if (isIdentityError(error)) return identityErrorResponse(400, error.wireMessage)
	if (isAppError(error) && error.status < 500) return identityErrorResponse(400, `INVALID_ARGUMENT : ${error.message}`)
	if (isDatabaseUnavailable(error)) {
		// The database cannot serve now (unreachable, timed out, full): the client may retry, as with every other route.
		logger.warn({ msg: 'identity API: database unavailable', endpoint, error })
		return identityErrorResponse(503, 'UNAVAILABLE', 'backendError', { 'Retry-After': '5' })
	}
	logger.error({ msg: 'identity API failed', endpoint, error })
	return identityErrorResponse(500, 'INTERNAL_ERROR', 'backendError')
}

/** Handles one known endpoint: method, API key, body, then the operation. Never answers 500 for bad input. */
export async function handleIdentityRequest(db: DB, endpoint: IdentityEndpoint, request: Request, clientAddress: string): Promise<Response> {
	try {
		if (request.method !== identityEndpoints[endpoint]) {
			throw new ApiFailure(404, `NOT_FOUND : ${request.method} is not supported here; use ${identityEndpoints[endpoint]}`, 'notFound')
		}
		checkApiKey(request)
		return await handlers[endpoint](db, request, clientAddress)
	} catch (error) {
		return toErrorResponse(error, endpoint)
	}
}

/**
 * Anything else under the two service prefixes: methods of the real service we
 * do not offer get OPERATION_NOT_ALLOWED (SDKs show operation-not-allowed);
 * unknown paths get the service's 404.
 */
export async function handleUnknownIdentityRequest(request: Request): Promise<Response> {
	try {
		checkApiKey(request)
		const method = new URL(request.url).pathname.split('/').slice(3).join('/')
		if (unsupportedMethods.has(method)) {
			throw new IdentityError('OPERATION_NOT_ALLOWED', { detail: 'This sign-in method is not enabled on this server' })
		}
		throw new ApiFailure(404, 'NOT_FOUND', 'notFound')
	} catch (error) {
		return toErrorResponse(error, 'unknown')
	}
}
