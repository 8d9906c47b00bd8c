import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { postAgentBooking } from '#tests/support/agent-booking.ts'
import { fixtureTripStart, tripHotelsSell } from '#tests/support/booking-fixtures.ts'
import { cookieFor, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import { get as getRequest, post, routeArgs, settle, toastTitle } from '#tests/support/route-requests.ts'
import { changeAgentStatus, createAgent } from '~/features/agents/server/agents.server.ts'
import { saveAgentTerms } from '~/features/agents/server/agent-credit.server.ts'
import { clientPrice } from '~/features/agents/domain/agent-pricing.ts'
import { resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { findUserById } from '~/features/identity/server/users.server.ts'
import { invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import * as book from './book.tsx'
import * as bookings from './bookings.tsx'
import * as statement from '../accounts/statement.tsx'
import * as statementCsv from '../accounts/statement-csv.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const slug = 'havelock-neil-honeymoon-5-nights'

async function agencyWithUser(db: DB, company: string, creditLimit: number) {
	const agentId = await createAgent(db, staff, {
		company,
		contactPerson: 'Neha Kapoor',
		phone: '+919811100000',
		email: 'neha.kapoor@example.com',
		city: 'Delhi',
		pan: null,
		gstin: null,
		commissionPercent: 1000,
		notes: null,
	})
	await changeAgentStatus(db, staff, agentId, 'approved')
	await saveAgentTerms(db, staff, agentId, { rateRule: 'commission', marginBp: 0, creditLimit })
	const user = await makeUser(db, { role: 'agent_user' })
	await db.updateTable('users').set({ agent_id: agentId }).where('id', '=', user.id).execute()
	return { agentId, cookie: await cookieFor(db, (await findUserById(db, user.id))!) }
}

describeEachDatabase('agent area: price at net, markup, book on credit, statement', (get) => {
	beforeAll(async () => {
		await useAppDatabase(get().url)
		invalidateRateBook()
		await seedDemoData(get().db)
		invalidateRateBook()
	})
	afterAll(async () => {
		await closeDatabase()
	})

	test('an agent prices a package at net with a 12% markup, books it on credit, and sees it in their bookings and statement; another agency sees none of it', async () => {
		const { db } = get()
		const mine = await agencyWithUser(db, 'Blue Lagoon Travels', 100_000_000)
		const theirs = await agencyWithUser(db, 'Other Shore Holidays', 100_000_000)
		const trip = { package: slug, tier: 'standard', startDate: fixtureTripStart, adults: '2' }
		await tripHotelsSell(db, trip)
		const resolved = await resolveBookingDraft(db, new URLSearchParams(trip))
		if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors))
		const sell = resolved.draft.price.total
		const net = sell - Math.round(sell * 0.1)
		// The client's price in whole rupees, the markup absorbing the rounding (ADR 231).
		const { markup } = clientPrice(net, { kind: 'percent', bp: 1200 })

		const priced = await settle(() =>
			book.loader(routeArgs(getRequest(`/agent/book?${new URLSearchParams({ ...trip, markupKind: 'percent', markupValue: '12' })}`, mine.cookie))),
		)
		expect(priced.status).toBe(200)
		expect(priced.body.quote).toMatchObject({ net, markup, client: net + markup })
		// Our sell price is never sent to the agent.
		expect(JSON.stringify(priced.body)).not.toContain(String(sell))

		const booked = await postAgentBooking(mine.cookie, { ...trip, submissionKey: 'AbCdEfGhIjKlMnOpQrSt' })
		expect(booked).toMatchObject({ status: 302, location: '/agent/bookings' })
		expect(await toastTitle(booked)).toMatch(/confirmed on your credit/)
		// The same form posted again: one booking.
		await postAgentBooking(mine.cookie, { ...trip, submissionKey: 'AbCdEfGhIjKlMnOpQrSt' })

		const list = await settle(() => bookings.loader(routeArgs(getRequest('/agent/bookings', mine.cookie))))
		expect(list.body.bookings).toHaveLength(1)
		expect(list.body.bookings[0]).toMatchObject({ status: 'confirmed', creditState: 'on_credit', net, markup, clientName: 'Ritu Sharma' })
		expect(list.body.credit).toMatchObject({ creditUsed: net, available: 100_000_000 - net })
		const others = await settle(() => bookings.loader(routeArgs(getRequest('/agent/bookings', theirs.cookie))))
		expect(others.body.bookings).toEqual([])

		const today = todayInIndia()
		const shown = await settle(() => statement.loader(routeArgs(getRequest(`/agent/statement?from=${today}&to=${today}`, mine.cookie))))
		expect(shown.body.statement).toMatchObject({ opening: 0, bookings: net, commission: sell - net, markup, closing: -net })
		const csvOf = async (cookie: string) =>
			((await statementCsv.loader(routeArgs(getRequest(`/agent/statement.csv?from=${today}&to=${today}`, cookie)))) as Response).text()
		expect(await csvOf(mine.cookie)).toContain('Booking on credit')
		expect(await csvOf(theirs.cookie)).not.toContain('Booking on credit')

		// Bad input: a markup above 100% is a 400 with the reason, nothing booked.
		const refused = await postAgentBooking(mine.cookie, { ...trip, markupValue: '150' })
		expect(refused.status).toBe(400)
		expect(refused.errors.markupValue).toMatch(/100% is not allowed/)
		// Staff are not agents: the agent area refuses them.
		const staffUser = await makeUser(db, { role: 'staff' })
		expect((await settle(() => bookings.loader(routeArgs(getRequest('/agent/bookings', undefined))))).status).toBe(302)
		expect((await settle(() => book.loader(routeArgs(getRequest('/agent/book', undefined))))).location).toMatch(/login/)
		expect((await settle(async () => book.action(routeArgs(post('/agent/book', trip, await cookieFor(db, staffUser)))))).status).toBe(403)
	})
})
