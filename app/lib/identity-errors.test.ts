import { describe, expect, test } from 'vitest'
import { clientCodeFor, clientOnlyIdentityCodes, IdentityError, identityMessage, identityServerCodes, isIdentityClientCode } from './identity-errors.ts'

/** docs/identity-api.md#errors: "Identity codes: EMAIL_EXISTS to email-already-in-use; …". */
const spec: Record<string, string> = {
	EMAIL_EXISTS: 'email-already-in-use',
	INVALID_LOGIN_CREDENTIALS: 'invalid-credential',
	INVALID_PASSWORD: 'wrong-password',
	EMAIL_NOT_FOUND: 'user-not-found',
	TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
	USER_DISABLED: 'user-disabled',
	TOKEN_EXPIRED: 'user-token-expired',
	EXPIRED_OOB_CODE: 'expired-action-code',
	INVALID_OOB_CODE: 'invalid-action-code',
	CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'requires-recent-login',
}
const specClientOnly = ['network-request-failed', 'multi-factor-auth-required', 'popup-blocked', 'popup-closed-by-user', 'unauthorized-domain', 'user-mismatch']
const generic = identityMessage('something-unheard-of')

describe('identity error vocabulary (docs/identity-api.md#errors)', () => {
	test('every server code of docs/identity-api.md#errors maps to its client code', () => {
		for (const [server, client] of Object.entries(spec)) {
			expect(identityServerCodes[server as keyof typeof identityServerCodes]).toBe(client)
			expect(clientCodeFor(server)).toBe(client)
		}
		// Codes outside the table become lower-case with dashes, as SDKs do.
		expect(clientCodeFor('SOME_NEW_CODE')).toBe('some-new-code')
	})

	test('every client code, from the server or the client, has its own plain message', () => {
		const codes = [...new Set([...Object.values(identityServerCodes), ...clientOnlyIdentityCodes, ...specClientOnly])]
		for (const code of codes) {
			const message = identityMessage(code)
			expect(message, code).not.toBe(generic)
			expect(message, code).not.toMatch(/[A-Z]{3,}_|auth\//)
			expect(message.endsWith('.'), code).toBe(true)
		}
		for (const code of specClientOnly) expect(isIdentityClientCode(code)).toBe(true)
		expect(isIdentityClientCode('<script>')).toBe(false)
	})

	test('sign-in failures share one message, so none reveals whether an email is registered', () => {
		expect(identityMessage('wrong-password')).toBe(identityMessage('invalid-credential'))
		expect(identityMessage('user-not-found')).toBe(identityMessage('invalid-credential'))
	})

	test('throttling says when to try again', () => {
		expect(identityMessage('too-many-requests', { retryAfterSeconds: 30 })).toBe('Too many attempts. For your security, wait 30 seconds and try again.')
		expect(identityMessage('too-many-requests', { retryAfterSeconds: 61 })).toMatch(/wait 2 minutes/)
		expect(identityMessage('too-many-requests', { retryAfterSeconds: 900 })).toMatch(/wait 15 minutes/)
		expect(identityMessage('too-many-requests', { retryAfterSeconds: 3600 })).toMatch(/wait 1 hour/)
		expect(identityMessage('too-many-requests')).toMatch(/a few minutes/)
	})

	test('IdentityError carries the wire message, the HTTP status and the plain message', () => {
		const error = new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', { retryAfterSeconds: 120, detail: 'Try again in 120 seconds.' })
		expect(error.wireMessage).toBe('TOO_MANY_ATTEMPTS_TRY_LATER : Try again in 120 seconds.')
		expect(error.status).toBe(429)
		expect(error.clientCode).toBe('too-many-requests')
		expect(error.message).toMatch(/wait 2 minutes/)
		expect(new IdentityError('EMAIL_EXISTS').status).toBe(409)
		expect(new IdentityError('INVALID_LOGIN_CREDENTIALS').status).toBe(401)
		expect(new IdentityError('USER_DISABLED').status).toBe(403)
		expect(new IdentityError('WEAK_PASSWORD').status).toBe(400)
		expect(new IdentityError('EMAIL_EXISTS').wireMessage).toBe('EMAIL_EXISTS')
	})
})
