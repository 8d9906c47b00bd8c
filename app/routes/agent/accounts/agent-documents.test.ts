import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { postAgentBooking } from '#tests/support/agent-booking.ts'
import { fixtureTripStart, tripHotelsSell } from '#tests/support/booking-fixtures.ts'
import { cookieFor, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import { get as getRequest, post, routeArgs, settle } from '#tests/support/route-requests.ts'
import { photoFile } from '#tests/support/test-photos.ts'
import { agentFormSchema } from '~/features/agents/domain/agent.ts'
import { saveAgencyBrand } from '~/features/agents/server/agent-brand.server.ts'
import { changeAgentStatus, createAgent } from '~/features/agents/server/agents.server.ts'
import { saveAgentTerms } from '~/features/agents/server/agent-credit.server.ts'
import { issueVoucher } from '~/features/bookings/server/vouchers.server.ts'
import { findUserById } from '~/features/identity/server/users.server.ts'
import { getTaxDocument, issueInvoice } from '~/features/invoices/server/invoices.server.ts'
import { mediaStore } from '~/features/media/server/store.server.ts'
import { getTrip } from '~/features/payments/server/trip.server.ts'
import { invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import * as booking from '../bookings/booking.tsx'
import * as bookingVoucherPdf from '../bookings/booking-voucher-pdf.ts'
import * as invoicePdf from './invoice-pdf.ts'
import * as invoices from './invoices.tsx'
import * as quotes from '../quotes/quotes.tsx'

/**
 * The agency's own documents (docs/decisions/232): its booking page, its branded voucher (with its logo), its tax
 * invoices billed to the agency with its GSTIN at its net, and its quotes; another agency reaches none of them.
 */
const staff = { id: 'staff-1', label: 'Asha (staff)' }
const owner = { id: 'owner-1', label: 'Ravi (owner)', isOwner: true }
const trip = { package: 'havelock-neil-honeymoon-5-nights', tier: 'standard', startDate: fixtureTripStart, adults: '2' }
const mumbaiGstin = '27AAACN1234F1ZX'

let storage: string
const previousStorage = process.env.STORAGE_DIR

async function agencyWithUser(db: DB, company: string, billing: Record<'gstin' | 'pan' | 'stateCode' | 'billingAddress', string>) {
	const agentId = await createAgent(
		db,
		staff,
		agentFormSchema.parse({ company, contactPerson: 'Neha Kapoor', phone: '+919811100000', commissionPercent: '10', ...billing }),
	)
	await changeAgentStatus(db, staff, agentId, 'approved')
	await saveAgentTerms(db, staff, agentId, { rateRule: 'commission', marginBp: 0, creditLimit: 100_000_000 })
	const user = await makeUser(db, { role: 'agent_user', agentId })
	return { agentId, cookie: await cookieFor(db, (await findUserById(db, user.id))!) }
}

function bookFor(cookie: string, intent?: 'quote') {
	return postAgentBooking(cookie, { ...trip, ...(intent ? { intent } : { submissionKey: `${cookie.slice(-10)}AbCdEfGhIj`.slice(0, 20) }) })
}

const pdfText = async (response: Response) =>
	execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await response.arrayBuffer()) }).toString('utf8')
