/**
 * "Bad input gets a clear message and a 4xx, never a 500." Every loader in app/routes.ts gets a
 * query string of junk, and every action is posted junk: an empty form, an unknown intent, and
 * every intent the admin pages use with nonsense values. Admin routes are called as an owner
 * (past the guards), public ones anonymously. Each route with an id is called for a real record
 * from the demo data and for an id that names nothing. A thrown error or a 5xx fails.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { routeEntries } from '#tests/support/routes.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import type { Database } from '~/server/db/schema.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { cookieFor, makeAgency, makeUser, testIp, useAppDatabase } from '#tests/support/identity.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Test-only routes, sign-in forms (their own suites cover bad credentials) and sign-out (it would end the owner's session). */
const skipped = new Set(['../tests/support/test-routes/ui.tsx', 'routes/admin/auth/login.tsx', 'routes/admin/auth/signup.tsx', 'routes/admin/auth/logout.tsx'])

/** A well-formed id that names nothing. */
const missingId = 'x0000000000000000000'

/** The table behind each id-bearing URL, for a real record to post junk at. */
const tableFor: Array<[RegExp, keyof Database]> = [
	[/^admin\/leads\/:/, 'leads'],
	[/^admin\/pending\/:/, 'bookings'],
	[/^admin\/hotels\/:/, 'hotels'],
	[/^admin\/create-itinerary\/:/, 'itineraries'],
	[/^admin\/ferry-leads\/:/, 'ferry_leads'],
	[/^admin\/ferry-bookings\/:/, 'ferry_bookings'],
	[/^admin\/offline-tickets\/:/, 'offline_tickets'],
	[/^admin\/agents\/:/, 'agents'],
	[/^admin\/suppliers\/:/, 'suppliers'],
	[/^quote\/:/, 'quotes'],
	[/^voucher\/:/, 'vouchers'],
]

const isAgentArea = (routePath: string) => routePath === 'agent' || routePath.startsWith('agent/')

const intents = [
	'bogus',
	'invite-user',
	'remove-user',
	'status',
	'upload',
	'passengers',
	'update',
	'log',
	'work',
	'merge',
	'agent',
	'payment',
	'confirm',
	'cancel',
	'complete',
	'component',
	'issue',
	'reissue',
	'revoke',
	'save',
	'send',
	'archive',
	'restore',
	'duplicate',
	'publish',
	'add',
	'remove',
	'move',
	'accept',
	'decline',
	'convert',
	'fare',
	'approve',
	'reject',
	'delete',
	'create',
	'payment-reminder',
	'reject-payment',
	'link-paid',
	'pay',
	'invoice',
	'hotel',
]

const junk = {
	id: 'not an id',
	status: 'teleported',
	amount: '12abc',
	date: '2026-02-31',
	travelDate: 'yesterday',
	email: 'nobody@',
	phone: '12',
	nights: '-3',
	adults: 'many',
	quantity: '1e99',
	price: '=1+1',
	bookingId: missingId,
	leadId: missingId,
	agentId: 'nope',
	submissionKey: 'short',
	// The names the form library reserves for itself, with values it cannot read.
	__intent__: 'not json',
	__state__: '{',
}

function bodies(): URLSearchParams[] {
	return [new URLSearchParams(), ...intents.map((intent) => new URLSearchParams({ intent, ...junk }))]
}

type RouteModule = { action?: (args: unknown) => unknown; loader?: (args: unknown) => unknown }

/** What a returned or thrown value means for the visitor: its status, or 500 for an unexpected error. */
function statusOf(value: unknown, thrown: boolean): number {
	if (value instanceof Response) return value.status
	const init = (value as { type?: string; init?: ResponseInit } | null)?.type === 'DataWithResponseInit' ? (value as { init?: ResponseInit }).init : null
	if (init?.status) return init.status
	return thrown ? 500 : 200
}

const withRoutes = routeEntries().filter((route) => route.file && !skipped.has(route.file))

