import { redirect } from 'react-router'
import { z } from 'zod'
import { AuthErrorBoundary } from '~/features/identity/components/auth-error-boundary.tsx'
import { loginPath, oidcFlowCookieHeader } from '~/features/identity/server/auth.server.ts'
import { env } from '~/server/env.server.ts'
import { findProvider } from '~/features/identity/server/oidc.server.ts'
import { beginCompanySignIn, SsoFailure } from '~/features/identity/server/sso.server.ts'
import type { Route } from './+types/sso-start'

/**
 * "Sign in with <company>" (docs/decisions/120-openid-connect-sign-in.md). A
 * link, not a form: the page's `form-action 'self'` policy would stop a form
 * post from being redirected to the provider. Opening it changes nothing on
 * the server; it only gives this browser the sealed secrets of one attempt.
 */
const schema = z.object({ redirectTo: z.string().max(2048).optional() })

export async function loader({ request, params }: Route.LoaderArgs) {
	const provider = findProvider(params.provider)
	if (!provider) throw new Response('There is no company sign-in by that name here.', { status: 404, statusText: 'Not Found' })
	const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	try {
		const { location, flow } = await beginCompanySignIn(provider, { siteUrl: env().SITE_URL, redirectTo: parsed.success ? parsed.data.redirectTo : null })
		return redirect(location, { headers: { 'Set-Cookie': oidcFlowCookieHeader(flow), 'Cache-Control': 'no-store' } })
	} catch (error) {
		if (error instanceof SsoFailure) return redirect(`${loginPath}?sso=${error.problem}`)
		throw error
	}
}

export default function SsoStart() {
	return null
}

export const ErrorBoundary = AuthErrorBoundary
