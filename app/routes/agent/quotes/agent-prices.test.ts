import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { postAgentBooking } from '#tests/support/agent-booking.ts'
import { fixtureTripStart, tripHotelsSell } from '#tests/support/booking-fixtures.ts'
import { cookieFor, makeAgency, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import { get as getRequest, routeArgs, settle, toastTitle } from '#tests/support/route-requests.ts'
import { clientPrice } from '~/features/agents/domain/agent-pricing.ts'
import { saveAgentTerms } from '~/features/agents/server/agent-credit.server.ts'
import { resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import * as book from '../bookings/book.tsx'
import * as bookings from '../bookings/bookings.tsx'
import * as home from '../home.tsx'
import * as wallet from '../accounts/wallet.tsx'
import * as build from './build.tsx'
import * as prices from './prices.tsx'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const slug = 'havelock-neil-honeymoon-5-nights'

async function marginAgency(db: DB, marginBp: number) {
	const agency = await makeAgency(db)
	await saveAgentTerms(db, staff, agency.id, { rateRule: 'margin', marginBp, creditLimit: 100_000_000 })
	return { agentId: agency.id, cookie: await cookieFor(db, await makeUser(db, { role: 'agent_user', agentId: agency.id })) }
}

/** Our sell price and planned cost for the trip, as the engine gives them (never to an agent). */
async function enginePrice(db: DB, params: Record<string, string> | string[][]) {
	const resolved = await resolveBookingDraft(db, new URLSearchParams(params))
	if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors))
	return { sell: resolved.draft.price.total, cost: resolved.cost }
}

/** Neither our sell price nor our cost is anywhere in what the loader sends the agent's browser. */
function expectNoOurPrices(body: unknown, ...amounts: Array<number | null>) {
	const json = JSON.stringify(body)
	for (const amount of amounts) expect(json).not.toContain(String(amount))
	expect(json).not.toMatch(/"(sell|cost|totalCost|price)"/)
}

