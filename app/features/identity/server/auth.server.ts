import { redirect } from 'react-router'
import { safeRedirect } from '~/lib/utils.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { createSession, deleteSession, readSession, type Session, type SessionEndReason, sessionLifetimes, type SessionState } from './sessions.server.ts'
import { isAgentRole, type User } from './users.server.ts'
import { listSecondFactors, mustSetUpSecondFactor, pendingCredentialFor, pendingLifetimeSeconds } from './second-factor.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { oidcFlowLifetimeSeconds } from './oidc.server.ts'

/**
 * Who is signed in, and the guards every admin loader and action starts with
 * (docs/product.md#roles: "the server checks the role in every admin loader and
 * action"). A request carries a session cookie; its row is re-read on every
 * request, so a disabled account or an expired session is signed out at its
 * next request and sent to the login page with the reason.
 */
export const sessionCookieName = 'session'
export const loginPath = '/admin/login'
export const signupPath = '/admin/signup'
export const pendingApprovalPath = '/admin/pending-approval'

/** Where the sign-up form goes, whether or not the email already had an account (the email tells which). */
export const signUpRequestedPath = '/admin/login?requested=1'
/** What the login page says there: the same words either way, shown by the server (no JavaScript needed). */
export const signUpRequestedNotice =
	'Thank you. We have sent a message to the email address you gave about what happens next. A new account can sign in here straight away and waits for an owner’s approval.'
export const adminHomePath = '/admin'
/** The agent area (ADR 221): where an agent user lands after signing in, and the only signed-in area they reach. */
export const agentHomePath = '/agent'

/** The home of an account's area: the agent area for an agency's users, the admin area (or its waiting page) for staff. */
export function homePathFor(user: User): string {
	if (isAgentRole(user.role)) return agentHomePath
	return user.role === 'pending' ? pendingApprovalPath : adminHomePath
}

/** What a staff page answers an agent user (ADR 221): refused, never shown, with the way to their own area. */
export function staffOnlyResponse(): Response {
	return new Response('This page is for our staff only. Your agency’s pages are at /agent.', { status: 403, statusText: 'Forbidden' })
}

export type SignedIn = { user: User; session: Session }

function readCookie(request: Request, name: string): string | null {
	const header = request.headers.get('Cookie')
	if (!header) return null
	for (const part of header.split(';')) {
		const index = part.indexOf('=')
		if (index === -1) continue
		if (part.slice(0, index).trim() === name) return decodeCookieValue(part.slice(index + 1).trim())
	}
	return null
}

/** A value with a broken %-escape is no cookie of ours: treated as absent (signed out), never a 500. */
function decodeCookieValue(value: string): string | null {
	try {
		return decodeURIComponent(value)
	} catch {
		return null
	}
}

