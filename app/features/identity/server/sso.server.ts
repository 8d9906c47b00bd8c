import { isIdentityError } from '~/lib/identity-errors.ts'
import { safeRedirect } from '~/lib/utils.ts'
import type { DB } from '~/server/db/client.server.ts'
import { logger } from '~/server/logger.server.ts'
import { consumeRateLimit } from '~/server/rate-limit.server.ts'
import { NeedsConfirmation, signInWithProviderIdentity, unverifiedEmailDetail } from './federated.server.ts'
import { finishAuthorization, type OidcProvider, oidcFlowLifetimeSeconds, ProviderUnavailable, sameText, startAuthorization } from './oidc.server.ts'
import { seal, unseal } from './second-factor.server.ts'
import { hashToken } from './sessions.server.ts'
import type { User } from './users.server.ts'

/**
 * "Sign in with <company>" on /admin/login (docs/decisions/120-openid-connect-sign-in.md):
 * the authorization-code flow with PKCE, state and nonce. The secrets of one
 * attempt travel sealed in a 10-minute httpOnly cookie of this browser, so a
 * callback only completes in the browser that started it; the state is spent
 * on first use, so a replayed callback fails.
 */

/** Why a company sign-in did not finish, as the login page explains it. */
export const ssoProblems = {
	unavailable: 'Your company’s sign-in service could not be reached. Try again in a minute, or sign in with your password.',
	failed: 'The sign-in with your company account did not finish. Start again from this page.',
	cancelled: 'The sign-in with your company account was cancelled. Start again when you are ready.',
	unverified:
		'Your company account’s email address is not verified by your company, so it cannot be used here. Sign in with your password, or ask your IT team.',
	disabled: 'This account has been disabled. Ask an owner to enable it again if you still need access.',
} as const
export type SsoProblem = keyof typeof ssoProblems

export class SsoFailure extends Error {
	constructor(readonly problem: SsoProblem) {
		super(ssoProblems[problem])
	}
}

export function callbackUrl(provider: OidcProvider, siteUrl: string): string {
	return new URL(`/admin/sso/${provider.id}/callback`, siteUrl).toString()
}

/** Starts a sign-in: the provider's address to send the browser to, and the sealed cookie value. */
export async function beginCompanySignIn(provider: OidcProvider, input: { siteUrl: string; redirectTo: string | null | undefined }, now = new Date()) {
	try {
		const started = await startAuthorization(provider, callbackUrl(provider, input.siteUrl))
		const flow = seal({
			purpose: 'oidc-flow',
			providerId: provider.providerId,
			state: started.state,
			nonce: started.nonce,
			codeVerifier: started.codeVerifier,
			redirectTo: safeRedirect(input.redirectTo, ''),
			exp: now.getTime() + oidcFlowLifetimeSeconds * 1000,
		})
		return { location: started.url, flow }
	} catch (error) {
		if (error instanceof ProviderUnavailable) throw new SsoFailure('unavailable')
		throw error
	}
}

/**
 * The provider sent the browser back. Checks the state against this
 * browser's cookie (and spends it), exchanges the code, checks the ID token,
 * and signs in or up. Returns the account and where to go next.
 */
export async function completeCompanySignIn(
	db: DB,
	provider: OidcProvider,
	input: { flowCookie: string | null; state?: string; code?: string; error?: string; siteUrl: string },
	now = new Date(),
): Promise<{ user: User; redirectTo: string }> {
	const flow = unseal(input.flowCookie, 'oidc-flow', now)
	if (!flow || flow.providerId !== provider.providerId || !input.state || !sameText(flow.state, input.state)) throw new SsoFailure('failed')
	// One use per attempt: a replayed callback (same state) is refused even with the cookie.
	const spent = await consumeRateLimit(db, `oidc-state:${hashToken(flow.state)}`, { limit: 1, windowSeconds: oidcFlowLifetimeSeconds }, now)
	if (!spent.ok) throw new SsoFailure('failed')
	if (input.error) throw new SsoFailure(input.error === 'access_denied' ? 'cancelled' : 'failed')
	if (!input.code) throw new SsoFailure('failed')
	try {
		const identity = await finishAuthorization(provider, {
			code: input.code,
			redirectUri: callbackUrl(provider, input.siteUrl),
			codeVerifier: flow.codeVerifier,
			nonce: flow.nonce,
		})
		const { user } = await signInWithProviderIdentity(db, { providerId: provider.providerId, identity, via: 'web' }, now)
		return { user, redirectTo: flow.redirectTo }
	} catch (error) {
		if (error instanceof NeedsConfirmation) throw new SsoFailure('unverified')
		if (error instanceof ProviderUnavailable) throw new SsoFailure('unavailable')
		if (isIdentityError(error)) {
			if (error.identityCode === 'USER_DISABLED') throw new SsoFailure('disabled')
			if (error.identityCode === 'INVALID_IDP_RESPONSE' && error.detail === unverifiedEmailDetail) throw new SsoFailure('unverified')
			logger.warn({ msg: 'company sign-in refused', provider: provider.id, code: error.identityCode, detail: error.detail })
			throw new SsoFailure('failed')
		}
		throw error
	}
}
