/**
 * The route × role matrix (docs/product.md#roles: "the server checks the role in every
 * admin loader and action"). Generated from app/routes.ts: every route under
 * /admin except the open login and sign-up pages has its loader, and its
 * action when it has one, called as each kind of visitor. A new admin route
 * whose loader or action forgets its guard fails here. The users of a partner
 * agency (ADR 221) are visitors too: every staff route refuses them, page and
 * `.data` request alike, and the agent area (/agent) is walked the same way,
 * refusing staff.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adminRoutes, agentRoutes, routeEntries, staffSitePages } from '#tests/support/routes.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { cookieFor, makeAgency, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import type { Role } from '~/features/identity/server/users.server.ts'

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The open pages (docs/product.md#screens): no guard. Asking for a reset or sign-in link, the second sign-in step and a company sign-in come before any session. */
const open = new Set([
	'admin/login',
	'admin/signup',
	'admin/forgot-password',
	'admin/email-sign-in',
	'admin/second-step',
	'admin/sso/:provider',
	'admin/sso/:provider/callback',
])

type Policy = 'staff' | 'owner' | 'waiting-page' | 'logout'
/** Everything is staff-only unless listed here. */
const policies: Record<string, Policy> = {
	'admin/team': 'owner',
	'admin/settings': 'owner',
	'admin/invoices': 'owner',
	'admin/jobs': 'owner',
	'admin/invoices/export.csv': 'owner',
	'admin/pending-approval': 'waiting-page',
	'admin/logout': 'logout',
}

const visitors = ['anonymous', 'pending', 'staff', 'owner', 'disabled', 'agent_admin', 'agent_user', 'agent_suspended'] as const
type Visitor = (typeof visitors)[number]
const agentVisitors: ReadonlySet<Visitor> = new Set(['agent_admin', 'agent_user', 'agent_suspended'])

type Outcome = { kind: 'login'; location: string; clearsCookie: boolean } | { kind: 'redirect'; location: string } | { kind: 'forbidden' } | { kind: 'allow' }

function describeOutcome(value: unknown): Outcome {
	if (value instanceof Response) {
		const location = value.headers.get('Location')
		if (value.status >= 300 && value.status < 400 && location) {
			if (location.startsWith('/admin/login')) return { kind: 'login', location, clearsCookie: /session=;/.test(value.headers.get('Set-Cookie') ?? '') }
			return { kind: 'redirect', location }
		}
		return value.status === 403 ? { kind: 'forbidden' } : { kind: 'allow' }
	}
	// data(…) from React Router: a status without a Response.
	const init = (value as { type?: string; init?: ResponseInit } | null)?.type === 'DataWithResponseInit' ? (value as { init?: ResponseInit }).init : null
	if (init?.status === 403) return { kind: 'forbidden' }
	return { kind: 'allow' }
}

type Expected = Outcome['kind'] | `redirect:${string}` | 'login-disabled' | 'login-suspended' | 'signed-out'

function expected(policy: Policy, visitor: Visitor, kind: 'loader' | 'action'): Expected {
	if (policy === 'logout') return kind === 'loader' ? 'redirect:/admin' : 'signed-out'
	if (visitor === 'anonymous') return 'login'
	if (visitor === 'disabled') return 'login-disabled'
	// A suspended agency's users are signed out wherever they go; the others never reach a staff page.
	if (visitor === 'agent_suspended') return 'login-suspended'
	if (policy === 'waiting-page') return visitor === 'pending' ? 'allow' : agentVisitors.has(visitor) ? 'redirect:/agent' : 'redirect:/admin'
	if (agentVisitors.has(visitor)) return 'forbidden'
	if (visitor === 'pending') return 'redirect:/admin/pending-approval'
	if (policy === 'owner' && visitor === 'staff') return 'forbidden'
	return 'allow'
}

