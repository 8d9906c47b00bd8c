import { beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { cancelBooking, createBooking, type NewBooking } from '~/features/bookings/server/bookings.server.ts'
import { resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import { appendDays, dayFromTemplate, type ItineraryPlan } from '~/features/sales/domain/itinerary.ts'
import { listDayTemplates } from '~/features/sales/server/day-templates.server.ts'
import { createItinerary, planAvailability, planStays, startingPlan } from '~/features/sales/server/itineraries.server.ts'
import { declineQuote, getQuote, sendQuote } from '~/features/sales/server/quotes.server.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import type { DB } from '~/server/db/client.server.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { defaultSettings } from '~/features/settings/server/settings.server.ts'
import { editRange, readStayAvailability, saveSaleTerms, type BookedStay } from './inventory.server.ts'

const staff = { id: null, label: 'test staff' }

/** The owner's setting, written as the settings screen writes it. */
async function setQuoteHolds(db: DB, on: boolean) {
	const now = new Date().toISOString()
	await db
		.insertInto('settings')
		.values({ key: 'quoteHoldsRooms', value_json: JSON.stringify(on), updated_at: now })
		.onConflict((oc) => oc.column('key').doUpdateSet({ value_json: JSON.stringify(on), updated_at: now }))
		.execute()
}

async function nightsOf(db: DB, stay: BookedStay) {
	return db
		.selectFrom('room_nights')
		.select(['night', 'sold', 'held'])
		.where('room_type_id', '=', stay.roomTypeId)
		.where('night', '>=', stay.arrival)
		.where('night', '<', addDays(stay.arrival, stay.nights))
		.orderBy('night')
		.execute()
}

/** The booking form the quote's traveller sends (from the quote's own draft: its price and its rooms). */
async function quoteBooking(db: DB, quoteId: string, name: string): Promise<NewBooking> {
	const resolved = await resolveBookingDraft(db, new URLSearchParams({ quote: quoteId }))
	if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors))
	const { draft } = resolved
	return {
		packageId: null,
		title: draft.title,
		tier: draft.tier,
		startDate: draft.startDate,
		nights: draft.nights,
		adults: draft.adults,
		childAges: draft.childAges,
		infants: draft.infants,
		price: draft.price,
		advanceDue: Math.round(draft.price.total * 0.3),
		contactName: name,
		contactPhone: '+919800011122',
		contactEmail: null,
		specialRequests: null,
		travellers: [],
		quoteId,
		leadId: draft.leadId ?? null,
		rooms: draft.rooms ?? 1,
		...(draft.stays ? { stays: draft.stays } : {}),
	}
}

