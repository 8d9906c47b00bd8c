import { redirect } from 'react-router'
import { clearSessionCookieHeader, loginUrl, requireUser, type SignedIn } from '~/features/identity/server/auth.server.ts'
import { type AgentRole, isAgentRole, type User } from '~/features/identity/server/users.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { db } from '~/server/db/index.server.ts'
import { type Agent, toAgent } from './agents.server.ts'

/**
 * The guard of every loader and action of the agent area (/agent, ADR 221): the
 * signed-in user of a partner agency and their agency, read once per request.
 * Anonymous, disabled or expired: to the login page (as for staff). A staff or
 * pending account: 403 (staff never see the agent area as an agent would).
 * The agency not approved (suspended): signed out with the reason (ADR 222;
 * the session read already does so, this holds even within the same request).
 */
export type AgentUser = User & { role: AgentRole; agentId: string }
export type SignedInAgent = SignedIn & { user: AgentUser; agency: Agent }

export function agentOnlyResponse(): Response {
	return new Response('This page is for the users of a partner agency. Staff work with agencies at /admin/agents.', { status: 403, statusText: 'Forbidden' })
}

export function isAgentUser(user: User): user is AgentUser {
	return isAgentRole(user.role) && user.agentId !== null
}

/** An agency by id, as the guard sees it (undefined when missing). */
export async function findAgency(db: Executor, agentId: string): Promise<Agent | undefined> {
	const row = await db.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirst()
	return row ? toAgent(row) : undefined
}

const agencies = new WeakMap<Request, Promise<Agent | undefined>>()

/** A signed-in agent user (agent_admin or agent_user) of an approved agency, with the agency. */
export async function requireAgentUser(request: Request): Promise<SignedInAgent> {
	const signedIn = await requireUser(request)
	const { user } = signedIn
	if (!isAgentUser(user)) throw agentOnlyResponse()
	let read = agencies.get(request)
	if (!read) {
		read = findAgency(db(), user.agentId)
		agencies.set(request, read)
	}
	const agency = await read
	if (!agency || agency.status !== 'approved') throw redirect(loginUrl(null, 'agency-suspended'), { headers: { 'Set-Cookie': clearSessionCookieHeader() } })
	return { ...signedIn, user, agency }
}

/** An agency admin (agent_admin) of an approved agency: manages the agency's users. Other agent users: 403. */
export async function requireAgentAdmin(request: Request): Promise<SignedInAgent> {
	const signedIn = await requireAgentUser(request)
	if (signedIn.user.role !== 'agent_admin') {
		throw new Response('Only your agency’s admin can open this page. Ask them if you need something changed here.', { status: 403, statusText: 'Forbidden' })
	}
	return signedIn
}