function matches(outcome: Outcome, want: Expected, requestPath: string): boolean {
	switch (want) {
		case 'login':
			// Signed-out visitors are sent to log in and brought back to where they were going.
			return outcome.kind === 'login' && (requestPath === '/admin' || outcome.location.includes(`redirectTo=${encodeURIComponent(requestPath)}`))
		case 'signed-out':
			return outcome.kind === 'login' && outcome.location === '/admin/login' && outcome.clearsCookie
		case 'login-disabled':
			return outcome.kind === 'login' && outcome.location.includes('reason=user-disabled') && outcome.clearsCookie
		case 'login-suspended':
			return outcome.kind === 'login' && outcome.location.includes('reason=agency-suspended') && outcome.clearsCookie
		case 'allow':
		case 'forbidden':
			return outcome.kind === want
		default:
			return outcome.kind === 'redirect' && outcome.location === want.slice('redirect:'.length)
	}
}

type RouteModule = { loader?: (args: any) => unknown; action?: (args: any) => unknown }

async function run(fn: () => unknown): Promise<Outcome> {
	try {
		return describeOutcome(await fn())
	} catch (thrown) {
		return describeOutcome(thrown)
	}
}

function urlFor(routePath: string): string {
	// Dynamic segments get a made-up id; a splat gets a made-up page.
	return `/${routePath.replace(/:[A-Za-z]+\??/g, 'x0000000000000000000').replace(/\*$/, 'no-such-section')}`
}

/** Staff pages that live in the site layout (docs/product.md#screens) are guarded exactly like the admin area. */
const staffSiteRoutes = routeEntries().filter((route) => staffSitePages.has(`/${route.path}`))

const discovered = [...adminRoutes().filter((route) => !open.has(route.path)), ...staffSiteRoutes.map(({ id, file, path }) => ({ id, file, path }))]

describe('the route list the matrix is generated from', () => {
	test('finds every admin route, layouts included, and leaves out the open pages', () => {
		const ids = discovered.map((route) => route.file)
		for (const file of [
			'routes/admin/layout.tsx',
			'routes/admin/dashboard.tsx',
			'routes/admin/team/team.tsx',
			'routes/admin/settings.tsx',
			'routes/admin/rates/hotels.tsx',
			'routes/admin/rates/hotel.tsx',
			'routes/admin/rates/activity-prices.tsx',
			'routes/admin/ferries/ferry-fares.tsx',
			'routes/admin/rates/transfers.tsx',
			'routes/admin/not-found.tsx',
			'routes/admin/auth/pending-approval.tsx',
			'routes/admin/auth/logout.tsx',
			'routes/site/add-package.tsx',
			'routes/site/test-packages.tsx',
			'routes/admin/leads/leads.tsx',
			'routes/admin/leads/lead.tsx',
			'routes/admin/leads/leads-latest.ts',
			'routes/admin/day-templates/day-templates.tsx',
			'routes/admin/ferries/ferry-leads.tsx',
			'routes/admin/ferries/ferry-lead.tsx',
			'routes/admin/ferries/ferry-bookings.tsx',
			'routes/admin/ferries/ferry-booking.tsx',
			'routes/admin/ferries/ferry-manifest.tsx',
			'routes/admin/ferries/ferry-ticket-file.ts',
			'routes/admin/booking-review/booking-ferries.tsx',
			'routes/admin/ferries/offline-tickets.tsx',
			'routes/admin/ferries/offline-ticket.tsx',
			'routes/admin/ferries/offline-ticket-file.ts',
			'routes/admin/agents/agents.tsx',
			'routes/admin/agents/agent.tsx',
			'routes/admin/agents/agent-commission-csv.ts',
			'routes/admin/agents/agent-statement-csv.ts',
			'routes/admin/agents/agent-statement-pdf.ts',
			'routes/admin/agents/agent-credit.tsx',
			'routes/admin/rates/hotel-rates-csv.ts',
			'routes/admin/rates/hotel-availability.tsx',
			'routes/admin/rates/hotel-contract-csv.ts',
			'routes/admin/rates/inventory-desk.tsx',
			'routes/admin/itinerary/itinerary-start.tsx',
			'routes/admin/itinerary/itinerary.tsx',
			'routes/admin/saved-packages.tsx',
			'routes/admin/leads/lead-new.tsx',
			'routes/admin/invoices/vouchers.tsx',
			'routes/admin/outbox.tsx',
			'routes/admin/profile/profile.tsx',
		]) {
			expect(ids).toContain(file)
		}
		expect(ids).not.toContain('routes/admin/auth/login.tsx')
		expect(ids).not.toContain('routes/admin/auth/signup.tsx')
		expect(ids).not.toContain('routes/admin/auth/send-link.tsx')
		expect(ids).not.toContain('routes/admin/auth/second-step.tsx')
		expect(ids).not.toContain('routes/site/layout.tsx')
	})

	test('an unguarded loader would fail the matrix', async () => {
		const unguarded: RouteModule = { loader: () => ({ secret: 'all the leads' }) }
		const outcome = await run(() =>
			unguarded.loader!({ request: new Request('http://localhost/admin/new-section'), params: {}, context: new RouterContextProvider() }),
		)
		expect(matches(outcome, expected('staff', 'anonymous', 'loader'), '/admin/new-section')).toBe(false)
	})
})