describeEachDatabase('quotes hold and take rooms', (get) => {
	let plan: ItineraryPlan
	let leadId: string
	let stay: BookedStay

	beforeAll(async () => {
		const { db } = get()
		invalidateRateBook()
		await seedDemoData(db)
		invalidateRateBook()
		const lead = await createLead(db, {
			source: 'quote_form',
			name: 'Rohan Das',
			phone: '+919800022233',
			email: null,
			nights: 2,
			adults: 2,
			tier: 'deluxe',
			islands: ['havelock'],
			travelStart: addDays(todayInIndia(), 75),
		})
		leadId = lead.id
		const templates = await listDayTemplates(db, { island: null, tag: null, q: '', archived: false })
		const havelock = templates.find((template) => template.island === 'havelock')!
		const portBlair = templates.find((template) => template.island === 'port-blair')!
		;({ plan } = await startingPlan(db, { kind: 'lead', id: leadId }))
		plan = appendDays({ ...plan, days: [] }, [dayFromTemplate(havelock), dayFromTemplate(havelock), dayFromTemplate(portBlair)])
		plan.days[0]!.stay = { ...plan.days[0]!.stay!, island: 'havelock' }
		plan.days[1]!.stay = { ...plan.days[1]!.stay!, island: 'havelock' }
		plan.days[2]!.stay = null
		const first = await createItinerary(db, staff, { plan, leadId, origin: { kind: 'lead', id: leadId } })
		const stays = planStays(first.price!)
		expect(stays).toHaveLength(1)
		stay = stays[0]!
		// The last room: one a night, ours until the day itself.
		await saveSaleTerms(db, stay.hotelId, { mode: 'allotment', releaseDays: 0 }, staff)
		await editRange(
			db,
			stay.hotelId,
			{ roomTypeIds: [stay.roomTypeId], first: stay.arrival, last: addDays(stay.arrival, stay.nights - 1), weekdays: [], allotment: 1 },
			staff,
		)
		// The itinerary editor shows each stay's availability, read live.
		expect(await planAvailability(db, first.price, todayInIndia())).toEqual([
			{ hotelName: expect.any(String), roomTypeName: expect.any(String), arrival: stay.arrival, nights: 2, status: 'available', note: 'Only 1 room left.' },
		])
	})

	test('a quote booking takes its rooms like book-now; ten quote bookings for the last room at once give one booking', async () => {
		const { db } = get()
		await setQuoteHolds(db, false)
		const quotes: Array<Awaited<ReturnType<typeof sendQuote>>> = []
		for (let index = 0; index < 10; index++) {
			const itinerary = await createItinerary(db, staff, { plan, leadId, origin: { kind: 'lead', id: leadId } })
			quotes.push(await sendQuote(db, staff, itinerary.id))
		}
		expect(quotes[0]!.snapshot.stays).toEqual([stay])
		// Holds off: sending takes nothing.
		expect((await nightsOf(db, stay)).map((night) => [night.sold, night.held])).toEqual([
			[0, 0],
			[0, 0],
		])
		const forms = await Promise.all(quotes.map((quote, index) => quoteBooking(db, quote.id, `Rohan ${index}`)))
		const settled = await Promise.allSettled(forms.map((form, index) => createBooking(db, form, { submissionKey: `quote-rooms-${quotes[index]!.id}` })))
		const made = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
		expect(made).toHaveLength(1)
		for (const outcome of settled) if (outcome.status === 'rejected') expect(String(outcome.reason)).toMatch(/Nothing was booked or charged/)
		expect((await nightsOf(db, stay)).map((night) => night.sold)).toEqual([1, 1])
		// A refused quote stays open: nothing of it was accepted.
		const refusedQuote = quotes[settled.findIndex((outcome) => outcome.status === 'rejected')]!
		expect((await getQuote(db, refusedQuote.id)).status).toBe('sent')
		await cancelBooking(db, made[0]!.id, 'Plans changed', todayInIndia(), defaultSettings.cancellationTiers, staff)
		expect((await nightsOf(db, stay)).map((night) => night.sold)).toEqual([0, 0])
	})

	test('with holds on, ten quotes sent at once for the last room: one holds it, nine are refused; its booking turns the hold into a sale', async () => {
		const { db } = get()
		await setQuoteHolds(db, true)
		const itineraries = []
		for (let index = 0; index < 10; index++) itineraries.push(await createItinerary(db, staff, { plan, leadId, origin: { kind: 'lead', id: leadId } }))
		const settled = await Promise.allSettled(itineraries.map((itinerary) => sendQuote(db, staff, itinerary.id)))
		const sent = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
		expect(sent).toHaveLength(1)
		for (const outcome of settled) if (outcome.status === 'rejected') expect(String(outcome.reason)).toMatch(/The quote was not sent/)
		expect((await nightsOf(db, stay)).map((night) => [night.sold, night.held])).toEqual([
			[0, 1],
			[0, 1],
		])
		// Held for the quote: nobody else can book the room meanwhile.
		expect((await readStayAvailability(db, stay, todayInIndia())).status).toBe('unavailable')
		const booked = await createBooking(db, await quoteBooking(db, sent[0]!.id, 'Rohan'), { submissionKey: `quote-held-${sent[0]!.id}` })
		expect((await nightsOf(db, stay)).map((night) => [night.sold, night.held])).toEqual([
			[1, 0],
			[1, 0],
		])
		const holds = await db.selectFrom('room_night_holds').select('released_at').where('quote_id', '=', sent[0]!.id).execute()
		expect(holds).toHaveLength(2)
		expect(holds.every((hold) => hold.released_at !== null)).toBe(true)
		await cancelBooking(db, booked.id, 'Plans changed', todayInIndia(), defaultSettings.cancellationTiers, staff)
	})

	test('a declined quote gives its rooms back; an expired one stops counting the day after its validity, and the next write gives them back', async () => {
		const { db } = get()
		await setQuoteHolds(db, true)
		const declined = await sendQuote(db, staff, (await createItinerary(db, staff, { plan, leadId, origin: { kind: 'lead', id: leadId } })).id)
		expect((await nightsOf(db, stay)).map((night) => night.held)).toEqual([1, 1])
		await declineQuote(db, declined.id)
		expect((await nightsOf(db, stay)).map((night) => night.held)).toEqual([0, 0])

		const lapsing = await sendQuote(db, staff, (await createItinerary(db, staff, { plan, leadId, origin: { kind: 'lead', id: leadId } })).id)
		expect((await readStayAvailability(db, stay, lapsing.validUntil)).status).toBe('unavailable')
		const dayAfter = addDays(lapsing.validUntil, 1)
		expect(await readStayAvailability(db, stay, dayAfter)).toMatchObject({ status: 'available', left: 1 })
		// The next quote (sent the day after) gives the lapsed hold back and holds the room itself.
		const next = await sendQuote(db, staff, (await createItinerary(db, staff, { plan, leadId, origin: { kind: 'lead', id: leadId } })).id, { today: dayAfter })
		expect((await nightsOf(db, stay)).map((night) => night.held)).toEqual([1, 1])
		expect(
			(await db.selectFrom('room_night_holds').select('released_at').where('quote_id', '=', lapsing.id).execute()).every((hold) => hold.released_at !== null),
		).toBe(true)
		await declineQuote(db, next.id, dayAfter)
		await setQuoteHolds(db, false)
	})
})
