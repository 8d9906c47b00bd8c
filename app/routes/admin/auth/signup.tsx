import { Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { emailAddressField } from '~/features/identity/domain/sign-in-fields.ts'
import { EmailField, PasswordField, passwordRulesHint } from '~/features/identity/components/sign-in-fields.tsx'
import { AuthErrorBoundary } from '~/features/identity/components/auth-error-boundary.tsx'
import { AuthShell, FormMessage } from '~/features/identity/components/auth-shell.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { isIdentityError } from '~/lib/identity-errors.ts'
import { describePasswordPolicy, hardMaxPasswordLength } from '~/lib/password-policy.ts'
import { afterSignIn, getOptionalUser, signUpRequestedPath } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { requestAccount } from '~/features/identity/server/accounts.server.ts'
import { requestActionCode } from '~/features/identity/server/action-codes.server.ts'
import type { User } from '~/features/identity/server/users.server.ts'
import { deliverNow } from '~/features/email/server/sender.server.ts'
import { keepRetryAfter } from '~/server/retry-after.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import type { Route } from './+types/signup'

const schema = z.object({
	displayName: z.string().trim().min(1, 'Enter your name, as your colleagues know you.').max(100, 'Use at most 100 characters for your name.'),
	email: emailAddressField,
	// The policy itself (docs/identity-api.md#password-policy) is checked by the identity module, with the same words as the rules shown.
	password: z
		.string()
		.min(1, 'Choose a password.')
		.max(hardMaxPasswordLength * 2, `Use at most ${hardMaxPasswordLength} characters.`),
})

export async function loader({ request }: Route.LoaderArgs) {
	const signedIn = await getOptionalUser(request)
	if (signedIn) throw redirect(afterSignIn(signedIn.user, null))
	return { rules: describePasswordPolicy(env().passwordPolicy), minLength: env().passwordPolicy.minLength, maxLength: env().passwordPolicy.maxLength }
}

export async function action({ request, context }: Route.ActionArgs) {
	const submission = parseForm(await request.formData(), schema)
	if (submission.status !== 'success') return refuse(submission, { formError: 'Check the highlighted fields and try again.', hideFields: ['password'] })
	try {
		// The same answer whether or not the email already has an account (no session either way): the email says which.
		const user = await requestAccount(db(), { ...submission.value, ip: clientAddressOf(context), signInUrl: new URL('/admin/login', env().SITE_URL).href })
		if (user) await sendVerificationEmail(user, clientAddressOf(context))
		return redirect(signUpRequestedPath)
	} catch (error) {
		return refuseOnAppError(submission, error, { hideFields: ['password'] })
	}
}

/** A throttled sign-up keeps its Retry-After on the page itself, not only in the action's data. */
export const headers: Route.HeadersFunction = keepRetryAfter

/** A new account is asked to confirm its address. Throttled or not, the page answers the same (the account exists either way). */
async function sendVerificationEmail(user: User, ip: string) {
	try {
		const sent = await requestActionCode(db(), { purpose: 'VERIFY_EMAIL', user, ip, siteUrl: env().SITE_URL, apiKey: env().IDENTITY_API_KEY })
		deliverNow(db(), sent.outboxKey)
	} catch (error) {
		if (!isIdentityError(error)) throw error
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Create a staff account | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
	const submitting = useIsPending({ state: 'submitting' })
	const lastResult = resultFor(actionData)
	const errors = errorsOf(lastResult)
	const values = valuesOf(lastResult)
	return (
		<AuthShell
			title="Create a staff account"
			intro="Your account can be used once an owner has approved it."
			footer={
				<>
					Already have an account?{' '}
					<Link to="/admin/login" className="underline">
						Sign in
					</Link>
				</>
			}
		>
			{errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
			<Form method="post" className="space-y-4" noValidate>
				<Field
					label="Your name"
					name="displayName"
					autoComplete="name"
					required
					maxLength={100}
					defaultValue={values.displayName ?? ''}
					error={errors.displayName}
				/>
				<EmailField autoComplete="email" defaultValue={values.email} error={errors.email} />
				<PasswordField
					answer={actionData}
					label="Password"
					autoComplete="new-password"
					minLength={loaderData.minLength}
					maxLength={loaderData.maxLength}
					hint={passwordRulesHint(loaderData.rules)}
					error={errors.password}
				/>
				<Button type="submit" className="w-full" pending={submitting}>
					{submitting ? 'Creating your account…' : 'Create account'}
				</Button>
			</Form>
		</AuthShell>
	)
}

export const ErrorBoundary = AuthErrorBoundary
