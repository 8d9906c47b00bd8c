import { Form } from 'react-router'
import { FormMessage } from '~/features/identity/components/auth-shell.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { formatTimestamp } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { TwoStepSection } from './profile-two-step.tsx'
import type { ProfileData } from './profile.server.ts'

/** A browser in words people recognise, from its user agent. */
function deviceName(userAgent: string | null): string {
	if (!userAgent) return 'Unknown browser'
	const browser = /Edg\//.test(userAgent)
		? 'Edge'
		: /Firefox\//.test(userAgent)
			? 'Firefox'
			: /Chrom(e|ium)\//.test(userAgent)
				? 'Chrome'
				: /Safari\//.test(userAgent)
					? 'Safari'
					: 'A browser'
	const system = /Android/.test(userAgent)
		? 'Android'
		: /iPhone|iPad/.test(userAgent)
			? 'iPhone or iPad'
			: /Windows/.test(userAgent)
				? 'Windows'
				: /Mac OS X/.test(userAgent)
					? 'Mac'
					: /Linux/.test(userAgent)
						? 'Linux'
						: null
	return system ? `${browser} on ${system}` : browser
}

/** The signed-in person's own account page: password, two-step sign-in, devices. Shared by the admin area and the agent area (ADR 221). */
export function ProfilePage({ loaderData, actionData }: { loaderData: ProfileData; actionData: unknown }) {
	const changingPassword = useIsPending({ intent: 'change-password', state: 'submitting' })
	const signingOutOthers = useIsPending({ intent: 'sign-out-others', state: 'submitting' })
	const errors = errorsOf(resultFor(actionData, 'change-password'))
	const others = loaderData.sessions.filter((s) => !s.current).length
	return (
		<main id="main" className="mx-auto max-w-3xl space-y-8 p-4 sm:p-6">
			<header>
				<h1 className="text-2xl font-semibold text-slate-900">Your account</h1>
				<p className="mt-1 text-slate-700">
					{loaderData.name} · {loaderData.email}
					{loaderData.emailVerified ? ' (confirmed)' : ' (not confirmed yet: open the link we emailed you)'}
				</p>
			</header>

			<section aria-labelledby="password-heading" className="rounded-lg border border-slate-200 p-4">
				<h2 id="password-heading" className="text-lg font-semibold">
					Change your password
				</h2>
				<p className="mt-1 text-sm text-slate-700">
					{loaderData.passwordUpdatedAt ? `Last changed ${formatTimestamp(loaderData.passwordUpdatedAt)}. ` : ''}
					Changing it signs you out on every other device.
				</p>
				{errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
				<Form method="post" className="mt-4 max-w-md space-y-4" noValidate>
					<input type="hidden" name="intent" value="change-password" />
					<input type="hidden" name="username" autoComplete="username" value={loaderData.email} />
					<Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
					<Field
						label="New password"
						name="newPassword"
						type="password"
						autoComplete="new-password"
						required
						hint={`Your password needs: ${loaderData.rules.map((rule) => rule.charAt(0).toLowerCase() + rule.slice(1)).join('; ')}.`}
						error={errors.newPassword}
					/>
					<Button type="submit" pending={changingPassword}>
						{changingPassword ? 'Saving…' : 'Change password'}
					</Button>
				</Form>
			</section>

			<TwoStepSection {...loaderData} actionData={actionData} />

			<section aria-labelledby="sessions-heading" className="rounded-lg border border-slate-200 p-4">
				<h2 id="sessions-heading" className="text-lg font-semibold">
					Where you are signed in
				</h2>
				<ul className="mt-3 divide-y divide-slate-200" aria-label="Signed-in devices">
					{loaderData.sessions.map((s) => (
						<li key={s.id} className="py-2" data-testid="own-session">
							<p className="font-medium">
								{deviceName(s.userAgent)}
								{s.current ? <span className="ml-2 rounded-full bg-success-50 px-2 text-sm text-success-700">This browser</span> : null}
							</p>
							<p className="text-sm text-slate-700">
								Signed in {formatTimestamp(s.createdAt)} · last used {formatTimestamp(s.lastSeenAt)}
								{s.ip ? ` · from ${s.ip}` : ''}
							</p>
						</li>
					))}
				</ul>
				<Form method="post" className="mt-3">
					<input type="hidden" name="intent" value="sign-out-others" />
					<Button type="submit" variant="outline" pending={signingOutOthers}>
						Sign out everywhere else
					</Button>
					<p className="mt-1 text-sm text-slate-700">
						{others === 0
							? 'No other browser is signed in; this also signs out apps that use your account.'
							: 'Signs out the other browsers above and every app that uses your account.'}
					</p>
				</Form>
			</section>
		</main>
	)
}
