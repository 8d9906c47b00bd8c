import { describe, expect, test } from 'vitest'
import { agentUserStatus, inviteAgentUserSchema } from './agent-users.ts'

describe('agency users', () => {
	test('an invitation needs an email address and a name; the role is an agent unless an agency admin is chosen', () => {
		expect(inviteAgentUserSchema.safeParse({ email: 'not an address', displayName: 'Asha' }).success).toBe(false)
		expect(inviteAgentUserSchema.safeParse({ email: 'asha@example.com', displayName: ' ' }).success).toBe(false)
		expect(inviteAgentUserSchema.parse({ email: 'asha@example.com', displayName: 'Asha' }).role).toBe('agent_user')
		expect(inviteAgentUserSchema.parse({ email: 'asha@example.com', displayName: 'Asha', role: 'agent_admin' }).role).toBe('agent_admin')
		expect(inviteAgentUserSchema.safeParse({ email: 'asha@example.com', displayName: 'Asha', role: 'owner' }).success).toBe(false)
	})

	test('a user is invited until they set a password, and removed once disabled', () => {
		expect(agentUserStatus({ disabled: false, hasPassword: false })).toBe('invited')
		expect(agentUserStatus({ disabled: false, hasPassword: true })).toBe('active')
		expect(agentUserStatus({ disabled: true, hasPassword: true })).toBe('removed')
	})
})
