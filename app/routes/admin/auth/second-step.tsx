import { Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { AuthErrorBoundary } from '~/features/identity/components/auth-error-boundary.tsx'
import { AuthShell, FormMessage } from '~/features/identity/components/auth-shell.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { isIdentityError } from '~/lib/identity-errors.ts'
import { safeRedirect } from '~/lib/utils.ts'
import { afterSignIn, clearSecondStepCookieHeader, readSecondStep, startSession } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
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
	const submission = parseForm(await request.formData(), schema)
	if (submission.status !== 'success') return refuse(submission, { formError: 'Check the highlighted field and try again.', hideFields: ['code'] })
	try {
		const user = await finishSecondFactorSignIn(db(), {
			pendingCredential: pending,
			code: submission.value.code.replace(/\s+/g, ''),
			ip: clientAddressOf(context),
		})
		const cookie = await startSession(request, user, clientAddressOf(context))
		const headers = new Headers()
		headers.append('Set-Cookie', cookie)
		headers.append('Set-Cookie', clearSecondStepCookieHeader())
		return redirectWithToast(
			afterSignIn(user, submission.value.redirectTo),
			{ type: 'success', title: `Signed in as ${user.displayName ?? user.email}` },
			{ headers },
		)
	} catch (error) {
		if (isIdentityError(error) && (error.identityCode === 'INVALID_MFA_PENDING_CREDENTIAL' || error.identityCode === 'USER_DISABLED')) {
			return redirect(`/admin/login?reason=${error.clientCode}`, { headers: { 'Set-Cookie': clearSecondStepCookieHeader() } })
		}
		return refuseOnAppError(submission, error, { hideFields: ['code'] })
	}
}

export const headers: Route.HeadersFunction = keepRetryAfter

export const meta: Route.MetaFunction = () => [{ title: 'Second sign-in step | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function SecondStep({ loaderData, actionData }: Route.ComponentProps) {
	const submitting = useIsPending({ state: 'submitting' })
	const errors = errorsOf(resultFor(actionData))
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
			{errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
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
