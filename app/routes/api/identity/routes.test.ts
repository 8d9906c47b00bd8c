import { describe, expect, test } from 'vitest'
import { routeFileFor, routeMatchFor } from '#tests/support/routes.ts'

const leaf = routeFileFor

/**
 * Client SDKs call `/identitytoolkit.googleapis.com/v1/accounts:signUp`: the
 * colon after a non-slash character must be a literal, not a parameter.
 */
describe('identity API paths in app/routes.ts', () => {
	test('the colon in accounts:method is matched literally', () => {
		const paths: Record<string, string> = {
			'/identitytoolkit.googleapis.com/v1/accounts:signUp': 'routes/api/identity/sign-up.ts',
			'/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword': 'routes/api/identity/sign-in-with-password.ts',
			'/identitytoolkit.googleapis.com/v1/accounts:lookup': 'routes/api/identity/lookup.ts',
			'/identitytoolkit.googleapis.com/v1/accounts:update': 'routes/api/identity/update.ts',
			'/identitytoolkit.googleapis.com/v1/accounts:delete': 'routes/api/identity/delete.ts',
			'/identitytoolkit.googleapis.com/v1/accounts:sendOobCode': 'routes/api/identity/send-oob-code.ts',
			'/identitytoolkit.googleapis.com/v1/accounts:resetPassword': 'routes/api/identity/reset-password.ts',
			'/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink': 'routes/api/identity/sign-in-with-email-link.ts',
			'/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp': 'routes/api/identity/sign-in-with-idp.ts',
			'/__/auth/action': 'routes/bare/auth-action.tsx',
			'/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start': 'routes/api/identity/mfa-enrollment-start.ts',
			'/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize': 'routes/api/identity/mfa-sign-in-finalize.ts',
			'/identitytoolkit.googleapis.com/v2/accounts:revokeToken': 'routes/api/identity/revoke-token.ts',
			'/identitytoolkit.googleapis.com/v2/passwordPolicy': 'routes/api/identity/password-policy.ts',
			'/identitytoolkit.googleapis.com/v2/recaptchaConfig': 'routes/api/identity/recaptcha-config.ts',
			'/securetoken.googleapis.com/v1/token': 'routes/api/identity/token.ts',
		}
		for (const [url, file] of Object.entries(paths)) expect(leaf(url), url).toBe(file)
	})

	test('no other method is taken for a parameter; everything else lands on the service splats, not the site 404', () => {
		expect(leaf('/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken')).toBe('routes/api/identity/other-identitytoolkit.ts')
		expect(leaf('/identitytoolkit.googleapis.com/v1/accounts:sign')).toBe('routes/api/identity/other-identitytoolkit.ts')
		expect(leaf('/securetoken.googleapis.com/v2/token')).toBe('routes/api/identity/other-securetoken.ts')
		// The dots are literal too.
		expect(leaf('/identitytoolkitXgoogleapis.com/v1/accounts:signUp')).toBe('routes/site/not-found.tsx')
		const match = routeMatchFor('/identitytoolkit.googleapis.com/v1/accounts:signUp')!
		expect(match.params).toEqual({})
	})

	test('admin paths: open pages, guarded pages, and the guarded admin 404', () => {
		expect(leaf('/admin/login')).toBe('routes/admin/auth/login.tsx')
		expect(leaf('/admin')).toBe('routes/admin/dashboard.tsx')
		expect(leaf('/admin/team')).toBe('routes/admin/team/team.tsx')
		expect(leaf('/admin/leads')).toBe('routes/admin/leads/leads.tsx')
		expect(leaf('/admin/no-such-section')).toBe('routes/admin/not-found.tsx')
	})
})
