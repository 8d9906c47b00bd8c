/** The passenger, ticket-file and status forms a ferry booking and an offline ticket share, through both real route modules. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { convertFerryLead, createFerryEnquiry, getFerryBookingPage } from '~/features/ferries/server/ferries.server.ts'
import { createOfflineTicket, getOfflineTicketPage } from '~/features/ferries/server/offline-tickets.server.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { cookieFor, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import { post, settleAction, toastTitle } from '#tests/support/route-requests.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import * as ferryBookingPage from './ferry-booking.tsx'
import * as offlineTicketPage from './offline-ticket.tsx'

const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'ticket-records-'))
process.env.STORAGE_DIR = storage

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const pdf = () => new File(['%PDF-1.4\nticket\n%%EOF'], 'scan.pdf', { type: 'application/pdf' })
const anita = {
	p1Name: 'Anita Rao',
	p1Age: '34',
	p1Gender: 'female',
	p1Nationality: 'indian',
	p1IdType: 'aadhaar',
	p1IdNumber: '123456789012',
	p1PassportExpiry: '',
}

/** A multipart post, as the ticket upload form sends it; `accept` is what a fetcher (JavaScript) or a plain form asks for. */
function upload(url: string, cookie: string, file: File | null, accept: string) {
	const form = new FormData()
	form.set('intent', 'upload')
	if (file) form.set('file', file)
	return new Request(`http://localhost${url}`, { method: 'POST', headers: { Cookie: cookie, Accept: accept }, body: form })
}

