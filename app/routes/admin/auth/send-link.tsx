import { Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { emailAddressField } from '~/features/identity/domain/sign-in-fields.ts'
import { EmailField } from '~/features/identity/components/sign-in-fields.tsx'
import { AuthErrorBoundary } from '~/features/identity/components/auth-error-boundary.tsx'
import { AuthShell, FormMessage } from '~/features/identity/components/auth-shell.tsx'
import { Button } from '~/components/ui/button.tsx'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { isIdentityError } from '~/lib/identity-errors.ts'
import { afterSignIn, getOptionalUser } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { deliverNow } from '~/features/email/server/sender.server.ts'
import { env } from '~/server/env.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { requestActionCode } from '~/features/identity/server/action-codes.server.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import { keepRetryAfter } from '~/server/retry-after.ts'
import type { Route } from './+types/send-link'

/**
 * Two open pages that email a link to an address typed: /admin/forgot-password
 * (a password reset link) and /admin/email-sign-in (a sign-in link). Both answer
 * the same whether or not the address has an account
 * (docs/decisions/105-email-action-codes.md).
 */
const pages = {
	'/admin/forgot-password': {
		purpose: 'PASSWORD_RESET',
		title: 'Reset your password',
		intro: 'Enter the email address of your staff account and we will email you a link to choose a new password.',
		button: 'Email me a reset link',
		sent: 'If a staff account uses that address, we have emailed it a link to choose a new password. The link works once, within 60 minutes. Nothing arrived? Check the spam folder, or ask again in a few minutes.',
	},
	'/admin/email-sign-in': {
		purpose: 'EMAIL_SIGNIN',
		title: 'Sign in with an email link',
		intro: 'Enter the email address of your staff account and we will email you a link that signs you in without your password.',
		button: 'Email me a sign-in link',
		sent: 'If a staff account uses that address, we have emailed it a sign-in link. The link works once, within 60 minutes. Nothing arrived? Check the spam folder, or ask again in a few minutes.',
	},
} as const
type PagePath = keyof typeof pages

function pageOf(request: Request) {
	// Client navigations ask for `/admin/email-sign-in.data`: the page is the path without it.
	const path = new URL(request.url).pathname.replace(/(\.data)?\/?$/, '') as PagePath
	return { path, ...(pages[path] ?? pages['/admin/forgot-password']) }
}

const schema = z.object({
	email: emailAddressField,
})

export async function loader({ request }: Route.LoaderArgs) {
	const signedIn = await getOptionalUser(request)
	if (signedIn) throw redirect(afterSignIn(signedIn.user, null))
	const { purpose: _purpose, ...page } = pageOf(request)
	return { ...page, sent: new URL(request.url).searchParams.has('sent') ? page.sent : null }
}

export async function action({ request, context }: Route.ActionArgs) {
	const page = pageOf(request)
	const submission = parseForm(await request.formData(), schema)
	if (submission.status !== 'success') return refuse(submission, { formError: 'Check the highlighted field and try again.' })
	try {
		const sent = await requestActionCode(db(), {
			purpose: page.purpose,
			email: submission.value.email,
			ip: clientAddressOf(context),
			siteUrl: env().SITE_URL,
			apiKey: env().IDENTITY_API_KEY,
		})
		deliverNow(db(), sent.outboxKey)
		// The same page whether or not the address has an account.
		return redirect(`${page.path}?sent=1`)
	} catch (error) {
		if (!isIdentityError(error)) throw error
		if (error.status < 500) return refuseOnAppError(submission, error)
		return refuse(submission, {
			status: error.status,
			formError: error.message,
			fieldErrors: error.fields,
			headers: error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined,
		})
	}
}

export const headers: Route.HeadersFunction = keepRetryAfter

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.title ?? 'Email me a link'} | Andaman Isles Travel admin` },
	{ name: 'robots', content: 'noindex' },
]

export default function SendLink({ loaderData, actionData }: Route.ComponentProps) {
	const submitting = useIsPending({ state: 'submitting' })
	const lastResult = resultFor(actionData)
	const errors = errorsOf(lastResult)
	return (
		<AuthShell
			title={loaderData.title}
			intro={loaderData.intro}
			footer={
				<>
					Remembered your password?{' '}
					<Link to="/admin/login" className="underline">
						Sign in
					</Link>
				</>
			}
		>
			{errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
			{!actionData && loaderData.sent ? <FormMessage tone="info">{loaderData.sent}</FormMessage> : null}
			<Form method="post" className="space-y-4" noValidate>
				<EmailField autoComplete="username" defaultValue={valuesOf(lastResult).email} error={errors.email} />
				<Button type="submit" className="w-full" pending={submitting}>
					{submitting ? 'Sending…' : loaderData.button}
				</Button>
			</Form>
		</AuthShell>
	)
}

export const ErrorBoundary = AuthErrorBoundary