const imagesIn = (bytes: Buffer) => (bytes.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length

describeEachDatabase('the agency’s documents: booking page, branded voucher, B2B tax invoices, quotes', (get) => {
	beforeAll(async () => {
		storage = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-docs-'))
		process.env.STORAGE_DIR = storage
		await useAppDatabase(get().url)
		invalidateRateBook()
		await seedDemoData(get().db)
		invalidateRateBook()
		// Confirmed on credit needs hotels that sell freely: a hotel on request waits for staff (docs/decisions/233).
		await tripHotelsSell(get().db, trip)
	})
	afterAll(async () => {
		await closeDatabase()
		if (previousStorage === undefined) delete process.env.STORAGE_DIR
		else process.env.STORAGE_DIR = previousStorage
	})

	test('an agency sees its booking, voucher (logo in the PDF), GSTIN invoice and quotes; another agency gets 404s and empty lists; the client’s trip page shows the client price', async () => {
		const { db } = get()
		const mine = await agencyWithUser(db, 'Coral Coast Travels Pvt Ltd', {
			gstin: mumbaiGstin,
			pan: 'AAACN1234F',
			stateCode: '27',
			billingAddress: '4 Marine Drive, Mumbai 400002',
		})
		const theirs = await agencyWithUser(db, 'Other Shore Holidays', { gstin: '', pan: '', stateCode: '35', billingAddress: 'Aberdeen Bazaar, Port Blair' })
		await saveAgencyBrand(
			db,
			mediaStore(),
			staff,
			mine.agentId,
			{
				brandName: 'Coral Coast Holidays',
				brandAddress: '14 Park Street, Kolkata',
				brandPhone: '+919830012345',
				brandEmail: undefined,
				logoAlt: 'Coral Coast logo',
			},
			new File([await photoFile(800, 400)], 'logo.jpg', { type: 'image/jpeg' }),
		)
		expect((await bookFor(mine.cookie)).status).toBe(302)
		expect((await bookFor(theirs.cookie)).status).toBe(302)
		const row = await db.selectFrom('bookings').selectAll().where('agent_id', '=', mine.agentId).executeTakeFirstOrThrow()
		const their = await db.selectFrom('bookings').selectAll().where('agent_id', '=', theirs.agentId).executeTakeFirstOrThrow()
		const net = Number(row.agent_net)
		const markup = Number(row.agent_markup)

		// The booking page: its own booking only.
		const page = (cookie: string, id: string) => settle(() => booking.loader(routeArgs(getRequest(`/agent/bookings/${id}.data`, cookie), { id })))
		const shown = await page(mine.cookie, row.id)
		expect(shown.status).toBe(200)
		expect(shown.body.booking).toMatchObject({
			reference: row.reference,
			clientName: 'Ritu Sharma',
			status: 'confirmed',
			creditState: 'on_credit',
			net,
			markup,
			client: net + markup,
		})
		expect(shown.body.booking.components.length).toBeGreaterThan(0)
		expect((await page(theirs.cookie, row.id)).status).toBe(404)
		expect((await page(mine.cookie, their.id)).status).toBe(404)
		expect((await page(mine.cookie, 'not-an-id')).status).toBe(404)

		// The voucher PDF: the agency's own, under its brand with its logo; another agency's is a 404.
		const voucherOf = (cookie: string, id: string) =>
			settle(() => bookingVoucherPdf.loader(routeArgs(getRequest(`/agent/bookings/${id}/voucher.pdf`, cookie), { id })))
		expect((await voucherOf(mine.cookie, row.id)).status).toBe(404) // none issued yet
		await issueVoucher(db, row.id, owner, 'https://andaman.test', 'Supplier confirmations by phone')
		await issueVoucher(db, their.id, owner, 'https://andaman.test', 'Supplier confirmations by phone')
		expect((await page(mine.cookie, row.id)).body.booking.voucher).toMatchObject({ version: 1 })
		const pdf = (await bookingVoucherPdf.loader(routeArgs(getRequest(`/agent/bookings/${row.id}/voucher.pdf`, mine.cookie), { id: row.id }))) as Response
		expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
		const bytes = Buffer.from(await pdf.clone().arrayBuffer())
		expect(imagesIn(bytes)).toBe(2) // the QR code and the agency's logo
		const text = await pdfText(pdf)
		expect(text).toContain('Coral Coast Holidays')
		expect(text).not.toContain((await getSettings(db)).company.name)
		// The other agency has no logo: the QR code alone.
		const theirPdf = (await bookingVoucherPdf.loader(
			routeArgs(getRequest(`/agent/bookings/${their.id}/voucher.pdf`, theirs.cookie), { id: their.id }),
		)) as Response
		expect(imagesIn(Buffer.from(await theirPdf.arrayBuffer()))).toBe(1)
		expect((await voucherOf(theirs.cookie, row.id)).status).toBe(404)

		// The tax invoice: billed to the agency (legal name, address, GSTIN), at its net, whatever name staff typed; IGST from Maharashtra.
		const issued = await issueInvoice(db, row.id, { buyerName: 'Ritu Sharma' }, owner, { siteUrl: 'https://andaman.test' })
		expect(issued.total).toBe(net)
		const invoice = (await getTaxDocument(db, issued.id))!
		expect(invoice.snapshot.buyer).toMatchObject({
			name: 'Coral Coast Travels Pvt Ltd',
			address: '4 Marine Drive, Mumbai 400002',
			gstin: mumbaiGstin,
			stateCode: '27',
		})
		expect(invoice.snapshot.placeOfSupply.code).toBe('27')
		expect(invoice.snapshot.tax).toMatchObject({ kind: 'igst', total: net })
		expect(invoice.snapshot.tax.igst).toBeGreaterThan(0)
		// The other agency is in the Andamans with no GSTIN: its state is the place of supply, CGST + UTGST.
		const theirInvoice = (await getTaxDocument(
			db,
			(await issueInvoice(db, their.id, { buyerName: 'Someone' }, owner, { siteUrl: 'https://andaman.test' })).id,
		))!
		expect(theirInvoice.snapshot.buyer).toMatchObject({ name: 'Other Shore Holidays', gstin: null, stateCode: '35' })
		expect(theirInvoice.snapshot.tax.kind).toBe('cgst-utgst')

		const listOf = async (cookie: string) =>
			(await settle(() => invoices.loader(routeArgs(getRequest('/agent/invoices', cookie))))).body.invoices as Array<{ id: string }>
		expect((await listOf(mine.cookie)).map((entry) => entry.id)).toEqual([issued.id])
		expect((await listOf(theirs.cookie)).map((entry) => entry.id)).toEqual([theirInvoice.document.id])
		expect((await page(mine.cookie, row.id)).body.booking.invoices).toMatchObject([{ id: issued.id, total: net }])
		const invoiceOf = (cookie: string, id: string) => settle(() => invoicePdf.loader(routeArgs(getRequest(`/agent/invoices/${id}/pdf`, cookie), { id })))
		const invoiceFile = (await invoicePdf.loader(routeArgs(getRequest(`/agent/invoices/${issued.id}/pdf`, mine.cookie), { id: issued.id }))) as Response
		expect(await pdfText(invoiceFile)).toContain(mumbaiGstin)
		expect((await invoiceOf(theirs.cookie, issued.id)).status).toBe(404)
		expect((await invoiceOf(mine.cookie, 'nope')).status).toBe(404)

		// Quotes: the agency's own, newest first, open with the hold's expiry.
		expect((await bookFor(mine.cookie, 'quote')).status).toBe(302)
		const quotesOf = async (cookie: string) =>
			(await settle(() => quotes.loader(routeArgs(getRequest('/agent/quotes', cookie))))).body.quotes as Array<Record<string, unknown>>
		const listed = await quotesOf(mine.cookie)
		expect(listed).toHaveLength(1)
		expect(listed[0]).toMatchObject({ clientName: 'Ritu Sharma', status: 'held', client: net + markup })
		expect(await quotesOf(theirs.cookie)).toEqual([])
		// Withdrawn from the list: another agency's withdrawal is a 404 and changes nothing; the agency's own ends the quote.
		const withdraw = (cookie: string, quoteId: string) =>
			settle(() => quotes.action(routeArgs(post('/agent/quotes', { intent: 'withdraw-quote', quoteId }, cookie))))
		expect((await withdraw(theirs.cookie, String(listed[0]!.id))).status).toBe(404)
		expect((await quotesOf(mine.cookie))[0]).toMatchObject({ status: 'held' })
		expect((await withdraw(mine.cookie, 'not an id')).status).toBe(400)
		expect((await withdraw(mine.cookie, String(listed[0]!.id))).status).toBe(302)
		expect((await quotesOf(mine.cookie))[0]).toMatchObject({ status: 'withdrawn' })

		// The client's trip page: the client's price and the agency's brand; never our net, our invoices or our payment details.
		const tripView = (await getTrip(db, row.trip_token))!
		expect(tripView.booking.total).toBe(net + markup)
		expect(tripView.company.name).toBe('Coral Coast Holidays')
		expect(tripView).toMatchObject({ taxDocuments: [], upi: null, dueNow: 0, agency: { ours: null } })
		expect(JSON.stringify(tripView)).not.toContain(String(net))
	})
})
