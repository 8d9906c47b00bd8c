import { redirect } from 'react-router'
import { z } from 'zod'
import { AuthErrorBoundary } from '~/components/auth-error-boundary.tsx'
import { formFields } from '~/lib/forms.ts'
import { loginPath, oidcFlowCookieHeader } from '~/server/auth.server.ts'
import { env } from '~/server/env.server.ts'
import { findProvider } from '~/server/identity/oidc.server.ts'
import { beginCompanySignIn, SsoFailure } from '~/server/identity/sso.server.ts'
import type { Route } from './+types/sso-start'

/** "Sign in with <company>" (docs/decisions/120-openid-connect-sign-in.md): POST only, from the login page's button. */
const schema = z.object({ redirectTo: z.string().max(2048).optional() })

export async function action({ request, params }: Route.ActionArgs) {
	const provider = findProvider(params.provider)
	if (!provider) throw new Response('There is no company sign-in by that name here.', { status: 404, statusText: 'Not Found' })
	const parsed = schema.safeParse(formFields(await request.formData(), ['redirectTo']))
	try {
		const { location, flow } = await beginCompanySignIn(provider, { siteUrl: env().SITE_URL, redirectTo: parsed.success ? parsed.data.redirectTo : null })
		return redirect(location, { headers: { 'Set-Cookie': oidcFlowCookieHeader(flow) } })
	} catch (error) {
		if (error instanceof SsoFailure) return redirect(`${loginPath}?sso=${error.problem}`)
		throw error
	}
}

/** A GET changes nothing: back to the login page, where the button is. */
export function loader() {
	return redirect(loginPath)
}

export default function SsoStart() {
	return null
}

export const ErrorBoundary = AuthErrorBoundary