describeEachDatabase('bad input never gets a 500', (get) => {
	let ownerCookie = ''
	// The agent area (ADR 221) is called as an agency's admin, past its guard.
	let agentCookie = ''

	beforeAll(async () => {
		await useAppDatabase(get().url)
		await seedDemoData(get().db)
		ownerCookie = await cookieFor(get().db, await makeUser(get().db, { role: 'owner' }))
		agentCookie = await cookieFor(get().db, await makeUser(get().db, { role: 'agent_admin', agentId: (await makeAgency(get().db)).id }))
	})
	afterAll(async () => {
		await closeDatabase()
	})

	/** The ids to post at: a real record's, when the demo data has one, and one that names nothing. */
	async function idsFor(routePath: string): Promise<string[]> {
		const table = tableFor.find(([pattern]) => pattern.test(routePath))?.[1]
		if (!table) return [missingId]
		const row = (await get()
			.db.selectFrom(table)
			.select('id' as never)
			.executeTakeFirst()) as { id: string } | undefined
		return row ? [row.id, missingId] : [missingId]
	}

	/** Posts the body (or, without one, GETs with the junk as the query) to the route's action or loader. */
	async function call(
		module: RouteModule,
		routePath: string,
		id: string,
		body: URLSearchParams | null,
		query: URLSearchParams,
		cookie: string | null,
	): Promise<{ status: number; detail: string }> {
		const params = Object.fromEntries([...routePath.matchAll(/:([A-Za-z]+)/g)].map((match) => [match[1]!, id]))
		const headers = new Headers({ 'X-Forwarded-For': testIp(), Accept: 'text/html' })
		if (cookie) headers.set('Cookie', cookie)
		if (body) headers.set('Content-Type', 'application/x-www-form-urlencoded')
		const url = `http://localhost/${routePath.replace(/:[A-Za-z]+\??/g, id).replace(/\*$/, 'no-such-page')}?${query}`
		const request = new Request(url, body ? { method: 'POST', headers, body: body.toString() } : { headers })
		try {
			const handler = body ? module.action! : module.loader!
			return { status: statusOf(await handler({ request, params, context: new RouterContextProvider() }), false), detail: '' }
		} catch (error) {
			return { status: statusOf(error, true), detail: error instanceof Error ? `${error.name}: ${error.message}` : '' }
		}
	}

	test('every loader answers a junk query string with a page, a 4xx or a redirect', async () => {
		const failures: string[] = []
		let called = 0
		const queries = [
			new URLSearchParams(),
			new URLSearchParams({
				...junk,
				page: '-7',
				sort: 'sideways',
				q: '%_\\',
				from: '2026-13-45',
				to: 'soon',
				followUp: 'never',
				kind: 'rocket',
				assignee: 'x',
				source: 'pigeon',
				nightsMin: 'lots',
				budget: 'free',
				category: '../etc',
				island: 'atlantis',
				quote: missingId,
				package: '../../x',
				tier: 'gold',
			}),
		]
		for (const route of withRoutes) {
			const module = (await import(/* @vite-ignore */ path.join(appDir, route.file))) as RouteModule
			if (typeof module.loader !== 'function') continue
			const isAdmin = route.path === 'admin' || route.path.startsWith('admin/') || route.path === 'add-package' || route.path === 'test-packages'
			for (const id of route.path.includes(':') ? await idsFor(route.path) : [missingId]) {
				for (const query of queries) {
					const { status, detail } = await call(module, route.path, id, null, query, isAdmin ? ownerCookie : isAgentArea(route.path) ? agentCookie : null)
					called++
					if (status >= 500) failures.push(`${route.file} (${id === missingId ? 'missing id' : 'real id'}) ?${query}: ${status} ${detail}`)
				}
			}
		}
		expect(called).toBeGreaterThan(100)
		expect(failures).toEqual([])
	}, 120_000)

	test('every action answers junk with a 4xx or a redirect', async () => {
		const failures: string[] = []
		let posted = 0
		let realRecords = 0
		for (const route of withRoutes) {
			const module = (await import(/* @vite-ignore */ path.join(appDir, route.file))) as RouteModule
			if (typeof module.action !== 'function') continue
			const isAdmin = route.path === 'admin' || route.path.startsWith('admin/') || route.path === 'add-package'
			const ids = route.path.includes(':') ? await idsFor(route.path) : [missingId]
			realRecords += ids.length - 1
			for (const id of ids) {
				for (const body of bodies()) {
					const { status, detail } = await call(
						module,
						route.path,
						id,
						body,
						new URLSearchParams(),
						isAdmin ? ownerCookie : isAgentArea(route.path) ? agentCookie : null,
					)
					posted++
					if (status >= 500)
						failures.push(`${route.file} (${id === missingId ? 'missing id' : 'real id'}) intent=${body.get('intent') ?? '(empty form)'}: ${status} ${detail}`)
				}
			}
		}
		expect(posted).toBeGreaterThan(1000)
		expect(realRecords).toBeGreaterThanOrEqual(7)
		expect(failures).toEqual([])
	}, 120_000)
})
