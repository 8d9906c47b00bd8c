import { Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { emailAddressField } from '~/features/identity/domain/sign-in-fields.ts'
import { EmailField, PasswordField } from '~/features/identity/components/sign-in-fields.tsx'
import { AuthShell, FormMessage } from '~/features/identity/components/auth-shell.tsx'
import { AuthErrorBoundary } from '~/features/identity/components/auth-error-boundary.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { identityMessage, isIdentityClientCode } from '~/lib/identity-errors.ts'
import { cn, safeRedirect } from '~/lib/utils.ts'
import { afterFirstStep, afterSignIn, getOptionalUser, signUpRequestedNotice } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { signInWithPassword } from '~/features/identity/server/accounts.server.ts'
import { configuredProviders } from '~/features/identity/server/oidc.server.ts'
import { type SsoProblem, ssoProblems } from '~/features/identity/server/sso.server.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import { keepRetryAfter } from '~/server/retry-after.ts'
import type { Route } from './+types/login'

const schema = z.object({
	email: emailAddressField,
	password: z.string().min(1, 'Enter your password.').max(8192, 'That password is too long.'),
	redirectTo: z.string().max(2048).optional(),
})

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '')
	const signedIn = await getOptionalUser(request)
	if (signedIn) throw redirect(afterSignIn(signedIn.user, redirectTo))
	const reason = url.searchParams.get('reason')
	// Company sign-in buttons: names only, never the provider's settings.
	const providers = configuredProviders().map((provider) => ({ id: provider.id, name: provider.name }))
	const sso = url.searchParams.get('sso')
	const ssoProblem = sso && Object.hasOwn(ssoProblems, sso) ? ssoProblems[sso as SsoProblem] : null
	if (url.searchParams.has('requested')) return { redirectTo, providers, ssoProblem, notice: signUpRequestedNotice }
	return { redirectTo, providers, ssoProblem, notice: reason && isIdentityClientCode(reason) ? identityMessage(reason) : null }
}

export async function action({ request, context }: Route.ActionArgs) {
	const submission = parseForm(await request.formData(), schema)
	if (submission.status !== 'success') return refuse(submission, { formError: 'Check the highlighted fields and try again.', hideFields: ['password'] })
	try {
		const user = await signInWithPassword(db(), { ...submission.value, ip: clientAddressOf(context), via: 'web' })
		return await afterFirstStep(request, user, clientAddressOf(context), submission.value.redirectTo)
	} catch (error) {
		return refuseOnAppError(submission, error, { hideFields: ['password'] })
	}
}

/** A throttled sign-in keeps its Retry-After on the page itself, not only in the action's data. */
export const headers: Route.HeadersFunction = keepRetryAfter

export const meta: Route.MetaFunction = () => [{ title: 'Sign in | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
	const submitting = useIsPending({ state: 'submitting' })
	const lastResult = resultFor(actionData)
	const errors = errorsOf(lastResult)
	return (
		<AuthShell
			title="Sign in to the admin area"
			intro="For the Andaman Isles Travel team."
			footer={
				<>
					New to the team?{' '}
					<Link to="/admin/signup" className="underline">
						Create an account
					</Link>{' '}
					and an owner will approve it.
				</>
			}
		>
			{errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
			{!actionData && loaderData.ssoProblem ? <FormMessage tone="error">{loaderData.ssoProblem}</FormMessage> : null}
			{!actionData && !loaderData.ssoProblem && loaderData.notice ? <FormMessage tone="info">{loaderData.notice}</FormMessage> : null}
			{loaderData.providers.length > 0 ? (
				<div className="mb-6 space-y-3">
					{loaderData.providers.map((provider) => (
						// A full page load (not client navigation): the answer is a redirect to the provider's own site.
						<a
							key={provider.id}
							href={`/admin/sso/${provider.id}${loaderData.redirectTo ? `?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : ''}`}
							className={cn(buttonClass('outline'), 'w-full no-underline')}
						>
							Sign in with {provider.name}
						</a>
					))}
					<p className="text-center text-sm text-slate-700">or with your email and password</p>
				</div>
			) : null}
			<Form method="post" className="space-y-4" noValidate>
				<input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
				<EmailField autoComplete="username" defaultValue={valuesOf(lastResult).email} error={errors.email} />
				{/* After a failed attempt the password is cleared (everything else stays as typed). */}
				<PasswordField answer={actionData} label="Password" autoComplete="current-password" error={errors.password} />
				<p className="-mt-2 text-right text-sm">
					<Link to="/admin/forgot-password" className="underline">
						Forgot password?
					</Link>
				</p>
				<Button type="submit" className="w-full" pending={submitting}>
					{submitting ? 'Signing in…' : 'Sign in'}
				</Button>
			</Form>
			<p className="mt-4 text-center text-sm">
				<Link to="/admin/email-sign-in" className="underline">
					Email me a sign-in link instead
				</Link>
			</p>
		</AuthShell>
	)
}

export const ErrorBoundary = AuthErrorBoundary