describeEachDatabase('admin route × role matrix', (get) => {
	const users: Partial<Record<Exclude<Visitor, 'anonymous'>, Awaited<ReturnType<typeof makeUser>>>> = {}

	beforeAll(async () => {
		await useAppDatabase(get().url)
		const agency = await makeAgency(get().db)
		const suspended = await makeAgency(get().db, { status: 'suspended' })
		const roles: Record<Exclude<Visitor, 'anonymous'>, { role: Role; disabled?: boolean; agentId?: string }> = {
			pending: { role: 'pending' },
			staff: { role: 'staff' },
			owner: { role: 'owner' },
			disabled: { role: 'staff', disabled: true },
			agent_admin: { role: 'agent_admin', agentId: agency.id },
			agent_user: { role: 'agent_user', agentId: agency.id },
			agent_suspended: { role: 'agent_admin', agentId: suspended.id },
		}
		for (const [visitor, state] of Object.entries(roles)) users[visitor as keyof typeof roles] = await makeUser(get().db, state)
	})
	afterAll(async () => {
		await closeDatabase()
	})

	async function requestAs(visitor: Visitor, url: string, method: 'GET' | 'POST'): Promise<Request> {
		const headers = new Headers()
		const user = visitor === 'anonymous' ? undefined : users[visitor]
		if (user) headers.set('Cookie', await cookieFor(get().db, user))
		if (method === 'GET') return new Request(`http://localhost${url}`, { headers })
		headers.set('Content-Type', 'application/x-www-form-urlencoded')
		return new Request(`http://localhost${url}`, { method, headers, body: '' })
	}

	for (const route of discovered) {
		const policy = policies[route.path] ?? 'staff'
		test(`${route.file} (/${route.path}, ${policy})`, async () => {
			const module = (await import(/* @vite-ignore */ path.join(appDir, route.file))) as RouteModule
			const kinds = (['loader', 'action'] as const).filter((kind) => typeof module[kind] === 'function')
			expect(kinds.length, 'an admin route without a loader or action should not be under /admin').toBeGreaterThan(0)
			const url = urlFor(route.path)
			const failures: string[] = []
			for (const kind of kinds) {
				for (const visitor of visitors) {
					// An agent user also asks as the client router would (`.data`): refused the same.
					for (const asked of agentVisitors.has(visitor) ? [url, `${url}.data`] : [url]) {
						const request = await requestAs(visitor, asked, kind === 'loader' ? 'GET' : 'POST')
						const outcome = await run(() => module[kind]!({ request, params: {}, context: new RouterContextProvider() }))
						const want = expected(policy, visitor, kind)
						if (!matches(outcome, want, url)) failures.push(`${kind} as ${visitor} at ${asked}: expected ${want}, got ${JSON.stringify(outcome)}`)
					}
				}
			}
			expect(failures).toEqual([])
		})
	}
})

/** The agent area (ADR 221): every route under /agent, walked like the admin area. Staff and pending accounts are refused; only an agency admin opens Users. */
type AgentPolicy = 'agent' | 'agent-admin'
const agentPolicies: Record<string, AgentPolicy> = { 'agent/users': 'agent-admin', 'agent/brand': 'agent-admin', 'agent/wallet': 'agent-admin' }