describeEachDatabase('agent net prices: margin rule from our cost, instant prices, builder at net', (get) => {
	beforeAll(async () => {
		await useAppDatabase(get().url)
		invalidateRateBook()
		await seedDemoData(get().db)
		invalidateRateBook()
		// Confirmed on credit needs hotels that sell freely: a hotel on request waits for staff (docs/decisions/233).
		await tripHotelsSell(get().db, trip)
		await tripHotelsSell(get().db, builderTrip)
	})
	afterAll(async () => {
		await closeDatabase()
	})

	const trip = { package: slug, tier: 'standard', startDate: fixtureTripStart, adults: '2' }
	const builderTrip = [
		['start', fixtureTripStart],
		['island1', 'port-blair'],
		['nights1', '1'],
		['island2', 'havelock'],
		['nights2', '2'],
		['island3', 'port-blair'],
		['nights3', '1'],
		['tier', 'deluxe'],
		['adults', '2'],
	]

	test('a margin agency’s own pages never carry its rate rule or margin (with its net, the margin gives our cost away)', async () => {
		const { db } = get()
		const agency = await makeAgency(db)
		await saveAgentTerms(db, staff, agency.id, { rateRule: 'margin', marginBp: 1737, creditLimit: 100_000_000 })
		const cookie = await cookieFor(db, await makeUser(db, { role: 'agent_admin', agentId: agency.id }))
		for (const [path, route] of [
			['/agent', home],
			['/agent/bookings', bookings],
			['/agent/book', book],
			['/agent/wallet', wallet],
		] as const) {
			const answer = await settle(() => route.loader(routeArgs(getRequest(path, cookie))))
			expect(answer.status, path).toBe(200)
			const json = JSON.stringify(answer.body)
			expect(json, path).toContain('"available"')
			expect(json, path).not.toMatch(/rateRule|margin|1737/i)
		}
	})

	test('a margin-rule agency prices a package at our cost plus its margin, capped at our sell price, and never sees either', async () => {
		const { db } = get()
		const { sell, cost } = await enginePrice(db, trip)
		expect(cost).toBeGreaterThan(0)
		expect(cost!).toBeLessThan(sell)

		const agency = await marginAgency(db, 1500)
		const net = Math.min(sell, cost! + Math.round(cost! * 0.15))
		const priced = await settle(() =>
			book.loader(routeArgs(getRequest(`/agent/book?${new URLSearchParams({ ...trip, markupKind: 'percent', markupValue: '12' })}`, agency.cookie))),
		)
		expect(priced.status).toBe(200)
		expect(priced.body.problem).toBeNull()
		expect(priced.body.quote).toMatchObject(clientPrice(net, { kind: 'percent', bp: 1200 }))
		expect(priced.body.quote.client % 100).toBe(0)
		expectNoOurPrices(priced.body, sell, cost)

		// A margin that would take the net past our sell price is capped at it (the agency never pays more than a traveller).
		expect(cost! * 2).toBeGreaterThan(sell)
		const capped = await marginAgency(db, 10_000)
		const atCap = await settle(() =>
			book.loader(routeArgs(getRequest(`/agent/book?${new URLSearchParams({ ...trip, markupKind: 'percent', markupValue: '0' })}`, capped.cookie))),
		)
		expect(atCap.body.quote.net).toBe(sell)

		// Booked at that net on credit: the booking's total is the net.
		const booked = await postAgentBooking(agency.cookie, { ...trip, submissionKey: 'MaRgInRuLeBoOkInG001' })
		expect(booked).toMatchObject({ status: 302, location: '/agent/bookings' })
		expect(await toastTitle(booked)).toMatch(/confirmed on your credit/)
		const row = await db.selectFrom('bookings').select(['total', 'agent_net']).where('agent_id', '=', agency.agentId).executeTakeFirstOrThrow()
		expect(Number(row.total)).toBe(net)
		expect(Number(row.agent_net)).toBe(net)
	})

	test('instant prices list every published package’s categories at the agency’s net and client price, each linking to book', async () => {
		const { db } = get()
		const agency = await marginAgency(db, 1500)
		const shown = await settle(() =>
			prices.loader(
				routeArgs(
					getRequest(
						`/agent/prices?${new URLSearchParams({ startDate: fixtureTripStart, adults: '2', markupKind: 'percent', markupValue: '12' })}`,
						agency.cookie,
					),
				),
			),
		)
		expect(shown.status).toBe(200)
		const published = await db.selectFrom('packages').select('slug').where('status', '=', 'published').execute()
		expect(shown.body.rows.map((row: { slug: string }) => row.slug).sort()).toEqual(published.map((pkg) => pkg.slug).sort())
		const honeymoon = shown.body.rows.find((row: { slug: string }) => row.slug === slug)
		const standard = honeymoon.tiers.find((row: { tier: string }) => row.tier === 'standard')
		const { sell, cost } = await enginePrice(db, trip)
		const net = Math.min(sell, cost! + Math.round(cost! * 0.15))
		expect(standard).toMatchObject(clientPrice(net, { kind: 'percent', bp: 1200 }))
		// No tier's sell price or cost of any package is in the list.
		const ours: number[] = []
		for (const row of shown.body.rows as Array<{ slug: string; tiers: Array<{ tier: string; net?: number }> }>)
			for (const tier of row.tiers.filter((each) => each.net !== undefined)) {
				const price = await enginePrice(db, { ...trip, package: row.slug, tier: tier.tier })
				ours.push(price.sell, price.cost!)
			}
		expectNoOurPrices(shown.body, ...ours)

		// Bad input: a junk date or markup is a message on the page, not an error.
		const junk = await settle(() => prices.loader(routeArgs(getRequest('/agent/prices?startDate=soon&markupValue=lots', agency.cookie))))
		expect(junk.status).toBe(200)
		expect(junk.body.problem).toMatch(/date/)
		// No date yet: priced at once for a month from today.
		const opening = await settle(() => prices.loader(routeArgs(getRequest('/agent/prices', agency.cookie))))
		expect(opening.body.values.startDate).toBe(addDays(todayInIndia(), 30))
		expect(opening.body.rows.length).toBeGreaterThan(0)
		// Not an agent: sent to sign in.
		expect((await settle(() => prices.loader(routeArgs(getRequest('/agent/prices', undefined))))).location).toMatch(/login/)
	})

	test('an agent builds a custom trip and prices and books it at net', async () => {
		const { db } = get()
		const agency = await marginAgency(db, 1500)
		const choices = await settle(() => build.loader(routeArgs(getRequest('/agent/build', agency.cookie))))
		expect(choices.status).toBe(200)
		expect(choices.body.hotels.length).toBeGreaterThan(0)
		expectNoOurPrices(choices.body)

		const { sell, cost } = await enginePrice(db, builderTrip)
		expect(cost).toBeGreaterThan(0)
		const net = Math.min(sell, cost! + Math.round(cost! * 0.15))
		const query = new URLSearchParams([...builderTrip, ['markupKind', 'amount'], ['markupValue', '2500']])
		const priced = await settle(() => book.loader(routeArgs(getRequest(`/agent/book?${query}`, agency.cookie))))
		expect(priced.body.problem).toBeNull()
		expect(priced.body.quote).toMatchObject({ net, markup: 250_000, client: net + 250_000 })
		expect(priced.body.quote.title).toMatch(/Custom trip/)
		expectNoOurPrices(priced.body, sell, cost)

		const booked = await postAgentBooking(agency.cookie, {
			builder: priced.body.builder,
			markupKind: 'amount',
			markupValue: '2500',
			submissionKey: 'BuIlDeRtRiPbOoKiNg01',
		})
		expect(booked).toMatchObject({ status: 302, location: '/agent/bookings' })
		const row = await db.selectFrom('bookings').select(['total', 'title', 'agent_markup']).where('agent_id', '=', agency.agentId).executeTakeFirstOrThrow()
		expect(Number(row.total)).toBe(net)
		expect(Number(row.agent_markup)).toBe(250_000)
		expect(row.title).toMatch(/Custom trip/)
	})
})
