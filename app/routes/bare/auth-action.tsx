import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { emailAddressField } from '~/features/identity/domain/sign-in-fields.ts'
import { EmailField, passwordRulesHint } from '~/features/identity/components/sign-in-fields.tsx'
import { AuthErrorBoundary } from '~/features/identity/components/auth-error-boundary.tsx'
import { AuthShell, FormMessage } from '~/features/identity/components/auth-shell.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { isIdentityError } from '~/lib/identity-errors.ts'
import { describePasswordPolicy, hardMaxPasswordLength } from '~/lib/password-policy.ts'
import { safeRedirect } from '~/lib/utils.ts'
import { afterFirstStep } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { accepted, parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { applyVerifyEmailCode, checkActionCode, resetPasswordWithCode, signInWithEmailCode } from '~/features/identity/server/action-codes.server.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import type { Route } from './+types/auth-action'

/**
 * The page emailed links open: /__/auth/action?mode=resetPassword|verifyEmail|signIn&oobCode=…
 * (the path SDK users know from the hosted service). Opening a link never
 * changes anything by itself (mail scanners open links too): each mode asks
 * for one deliberate step, posted with the code.
 */
const modes = ['resetPassword', 'verifyEmail', 'signIn'] as const
type Mode = (typeof modes)[number]
const purposeOf = { resetPassword: 'PASSWORD_RESET', verifyEmail: 'VERIFY_EMAIL', signIn: 'EMAIL_SIGNIN' } as const
const askAgain: Record<Mode, { to: string; label: string }> = {
	resetPassword: { to: '/admin/forgot-password', label: 'Ask for a new reset link' },
	verifyEmail: { to: '/admin/login', label: 'Sign in' },
	signIn: { to: '/admin/email-sign-in', label: 'Ask for a new sign-in link' },
}

function readLink(url: URL) {
	const mode = modes.find((m) => m === url.searchParams.get('mode')) ?? null
	const code = (url.searchParams.get('oobCode') ?? '').slice(0, 256)
	const continueUrl = url.searchParams.get('continueUrl')
	return { mode, code, continueUrl }
}

/** Where to go afterwards: a path on our own site only. */
function continuePath(continueUrl: string | null): string | null {
	if (!continueUrl || !URL.canParse(continueUrl)) return null
	const url = new URL(continueUrl)
	if (url.origin !== new URL(env().SITE_URL).origin) return null
	return safeRedirect(url.pathname + url.search, '') || null
}

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const { mode, code } = readLink(url)
	if (!mode || !code) {
		throw data({ message: 'This link is incomplete. Copy the whole link from the email, or ask for a new one.' }, { status: 400 })
	}
	// The page never sends anyone, or the code, anywhere else: a continue URL only picks the page of
	// our own site to land on after signing in (continuePath), so it is read by the action alone (ADR 170).
	try {
		const { row, user } = await checkActionCode(db(), code)
		if (row.purpose !== purposeOf[mode]) throw new Error('wrong purpose')
		// A reset shows whose password changes; a sign-in link asks for the address instead.
		return { mode, code, email: mode === 'signIn' ? null : user.email, error: null, rules: describePasswordPolicy(env().passwordPolicy), again: askAgain[mode] }
	} catch (error) {
		const message = isIdentityError(error) ? error.message : 'This link is not valid any more: it may have been used already. Ask for a new one.'
		return data({ mode, code, email: null, error: message, rules: [], again: askAgain[mode] }, { status: 400 })
	}
}

const schemas = {
	verifyEmail: z.object({}),
	resetPassword: z.object({
		password: z
			.string()
			.min(1, 'Choose a new password.')
			.max(hardMaxPasswordLength * 2, `Use at most ${hardMaxPasswordLength} characters.`),
	}),
	signIn: z.object({
		email: emailAddressField,
	}),
}

