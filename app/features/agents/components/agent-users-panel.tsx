import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { FormError, Panel } from '~/components/admin/panel.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { ScrollRegion } from '~/components/ui/scroll-region.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { agentUserStatusLabels, type AgentUserStatus, inviteAgentUserSchema } from '~/features/agents/domain/agent-users.ts'
import { formatTimestamp } from '~/lib/dates.ts'
import type { AgentRole } from '~/features/identity/server/users.server.ts'
import { agentRoleLabels } from './agent-nav.tsx'
import { errorsOf, resultFor, useIsPending, useValidatedForm, valuesOf } from '~/lib/forms.ts'

const roleOptions = [
	{ value: 'agent_user', label: 'Agent' },
	{ value: 'agent_admin', label: 'Agency admin (also manages users)' },
]

export type AgentUserRow = { id: string; email: string; displayName: string | null; role: string; status: AgentUserStatus; lastSignInAt: string | null }

/**
 * An agency's users and the invitation form (ADR 221): on the agency's admin page for staff and on
 * /agent/users for the agency's admin. Forms post `intent` invite-user / remove-user to the page.
 */
export function AgentUsersPanel({
	users,
	actionData,
	selfId = null,
	canInvite,
}: {
	users: readonly AgentUserRow[]
	actionData: unknown
	selfId?: string | null
	canInvite: boolean
}) {
	const lastResult = resultFor(actionData, 'invite-user')
	const removeErrors = errorsOf(resultFor(actionData, 'remove-user'))
	const [form] = useValidatedForm(inviteAgentUserSchema, { id: 'invite-agent-user', lastResult })
	const errors = errorsOf(form.allErrors)
	const inviting = useIsPending({ intent: 'invite-user' })
	const values = lastResult ? valuesOf(lastResult) : {}
	return (
		<Panel title="Users" id="agent-users-heading">
			<FormError error={removeErrors.form} />
			{users.length ? (
				<ScrollRegion label="Who can sign in (scrolls sideways)">
					<table className="w-full border-collapse text-left text-sm">
						<TableHead
							rowClassName="border-b border-slate-300"
							cellClassName="py-1 pr-2"
							columns={['Name', 'Email', 'Role', 'Status', 'Last signed in', { label: 'Actions', className: 'sr-only' }]}
						/>
						<tbody>
							{users.map((user) => (
								<tr key={user.id} className="border-b border-slate-100">
									<td className="py-2 pr-2">{user.displayName ?? '—'}</td>
									<td className="py-2 pr-2 break-all">{user.email}</td>
									<td className="py-2 pr-2">{agentRoleLabels[user.role as AgentRole] ?? user.role}</td>
									<td className="py-2 pr-2">{agentUserStatusLabels[user.status]}</td>
									<td className="py-2 pr-2">{user.lastSignInAt ? formatTimestamp(user.lastSignInAt) : 'Never'}</td>
									<td className="py-2 pr-2 text-right">
										{user.status !== 'removed' && user.id !== selfId ? (
											<Form method="post">
												<input type="hidden" name="intent" value="remove-user" />
												<input type="hidden" name="userId" value={user.id} />
												<Button type="submit" size="sm" variant="outline" aria-label={`Remove ${user.displayName ?? user.email}`}>
													Remove
												</Button>
											</Form>
										) : null}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</ScrollRegion>
			) : (
				<p className="text-sm text-slate-700">No users yet. Invite the agency’s first user below: they set their own password from the email.</p>
			)}
			{canInvite ? (
				// A new list (one more user) starts an empty form: the invited person's details are not left typed in.
				<Form key={users.length} method="post" className="mt-6 space-y-3" {...getFormProps(form)}>
					<h3 className="font-semibold">Invite a user</h3>
					<FormError error={errors.form} />
					<input type="hidden" name="intent" value="invite-user" />
					<div className="grid gap-3 sm:grid-cols-3">
						<Field label="Name" name="displayName" autoComplete="off" defaultValue={values.displayName} error={errors.displayName} />
						<Field
							label="Email"
							name="email"
							type="email"
							autoComplete="off"
							defaultValue={values.email}
							error={errors.email}
							hint="The invitation goes here; the link works for 7 days"
						/>
						<SelectField label="Role" name="role" defaultValue={values.role ?? 'agent_user'} error={errors.role} options={roleOptions} />
					</div>
					<Button type="submit" pending={inviting}>
						Send invitation
					</Button>
				</Form>
			) : (
				<p className="mt-4 text-sm text-slate-700">Approve the agency to invite its users.</p>
			)}
		</Panel>
	)
}
