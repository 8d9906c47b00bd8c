import { useEffect, useRef } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { AuthErrorBoundary } from '~/features/identity/components/auth-error-boundary.tsx'
import { AuthShell, FormMessage } from '~/features/identity/components/auth-shell.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { fieldErrors, formFields } from '~/lib/forms.ts'
import { isIdentityError } from '~/lib/identity-errors.ts'
import { describePasswordPolicy, hardMaxPasswordLength } from '~/lib/password-policy.ts'
import { afterSignIn, getOptionalUser, signUpRequestedPath } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { requestAccount } from '~/features/identity/server/accounts.server.ts'
import { requestActionCode } from '~/features/identity/server/action-codes.server.ts'
import type { User } from '~/features/identity/server/users.server.ts'
import { deliverNow } from '~/features/email/server/sender.server.ts'
import { keepRetryAfter } from '~/server/retry-after.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import type { Route } from './+types/signup'

const schema = z.object({
	displayName: z.string().trim().min(1, 'Enter your name, as your colleagues know you.').max(100, 'Use at most 100 characters for your name.'),
	email: z.string().trim().min(1, 'Enter your email address.').max(254, 'That email address is too long.').pipe(z.email('Enter an email address such as name@example.com.')),
	// The policy itself (docs/identity-api.md#password-policy) is checked by the identity module, with the same words as the rules shown.
	password: z.string().min(1, 'Choose a password.').max(hardMaxPasswordLength * 2, `Use at most ${hardMaxPasswordLength} characters.`),
})

export async function loader({ request }: Route.LoaderArgs) {
	const signedIn = await getOptionalUser(request)
	if (signedIn) throw redirect(afterSignIn(signedIn.user, null))
	return { rules: describePasswordPolicy(env().passwordPolicy), minLength: env().passwordPolicy.minLength, maxLength: env().passwordPolicy.maxLength }
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = formFields(await request.formData(), ['displayName', 'email', 'password'])
	const values = { displayName: form.displayName.slice(0, 100), email: form.email.slice(0, 254) }
	const parsed = schema.safeParse(form)
	if (!parsed.success) {
		return data({ values, fieldErrors: fieldErrors(parsed.error.issues), formError: 'Check the highlighted fields and try again.' }, { status: 400 })
	}
	try {
		// The same answer whether or not the email already has an account (no session either way): the email says which.
		const user = await requestAccount(db(), { ...parsed.data, ip: clientAddressOf(context), signInUrl: new URL('/admin/login', env().SITE_URL).href })
		if (user) await sendVerificationEmail(user, clientAddressOf(context))
		return redirect(signUpRequestedPath)
	} catch (error) {
		if (!isIdentityError(error)) throw error
		return data(
			{ values, fieldErrors: error.fields ?? {}, formError: error.message },
			{ status: error.status, headers: error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined },
		)
	}
}

/** A throttled sign-up keeps its Retry-After on the page itself, not only in the action's data. */
export const headers: Route.HeadersFunction = keepRetryAfter

/** A new account is asked to confirm its address. Throttled or not, the page answers the same (the account exists either way). */
async function sendVerificationEmail(user: User, ip: string) {
	try {
		const sent = await requestActionCode(db(), { purpose: 'VERIFY_EMAIL', user, ip, siteUrl: env().SITE_URL, apiKey: env().IDENTITY_API_KEY })
		deliverNow(sent.outboxKey)
	} catch (error) {
		if (!isIdentityError(error)) throw error
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Create a staff account | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const submitting = navigation.state === 'submitting' && navigation.formAction?.startsWith('/admin/signup') === true
	const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {}
	const password = useRef<HTMLInputElement>(null)
	useEffect(() => {
		if (actionData && password.current) password.current.value = ''
	}, [actionData])
	return (
		<AuthShell
			title="Create a staff account"
			intro="Your account can be used once an owner has approved it."
			footer={
				<>
					Already have an account? <Link to="/admin/login" className="underline">
						Sign in
					</Link>
				</>
			}
		>
			{actionData?.formError ? <FormMessage tone="error">{actionData.formError}</FormMessage> : null}
			<Form method="post" className="space-y-4" noValidate>
				<Field
					label="Your name"
					name="displayName"
					autoComplete="name"
					required
					maxLength={100}
					defaultValue={actionData?.values.displayName ?? ''}
					error={errors.displayName}
				/>
				<Field
					label="Email"
					name="email"
					type="email"
					autoComplete="email"
					inputMode="email"
					required
					defaultValue={actionData?.values.email ?? ''}
					error={errors.email}
				/>
				<Field
					ref={password}
					label="Password"
					name="password"
					type="password"
					autoComplete="new-password"
					required
					minLength={loaderData.minLength}
					maxLength={loaderData.maxLength}
					hint={`Your password needs: ${loaderData.rules.map((rule) => rule.charAt(0).toLowerCase() + rule.slice(1)).join('; ')}.`}
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