export async function action({ request, context }: Route.ActionArgs) {
	const url = new URL(request.url)
	const { mode, code, continueUrl } = readLink(url)
	const form = await request.formData()
	if (!mode || !code) return refuse(parseForm(form, schemas.verifyEmail), { formError: 'This link is incomplete. Ask for a new one.' })
	const submission = parseForm(form, schemas[mode])
	if (submission.status !== 'success') return refuse(submission, { formError: 'Check the highlighted field and try again.', hideFields: ['password'] })
	try {
		if (mode === 'resetPassword') {
			const user = await resetPasswordWithCode(db(), { code, newPassword: (submission.value as { password: string }).password })
			// The sign-in page says so itself (with or without JavaScript); an agency's user has just accepted an invitation, or reset theirs (ADR 221).
			return redirect(`/admin/login?reason=${user.agentId ? 'password-set' : 'password-changed'}`)
		}
		if (mode === 'verifyEmail') {
			const user = await applyVerifyEmailCode(db(), code)
			return accepted(submission, { notice: `Thank you: ${user.email} is confirmed as your email address.` })
		}
		const user = await signInWithEmailCode(db(), { email: (submission.value as { email: string }).email, code, ip: clientAddressOf(context), via: 'web' })
		return await afterFirstStep(request, user, clientAddressOf(context), continuePath(continueUrl))
	} catch (error) {
		// A sign-in link opened with another address: say so next to the address.
		if (isIdentityError(error) && error.identityCode === 'INVALID_EMAIL')
			return refuse(submission, { status: error.status, formError: error.message, fieldErrors: { email: 'This is not the address the link was sent to.' } })
		return refuseOnAppError(submission, error, { hideFields: ['password'] })
	}
}

/** The code is in the address: never cached, never sent on as a referrer. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
	'Cache-Control': 'no-store',
	'Referrer-Policy': 'no-referrer',
	...(actionHeaders.get('Retry-After') ? { 'Retry-After': actionHeaders.get('Retry-After') as string } : {}),
})

const titles: Record<Mode, string> = {
	resetPassword: 'Choose a new password',
	verifyEmail: 'Confirm your email address',
	signIn: 'Sign in with your email link',
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.mode ? titles[loaderData.mode] : 'Email link'} | Andaman Isles Travel admin` },
	{ name: 'robots', content: 'noindex' },
]

export default function AuthAction({ loaderData, actionData }: Route.ComponentProps) {
	const submitting = useIsPending({ state: 'submitting' })
	const { mode } = loaderData
	const lastResult = resultFor(actionData)
	const errors = errorsOf(lastResult)
	const done = actionData && 'notice' in actionData ? actionData.notice : undefined
	const again = (
		<Link to={loaderData.again.to} className="underline">
			{loaderData.again.label}
		</Link>
	)
	if (loaderData.error) {
		return (
			<AuthShell title={titles[mode]} footer={again}>
				<FormMessage tone="error">{loaderData.error}</FormMessage>
			</AuthShell>
		)
	}
	if (done) {
		return (
			<AuthShell
				title={titles[mode]}
				footer={
					<Link to="/admin" className="underline">
						Go to the admin area
					</Link>
				}
			>
				<FormMessage tone="info">{done}</FormMessage>
			</AuthShell>
		)
	}
	return (
		<AuthShell
			title={titles[mode]}
			intro={
				mode === 'resetPassword'
					? `For ${loaderData.email}. Choosing a new password signs this account out on every device.`
					: mode === 'verifyEmail'
						? `Confirm that ${loaderData.email} is your email address.`
						: 'Type the email address the link was sent to, so that only you can use it.'
			}
			footer={again}
		>
			{errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
			<Form method="post" className="space-y-4" noValidate>
				{mode === 'resetPassword' ? (
					<>
						{/* Lets password managers save the new password with the right account. */}
						<input type="hidden" name="username" autoComplete="username" value={loaderData.email ?? ''} />
						<Field
							label="New password"
							name="password"
							type="password"
							autoComplete="new-password"
							required
							hint={passwordRulesHint(loaderData.rules)}
							error={errors.password}
						/>
					</>
				) : null}
				{mode === 'signIn' ? <EmailField autoComplete="username" defaultValue={valuesOf(lastResult).email} error={errors.email} /> : null}
				<Button type="submit" className="w-full" pending={submitting}>
					{mode === 'resetPassword' ? 'Save new password' : mode === 'verifyEmail' ? 'Confirm my email address' : 'Sign in'}
				</Button>
			</Form>
		</AuthShell>
	)
}

export const ErrorBoundary = AuthErrorBoundary
