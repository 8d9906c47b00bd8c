import { agentInvitationEmail } from '~/features/email/domain/emails.ts'
import { revokeEverything } from '~/features/identity/server/accounts.server.ts'
import { issueActionCode } from '~/features/identity/server/action-codes.server.ts'
import { loginPath } from '~/features/identity/server/auth.server.ts'
import { auditSnapshot, newUserValues, normalizeEmail, toUser, type User } from '~/features/identity/server/users.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { DB, Executor } from '~/server/db/client.server.ts'
import { agentUserStatus, type InviteAgentUserForm, invitationLifetimeDays } from '~/features/agents/domain/agent-users.ts'

/**
 * The users of a partner agency (ADR 221): staff invite them from the agency's
 * page, the agency's admin from /agent/users. Every read and change here is
 * scoped by the agency's id, so one agency never reaches another's users.
 */

export type AgentUserListing = ReturnType<typeof toListing>

function toListing(user: User) {
	return {
		id: user.id,
		email: user.email,
		displayName: user.displayName,
		role: user.role,
		status: agentUserStatus(user),
		lastSignInAt: user.lastSignInAt,
		createdAt: user.createdAt,
	}
}

/** The agency's users, active and invited first, then by name. */
export async function listAgentUsers(db: Executor, agentId: string): Promise<AgentUserListing[]> {
	const rows = await db.selectFrom('users').selectAll().where('agent_id', '=', agentId).orderBy('disabled').orderBy('display_name').orderBy('email').execute()
	return rows.map((row) => toListing(toUser(row)))
}

export type InvitationLink = { siteUrl: string; apiKey: string }

/**
 * Invites a person to the agency: a new account (no password, the chosen role, the agency), or the
 * same agency's invited or removed user again; and an emailed link, valid a week, that sets their
 * password. An address that belongs to anyone else (staff, another agency, an active user) is refused.
 * Only an approved agency's users are invited. Returns the outbox key, to deliver the email at once.
 */
export async function inviteAgentUser(
	db: DB,
	actor: Actor,
	agentId: string,
	form: InviteAgentUserForm,
	link: InvitationLink,
	now = new Date(),
): Promise<{ user: User; outboxKey: string }> {
	const { email, emailLower } = normalizeEmail(form.email)
	const taken = () =>
		new AppError('already-exists', `${email} cannot be invited: it already has an account with us. Use another address.`, {
			fields: { email: 'Use another address: this one already has an account.' },
		})
	return db.transaction().execute(async (trx) => {
		const agency = await trx.selectFrom('agents').select(['company', 'status']).where('id', '=', agentId).executeTakeFirst()
		if (!agency) throw new AppError('not-found', 'There is no agent with that id.')
		if (agency.status !== 'approved')
			throw new AppError('failed-precondition', 'Only an approved agency’s people can be invited. Approve or reinstate the agency first.')
		const existing = await trx.selectFrom('users').selectAll().where('email_lower', '=', emailLower).executeTakeFirst()
		let user: User
		if (!existing) {
			const row = await trx
				.insertInto('users')
				.values(
					newUserValues({
						id: newId(),
						email,
						displayName: form.displayName,
						role: form.role,
						emailVerified: false,
						passwordHash: null,
						now,
						signedInNow: false,
						approved: true,
						agentId,
					}),
				)
				.returningAll()
				.executeTakeFirstOrThrow()
			user = toUser(row)
			await recordAudit(trx, { actor, action: 'agent-user.invite', entity: 'user', entityId: user.id, after: { ...auditSnapshot(user), agentId } })
		} else {
			const before = toUser(existing)
			if (before.agentId !== agentId || agentUserStatus(before) === 'active') throw taken()
			// The same agency's invited or removed person: invited again, with the role and name chosen now.
			const row = await trx
				.updateTable('users')
				.set({ role: form.role, display_name: form.displayName, disabled: 0, updated_at: now.toISOString() })
				.where('id', '=', before.id)
				.where('agent_id', '=', agentId)
				.returningAll()
				.executeTakeFirstOrThrow()
			user = toUser(row)
			await recordAudit(trx, {
				actor,
				action: 'agent-user.invite',
				entity: 'user',
				entityId: user.id,
				before: auditSnapshot(before),
				after: { ...auditSnapshot(user), agentId },
			})
		}
		const company = (await getSettings(trx)).company
		const signInUrl = new URL(loginPath, link.siteUrl).toString()
		const outboxKey = await issueActionCode(trx, {
			user,
			purpose: 'PASSWORD_RESET',
			lifetimeSeconds: invitationLifetimeDays * 24 * 60 * 60,
			continueUrl: null,
			siteUrl: link.siteUrl,
			apiKey: link.apiKey,
			now,
			email: async (url) => ({
				...agentInvitationEmail({ link: url, days: invitationLifetimeDays, agency: agency.company, signInUrl, company }),
				kind: 'agent-invitation',
			}),
		})
		return { user, outboxKey }
	})
}

/**
 * Removes a person from the agency: the account is disabled (kept for the records it made), signed out
 * everywhere and its links spent. Only a user of this agency; never one's own account.
 */
export async function removeAgentUser(db: DB, actor: Actor, agentId: string, userId: string, now = new Date()): Promise<User> {
	return db.transaction().execute(async (trx) => {
		const row = await trx.selectFrom('users').selectAll().where('id', '=', userId).where('agent_id', '=', agentId).executeTakeFirst()
		if (!row) throw new AppError('not-found', 'That person is not a user of this agency.')
		const before = toUser(row)
		if (before.id === actor.id) throw new AppError('failed-precondition', 'You cannot remove yourself. Ask another agency admin, or us.')
		if (before.disabled) return before
		await revokeEverything(trx, before.id, 'user-disabled', now)
		const updated = toUser(
			await trx.updateTable('users').set({ disabled: 1, updated_at: now.toISOString() }).where('id', '=', before.id).returningAll().executeTakeFirstOrThrow(),
		)
		await recordAudit(trx, {
			actor,
			action: 'agent-user.remove',
			entity: 'user',
			entityId: before.id,
			before: auditSnapshot(before),
			after: { ...auditSnapshot(updated), agentId },
		})
		return updated
	})
}
