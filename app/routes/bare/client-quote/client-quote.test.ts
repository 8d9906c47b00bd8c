import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { clientPrice } from '~/features/agents/domain/agent-pricing.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { fixtureTripStart, tripHotelsSell } from '#tests/support/booking-fixtures.ts'
import { cookieFor, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import { photoFile } from '#tests/support/test-photos.ts'
import { saveAgencyBrand } from '~/features/agents/server/agent-brand.server.ts'
import { mediaStore } from '~/features/media/server/store.server.ts'
import { get as getRequest, post, routeArgs, settle } from '#tests/support/route-requests.ts'
import { changeAgentStatus, createAgent } from '~/features/agents/server/agents.server.ts'
import { getAgentCredit, saveAgentTerms } from '~/features/agents/server/agent-credit.server.ts'
import { acceptAgentQuote, withdrawAgentQuote } from '~/features/agents/server/agent-quotes.server.ts'
import { voucherPdf } from '~/features/bookings/server/voucher-pdf.server.ts'
import { getVoucher, issueVoucher } from '~/features/bookings/server/vouchers.server.ts'
import { resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { findUserById } from '~/features/identity/server/users.server.ts'
import { invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import * as book from '../../agent/bookings/book.tsx'
import * as clientQuote from './client-quote.tsx'
import * as clientQuotePdf from './client-quote-pdf.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const slug = 'havelock-neil-honeymoon-5-nights'
const trip = { package: slug, tier: 'standard', startDate: fixtureTripStart, adults: '2' }

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
	await db
		.updateTable('agents')
		.set({
			brand_name: 'Blue Lagoon Holidays',
			brand_address: '12 Connaught Place, Delhi',
			brand_phone: '+919811122233',
			brand_email: 'trips@bluelagoon.example',
		})
		.where('id', '=', agentId)
		.execute()
	const user = await makeUser(db, { role: 'agent_user' })
	await db.updateTable('users').set({ agent_id: agentId }).where('id', '=', user.id).execute()
	return { agentId, cookie: await cookieFor(db, (await findUserById(db, user.id))!) }
}

async function saveQuote(cookie: string) {
	const saved = await settle(() =>
		book.action(
			routeArgs(
				post(
					'/agent/book',
					{ ...trip, markupKind: 'percent', markupValue: '12', clientName: 'Ritu Sharma', clientPhone: '+919812345678', intent: 'quote' },
					cookie,
				),
			),
		),
	)
	expect(saved.status).toBe(302)
	const id = /^\/client-quote\/([A-Za-z0-9]{20})$/.exec(saved.location ?? '')?.[1]
	expect(id).toBeTruthy()
	return id!
}

const open = (id: string) => settle(() => clientQuote.loader(routeArgs(getRequest(`/client-quote/${id}`), { id })))
const pdfOf = (id: string) => settle(() => clientQuotePdf.loader(routeArgs(getRequest(`/client-quote/${id}/pdf`), { id })))
const pdfBytes = async (id: string) =>
	Buffer.from(await ((await clientQuotePdf.loader(routeArgs(getRequest(`/client-quote/${id}/pdf`), { id }))) as Response).arrayBuffer())
const textOf = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8')
const imagesIn = (bytes: Buffer) => (bytes.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length
/** Every amount a text shows, in paise ("₹56,000" and "56000.50" alike). */
const amountsIn = (text: string) => (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((amount) => Math.round(Number(amount.replace(/,/g, '')) * 100))

let storage: string
const previousStorage = process.env.STORAGE_DIR

const accept = (id: string) => settle(() => clientQuote.action(routeArgs(post(`/client-quote/${id}`, {}), { id })))

describeEachDatabase('an agency’s quote to its client: branded, client price only, accepted once on credit, expires', (get) => {
	beforeAll(async () => {
		storage = fs.mkdtempSync(path.join(os.tmpdir(), 'client-quote-'))
		process.env.STORAGE_DIR = storage
		await useAppDatabase(get().url)
		invalidateRateBook()
		await seedDemoData(get().db)
		invalidateRateBook()
	})
	afterAll(async () => {
		await closeDatabase()
		if (previousStorage === undefined) delete process.env.STORAGE_DIR
		else process.env.STORAGE_DIR = previousStorage
	})

	test('the agent saves a quote at net + 12%; the client sees the agency’s brand and the client price, never the net, our sell price or our name; accepting twice books once on credit', async () => {
		const { db } = get()
		const mine = await agencyWithUser(db, 'Blue Lagoon Travels Pvt Ltd', 100_000_000)
		const resolved = await resolveBookingDraft(db, new URLSearchParams(trip))
		if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors))
		await tripHotelsSell(db, trip)
		const sell = resolved.draft.price.total
		const net = sell - Math.round(sell * 0.1)
		// The client's price in whole rupees, the markup absorbing the rounding (ADR 231).
		const { markup } = clientPrice(net, { kind: 'percent', bp: 1200 })
		const ours = (await getSettings(db)).company.name

		const id = await saveQuote(mine.cookie)
		const shown = await open(id)
		expect(shown.status).toBe(200)
		expect(shown.body.quote).toMatchObject({
			price: net + markup,
			status: 'held',
			clientName: 'Ritu Sharma',
			brand: { name: 'Blue Lagoon Holidays', address: '12 Connaught Place, Delhi', phone: '+919811122233', email: 'trips@bluelagoon.example', ours: null },
		})
		// Everything the page (and its `.data`) can show: no net, no markup on its own, no sell price, not our name.
		const sent = JSON.stringify(shown.body)
		for (const secret of [String(net), String(markup), String(sell), ours]) expect(sent).not.toContain(secret)
		// Our name only when the agency chooses to show it.
		await db.updateTable('agents').set({ brand_show_ours: 1 }).where('id', '=', mine.agentId).execute()
		expect((await open(id)).body.quote.brand.ours).toBe(ours)

		// The client accepts: twice at once (double submit, two tabs) → one booking, at net, confirmed on the agency's credit.
		const answers = await Promise.all([accept(id), accept(id)])
		for (const answer of answers) expect(answer).toMatchObject({ status: 302, location: `/client-quote/${id}` })
		const bookings = await db.selectFrom('bookings').selectAll().where('agent_id', '=', mine.agentId).execute()
		expect(bookings).toHaveLength(1)
		expect(bookings[0]).toMatchObject({ status: 'confirmed', agent_credit_state: 'on_credit', contact_email: null })
		expect(Number(bookings[0]!.total)).toBe(net)
		expect(Number(bookings[0]!.agent_markup)).toBe(markup)
		expect(await getAgentCredit(db, mine.agentId)).toMatchObject({ creditUsed: net })
		const accepted = await open(id)
		expect(accepted.body.quote).toMatchObject({ status: 'accepted', booking: { reference: bookings[0]!.reference, confirmed: true } })
		// The voucher of the agency's booking (page data and PDF): the agency's brand, never our name when hidden, never a price.
		await db.updateTable('agents').set({ brand_show_ours: 0 }).where('id', '=', mine.agentId).execute()
		const voucher = await issueVoucher(
			db,
			bookings[0]!.id,
			{ id: 'owner-1', label: 'Ravi (owner)', isOwner: true },
			'https://andaman.test',
			'Supplier confirmations by phone',
		)
		const { snapshot } = (await getVoucher(db, voucher.id))!
		expect(snapshot).toMatchObject({
			company: { name: 'Blue Lagoon Holidays', phone: '+919811122233', email: 'trips@bluelagoon.example' },
			agency: { ours: null },
		})
		const pdf = execFileSync('pdftotext', ['-layout', '-', '-'], {
			input: Buffer.from(await voucherPdf(snapshot, { version: 1, status: 'issued', url: `https://andaman.test/voucher/${voucher.id}` })),
		}).toString('utf8')
		expect(pdf).toContain('Blue Lagoon Holidays')
		for (const text of [JSON.stringify(snapshot), pdf]) {
			expect(text).not.toContain(ours)
			for (const amount of [net, markup, sell, net + markup]) expect(text.replace(/[,\s]/g, '')).not.toContain(String(amount / 100))
		}
		// Accepted again later: still one booking.
		expect((await accept(id)).status).toBe(302)
		expect(await db.selectFrom('bookings').select('id').where('agent_id', '=', mine.agentId).execute()).toHaveLength(1)
	})

	test('a held quote expires after 72 hours and cannot then be accepted; beyond the credit it waits for staff; a suspended agency’s link stops working', async () => {
		const { db } = get()
		const small = await agencyWithUser(db, 'Small Credit Tours', 100)
		const id = await saveQuote(small.cookie)
		const row = await db.selectFrom('agent_quotes').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
		const expiresAt = new Date(row.expires_at)
		expect(expiresAt.getTime() - new Date(row.created_at).getTime()).toBe(72 * 3_600_000)
		await expect(acceptAgentQuote(db, id, new Date(expiresAt.getTime() + 1000))).rejects.toMatchObject({ code: 'failed-precondition' })
		// Through the page: the hold set in the past, accepting is a 4xx with the reason, and nothing is booked.
		await db.updateTable('agent_quotes').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute()
		expect((await open(id)).body.quote.status).toBe('expired')
		const late = await accept(id)
		expect(late.status).toBeGreaterThanOrEqual(400)
		expect(late.status).toBeLessThan(500)
		expect(late.errors.form).toMatch(/expired/)
		expect(await db.selectFrom('bookings').select('id').where('agent_id', '=', small.agentId).execute()).toEqual([])

		// Within the hold but beyond the agency's credit (₹1): booked, waiting for staff.
		const second = await saveQuote(small.cookie)
		expect((await accept(second)).status).toBe(302)
		expect(await db.selectFrom('bookings').select(['status', 'agent_credit_state']).where('agent_id', '=', small.agentId).execute()).toEqual([
			expect.objectContaining({ agent_credit_state: 'awaiting_approval' }),
		])

		await changeAgentStatus(db, staff, small.agentId, 'suspended')
		expect((await open(second)).status).toBe(404)
		expect((await accept(second)).status).toBe(404)
		expect((await open('AAAAAAAAAAAAAAAAAAAA')).status).toBe(404)
		expect((await open('not-an-id')).status).toBe(404)
	})

	test('the quote as a PDF, to whoever has the link: the agency’s brand and logo, the client’s name and price, never the net, our sell price, the markup or (unless shown) our name', async () => {
		const { db } = get()
		const mine = await agencyWithUser(db, 'Coral Reef Travels Pvt Ltd', 100_000_000)
		const resolved = await resolveBookingDraft(db, new URLSearchParams(trip))
		if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors))
		const sell = resolved.draft.price.total
		const net = sell - Math.round(sell * 0.1)
		const { markup } = clientPrice(net, { kind: 'percent', bp: 1200 })
		const ours = (await getSettings(db)).company.name
		const id = await saveQuote(mine.cookie)

		const answer = (await clientQuotePdf.loader(routeArgs(getRequest(`/client-quote/${id}/pdf`), { id }))) as Response
		expect(answer.status).toBe(200)
		expect(answer.headers.get('Content-Type')).toBe('application/pdf')
		expect(answer.headers.get('Content-Disposition')).toMatch(/^inline; filename="quote-[a-z0-9-]+\.pdf"$/)
		expect(answer.headers.get('Cache-Control')).toBe('private, no-store')
		const bytes = Buffer.from(await answer.arrayBuffer())
		expect(imagesIn(bytes)).toBe(0) // no logo set
		const text = textOf(bytes)
		for (const shown of ['Blue Lagoon Holidays', '12 Connaught Place, Delhi', 'trips@bluelagoon.example', 'Ritu Sharma', 'held until'])
			expect(text).toContain(shown)
		expect(text).not.toContain(ours)
		expect(amountsIn(text)).toContain(net + markup)
		for (const secret of [net, sell, markup]) expect(amountsIn(text)).not.toContain(secret)

		// The agency's logo embeds as an image; our name appears once the agency shows it, as on the page.
		await saveAgencyBrand(
			db,
			mediaStore(),
			staff,
			mine.agentId,
			{
				brandName: 'Blue Lagoon Holidays',
				brandAddress: '12 Connaught Place, Delhi',
				brandPhone: '+919811122233',
				brandEmail: undefined,
				logoAlt: 'Blue Lagoon logo',
				showOurs: 'on',
			},
			new File([await photoFile(800, 400)], 'logo.jpg', { type: 'image/jpeg' }),
		)
		const branded = await pdfBytes(id)
		expect(imagesIn(branded)).toBe(1)
		expect(textOf(branded)).toContain(`In partnership with ${ours}`)

		// Withdrawn: the PDF says so.
		await withdrawAgentQuote(db, mine.agentId, id)
		expect(textOf(await pdfBytes(id))).toContain('withdrew this quote')

		// Unknown or malformed ids, and a suspended agency's link: 404, never 500.
		for (const junk of ['AAAAAAAAAAAAAAAAAAAA', 'not-an-id', '..%2F..', 'x'.repeat(300)]) expect((await pdfOf(junk)).status).toBe(404)
		await changeAgentStatus(db, staff, mine.agentId, 'suspended')
		expect((await pdfOf(id)).status).toBe(404)
	})
})
