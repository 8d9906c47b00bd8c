import { Form } from 'react-router'
import { FormMessage } from '~/features/identity/components/auth-shell.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { formatTimestamp } from '~/lib/dates.ts'
import { detailsFor, errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import type { ProfileDetails, ProfileResult } from './profile.server.ts'

type TwoStepProps = {
	factors: ReadonlyArray<{ id: string; displayName: string | null; enrolledAt: string }>
	email: string
	recoveryCodesLeft: number
	secondFactorRequired: boolean
	actionData: unknown
}

/** The profile's two-step sign-in section: set up an authenticator app, confirm it, or turn it off. */
export function TwoStepSection({ actionData, ...loaderData }: TwoStepProps) {
	const result = actionData as ProfileResult | undefined
	const details = detailsFor<ProfileDetails>(result)
	const enrol = details?.enrol ?? null
	const recoveryCodes = details?.recoveryCodes ?? null
	const errors = result?.intent?.startsWith('totp') ? errorsOf(resultFor(result)) : {}
	const failed = errors.form
	const removing = useIsPending({ intent: 'totp-remove', state: 'submitting' })
	const finishing = useIsPending({ intent: 'totp-finish', state: 'submitting' })
	const starting = useIsPending({ intent: 'totp-start', state: 'submitting' })
	const factor = loaderData.factors[0]
	return (
		<section aria-labelledby="two-step-heading" className="rounded-lg border border-slate-200 p-4">
			<h2 id="two-step-heading" className="text-lg font-semibold">
				Two-step sign-in
			</h2>
			{failed ? <FormMessage tone="error">{failed}</FormMessage> : null}
			{recoveryCodes ? (
				<div className="mt-2 space-y-2">
					<FormMessage tone="info">
						Two-step sign-in is on. Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.
					</FormMessage>
					<ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-base">
						{recoveryCodes.map((code) => (
							<li key={code}>{code}</li>
						))}
					</ul>
				</div>
			) : factor ? (
				<div className="mt-2 space-y-3">
					<p className="text-sm text-slate-700">
						On, with {factor.displayName ?? 'an authenticator app'} since {formatTimestamp(factor.enrolledAt)}. {loaderData.recoveryCodesLeft} recovery{' '}
						{loaderData.recoveryCodesLeft === 1 ? 'code' : 'codes'} left.
					</p>
					{loaderData.secondFactorRequired ? (
						<p className="text-sm text-slate-700">An owner requires two-step sign-in for every account, so it stays on.</p>
					) : (
						<Form method="post" className="max-w-md space-y-3">
							<input type="hidden" name="intent" value="totp-remove" />
							<input type="hidden" name="factorId" value={factor.id} />
							<input type="hidden" name="username" autoComplete="username" value={loaderData.email} />
							<Field
								label="Current password, to turn it off"
								name="currentPassword"
								type="password"
								autoComplete="current-password"
								required
								error={errors.currentPassword}
							/>
							<Button type="submit" variant="outline" pending={removing}>
								Turn off two-step sign-in
							</Button>
						</Form>
					)}
				</div>
			) : enrol ? (
				<div className="mt-2 space-y-3">
					<p className="text-sm text-slate-700">
						Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and others), then type the 6 digits it shows.
					</p>
					<img src={enrol.qr} width={220} height={220} alt="QR code to add this account to your authenticator app" />
					<p className="text-sm text-slate-700">
						Cannot scan? Enter this key in the app: <code className="font-mono break-all">{enrol.secret}</code>
					</p>
					<Form method="post" className="max-w-md space-y-3" noValidate>
						<input type="hidden" name="intent" value="totp-finish" />
						<input type="hidden" name="sessionInfo" value={enrol.sessionInfo} />
						<Field label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" required error={errors.code} />
						<Button type="submit" pending={finishing}>
							Turn on two-step sign-in
						</Button>
					</Form>
				</div>
			) : (
				<div className="mt-2 space-y-3">
					{loaderData.secondFactorRequired ? (
						<FormMessage tone="info">An owner requires two-step sign-in for every account. Set it up here to use the rest of the admin area.</FormMessage>
					) : null}
					<p className="text-sm text-slate-700">
						Off. With it on, signing in also asks for a code from an app on your phone, so a stolen password alone does not open your account.
					</p>
					<Form method="post">
						<input type="hidden" name="intent" value="totp-start" />
						<Button type="submit" pending={starting}>
							Set up an authenticator app
						</Button>
					</Form>
				</div>
			)}
		</section>
	)
}
