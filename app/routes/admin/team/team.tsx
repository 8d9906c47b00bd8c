import { Form } from 'react-router'
import { z } from 'zod'
import { roleLabels } from '~/components/admin-nav.tsx'
import { FormMessage } from '~/features/identity/components/auth-shell.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Avatar } from '~/components/ui/avatar.tsx'
import { Button } from '~/components/ui/button.tsx'
import { formatTimestamp } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { requireOwner } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { approveUser, changeRole, listUsers, setUserDisabled, signOutEverywhere } from '~/features/identity/server/accounts.server.ts'
import {
	accountsWithSecondFactor,
	isSecondFactorRequired,
	resetSecondFactor,
	setSecondFactorRequired,
} from '~/features/identity/server/second-factor.server.ts'
import { activeSessionCounts } from '~/features/identity/server/sessions.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/team'

/** The team (owners only): approve accounts, change roles, disable or enable, sign out everywhere, reset a lost second factor. */
export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireOwner(request)
	const [users, sessions, withSecondFactor] = await Promise.all([listUsers(db()), activeSessionCounts(db()), accountsWithSecondFactor(db())])
	const accounts = users.map((account) => ({
		id: account.id,
		name: account.displayName ?? account.email,
		email: account.email,
		photoUrl: account.photoUrl,
		role: account.role,
		disabled: account.disabled,
		createdAt: account.createdAt,
		lastSignInAt: account.lastSignInAt,
		activeSessions: sessions.get(account.id) ?? 0,
		hasSecondFactor: withSecondFactor.has(account.id),
	}))
	return { accounts, currentUserId: user.id, secondFactorRequired: await isSecondFactorRequired(db()) }
}

const userId = z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'Choose an account from the list.')
const schema = z.discriminatedUnion(
	'intent',
	[
		z.object({ intent: z.literal('approve'), userId, role: z.enum(['staff', 'owner']).default('staff') }),
		z.object({ intent: z.literal('change-role'), userId, role: z.enum(['staff', 'owner'], { message: 'Choose staff or owner.' }) }),
		z.object({ intent: z.literal('disable'), userId }),
		z.object({ intent: z.literal('enable'), userId }),
		z.object({ intent: z.literal('sign-out-everywhere'), userId }),
		z.object({ intent: z.literal('reset-second-factor'), userId }),
		z.object({ intent: z.literal('require-second-factor'), required: z.enum(['yes', 'no'], { message: 'Choose on or off.' }) }),
	],
	{ message: 'Choose what to do with the account.' },
)

