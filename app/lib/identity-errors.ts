import { AppError, type ErrorCode } from './errors.ts'

/**
 * The identity service's error vocabulary (docs/identity-api.md#errors). The server speaks in
 * server codes (`EMAIL_EXISTS`), exactly as the REST API sends them; clients
 * (the official SDKs and our own forms) turn them into client codes
 * (`email-already-in-use`) and finally into plain words.
 */
export const identityServerCodes = {
	EMAIL_EXISTS: 'email-already-in-use',
	INVALID_LOGIN_CREDENTIALS: 'invalid-credential',
	INVALID_PASSWORD: 'wrong-password',
	EMAIL_NOT_FOUND: 'user-not-found',
	TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
	USER_DISABLED: 'user-disabled',
	TOKEN_EXPIRED: 'user-token-expired',
	USER_NOT_FOUND: 'user-token-expired',
	EXPIRED_OOB_CODE: 'expired-action-code',
	INVALID_OOB_CODE: 'invalid-action-code',
	CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'requires-recent-login',
	INVALID_ID_TOKEN: 'invalid-user-token',
	WEAK_PASSWORD: 'weak-password',
	PASSWORD_DOES_NOT_MEET_REQUIREMENTS: 'password-does-not-meet-requirements',
	INVALID_EMAIL: 'invalid-email',
	MISSING_PASSWORD: 'missing-password',
	MISSING_EMAIL: 'missing-email',
	OPERATION_NOT_ALLOWED: 'operation-not-allowed',
	ADMIN_ONLY_OPERATION: 'admin-restricted-operation',
	INVALID_REFRESH_TOKEN: 'invalid-refresh-token',
	MISSING_REFRESH_TOKEN: 'missing-refresh-token',
	INVALID_GRANT_TYPE: 'invalid-grant-type',
	INVALID_PROVIDER_ID: 'invalid-provider-id',
	INVALID_ARGUMENT: 'invalid-argument',
	MISSING_OOB_CODE: 'internal-error',
	MISSING_REQ_TYPE: 'internal-error',
	INVALID_CONTINUE_URI: 'invalid-continue-uri',
	UNAUTHORIZED_DOMAIN: 'unauthorized-continue-uri',
	INVALID_CODE: 'invalid-verification-code',
	INVALID_MFA_PENDING_CREDENTIAL: 'invalid-multi-factor-session',
	MISSING_MFA_PENDING_CREDENTIAL: 'missing-multi-factor-session',
	MFA_ENROLLMENT_NOT_FOUND: 'multi-factor-info-not-found',
	MISSING_MFA_ENROLLMENT_ID: 'missing-multi-factor-info',
	SECOND_FACTOR_EXISTS: 'second-factor-already-in-use',
	INVALID_IDP_RESPONSE: 'invalid-credential',
	INVALID_PENDING_TOKEN: 'invalid-credential',
	MISSING_OR_INVALID_NONCE: 'missing-or-invalid-nonce',
	/** Our own: owners require two-step sign-in and this account has not set it up (docs/decisions/121-second-factor-for-the-api-and-resets.md). */
	SECOND_FACTOR_REQUIRED: 'second-factor-required',
	/** Our own: a company sign-in provider could not be reached (answered with 503). */
	IDP_UNAVAILABLE: 'idp-unavailable',
} as const satisfies Record<string, string>

export type IdentityServerCode = keyof typeof identityServerCodes

/** Client codes that come from the client itself, not from a server answer (docs/identity-api.md#errors "network failure", "second factor", "also seen"). */
export const clientOnlyIdentityCodes = [
	'network-request-failed',
	'multi-factor-auth-required',
	'popup-blocked',
	'popup-closed-by-user',
	'unauthorized-domain',
	'user-mismatch',
	'internal-error',
	/** Our own: the session was ended on the user's behalf (an owner signed them out everywhere). */
	'signed-out',
	/** Our own: the password was changed, which signs out every session. */
	'password-changed',
	/** Our own: an agency's user chose their password from an invitation (ADR 221). */
	'password-set',
	/** Our own: the partner agency of an agent user was suspended, which signs out its users (ADR 222). */
	'agency-suspended',
] as const

