import { expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import type { OidcProvider } from './oidc.server.ts'
import { seal } from './second-factor.server.ts'
import { completeCompanySignIn, type SsoProblem, SsoFailure } from './sso.server.ts'

const acme: OidcProvider = { id: 'acme', providerId: 'oidc.acme', name: 'Acme', issuer: 'http://127.0.0.1:1', clientId: 'c', clientSecret: 's' }
const siteUrl = 'http://localhost:3000'

function flow(state: string, overrides: { providerId?: string; exp?: number } = {}) {
	return seal({ purpose: 'oidc-flow', providerId: 'oidc.acme', state, nonce: 'n', codeVerifier: 'v', redirectTo: '', exp: Date.now() + 60_000, ...overrides })
}

async function problem(promise: Promise<unknown>): Promise<SsoProblem | 'finished'> {
	try {
		await promise
	} catch (error) {
		if (error instanceof SsoFailure) return error.problem
		throw error
	}
	return 'finished'
}

describeEachDatabase('company sign-in callback', (get) => {
	test('the state must match this browser’s cookie, for this provider, before it expires; it is spent on first use', async () => {
		const { db } = get()
		const state = `state-${Date.now()}-${Math.random()}`
		// No cookie (another browser), a different state, another provider's attempt, an expired attempt: refused before anything is called.
		expect(await problem(completeCompanySignIn(db, acme, { flowCookie: null, state, code: 'x', siteUrl }))).toBe('failed')
		expect(await problem(completeCompanySignIn(db, acme, { flowCookie: flow(state), state: `${state}-other`, code: 'x', siteUrl }))).toBe('failed')
		expect(await problem(completeCompanySignIn(db, acme, { flowCookie: flow(state, { providerId: 'oidc.other' }), state, code: 'x', siteUrl }))).toBe('failed')
		expect(await problem(completeCompanySignIn(db, acme, { flowCookie: flow(state, { exp: Date.now() - 1 }), state, code: 'x', siteUrl }))).toBe('failed')
		// The person cancelled at the provider: that spends the attempt.
		expect(await problem(completeCompanySignIn(db, acme, { flowCookie: flow(state), state, error: 'access_denied', siteUrl }))).toBe('cancelled')
		// The same callback again (a replay, or a double click), even with the cookie: refused.
		expect(await problem(completeCompanySignIn(db, acme, { flowCookie: flow(state), state, code: 'x', siteUrl }))).toBe('failed')
		// A fresh attempt whose provider cannot be reached: a clear "unavailable", not a crash.
		const fresh = `fresh-${Date.now()}-${Math.random()}`
		expect(await problem(completeCompanySignIn(db, acme, { flowCookie: flow(fresh), state: fresh, code: 'x', siteUrl }))).toBe('unavailable')
	})
})