export async function action({ request }: Route.ActionArgs) {
	const { user: actor } = await requireOwner(request)
	const submission = parseForm(await request.formData(), schema)
	if (submission.status !== 'success') return refuse(submission)
	const input = submission.value
	try {
		switch (input.intent) {
			case 'approve': {
				const user = await approveUser(db(), actor, input.userId, input.role)
				return redirectWithToast('/admin/team', { title: `Approved ${user.displayName ?? user.email}`, description: `They can now sign in as ${input.role}.` })
			}
			case 'change-role': {
				const user = await changeRole(db(), actor, input.userId, input.role)
				return redirectWithToast('/admin/team', { title: `${user.displayName ?? user.email} is now ${roleLabels[user.role]?.toLowerCase()}` })
			}
			case 'disable':
			case 'enable': {
				const user = await setUserDisabled(db(), actor, input.userId, input.intent === 'disable')
				return redirectWithToast('/admin/team', {
					title: `${user.displayName ?? user.email} ${user.disabled ? 'is disabled' : 'is enabled again'}`,
					description: user.disabled ? 'They were signed out everywhere.' : undefined,
				})
			}
			case 'require-second-factor': {
				await setSecondFactorRequired(db(), actor, input.required === 'yes')
				return redirectWithToast('/admin/team', {
					title: input.required === 'yes' ? 'Two-step sign-in is now required' : 'Two-step sign-in is now optional',
					description: input.required === 'yes' ? 'Accounts without it are asked to set it up at their next page.' : undefined,
				})
			}
			case 'reset-second-factor': {
				const user = await resetSecondFactor(db(), actor, input.userId)
				return redirectWithToast('/admin/team', {
					title: `Two-step sign-in reset for ${user.displayName ?? user.email}`,
					description: 'They were signed out everywhere. They sign in with their password and set up their authenticator app again.',
				})
			}
			case 'sign-out-everywhere': {
				await signOutEverywhere(db(), actor, input.userId)
				const self = input.userId === actor.id
				return redirectWithToast(self ? '/admin/login' : '/admin/team', { title: 'Signed out on every device' })
			}
		}
	} catch (error) {
		return refuseOnAppError(submission, error)
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Team | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

type Account = Route.ComponentProps['loaderData']['accounts'][number]

function ActionForm({
	account,
	intent,
	label,
	variant = 'outline',
	children,
}: {
	account: Account
	intent: string
	label: string
	variant?: 'outline' | 'danger' | 'primary'
	children?: React.ReactNode
}) {
	const busy = useIsPending({ intent, fields: { userId: account.id }, state: 'submitting' })
	return (
		<Form method="post" className="flex flex-wrap items-end gap-2">
			<input type="hidden" name="userId" value={account.id} />
			<input type="hidden" name="intent" value={intent} />
			{children}
			<Button type="submit" size="sm" variant={variant} pending={busy}>
				{label}
			</Button>
		</Form>
	)
}

function ApproveForm({ account }: { account: Account }) {
	const busy = useIsPending({ intent: 'approve', fields: { userId: account.id }, state: 'submitting' })
	return (
		<Form method="post" className="flex flex-wrap gap-2">
			<input type="hidden" name="userId" value={account.id} />
			<input type="hidden" name="intent" value="approve" />
			<Button type="submit" size="sm" name="role" value="staff" pending={busy}>
				Approve as staff
			</Button>
			<Button type="submit" size="sm" variant="outline" name="role" value="owner" disabled={busy}>
				Approve as owner
			</Button>
		</Form>
	)
}

function AccountCard({ account, isSelf }: { account: Account; isSelf: boolean }) {
	const status = account.disabled ? 'Disabled' : roleLabels[account.role]
	return (
		<li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={`${account.name} (${account.email})`}>
			<div className="flex flex-wrap items-start gap-3">
				<Avatar src={account.photoUrl} alt={account.name} />
				<div className="min-w-0 flex-1">
					<h3 className="font-semibold text-slate-900">
						{account.name} {isSelf ? <span className="text-sm font-normal text-slate-600">(you)</span> : null}
					</h3>
					<p className="truncate text-sm text-slate-700">{account.email}</p>
					<dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
						<div>
							<dt className="inline font-medium">Status: </dt>
							<dd className={account.disabled ? 'inline font-semibold text-error-700' : 'inline'}>{status}</dd>
						</div>
						<div>
							<dt className="inline font-medium">Signed in on: </dt>
							<dd className="inline">
								{account.activeSessions} {account.activeSessions === 1 ? 'device' : 'devices'}
							</dd>
						</div>
						<div>
							<dt className="inline font-medium">Two-step sign-in: </dt>
							<dd className="inline">{account.hasSecondFactor ? 'on' : 'off'}</dd>
						</div>
						<div>
							<dt className="inline font-medium">Joined: </dt>
							<dd className="inline">{formatTimestamp(account.createdAt)}</dd>
						</div>
						<div>
							<dt className="inline font-medium">Last sign-in: </dt>
							<dd className="inline">{account.lastSignInAt ? formatTimestamp(account.lastSignInAt) : 'never'}</dd>
						</div>
					</dl>
				</div>
			</div>
			<div className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4">
				{account.role === 'pending' ? (
					<ApproveForm account={account} />
				) : (
					<ActionForm account={account} intent="change-role" label="Change role">
						<label className="text-sm font-medium text-slate-800">
							Role
							<select name="role" defaultValue={account.role} className="ml-2 rounded-md border border-slate-400 bg-white px-2 py-1 text-sm">
								<option value="staff">Staff</option>
								<option value="owner">Owner</option>
							</select>
						</label>
					</ActionForm>
				)}
				{isSelf ? null : account.disabled ? (
					<ActionForm account={account} intent="enable" label="Enable" />
				) : (
					<ActionForm account={account} intent="disable" label="Disable" variant="danger" />
				)}
				{/* Also revokes the account's API tokens, so it is offered even with no web session open. */}
				{account.disabled ? null : <ActionForm account={account} intent="sign-out-everywhere" label="Sign out everywhere" />}
				{/* For a lost phone: the person's own page turns it off (with the password) for themselves. */}
				{account.hasSecondFactor && !isSelf ? (
					<ActionForm account={account} intent="reset-second-factor" label="Reset two-step sign-in" variant="danger" />
				) : null}
			</div>
		</li>
	)
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
	const errors = errorsOf(resultFor(actionData))
	// One message at the top of the page: the whole form's, or the first field's.
	const refusal = errors.form ?? Object.values(errors)[0]
	const { accounts, currentUserId } = loaderData
	const pending = accounts.filter((account) => account.role === 'pending' && !account.disabled)
	const others = accounts.filter((account) => !pending.includes(account))
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Team</h1>
				<p className="mt-1 text-slate-700">Approve new accounts, choose who is an owner, and close access when someone leaves.</p>
			</div>
			{refusal ? <FormMessage tone="error">{refusal}</FormMessage> : null}

			<section aria-labelledby="pending-heading">
				<h2 id="pending-heading" className="text-lg font-semibold">
					Waiting for approval ({pending.length})
				</h2>
				{pending.length === 0 ? (
					<p className="mt-2 text-sm text-slate-700">
						Nobody is waiting. New accounts appear here after they sign up at /admin/signup, or the first time someone signs in with a company account.
					</p>
				) : (
					<ul className="mt-3 space-y-3">
						{pending.map((account) => (
							<AccountCard key={account.id} account={account} isSelf={account.id === currentUserId} />
						))}
					</ul>
				)}
			</section>

			<section aria-labelledby="two-step-heading" className="rounded-xl border border-slate-200 bg-white p-4">
				<h2 id="two-step-heading" className="text-lg font-semibold">
					Two-step sign-in
				</h2>
				<p className="mt-1 text-sm text-slate-700">
					{loaderData.secondFactorRequired
						? 'Required: every account signs in with its password and a code from an authenticator app. Accounts without one set it up before anything else.'
						: 'Optional: each person can turn it on from Your account.'}
				</p>
				<Form method="post" className="mt-3">
					<input type="hidden" name="intent" value="require-second-factor" />
					<input type="hidden" name="required" value={loaderData.secondFactorRequired ? 'no' : 'yes'} />
					<Button type="submit" size="sm" variant="outline">
						{loaderData.secondFactorRequired ? 'Make it optional' : 'Require it for everyone'}
					</Button>
				</Form>
			</section>

			<section aria-labelledby="team-heading">
				<h2 id="team-heading" className="text-lg font-semibold">
					Accounts ({others.length})
				</h2>
				<ul className="mt-3 space-y-3">
					{others.map((account) => (
						<AccountCard key={account.id} account={account} isSelf={account.id === currentUserId} />
					))}
				</ul>
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