describeEachDatabase('the ticket-record pages /admin/ferry-bookings/:id and /admin/offline-tickets/:id', (db) => {
	let cookie: string
	let pages: Array<{
		name: string
		url: string
		module: typeof ferryBookingPage | typeof offlineTicketPage
		id: string
		uploadedTitle: string
		passengersSaved: string
		passengerCount: () => Promise<number>
	}>
	beforeAll(async () => {
		await useAppDatabase(db().url)
		cookie = await cookieFor(db().db, await makeUser(db().db, { role: 'staff' }))
		const enquiry = await createFerryEnquiry(db().db, {
			tripType: 'one_way',
			legs: [{ from: 'port-blair', to: 'havelock', date: '2027-01-10', time: 'morning', operator: 'makruzz', class: 'premium' }],
			adults: 1,
			infants: 0,
			indians: 1,
			foreigners: 0,
			name: 'Anita Rao',
			phone: '+919876543210',
			email: 'anita@example.com',
			message: '',
			submissionKey: 'ticket-records-enquiry',
		})
		const [booking] = await convertFerryLead(db().db, staff, enquiry.id)
		const ticket = await createOfflineTicket(
			db().db,
			staff,
			{
				kind: 'ferry',
				source: 'government_counter',
				operator: 'Makruzz',
				vessel: null,
				voyage: null,
				route: 'Port Blair to Havelock',
				travelDate: '2027-01-10',
				travelTime: '07:00',
				class: null,
				quota: null,
				pnr: null,
				transactionNumber: null,
				cost: 100_000,
				sell: 120_000,
				paymentMode: 'cash',
				bookingReference: null,
				ferryLeadReference: null,
			},
			'ticket-records-ticket',
		)
		pages = [
			{
				name: 'ferry booking',
				url: `/admin/ferry-bookings/${booking!.id}`,
				module: ferryBookingPage,
				id: booking!.id,
				uploadedTitle: 'Ticket uploaded',
				passengersSaved: '1 passenger saved',
				passengerCount: async () => (await getFerryBookingPage(db().db, booking!.id)).passengers.length,
			},
			{
				name: 'offline ticket',
				url: `/admin/offline-tickets/${ticket!.id}`,
				module: offlineTicketPage,
				id: ticket!.id,
				uploadedTitle: 'Scan uploaded',
				passengersSaved: 'Passengers saved',
				passengerCount: async () => (await getOfflineTicketPage(db().db, ticket!.id)).passengers.length,
			},
		]
	})
	afterAll(async () => {
		await closeDatabase()
		fs.rmSync(storage, { recursive: true, force: true })
	})

	for (const which of ['ferry booking', 'offline ticket']) {
		describe(which, () => {
			const page = () => pages.find((candidate) => candidate.name === which)!
			const act = (request: Request) => settleAction(page().module, request, { id: page().id })

			test('passengers: a bad row goes back to the passengers form with its message and values; good rows are saved', async () => {
				const refused = await act(post(page().url, { intent: 'passengers', ...anita, p1Age: 'old' }, cookie))
				expect(refused.status).toBe(400)
				expect(refused.intent).toBe('passengers')
				expect(refused.errors.p1Age).toBeTruthy()
				expect(refused.values.p1Name).toBe('Anita Rao')
				expect(await page().passengerCount()).toBe(0)

				const saved = await act(post(page().url, { intent: 'passengers', ...anita }, cookie))
				expect(saved.status).toBe(302)
				expect(saved.location).toBe(page().url)
				expect(await toastTitle(saved)).toBe(page().passengersSaved)
				expect(await page().passengerCount()).toBe(1)
			})

			test('ticket file: none chosen is refused on the upload form; a fetcher gets the file name, a plain form a redirect', async () => {
				const missing = await act(upload(page().url, cookie, null, '*/*'))
				expect(missing.status).toBe(400)
				expect(missing.intent).toBe('upload')
				expect(missing.errors.file).toMatch(/Choose a file/)

				const fetched = await act(upload(page().url, cookie, pdf(), '*/*'))
				expect(fetched.body).toEqual({ intent: 'upload', uploaded: 'scan.pdf' })

				const plain = await act(upload(page().url, cookie, pdf(), 'text/html,application/xhtml+xml'))
				expect(plain.status).toBe(302)
				expect(plain.location).toBe(page().url)
				expect(await toastTitle(plain)).toBe(page().uploadedTitle)
			})

			test('an unknown intent and a malformed id are refused', async () => {
				const unknown = await act(post(page().url, { intent: 'archive' }, cookie))
				expect(unknown.status).toBe(400)
				expect(unknown.errors.form).toMatch(/^Choose what to do with the/)
				const malformed = await settleAction(page().module, post(page().url, { intent: 'passengers' }, cookie), { id: 'nope' })
				expect(malformed.status).toBe(404)
			})

			test('status: a state the record does not have is refused; a move its rules forbid says why; a move is saved and named, and again is refused', async () => {
				const { blocked, needs, to, changed, already } =
					which === 'ferry booking'
						? {
								blocked: 'confirmed',
								needs: 'Enter the operator’s PNR before confirming the booking.',
								to: 'failed',
								changed: 'Ferry booking is now failed',
								already: 'The ferry booking is already failed.',
							}
						: {
								blocked: 'purchased',
								needs: 'Enter the PNR or the transaction number before marking the ticket purchased.',
								to: 'cancelled',
								changed: 'Ticket is now cancelled',
								already: 'The ticket is already cancelled.',
							}
				const junk = await act(post(page().url, { intent: 'status', status: 'teleported' }, cookie))
				expect([junk.status, junk.errors.form]).toEqual([400, 'Choose the new status.'])

				const refused = await act(post(page().url, { intent: 'status', status: blocked }, cookie))
				expect([refused.status, refused.errors.form]).toEqual([409, needs])

				const moved = await act(post(page().url, { intent: 'status', status: to }, cookie))
				expect([moved.status, moved.location]).toEqual([302, page().url])
				expect(await toastTitle(moved)).toBe(changed)

				const again = await act(post(page().url, { intent: 'status', status: to }, cookie))
				expect([again.status, again.errors.form]).toEqual([409, already])
			})
		})
	}

	test('ferry booking details: a live leg is saved with a live operator (Sealink) and the class as it names it; an unknown operator is refused', async () => {
		const page = pages.find((candidate) => candidate.name === 'ferry booking')!
		const act = (request: Request) => settleAction(page.module, request, { id: page.id })
		const details = {
			intent: 'details',
			operator: 'sealink',
			vessel: 'Nautika 2',
			departureTime: '08:00',
			class: 'Royal 2',
			pnr: 'SL123456',
			adultFare: '1500',
			infantFare: '0',
			fees: '',
			tripReference: '',
		}
		const saved = await act(post(page.url, details, cookie))
		expect([saved.status, saved.location]).toEqual([302, page.url])
		expect((await getFerryBookingPage(db().db, page.id)).booking).toMatchObject({ operator: 'sealink', class: 'royal 2', pnr: 'SL123456' })
		const refused = await act(post(page.url, { ...details, operator: 'pirate-ferries' }, cookie))
		expect([refused.status, refused.errors.operator]).toEqual([400, 'Choose the operator.'])
	})
})
