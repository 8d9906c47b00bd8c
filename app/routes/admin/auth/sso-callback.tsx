import { redirect } from 'react-router'
import { z } from 'zod'
import { AuthErrorBoundary } from '~/features/identity/components/auth-error-boundary.tsx'
import { afterFirstStep, clearOidcFlowCookieHeader, loginPath, readOidcFlow } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { findProvider } from '~/features/identity/server/oidc.server.ts'
import { completeCompanySignIn, SsoFailure } from '~/features/identity/server/sso.server.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import type { Route } from './+types/sso-callback'

/** Where the company's sign-in service sends the browser back (docs/decisions/120-openid-connect-sign-in.md). */
const schema = z.object({
	state: z.string().max(512).optional(),
	code: z.string().max(4096).optional(),
	error: z.string().max(256).optional(),
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const provider = findProvider(params.provider)
	if (!provider) throw new Response('There is no company sign-in by that name here.', { status: 404, statusText: 'Not Found' })
	const clear = clearOidcFlowCookieHeader()
	const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	if (!parsed.success) return redirect(`${loginPath}?sso=failed`, { headers: { 'Set-Cookie': clear } })
	try {
		const { user, redirectTo } = await completeCompanySignIn(db(), provider, { flowCookie: readOidcFlow(request), ...parsed.data, siteUrl: env().SITE_URL })
		// From here on it is the same as a password sign-in: the second step if set up, the waiting page if pending.
		const response = await afterFirstStep(request, user, clientAddressOf(context), redirectTo)
		response.headers.append('Set-Cookie', clear)
		return response
	} catch (error) {
		if (error instanceof SsoFailure) return redirect(`${loginPath}?sso=${error.problem}`, { headers: { 'Set-Cookie': clear } })
		throw error
	}
}

export default function SsoCallback() {
	return null
}

export const ErrorBoundary = AuthErrorBoundary
