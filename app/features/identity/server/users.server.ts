import type { SqlBool } from 'kysely'
import type { Actor } from '~/server/db/audit.server.ts'
import type { NewUserRow, UserRow } from '~/server/db/schema.ts'
import type { Executor } from '~/server/db/client.server.ts'

/** Roles of docs/product.md#roles: staff accounts (pending, staff, owner) and the users of a partner agency (ADR 221). */
export const roles = ['pending', 'staff', 'owner', 'agent_admin', 'agent_user'] as const
export type Role = (typeof roles)[number]
/** Approved staff: the only roles the admin area admits. */
export const staffRoles = ['staff', 'owner'] as const satisfies readonly Role[]
export type StaffRole = (typeof staffRoles)[number]
/** People of a partner agency: an agency admin manages the agency's users, an agent user works for it. Never admitted to a staff page. */
export const agentRoles = ['agent_admin', 'agent_user'] as const satisfies readonly Role[]
export type AgentRole = (typeof agentRoles)[number]

export function isStaffRole(role: Role): role is StaffRole {
	return (staffRoles as readonly Role[]).includes(role)
}

export function isAgentRole(role: Role): role is AgentRole {
	return (agentRoles as readonly Role[]).includes(role)
}

/** An account as the app sees it: the identity API's user record (docs/identity-api.md) plus role, and the agency of an agent user. The password hash never leaves this folder. */
export type User = {
	id: string
	email: string
	emailVerified: boolean
	displayName: string | null
	photoUrl: string | null
	phoneNumber: string | null
	role: Role
	disabled: boolean
	hasPassword: boolean
	tokenVersion: number
	createdAt: string
	updatedAt: string
	lastSignInAt: string | null
	passwordUpdatedAt: string | null
	approvedAt: string | null
	approvedBy: string | null
	/** The partner agency of an agent user (agent_admin, agent_user); null for staff accounts. */
	agentId: string | null
}

function toRole(value: string): Role {
	return (roles as readonly string[]).includes(value) ? (value as Role) : 'pending'
}

/**
 * A user's row without the password hash, for reads that never need it (the session read on every
 * request): `has_password` says whether one is set.
 */
export type UserRowWithoutHash = Omit<UserRow, 'password_hash'> & { has_password: SqlBool }

/** Row → domain: 0/1 become booleans here, at the boundary (docs/conventions.md). */
export function toUser(row: UserRow | UserRowWithoutHash): User {
	return {
		id: row.id,
		email: row.email,
		emailVerified: row.email_verified === 1,
		displayName: row.display_name,
		photoUrl: row.photo_url,
		phoneNumber: row.phone_number,
		role: toRole(row.role),
		disabled: row.disabled === 1,
		hasPassword: 'has_password' in row ? Boolean(row.has_password) : row.password_hash !== null,
		tokenVersion: Number(row.token_version),
		createdAt: row.created_at,
		updatedAt: row.updated_at,
		lastSignInAt: row.last_sign_in_at,
		passwordUpdatedAt: row.password_updated_at,
		approvedAt: row.approved_at,
		approvedBy: row.approved_by,
		agentId: row.agent_id,
	}
}

/**
 * Whether an account may sign in (or use an emailed link) as far as its agency goes: staff accounts
 * always; an agent user only while their agency is approved (ADR 222: a suspended agency's users are
 * signed out and their links stop working; reinstated, they sign in again).
 */
export async function agencyAllowsSignIn(db: Executor, account: { agentId: string | null } | { agent_id: string | null }): Promise<boolean> {
	const agentId = 'agentId' in account ? account.agentId : account.agent_id
	if (agentId === null) return true
	const agency = await db.selectFrom('agents').select('status').where('id', '=', agentId).executeTakeFirst()
	return agency?.status === 'approved'
}

/** Emails are compared case-insensitively; the address is kept as typed, trimmed. */
export function normalizeEmail(email: string): { email: string; emailLower: string } {
	const trimmed = email.trim()
	return { email: trimmed, emailLower: trimmed.toLowerCase() }
}

export async function findUserById(db: Executor, id: string): Promise<User | undefined> {
	const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
	return row ? toUser(row) : undefined
}

/** The row with its password hash: for sign-in only. */
export async function findUserRowByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
	return db.selectFrom('users').selectAll().where('email_lower', '=', normalizeEmail(email).emailLower).executeTakeFirst()
}

export async function findUserByEmail(db: Executor, email: string): Promise<User | undefined> {
	const row = await findUserRowByEmail(db, email)
	return row ? toUser(row) : undefined
}

/** Every column of a new account, so that no way of creating one forgets a column or sets it differently. */
export function newUserValues(input: {
	id: string
	email: string
	displayName: string | null
	role: Role
	emailVerified: boolean
	passwordHash: string | null
	now: Date
	signedInNow: boolean
	approved: boolean
	/** An agent user's agency (ADR 221); staff accounts have none. */
	agentId?: string | null
}): NewUserRow {
	const now = input.now.toISOString()
	const { email, emailLower } = normalizeEmail(input.email)
	return {
		id: input.id,
		email,
		email_lower: emailLower,
		email_verified: input.emailVerified ? 1 : 0,
		display_name: input.displayName,
		photo_url: null,
		phone_number: null,
		role: input.role,
		disabled: 0,
		password_hash: input.passwordHash,
		password_updated_at: input.passwordHash ? now : null,
		token_version: 0,
		created_at: now,
		updated_at: now,
		last_sign_in_at: input.signedInNow ? now : null,
		approved_at: input.approved ? now : null,
		approved_by: null,
		agent_id: input.agentId ?? null,
	}
}

/** What an audit row records about an account: never the password hash. */
export function auditSnapshot(user: User) {
	return {
		email: user.email,
		displayName: user.displayName,
		photoUrl: user.photoUrl,
		role: user.role,
		disabled: user.disabled,
	}
}

export function actorOf(user: User): Actor {
	return { id: user.id, label: user.displayName ? `${user.displayName} <${user.email}>` : user.email }
}
