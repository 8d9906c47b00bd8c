import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { AuthErrorBoundary } from '~/features/identity/components/auth-error-boundary.tsx'
import { AuthShell, FormMessage } from '~/features/identity/components/auth-shell.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { fieldErrors, formFields } from '~/lib/forms.ts'
import { isIdentityError } from '~/lib/identity-errors.ts'
import { safeRedirect } from '~/lib/utils.ts'
import { afterSignIn, clearSecondStepCookieHeader, readSecondStep, startSession } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { finishSecondFactorSignIn } from '~/features/identity/server/second-factor.server.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import { keepRetryAfter } from '~/server/retry-after.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/second-step'

/** The second sign-in step: the code from the authenticator app, or a recovery code (docs/decisions/107-totp-second-factor.md). */
export async function loader({ request }: Route.LoaderArgs) {
	if (!readSecondStep(request)) throw redirect('/admin/login')
	return { redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '') }
}

const schema = z.object({
	code: z.string().trim().min(1, 'Enter the 6-digit code from your app, or a recovery code.').max(32, 'That code is too long.'),
	redirectTo: z.string().max(2048).optional(),
})

export async function action({ request, context }: Route.ActionArgs) {
	const pending = readSecondStep(request)
	if (!pending) return redirect('/admin/login?reason=invalid-multi-factor-session')
	const form = formFields(await request.formData(), ['code', 'redirectTo'])
	const parsed = schema.safeParse(form)
	if (!parsed.success) return data({ fieldErrors: fieldErrors(parsed.error.issues), formError: 'Check the highlighted field and try again.' }, { status: 400 })
	try {
		const user = await finishSecondFactorSignIn(db(), { pendingCredential: pending, code: parsed.data.code.replace(/\s+/g, ''), ip: clientAddressOf(context) })
		const cookie = await startSession(request, user, clientAddressOf(context))
		const headers = new Headers()
		headers.append('Set-Cookie', cookie)
		headers.append('Set-Cookie', clearSecondStepCookieHeader())
		return redirectWithToast(afterSignIn(user, parsed.data.redirectTo), { type: 'success', title: `Signed in as ${user.displayName ?? user.email}` }, { headers })
	} catch (error) {
		if (!isIdentityError(error)) throw error
		if (error.identityCode === 'INVALID_MFA_PENDING_CREDENTIAL' || error.identityCode === 'USER_DISABLED') {
			return redirect(`/admin/login?reason=${error.clientCode}`, { headers: { 'Set-Cookie': clearSecondStepCookieHeader() } })
		}
		return data(
			{ fieldErrors: error.fields ?? {}, formError: error.message },
			{ status: error.retryAfterSeconds ? 429 : 400, headers: error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined },
		)
	}
}

export const headers: Route.HeadersFunction = keepRetryAfter

export const meta: Route.MetaFunction = () => [{ title: 'Second sign-in step | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function SecondStep({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const submitting = navigation.state === 'submitting'
	const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {}
	return (
		<AuthShell
			title="Enter your sign-in code"
			intro="Open your authenticator app and type the 6-digit code it shows for Andaman Isles Travel. Lost your phone? Type one of your recovery codes instead."
			footer={
				<Link to="/admin/login" className="underline">
					Start again
				</Link>
			}
		>
			{actionData?.formError ? <FormMessage tone="error">{actionData.formError}</FormMessage> : null}
			<Form method="post" className="space-y-4" noValidate>
				<input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
				<Field label="Code" name="code" autoComplete="one-time-code" inputMode="text" required error={errors.code} />
				<Button type="submit" className="w-full" pending={submitting}>
					{submitting ? 'Checking…' : 'Sign in'}
				</Button>
			</Form>
		</AuthShell>
	)
}

export const ErrorBoundary = AuthErrorBoundary
