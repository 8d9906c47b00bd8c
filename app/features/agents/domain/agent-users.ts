import { z } from '~/lib/zod.ts'

/** How long an invitation link works (ADR 221): a week, against the hour of a password reset link. */
export const invitationLifetimeDays = 7

/** The invitation form, the same for staff (on the agency's admin page) and for an agency's admin (/agent/users). */
export const inviteAgentUserSchema = z.object({
	email: z
		.string()
		.trim()
		.min(1, 'Enter the person’s email address.')
		.max(254, 'That email address is too long.')
		.pipe(z.email('Enter an email address such as name@example.com.')),
	displayName: z.string().trim().min(1, 'Enter the person’s name.').max(100, 'Keep the name under 100 characters.'),
	role: z.enum(['agent_user', 'agent_admin'], { message: 'Choose agent or agency admin.' }).default('agent_user'),
})
export type InviteAgentUserForm = z.output<typeof inviteAgentUserSchema>

/** Where an agency user stands, from their account: invited (no password yet), active, or removed. */
export type AgentUserStatus = 'invited' | 'active' | 'removed'
export function agentUserStatus(account: { disabled: boolean; hasPassword: boolean }): AgentUserStatus {
	if (account.disabled) return 'removed'
	return account.hasPassword ? 'active' : 'invited'
}
export const agentUserStatusLabels: Record<AgentUserStatus, string> = { invited: 'Invited', active: 'Active', removed: 'Removed' }