export type IdentityClientCode = (typeof identityServerCodes)[IdentityServerCode] | (typeof clientOnlyIdentityCodes)[number]

/** What an SDK does with a server code: the table above, else lower-case with dashes. */
export function clientCodeFor(serverCode: string): string {
	return (identityServerCodes as Record<string, string>)[serverCode] ?? serverCode.toLowerCase().replace(/[_\s]+/g, '-')
}

export function isIdentityClientCode(value: string): value is IdentityClientCode {
	return (Object.values(identityServerCodes) as string[]).includes(value) || (clientOnlyIdentityCodes as readonly string[]).includes(value)
}

function waitWords(seconds: number): string {
	if (seconds <= 60) return `${Math.max(1, Math.ceil(seconds))} seconds`
	const minutes = Math.ceil(seconds / 60)
	if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`
	const hours = Math.ceil(minutes / 60)
	return hours === 1 ? '1 hour' : `${hours} hours`
}

const wrongCredentials = 'That email and password do not match an account. Check both and try again.'

/** A client code in plain words that say what to do. Unknown codes get a general message, never the raw code. */
export function identityMessage(code: string, options: { retryAfterSeconds?: number; detail?: string } = {}): string {
	switch (code) {
		case 'email-already-in-use':
			return 'An account with this email already exists. Sign in instead, or ask an owner to reset it.'
		case 'invalid-credential':
		case 'wrong-password':
		case 'user-not-found':
			// One message for all three: a sign-in never reveals whether an email is registered.
			return wrongCredentials
		case 'too-many-requests':
			return options.retryAfterSeconds
				? `Too many attempts. For your security, wait ${waitWords(options.retryAfterSeconds)} and try again.`
				: 'Too many attempts. For your security, wait a few minutes and try again.'
		case 'user-disabled':
			if (options.detail === 'agency-suspended') return identityMessage('agency-suspended')
			return 'This account has been disabled. Ask an owner to enable it again if you still need access.'
		case 'user-token-expired':
			return 'Your session has expired. Please sign in again.'
		case 'signed-out':
			return 'You were signed out of all your devices by an owner. Please sign in again.'
		case 'password-changed':
			return 'Your password was changed, so every device was signed out. Sign in with the new password.'
		case 'password-set':
			return 'Your password is set. Sign in with your email address and the new password.'
		case 'agency-suspended':
			return 'Your agency’s account with us is suspended, so its users cannot sign in. Ask us to reinstate it; you can sign in again once it is.'
		case 'expired-action-code':
			return 'This link has expired. Ask for a new one.'
		case 'invalid-action-code':
			return 'This link is not valid any more: it may have been used already. Ask for a new one.'
		case 'requires-recent-login':
			return 'For your security, sign in again before making this change.'
		case 'invalid-user-token':
		case 'invalid-refresh-token':
		case 'missing-refresh-token':
			return 'Your sign-in is no longer valid. Please sign in again.'
		case 'invalid-grant-type':
		case 'invalid-argument':
			return 'The sign-in request was not understood. Reload the page and try again.'
		case 'invalid-verification-code':
			return 'That code does not match. Type the 6 digits your authenticator app shows now, or a recovery code.'
		case 'invalid-multi-factor-session':
		case 'missing-multi-factor-session':
			return 'Your sign-in took too long or changed. Sign in again with your password.'
		case 'multi-factor-info-not-found':
		case 'missing-multi-factor-info':
			return 'That second sign-in step is not set up for this account.'
		case 'second-factor-already-in-use':
			return 'An authenticator app is already set up for this account. Remove it first to set up another.'
		case 'missing-or-invalid-nonce':
			return 'The sign-in with your company account could not be checked. Start again.'
		case 'second-factor-required':
			return 'An owner requires two-step sign-in for every account. Set up an authenticator app on your profile page (Your account, in the admin area), then sign in again.'
		case 'idp-unavailable':
			return 'Your company’s sign-in service could not be reached. Try again in a minute, or sign in with your password.'
		case 'invalid-continue-uri':
		case 'unauthorized-continue-uri':
			return 'The address to return to after following the emailed link is not one of ours.'
		case 'invalid-provider-id':
			return 'That sign-in method is not linked to this account.'
		case 'internal-error':
			return 'Something went wrong on our side while signing in. Please try again in a moment.'
		case 'weak-password':
		case 'password-does-not-meet-requirements':
			return options.detail ? `Choose a stronger password: ${options.detail}` : 'Choose a stronger password that follows the rules shown.'
		case 'invalid-email':
			return 'Enter an email address such as name@example.com.'
		case 'missing-email':
			return 'Enter your email address.'
		case 'missing-password':
			return 'Enter your password.'
		case 'operation-not-allowed':
		case 'admin-restricted-operation':
			return 'This way of signing in is not available here.'
		case 'network-request-failed':
			return 'We could not reach the server. Check your internet connection and try again.'
		case 'multi-factor-auth-required':
			return 'This account needs a second sign-in step: the code from your authenticator app.'
		case 'popup-blocked':
			return 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.'
		case 'popup-closed-by-user':
			return 'The sign-in window was closed before signing in finished. Try again.'
		case 'unauthorized-domain':
			return 'Signing in is not allowed from this web address.'
		case 'user-mismatch':
			return 'You signed in as a different person than the one signed in before. Use the same account.'
		default:
			return 'Something went wrong while signing in. Please try again.'
	}
}

const appErrorCodes: Partial<Record<IdentityServerCode, ErrorCode>> = {
	EMAIL_EXISTS: 'already-exists',
	INVALID_LOGIN_CREDENTIALS: 'unauthenticated',
	INVALID_PASSWORD: 'unauthenticated',
	EMAIL_NOT_FOUND: 'unauthenticated',
	TOO_MANY_ATTEMPTS_TRY_LATER: 'resource-exhausted',
	USER_DISABLED: 'permission-denied',
	TOKEN_EXPIRED: 'unauthenticated',
	USER_NOT_FOUND: 'unauthenticated',
	INVALID_ID_TOKEN: 'unauthenticated',
	INVALID_REFRESH_TOKEN: 'unauthenticated',
	CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'unauthenticated',
	OPERATION_NOT_ALLOWED: 'permission-denied',
	ADMIN_ONLY_OPERATION: 'permission-denied',
}

/**
 * An expected identity failure. Carries the server code (what the REST API
 * sends), an optional detail (sent after " : "), and for throttling the
 * seconds until a retry may succeed.
 */
export class IdentityError extends AppError {
	readonly identityCode: IdentityServerCode
	readonly detail?: string
	readonly retryAfterSeconds?: number

	constructor(identityCode: IdentityServerCode, options: { detail?: string; retryAfterSeconds?: number; fields?: Record<string, string> } = {}) {
		const clientCode = identityServerCodes[identityCode]
		super(appErrorCodes[identityCode] ?? 'invalid-argument', identityMessage(clientCode, options), { fields: options.fields })
		this.identityCode = identityCode
		this.detail = options.detail
		this.retryAfterSeconds = options.retryAfterSeconds
	}

	get clientCode(): string {
		return identityServerCodes[this.identityCode]
	}

	/** The message as the REST API sends it: `CODE` or `CODE : detail`. */
	get wireMessage(): string {
		return this.detail ? `${this.identityCode} : ${this.detail}` : this.identityCode
	}
}

export function isIdentityError(error: unknown): error is IdentityError {
	return error instanceof IdentityError
}