function expectedInAgentArea(policy: AgentPolicy, visitor: Visitor): Expected {
	if (visitor === 'anonymous') return 'login'
	if (visitor === 'disabled') return 'login-disabled'
	if (visitor === 'agent_suspended') return 'login-suspended'
	if (visitor === 'agent_admin') return 'allow'
	if (visitor === 'agent_user') return policy === 'agent' ? 'allow' : 'forbidden'
	return 'forbidden'
}

describe('the agent area route list', () => {
	test('finds the layout and every page under /agent', () => {
		const files = agentRoutes().map((route) => route.file)
		for (const file of [
			'routes/agent/layout.tsx',
			'routes/agent/home.tsx',
			'routes/agent/agency/users.tsx',
			'routes/agent/agency/brand.tsx',
			'routes/agent/accounts/wallet.tsx',
			'routes/agent/agency/profile.tsx',
			'routes/agent/not-found.tsx',
			'routes/agent/bookings/book.tsx',
			'routes/agent/bookings/bookings.tsx',
			'routes/agent/accounts/statement.tsx',
			'routes/agent/accounts/statement-csv.ts',
			'routes/agent/accounts/statement-pdf.ts',
			'routes/agent/bookings/booking.tsx',
			'routes/agent/bookings/booking-voucher-pdf.ts',
			'routes/agent/accounts/invoices.tsx',
			'routes/agent/accounts/invoice-pdf.ts',
			'routes/agent/quotes/quotes.tsx',
			'routes/agent/quotes/prices.tsx',
			'routes/agent/quotes/build.tsx',
		])
			expect(files).toContain(file)
	})
})

describeEachDatabase('agent route × role matrix', (get) => {
	const users: Partial<Record<Exclude<Visitor, 'anonymous'>, Awaited<ReturnType<typeof makeUser>>>> = {}

	beforeAll(async () => {
		await useAppDatabase(get().url)
		const agency = await makeAgency(get().db)
		const suspended = await makeAgency(get().db, { status: 'suspended' })
		users.pending = await makeUser(get().db, { role: 'pending' })
		users.staff = await makeUser(get().db, { role: 'staff' })
		users.owner = await makeUser(get().db, { role: 'owner' })
		users.disabled = await makeUser(get().db, { role: 'agent_user', agentId: agency.id, disabled: true })
		users.agent_admin = await makeUser(get().db, { role: 'agent_admin', agentId: agency.id })
		users.agent_user = await makeUser(get().db, { role: 'agent_user', agentId: agency.id })
		users.agent_suspended = await makeUser(get().db, { role: 'agent_user', agentId: suspended.id })
	})
	afterAll(async () => {
		await closeDatabase()
	})

	for (const route of agentRoutes()) {
		const policy = agentPolicies[route.path] ?? 'agent'
		test(`${route.file} (/${route.path}, ${policy})`, async () => {
			const module = (await import(/* @vite-ignore */ path.join(appDir, route.file))) as RouteModule
			const kinds = (['loader', 'action'] as const).filter((kind) => typeof module[kind] === 'function')
			expect(kinds.length).toBeGreaterThan(0)
			const url = urlFor(route.path)
			const failures: string[] = []
			for (const kind of kinds) {
				for (const visitor of visitors) {
					for (const asked of [url, `${url}.data`]) {
						const headers = new Headers()
						const user = visitor === 'anonymous' ? undefined : users[visitor]
						if (user) headers.set('Cookie', await cookieFor(get().db, user))
						if (kind === 'action') headers.set('Content-Type', 'application/x-www-form-urlencoded')
						const request = new Request(`http://localhost${asked}`, kind === 'loader' ? { headers } : { method: 'POST', headers, body: '' })
						const outcome = await run(() => module[kind]!({ request, params: {}, context: new RouterContextProvider() }))
						const want = expectedInAgentArea(policy, visitor)
						if (!matches(outcome, want, url)) failures.push(`${kind} as ${visitor} at ${asked}: expected ${want}, got ${JSON.stringify(outcome)}`)
					}
				}
			}
			expect(failures).toEqual([])
		})
	}
})