function cookieAttributes(maxAgeSeconds: number): string {
	return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${env().NODE_ENV === 'production' ? '; Secure' : ''}`
}

/** The cookie lives as long as the session can (its absolute lifetime); idle expiry is enforced on the server. */
export function sessionCookieHeader(token: string): string {
	return `${sessionCookieName}=${token}; ${cookieAttributes(sessionLifetimes.absoluteSeconds)}`
}

export function clearSessionCookieHeader(): string {
	return `${sessionCookieName}=; ${cookieAttributes(0)}`
}

/**
 * The page a request is for, as people see it: React Router's data requests
 * (`/admin/team.data?_routes=…`) reach loaders unchanged (v8_passThroughRequests).
 */
export function requestPath(request: Request): string {
	const url = new URL(request.url)
	let pathname = url.pathname
	if (pathname === '/_root.data') pathname = '/'
	else if (pathname.endsWith('/_.data')) pathname = pathname.slice(0, -'_.data'.length)
	else if (pathname.endsWith('.data')) pathname = pathname.slice(0, -'.data'.length)
	url.searchParams.delete('_routes')
	url.searchParams.delete('index')
	const search = url.searchParams.toString()
	return pathname + (search ? `?${search}` : '')
}

/** Where a signed-out visitor is sent: the login page, with the way back and, when the session ended, why. */
export function loginUrl(redirectTo: string | null, reason?: SessionEndReason): string {
	const params = new URLSearchParams()
	if (reason) params.set('reason', reason)
	const back = redirectTo ? safeRedirect(redirectTo, '') : ''
	if (back && back !== adminHomePath) params.set('redirectTo', back)
	const query = params.toString()
	return query ? `${loginPath}?${query}` : loginPath
}

// One read per request, however many loaders ask (the layout and the page both guard).
const states = new WeakMap<Request, Promise<SessionState>>()

export function getSessionState(request: Request): Promise<SessionState> {
	let state = states.get(request)
	if (!state) {
		const token = readCookie(request, sessionCookieName)
		state = token ? readSession(db(), token) : Promise.resolve({ status: 'none' } as const)
		states.set(request, state)
	}
	return state
}

/** The signed-in user, or null. Never redirects: for the login and sign-up pages. */
export async function getOptionalUser(request: Request): Promise<SignedIn | null> {
	const state = await getSessionState(request)
	return state.status === 'active' ? { user: state.user, session: state.session } : null
}

async function requireSignedIn(request: Request): Promise<SignedIn> {
	const state = await getSessionState(request)
	if (state.status === 'active') return { user: state.user, session: state.session }
	const hadCookie = readCookie(request, sessionCookieName) !== null
	throw redirect(loginUrl(requestPath(request), state.status === 'ended' ? state.reason : undefined), {
		headers: hadCookie ? { 'Set-Cookie': clearSessionCookieHeader() } : undefined,
	})
}

/** Any signed-in account, pending and agent users included (the waiting-for-approval page, the agent area's guard). Anonymous, expired, disabled or of a suspended agency: to the login page. */
export async function requireUser(request: Request): Promise<SignedIn> {
	return requireSignedIn(request)
}

/** An approved staff account (staff or owner). Pending accounts go to the waiting page; agent users are refused (403, ADR 221). */
export async function requireStaff(request: Request): Promise<SignedIn> {
	const signedIn = await requireSignedIn(request)
	if (isAgentRole(signedIn.user.role)) throw staffOnlyResponse()
	if (signedIn.user.role === 'pending') throw redirect(pendingApprovalPath)
	if (signedIn.user.role !== 'staff' && signedIn.user.role !== 'owner') throw staffOnlyResponse()
	// Owners require two-step sign-in and this account has none: the profile page, where it is set up, until it has.
	if (!requestPath(request).startsWith(profilePath) && (await secondFactorMissing(request, signedIn.user.id))) throw redirect(`${profilePath}?required=1`)
	return signedIn
}

// Like the session: one read per request, though the layout and the page both guard.
const secondFactorChecks = new WeakMap<Request, Promise<boolean>>()

function secondFactorMissing(request: Request, userId: string): Promise<boolean> {
	let check = secondFactorChecks.get(request)
	if (!check) {
		check = mustSetUpSecondFactor(db(), userId)
		secondFactorChecks.set(request, check)
	}
	return check
}

export const profilePath = '/admin/profile'

/** Owners only: staff get 403. */
export async function requireOwner(request: Request): Promise<SignedIn> {
	const signedIn = await requireStaff(request)
	if (signedIn.user.role !== 'owner') {
		throw new Response('Only an owner can open this page. Ask an owner if you need something changed here.', {
			status: 403,
			statusText: 'Forbidden',
		})
	}
	return signedIn
}

/** Starts a web session for a user who just proved who they are; returns the Set-Cookie header. */
export async function startSession(request: Request, user: User, clientAddress: string): Promise<string> {
	const { token } = await createSession(db(), user.id, { userAgent: request.headers.get('User-Agent'), ip: clientAddress })
	return sessionCookieHeader(token)
}

/** Signs out this browser: deletes the session row; returns the header that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
	const token = readCookie(request, sessionCookieName)
	if (token) await deleteSession(db(), token)
	return clearSessionCookieHeader()
}

/** Where a user goes after signing in: pending accounts to the waiting page, agent users to their area (never a staff page), others back to where they were going. */
export function afterSignIn(user: User, redirectTo: string | null | undefined): string {
	if (user.role === 'pending') return pendingApprovalPath
	if (isAgentRole(user.role)) {
		const target = safeRedirect(redirectTo, agentHomePath)
		return target === agentHomePath || target.startsWith(`${agentHomePath}/`) || target.startsWith(`${agentHomePath}?`) ? target : agentHomePath
	}
	const target = safeRedirect(redirectTo, adminHomePath)
	// Never back to the sign-in pages themselves.
	return target.startsWith(loginPath) || target.startsWith(signupPath) ? adminHomePath : target
}

// ─── The second sign-in step (docs/decisions/107-totp-second-factor.md) ─────

export const secondStepPath = '/admin/second-step'
const secondStepCookieName = 'second_step'

/**
 * The first step (password or email link) passed. Without a second factor:
 * a session and on to the page. With one: no session yet; a sealed
 * 10-minute credential in a cookie, and the page that asks for the code.
 */
export async function afterFirstStep(request: Request, user: User, clientAddress: string, redirectTo: string | null | undefined): Promise<Response> {
	if ((await listSecondFactors(db(), user.id)).length > 0) {
		const next = safeRedirect(redirectTo, '')
		return redirect(`${secondStepPath}${next ? `?redirectTo=${encodeURIComponent(next)}` : ''}`, {
			headers: { 'Set-Cookie': `${secondStepCookieName}=${pendingCredentialFor(user)}; ${cookieAttributes(pendingLifetimeSeconds)}` },
		})
	}
	const cookie = await startSession(request, user, clientAddress)
	return redirectWithToast(
		afterSignIn(user, redirectTo),
		{ type: 'success', title: `Signed in as ${user.displayName ?? user.email}` },
		{ headers: { 'Set-Cookie': cookie } },
	)
}

export function readSecondStep(request: Request): string | null {
	return readCookie(request, secondStepCookieName)
}

export function clearSecondStepCookieHeader(): string {
	return `${secondStepCookieName}=; ${cookieAttributes(0)}`
}

// ─── Company sign-in under way (docs/decisions/120-openid-connect-sign-in.md) ─

const oidcFlowCookieName = 'oidc_flow'

/** The sealed secrets of one company sign-in, for 10 minutes. SameSite=Lax: it comes back on the provider's top-level redirect. */
export function oidcFlowCookieHeader(sealed: string): string {
	return `${oidcFlowCookieName}=${sealed}; ${cookieAttributes(oidcFlowLifetimeSeconds)}`
}

export function readOidcFlow(request: Request): string | null {
	return readCookie(request, oidcFlowCookieName)
}

export function clearOidcFlowCookieHeader(): string {
	return `${oidcFlowCookieName}=; ${cookieAttributes(0)}`
}
