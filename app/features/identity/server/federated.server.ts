import { IdentityError } from '~/lib/identity-errors.ts'
import { newId } from '~/lib/ids.ts'
import { recordAudit } from '~/server/db/audit.server.ts'
import { type DB, isUniqueViolation } from '~/server/db/client.server.ts'
import { emailSchema } from './accounts.server.ts'
import type { ProviderIdentity } from './oidc.server.ts'
import { actorOf, auditSnapshot, findUserById, findUserRowByEmail, newUserValues, normalizeEmail, toUser, type User } from './users.server.ts'
import type { Executor } from '~/server/db/client.server.ts'

/**
 * Accounts signed in through a company OpenID Connect provider
 * (docs/decisions/120-openid-connect-sign-in.md). A person is known by the
 * provider's subject once linked; before that, only an address the provider
 * says it verified links to an existing account, and a new person gets a new
 * pending account (no password), like any sign-up.
 */

/** The detail of INVALID_IDP_RESPONSE when the provider has not verified the address (the web explains it in its own words). */
export const unverifiedEmailDetail = 'The provider has not verified this email address'

export type LinkedIdentity = { providerId: string; subject: string; email: string; displayName: string | null }

/** An address the provider has not verified matches an existing account: the service answers needConfirmation. */
export class NeedsConfirmation extends Error {
	constructor(readonly email: string) {
		super('An account already exists with this email address; the provider has not verified it')
	}
}

export async function listLinkedIdentities(db: Executor, userId: string): Promise<LinkedIdentity[]> {
	const rows = await db
		.selectFrom('federated_identities')
		.select(['provider_id', 'subject', 'email', 'display_name'])
		.where('user_id', '=', userId)
		.orderBy('created_at')
		.execute()
	return rows.map((row) => ({ providerId: row.provider_id, subject: row.subject, email: row.email, displayName: row.display_name }))
}

async function markSignedIn(trx: Executor, user: User, providerId: string, subject: string, now: Date, extra: Record<string, unknown> = {}): Promise<User> {
	await trx
		.updateTable('federated_identities')
		.set({ last_sign_in_at: now.toISOString() })
		.where('provider_id', '=', providerId)
		.where('subject', '=', subject)
		.execute()
	const row = await trx
		.updateTable('users')
		.set({ last_sign_in_at: now.toISOString(), ...(extra.verified ? { email_verified: 1 } : {}) })
		.where('id', '=', user.id)
		.returningAll()
		.executeTakeFirstOrThrow()
	const updated = toUser(row)
	await recordAudit(trx, {
		actor: actorOf(updated),
		action: 'user.sign-in',
		entity: 'user',
		entityId: updated.id,
		after: { via: extra.via, provider: providerId },
	})
	return updated
}

/**
 * Signs in (or up) with a checked ID token's identity. Returns the account
 * and whether it was created now. Disabled accounts: USER_DISABLED.
 */
export async function signInWithProviderIdentity(
	db: DB,
	input: { providerId: string; identity: ProviderIdentity; via: 'web' | 'api' },
	now = new Date(),
): Promise<{ user: User; isNewUser: boolean }> {
	try {
		return await attempt(db, input, now)
	} catch (error) {
		// Two first sign-ins of one person at the same moment: the unique indexes decide, and the loser finds the winner's link.
		if (isUniqueViolation(error)) return attempt(db, input, now)
		throw error
	}
}

async function attempt(
	db: DB,
	input: { providerId: string; identity: ProviderIdentity; via: 'web' | 'api' },
	now: Date,
): Promise<{ user: User; isNewUser: boolean }> {
	const { providerId, identity } = input
	return db.transaction().execute(async (trx) => {
		const link = await trx
			.selectFrom('federated_identities')
			.select('user_id')
			.where('provider_id', '=', providerId)
			.where('subject', '=', identity.subject)
			.executeTakeFirst()
		if (link) {
			const user = await findUserById(trx, link.user_id)
			if (!user) throw new IdentityError('USER_NOT_FOUND')
			if (user.disabled) throw new IdentityError('USER_DISABLED')
			return { user: await markSignedIn(trx, user, providerId, identity.subject, now, { via: input.via }), isNewUser: false }
		}

		if (!identity.email || !emailSchema.safeParse(identity.email).success)
			throw new IdentityError('INVALID_IDP_RESPONSE', { detail: 'The ID token carries no email address' })
		const { email, emailLower } = normalizeEmail(identity.email)
		const existing = await findUserRowByEmail(trx, emailLower)
		if (!identity.emailVerified) {
			// Never link or create on an address the provider has not checked: it could be anyone's.
			if (existing) throw new NeedsConfirmation(existing.email)
			throw new IdentityError('INVALID_IDP_RESPONSE', { detail: unverifiedEmailDetail })
		}
		const linkRow = {
			id: newId(),
			provider_id: providerId,
			subject: identity.subject,
			email,
			display_name: identity.displayName,
			created_at: now.toISOString(),
			last_sign_in_at: now.toISOString(),
		}

		if (existing) {
			const user = toUser(existing)
			if (user.disabled) throw new IdentityError('USER_DISABLED')
			await trx
				.insertInto('federated_identities')
				.values({ ...linkRow, user_id: user.id })
				.execute()
			await recordAudit(trx, { actor: actorOf(user), action: 'user.link-provider', entity: 'user', entityId: user.id, after: { provider: providerId, email } })
			// The provider vouched for the address: it counts as verified from now on.
			return { user: await markSignedIn(trx, user, providerId, identity.subject, now, { via: input.via, verified: true }), isNewUser: false }
		}

		const row = await trx
			.insertInto('users')
			.values(
				newUserValues({
					id: newId(),
					email,
					displayName: identity.displayName,
					role: 'pending',
					emailVerified: true,
					passwordHash: null,
					now,
					signedInNow: true,
					approved: false,
				}),
			)
			.returningAll()
			.executeTakeFirstOrThrow()
		const user = toUser(row)
		await trx
			.insertInto('federated_identities')
			.values({ ...linkRow, user_id: user.id })
			.execute()
		await recordAudit(trx, {
			actor: actorOf(user),
			action: 'user.sign-up',
			entity: 'user',
			entityId: user.id,
			before: null,
			after: { ...auditSnapshot(user), provider: providerId },
		})
		return { user, isNewUser: true }
	})
}
