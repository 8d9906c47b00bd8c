import { beforeAll, expect, test } from 'vitest'
import { appendDays, blankDay, dayFromTemplate, type ItineraryPlan, moveDay, staleItineraryMessage } from '~/features/sales/domain/itinerary.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { type AppError, isAppError } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import {
	cancelBooking,
	confirmBooking,
	createBooking,
	type NewBooking,
	quoteAlreadyBookedMessage,
	recordPayment,
} from '~/features/bookings/server/bookings.server.ts'
import { resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { listComponents } from '~/features/bookings/server/components.server.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { defaultSettings } from '~/features/settings/server/settings.server.ts'
import { listDayTemplates } from './day-templates.server.ts'
import { createItinerary, getItinerary, listItineraries, saveItinerary, setItineraryArchived, startingPlan } from './itineraries.server.ts'
import { acceptQuote, declineQuote, getQuote, previewQuote, recordQuoteView, sendQuote } from './quotes.server.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { duplicateSavedPackage, listSavedPackages, publishSavedPackage, saveItineraryAsPackage, setSavedPackageArchived } from './saved-packages.server.ts'

const actor: Actor = { id: null, label: 'test staff' }

async function failure(promise: Promise<unknown>): Promise<string> {
	try {
		await promise
	} catch (error) {
		if (isAppError(error)) return `${error.code}: ${error.message}`
		throw error
	}
	throw new Error('expected a refusal')
}

/** The refusal's code and message, or the value it resolved to. */
async function outcome<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: string; message: string }> {
	try {
		return { ok: true, value: await promise }
	} catch (error) {
		if (isAppError(error)) return { ok: false, code: error.code, message: error.message }
		throw error
	}
}

describeEachDatabase('itineraries, quotes and saved packages', (get) => {
	let leadId: string
	let plan: ItineraryPlan

	beforeAll(async () => {
		const { db } = get()
		invalidateRateBook()
		await seedDemoData(db)
		invalidateRateBook()
		const lead = await createLead(db, {
			source: 'quote_form',
			name: 'Kavya Menon',
			phone: '+919800011122',
			email: 'kavya@example.com',
			nights: 3,
			adults: 2,
			childAges: [7],
			tier: 'deluxe',
			islands: ['havelock'],
			travelStart: addDays(todayInIndia(), 40),
		})
		leadId = lead.id
		const templates = await listDayTemplates(db, { island: null, tag: null, q: '', archived: false })
		const portBlair = templates.filter((template) => template.island === 'port-blair')
		const havelock = templates.find((template) => template.island === 'havelock')!
		;({ plan } = await startingPlan(db, { kind: 'lead', id: leadId }))
		plan = appendDays({ ...plan, days: [] }, [
			dayFromTemplate(portBlair[0]!),
			dayFromTemplate(havelock),
			dayFromTemplate(havelock),
			dayFromTemplate(portBlair[1]!),
		])
		plan.days[2]!.stay = { ...plan.days[2]!.stay!, island: 'havelock' }
	})

	test('a lead’s brief pre-fills the plan', async () => {
		const { plan: fromLead, leadId: linked } = await startingPlan(get().db, { kind: 'lead', id: leadId })
		expect(linked).toBe(leadId)
		expect(fromLead).toMatchObject({ adults: 2, childAges: [7], title: 'Andaman trip for Kavya Menon', startDate: addDays(todayInIndia(), 40) })
		expect(fromLead.days).toHaveLength(4)
		expect(fromLead.days.some((day) => day.stay?.island === 'havelock')).toBe(true)
	})

	test('saving prices on the server; discount and markup overrides are audited', async () => {
		const { db } = get()
		const created = await createItinerary(db, actor, { plan, leadId, origin: { kind: 'lead', id: leadId } })
		expect(created.reference).toMatch(/^IT-\d{4}-\d{5}$/)
		expect(created.price?.ok).toBe(true)
		if (!created.price?.ok) throw new Error('not priced')
		expect(created.price.margin).toBe(created.price.taxableAmount - created.price.totalCost)
		expect(created.price.lines.some((line) => line.kind === 'hotel')).toBe(true)
		const saved = await saveItinerary(db, actor, created.id, { ...created.plan, discount: 100000, markupPercent: 10 }, created.revision)
		if (!saved.price?.ok || !created.price.ok) throw new Error('not priced')
		expect(saved.price.discount).toBe(100000)
		expect(saved.price.markupPercent).toBe(10)
		expect(saved.revision).toBe(created.revision + 1)
		const audits = await db
			.selectFrom('audit_log')
			.select(['action', 'after_json'])
			.where('entity_id', '=', created.id)
			.where('action', '=', 'itinerary.price-override')
			.execute()
		expect(audits).toHaveLength(1)
		expect(JSON.parse(audits[0]!.after_json!)).toEqual({ markupPercent: 10, discount: 100000 })
		// Saving again without changing the overrides writes no new override audit.
		await saveItinerary(db, actor, created.id, { ...saved.plan, title: 'Honeymoon, sea-view rooms' }, saved.revision)
		expect(
			await db.selectFrom('audit_log').select('id').where('entity_id', '=', created.id).where('action', '=', 'itinerary.price-override').execute(),
		).toHaveLength(1)
		// An autosave that changes nothing writes nothing: same revision, no new audit row.
		const updatesBefore = await db.selectFrom('audit_log').select('id').where('entity_id', '=', created.id).where('action', '=', 'itinerary.update').execute()
		const unchanged = await saveItinerary(db, actor, created.id, { ...saved.plan, title: 'Honeymoon, sea-view rooms' }, saved.revision + 1)
		expect(unchanged.revision).toBe(saved.revision + 1)
		expect(await db.selectFrom('audit_log').select('id').where('entity_id', '=', created.id).where('action', '=', 'itinerary.update').execute()).toHaveLength(
			updatesBefore.length,
		)
	})

	test('sending freezes a version; a new version supersedes it; view, accept and decline follow the state machine', async () => {
		const { db } = get()
		const itinerary = await createItinerary(db, actor, { plan, leadId, origin: { kind: 'lead', id: leadId } })
		const first = await sendQuote(db, actor, itinerary.id)
		expect(isId(first.id)).toBe(true)
		expect(first).toMatchObject({ version: 1, status: 'sent' })
		expect(first.snapshot.days).toHaveLength(4)
		expect(first.snapshot.days[0]!.stay?.hotelName).toBeTruthy()
		expect(first.snapshot.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(first.snapshot.tripPrice)
		expect(first.validUntil).toBe(addDays(todayInIndia(), 7))
		const lead = await db.selectFrom('leads').select('status').where('id', '=', leadId).executeTakeFirstOrThrow()
		expect(lead.status).toBe('quoted')

		// Editing the itinerary never changes a sent quote.
		await saveItinerary(db, actor, itinerary.id, { ...itinerary.plan, title: 'Changed title' }, itinerary.revision)
		expect((await getQuote(db, first.id)).snapshot.title).toBe(plan.title)

		const second = await sendQuote(db, actor, itinerary.id)
		expect(second.version).toBe(2)
		const old = await getQuote(db, first.id)
		expect(old).toMatchObject({ status: 'superseded', supersededById: second.id })
		expect(await failure(acceptQuote(db, first.id))).toMatch(/failed-precondition: .*newer version/)
		expect(await failure(declineQuote(db, first.id))).toMatch(/failed-precondition/)

		expect((await recordQuoteView(db, second.id)).status).toBe('viewed')
		await recordQuoteView(db, second.id)
		const accepted = await acceptQuote(db, second.id)
		expect(accepted).toMatchObject({ accepted: true, quote: { status: 'accepted' } })
		expect((await acceptQuote(db, second.id)).accepted).toBe(false)
		expect(await failure(declineQuote(db, second.id))).toMatch(/already been accepted/)

		const events = await db.selectFrom('lead_events').select(['kind', 'body']).where('lead_id', '=', leadId).where('kind', '=', 'quote').execute()
		const bodies = events.map((event) => event.body)
		expect(bodies.filter((body) => /sent/.test(body))).toHaveLength(2)
		expect(bodies.filter((body) => /opened/.test(body))).toHaveLength(1)
		expect(bodies.filter((body) => /accepted/.test(body))).toHaveLength(1)
	})

	test('Send quote shows what the traveller will receive and sends nothing; sending queues that email with the link, and the timeline says so', async () => {
		const { db } = get()
		const itinerary = await createItinerary(db, actor, { plan, leadId, origin: { kind: 'lead', id: leadId } })
		const before = await db.selectFrom('email_outbox').select('id').where('to_address', '=', 'kavya@example.com').execute()
		const preview = await previewQuote(db, itinerary.id)
		expect(preview.version).toBe(1)
		expect(preview.email).toMatchObject({ to: 'kavya@example.com', subject: `Your Andaman trip quote: ${plan.title}` })
		expect(preview.email!.text).toContain('[the link to your quote, made when it is sent]')
		expect(preview.email!.text).toContain(`valid until ${formatTravelDate(addDays(todayInIndia(), 7))}`)
		// The company's WhatsApp number reads as a phone number, not as wa.me digits.
		expect(preview.email!.text).toMatch(/WhatsApp \+91 \d{5} \d{5}/)
		expect(preview.whatsapp).toEqual({
			to: '+919800011122',
			text: 'Hello Kavya Menon, here is your Andaman trip quote (version 1): [the link to your quote, made when it is sent]',
		})
		expect(await db.selectFrom('quotes').select('id').where('itinerary_id', '=', itinerary.id).execute()).toHaveLength(0)
		expect(await db.selectFrom('email_outbox').select('id').where('to_address', '=', 'kavya@example.com').execute()).toHaveLength(before.length)

		const quote = await sendQuote(db, actor, itinerary.id)
		expect(quote.emailedTo).toBe('kavya@example.com')
		const email = await db.selectFrom('email_outbox').selectAll().where('dedupe_key', '=', `quote-sent:${quote.id}`).executeTakeFirstOrThrow()
		expect(email).toMatchObject({ kind: 'quote-sent', to_address: 'kavya@example.com', subject: preview.email!.subject, status: 'queued', booking_id: null })
		// What was sent is what was shown, with the quote's own link in place of the placeholder.
		expect(email.body_text).toMatch(new RegExp(`\\n(https?://[^\\s]+/quote/${quote.id})\\n`))
		expect(email.body_text.replace(/https?:\/\/\S+\/quote\/\S+/, '[the link to your quote, made when it is sent]')).toBe(preview.email!.text)
		expect(email.body_text).toContain(formatINR(quote.total))
		const events = await db.selectFrom('lead_events').select(['body', 'meta_json']).where('lead_id', '=', leadId).where('kind', '=', 'quote').execute()
		const event = events.find((row) => JSON.parse(row.meta_json ?? '{}').quoteId === quote.id && /sent/.test(row.body))!
		expect(event.body).toMatch(/^Quote v1 sent \(IT-\d{4}-\d{5} v1\), valid until \d{4}-\d{2}-\d{2}; emailed to kavya@example\.com$/)
	})

	test('a quote past its validity is expired: the next view records it and it cannot be accepted or booked', async () => {
		const { db } = get()
		const itinerary = await createItinerary(db, actor, { plan, leadId, origin: { kind: 'lead', id: leadId } })
		const quote = await sendQuote(db, actor, itinerary.id)
		await db
			.updateTable('quotes')
			.set({ valid_until: addDays(todayInIndia(), -1) })
			.where('id', '=', quote.id)
			.execute()
		expect((await getQuote(db, quote.id)).status).toBe('expired')
		expect((await recordQuoteView(db, quote.id)).storedStatus).toBe('expired')
		expect(await failure(acceptQuote(db, quote.id))).toMatch(/failed-precondition: .*expired/)
		const resolved = await resolveBookingDraft(db, new URLSearchParams({ quote: quote.id }))
		expect(resolved.ok).toBe(false)
	})

	test('an itinerary without a lead cannot be sent', async () => {
		const { db } = get()
		const itinerary = await createItinerary(db, actor, { plan, leadId: null, origin: { kind: 'blank', id: null } })
		expect(await failure(sendQuote(db, actor, itinerary.id))).toMatch(/failed-precondition: Link this itinerary to a lead/)
		expect(await db.selectFrom('quotes').select('id').where('itinerary_id', '=', itinerary.id).execute()).toHaveLength(0)
	})

	test('archiving: hidden from the lists unless asked for, read-only, no quote sent; restore undoes it; both audited once', async () => {
		const { db } = get()
		const itinerary = await createItinerary(db, actor, { plan: { ...plan, title: 'Archive me trip' }, leadId, origin: { kind: 'lead', id: leadId } })
		const listed = async (includeArchived = false) =>
			(await listItineraries(db, { q: 'Archive me', leadId, includeArchived })).map((row) => [row.id, row.archived])
		expect(await listed()).toEqual([[itinerary.id, false]])

		expect((await setItineraryArchived(db, actor, itinerary.id, true)).archived).toBe(true)
		// A repeat changes nothing and is not audited again.
		await setItineraryArchived(db, actor, itinerary.id, true)
		expect(await listed()).toEqual([])
		expect(await listed(true)).toEqual([[itinerary.id, true]])
		expect(await listItineraries(db, { q: '', leadId })).not.toContainEqual(expect.objectContaining({ id: itinerary.id }))
		expect(await failure(sendQuote(db, actor, itinerary.id))).toMatch(
			/failed-precondition: This itinerary is archived, so no quote can be sent from it\. Restore it first/,
		)
		expect(await failure(saveItinerary(db, actor, itinerary.id, plan, itinerary.revision))).toMatch(
			/failed-precondition: This itinerary is archived\. Restore it/,
		)
		expect(await db.selectFrom('quotes').select('id').where('itinerary_id', '=', itinerary.id).execute()).toHaveLength(0)

		expect((await setItineraryArchived(db, actor, itinerary.id, false)).archived).toBe(false)
		expect(await listed()).toEqual([[itinerary.id, false]])
		const quote = await sendQuote(db, actor, itinerary.id)
		expect(quote.version).toBe(1)
		const audit = await db
			.selectFrom('audit_log')
			.select(['action', 'before_json', 'after_json'])
			.where('entity_id', '=', itinerary.id)
			.where('action', 'in', ['itinerary.archive', 'itinerary.restore'])
			.orderBy('id')
			.execute()
		expect(audit.map((row) => [row.action, JSON.parse(row.before_json!), JSON.parse(row.after_json!)])).toEqual([
			['itinerary.archive', { archived: false }, { archived: true }],
			['itinerary.restore', { archived: true }, { archived: false }],
		])
		expect(await failure(setItineraryArchived(db, actor, 'x'.repeat(20), true))).toMatch(/^not-found/)
	})

	test('fifty submissions of the same quote make ONE booking at the quote’s frozen price; the others hear it is already booked', async () => {
		const { db } = get()
		const itinerary = await createItinerary(db, actor, { plan, leadId, origin: { kind: 'lead', id: leadId } })
		const quote = await sendQuote(db, actor, itinerary.id)
		const resolved = await resolveBookingDraft(db, new URLSearchParams({ quote: quote.id, total: '1' }))
		if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors))
		const { draft } = resolved
		expect(draft).toMatchObject({ source: 'quote', quoteId: quote.id, leadId, startDate: quote.snapshot.startDate })
		expect(draft.price.total).toBe(quote.total)
		const booking = (key: number): NewBooking => ({
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
			contactName: `Kavya ${key}`,
			contactPhone: '+919800011122',
			contactEmail: null,
			specialRequests: null,
			travellers: [],
			quoteId: quote.id,
			leadId: draft.leadId ?? null,
			rooms: draft.rooms ?? 1,
		})
		const settled = await Promise.allSettled(
			Array.from({ length: 50 }, (_, key) => createBooking(db, booking(key), { submissionKey: `quote-submit-${quote.id}-${key}` })),
		)
		const made = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
		expect(made).toHaveLength(1)
		expect(made[0]!.created).toBe(true)
		// Every other form is told plainly that the quote is booked, and given nothing of that booking.
		const refused = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as AppError] : []))
		expect(refused).toHaveLength(49)
		for (const error of refused) expect([error.code, error.message]).toEqual(['already-exists', quoteAlreadyBookedMessage])
		// The winning form posted again (a double click, a retry) lands on its own booking, once.
		const winner = settled.findIndex((outcome) => outcome.status === 'fulfilled')
		expect(await createBooking(db, booking(winner), { submissionKey: `quote-submit-${quote.id}-${winner}` })).toEqual({
			id: made[0]!.id,
			reference: expect.any(String),
			created: false,
		})
		const rows = await db.selectFrom('bookings').select(['id', 'total', 'lead_id']).where('quote_id', '=', quote.id).execute()
		expect(rows).toHaveLength(1)
		expect(Number(rows[0]!.total)).toBe(quote.total)
		expect(rows[0]!.lead_id).toBe(leadId)
		expect((await getQuote(db, quote.id)).status).toBe('accepted')
		const accepts = await db.selectFrom('audit_log').select('id').where('entity_id', '=', quote.id).where('action', '=', 'quote.accept').execute()
		expect(accepts).toHaveLength(1)
	})

	test('a two-night stay is one line with its real nights, and a dive staff tick on a free day is in that day’s text and dated on the booking', async () => {
		const { db } = get()
		// Night 2 names the hotel the "cheapest deluxe" of night 1 picks: one stay all the same.
		const radhanagar = await db.selectFrom('hotels').select('id').where('name', '=', 'Radhanagar Palm Resort').executeTakeFirstOrThrow()
		const days = plan.days.map((day, index) =>
			index === 1
				? { ...day, stay: { ...day.stay!, hotel: 'tier:deluxe', roomTypeId: null } }
				: index === 2
					? {
							...day,
							title: 'Free day',
							description: 'A day at leisure.',
							activities: [],
							priced: ['scuba-diving@havelock'],
							stay: { ...day.stay!, hotel: radhanagar.id, roomTypeId: null },
						}
					: day,
		)
		const itinerary = await createItinerary(db, actor, { plan: { ...plan, days }, leadId, origin: { kind: 'lead', id: leadId } })
		const quote = await sendQuote(db, actor, itinerary.id)
		const [arrival, night1, night2] = [0, 1, 2].map((n) => addDays(plan.startDate, n))
		const havelock = quote.snapshot.lines.filter((line) => line.kind === 'hotel' && line.description.startsWith('Radhanagar Palm Resort'))
		expect(havelock.map((line) => [line.description.match(/\d+ rooms? × \d+ nights?/)?.[0], line.dates])).toEqual([['1 room × 2 nights', [night1, night2]]])
		expect(quote.snapshot.days[2]!.activities.some((text) => /scuba/i.test(text))).toBe(true)

		const resolved = await resolveBookingDraft(db, new URLSearchParams({ quote: quote.id }))
		if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors))
		const { draft } = resolved
		const { id } = await createBooking(
			db,
			{
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
				contactName: 'Kavya Menon',
				contactPhone: '+919800011122',
				contactEmail: null,
				specialRequests: null,
				travellers: [],
				quoteId: quote.id,
				leadId,
				rooms: draft.rooms ?? 1,
			},
			{ submissionKey: `one-stay-${quote.id}` },
		)
		const staff = { id: null, label: 'test staff', isOwner: false }
		await recordPayment(db, id, { amount: draft.price.total, method: 'upi', reference: 'UPI-one-stay', paidOn: todayInIndia(), verified: true }, staff)
		await confirmBooking(db, id, 30, staff, null)
		const components = await listComponents(db, id)
		expect(components.filter((c) => c.kind === 'hotel').map((c) => [c.description.split(',')[0], c.startDate, c.endDate])).toEqual([
			[expect.any(String), arrival, night1],
			['Radhanagar Palm Resort', night1, addDays(night2!, 1)],
		])
		expect(components.filter((c) => c.kind === 'activity').map((c) => [c.description.split(',')[0], c.startDate])).toEqual([
			[expect.stringMatching(/scuba/i), night2],
		])
	})

	test('a superseded quote cannot be booked', async () => {
		const { db } = get()
		const itinerary = await createItinerary(db, actor, { plan, leadId, origin: { kind: 'lead', id: leadId } })
		const old = await sendQuote(db, actor, itinerary.id)
		await sendQuote(db, actor, itinerary.id)
		const resolved = await resolveBookingDraft(db, new URLSearchParams({ quote: old.id }))
		expect(resolved.ok).toBe(false)
		if (!resolved.ok) expect(resolved.errors.form).toMatch(/newer version/)
		expect((await resolveBookingDraft(db, new URLSearchParams({ quote: 'nope' }))).ok).toBe(false)
	})

	test('saved packages: save, search, paginate, duplicate, archive, publish a draft to the catalog', async () => {
		const { db } = get()
		// The demo data has real saved packages, built from the demo day templates; seeding again adds none.
		const demo = await listSavedPackages(db, { q: 'havelock neil', archived: false, page: 1 })
		expect(demo.packages.map((pkg) => pkg.title)).toContain('Classic Havelock and Neil, 5 nights')
		expect(demo.packages.find((pkg) => pkg.title === 'Classic Havelock and Neil, 5 nights')).toMatchObject({
			nights: 6,
			summary: 'Port Blair 1N, Havelock 2N, Neil 1N, Port Blair 2N',
		})
		expect((await seedDemoData(db)).savedPackages).toBe(0)
		const itinerary = await createItinerary(db, actor, {
			plan: { ...plan, title: 'Havelock honeymoon special' },
			leadId: null,
			origin: { kind: 'blank', id: null },
		})
		const saved = await saveItineraryAsPackage(db, actor, itinerary.id)
		expect(saved).toMatchObject({ title: 'Havelock honeymoon special', nights: 3 })
		expect(saved.summary).toMatch(/Havelock 2N/)
		expect((await listSavedPackages(db, { q: 'honeymoon special', archived: false, page: 1 })).packages.map((pkg) => pkg.id)).toEqual([saved.id])
		expect((await listSavedPackages(db, { q: 'no such words', archived: false, page: 1 })).total).toBe(0)
		const copy = await duplicateSavedPackage(db, actor, saved.id)
		expect(copy.title).toBe('Havelock honeymoon special (copy)')
		await setSavedPackageArchived(db, actor, copy.id, true)
		expect((await listSavedPackages(db, { q: 'honeymoon special', archived: false, page: 1 })).total).toBe(1)
		expect((await listSavedPackages(db, { q: 'honeymoon special', archived: true, page: 1 })).packages.map((pkg) => pkg.id)).toEqual([copy.id])
		expect((await setSavedPackageArchived(db, actor, copy.id, false)).archived).toBe(false)
		await setSavedPackageArchived(db, actor, copy.id, false)
		const trail = await db
			.selectFrom('audit_log')
			.select(['action', 'before_json', 'after_json'])
			.where('entity', '=', 'saved_package')
			.where('entity_id', '=', copy.id)
			.where('action', 'in', ['saved-package.archive', 'saved-package.restore'])
			.orderBy('id')
			.execute()
		expect(trail.map((row) => [row.action, JSON.parse(row.before_json!), JSON.parse(row.after_json!)])).toEqual([
			['saved-package.archive', { archived: false }, { archived: true }],
			['saved-package.restore', { archived: true }, { archived: false }],
		])
		await setSavedPackageArchived(db, actor, copy.id, true)

		const fromSaved = await startingPlan(db, { kind: 'saved', id: saved.id })
		expect(fromSaved.plan.days.map((day) => day.title)).toEqual(plan.days.map((day) => day.title))

		const pkg = await publishSavedPackage(db, actor, saved.id)
		expect(pkg).toMatchObject({ status: 'draft', title: 'Havelock honeymoon special', totalNights: 3 })
		expect(pkg.days).toHaveLength(4)
		expect(await failure(publishSavedPackage(db, actor, saved.id))).toMatch(/already-exists/)
		// Pages of 20, newest first.
		for (let copies = 0; copies < 20; copies++) await duplicateSavedPackage(db, actor, saved.id)
		const firstPage = await listSavedPackages(db, { q: 'honeymoon special', archived: false, page: 1 })
		expect(firstPage).toMatchObject({ total: 21, pages: 2 })
		expect(firstPage.packages).toHaveLength(20)
		expect((await listSavedPackages(db, { q: 'honeymoon special', archived: false, page: 2 })).packages.map((row) => row.id)).toEqual([saved.id])
		const fromCatalog = await startingPlan(db, { kind: 'catalog', id: pkg.slug })
		expect(fromCatalog.plan.days).toHaveLength(4)
		expect(fromCatalog.plan.days.at(-1)!.stay).toBeNull()
	})

	test('the lead keeps its first quote sent and furthest booking for the reports: quote sent, booked, confirmed, cancelled', async () => {
		const { db } = get()
		const progress = async (id: string) => {
			const row = await db.selectFrom('leads').select(['first_quote_sent_at', 'booking_stage']).where('id', '=', id).executeTakeFirstOrThrow()
			return { firstQuoteSentAt: row.first_quote_sent_at, bookingStage: Number(row.booking_stage) }
		}
		const lead = await createLead(db, {
			source: 'phone',
			name: 'Report Lead',
			phone: '+919800033344',
			email: null,
			nights: 3,
			adults: 2,
			childAges: [],
			tier: 'deluxe',
			islands: ['havelock'],
			travelStart: addDays(todayInIndia(), 40),
		})
		expect(await progress(lead.id)).toEqual({ firstQuoteSentAt: null, bookingStage: 0 })
		const itinerary = await createItinerary(db, actor, { plan, leadId: lead.id, origin: { kind: 'lead', id: lead.id } })
		const first = await sendQuote(db, actor, itinerary.id)
		expect(await progress(lead.id)).toEqual({ firstQuoteSentAt: first.sentAt, bookingStage: 0 })
		// A second version keeps the first time a quote was sent.
		const second = await sendQuote(db, actor, itinerary.id)
		expect((await progress(lead.id)).firstQuoteSentAt).toBe(first.sentAt)
		const resolved = await resolveBookingDraft(db, new URLSearchParams({ quote: second.id }))
		if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors))
		const { draft } = resolved
		const { id } = await createBooking(
			db,
			{
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
				contactName: 'Report Lead',
				contactPhone: '+919800033344',
				contactEmail: null,
				specialRequests: null,
				travellers: [],
				quoteId: second.id,
				leadId: lead.id,
				rooms: draft.rooms ?? 1,
			},
			{ submissionKey: `report-progress-${second.id}` },
		)
		expect(await progress(lead.id)).toEqual({ firstQuoteSentAt: first.sentAt, bookingStage: 1 })
		const staff = { id: null, label: 'test staff', isOwner: false }
		await recordPayment(db, id, { amount: draft.price.total, method: 'upi', reference: 'UPI-report', paidOn: todayInIndia(), verified: true }, staff)
		await confirmBooking(db, id, 30, staff, null)
		expect((await progress(lead.id)).bookingStage).toBe(2)
		await cancelBooking(db, id, 'Changed plans', todayInIndia(), defaultSettings.cancellationTiers, staff)
		expect(await progress(lead.id)).toEqual({ firstQuoteSentAt: first.sentAt, bookingStage: 0 })
	})

	// Edits check the revision they were made from (docs/decisions/164-itinerary-edits-check-the-revision.md).
	const updates = async (id: string) =>
		(await get().db.selectFrom('audit_log').select('id').where('entity_id', '=', id).where('action', '=', 'itinerary.update').execute()).length

	test('a save from the current revision is written and moves it on; one from an older revision is refused with a 409 and writes nothing', async () => {
		const { db } = get()
		const created = await createItinerary(db, actor, { plan, leadId, origin: { kind: 'lead', id: leadId } })
		// Two staff open the same itinerary at the same revision.
		const opened = created.revision
		const first = await saveItinerary(db, actor, created.id, { ...created.plan, title: 'Asha’s title' }, opened)
		expect(first.revision).toBe(opened + 1)
		const auditsBefore = await updates(created.id)

		const second = await outcome(saveItinerary(db, actor, created.id, { ...created.plan, title: 'Ravi’s title' }, opened))
		expect(second).toEqual({ ok: false, code: 'aborted', message: staleItineraryMessage })
		expect(staleItineraryMessage).toMatch(/Someone else saved this itinerary after you opened it.*reload the page/)
		const now = await getItinerary(db, created.id)
		expect(now.title).toBe('Asha’s title')
		expect(now.revision).toBe(opened + 1)
		expect(await updates(created.id)).toBe(auditsBefore)

		// A revision from the future (a forged post) is stale too; the current one saves.
		expect(await outcome(saveItinerary(db, actor, created.id, { ...created.plan, title: 'Later' }, opened + 5))).toMatchObject({ ok: false, code: 'aborted' })
		expect((await saveItinerary(db, actor, created.id, { ...now.plan, title: 'Ravi’s title, after reloading' }, now.revision)).revision).toBe(opened + 2)
	})

	test('concurrent saves from the same revision: exactly one is written, the others are refused', async () => {
		const { db } = get()
		const created = await createItinerary(db, actor, { plan, leadId, origin: { kind: 'lead', id: leadId } })
		const posts = Array.from({ length: 6 }, (_, n) => saveItinerary(db, actor, created.id, { ...created.plan, title: `Edit ${n}` }, created.revision))
		const results = await Promise.all(posts.map(outcome))
		const won = results.filter((result) => result.ok)
		expect(won).toHaveLength(1)
		expect(results.filter((result) => !result.ok)).toEqual(Array.from({ length: 5 }, () => ({ ok: false, code: 'aborted', message: staleItineraryMessage })))
		const now = await getItinerary(db, created.id)
		expect(now.revision).toBe(created.revision + 1)
		expect(won[0]!.ok && won[0]!.value.title).toBe(now.title)
		expect(await updates(created.id)).toBe(1)
	})

	test('the same “add a day” or “move a day” posted several times at once applies once: never a duplicated day', async () => {
		const { db } = get()
		const created = await createItinerary(db, actor, { plan, leadId, origin: { kind: 'lead', id: leadId } })
		const count = created.plan.days.length
		// Each post adds its own new day to the plan it was rendered with, as the editor's "Add blank day" does.
		const added = await Promise.all(
			Array.from({ length: 6 }, () => outcome(saveItinerary(db, actor, created.id, appendDays(created.plan, [blankDay('havelock')]), created.revision))),
		)
		expect(added.filter((result) => result.ok)).toHaveLength(1)
		const after = await getItinerary(db, created.id)
		expect(after.plan.days).toHaveLength(count + 1)

		const moved = await Promise.all(
			Array.from({ length: 6 }, () => outcome(saveItinerary(db, actor, created.id, moveDay(after.plan, 0, 'down'), after.revision))),
		)
		expect(moved.filter((result) => result.ok)).toHaveLength(1)
		const final = await getItinerary(db, created.id)
		expect(final.plan.days.map((day) => day.key)).toEqual(moveDay(after.plan, 0, 'down').days.map((day) => day.key))
		expect(final.revision).toBe(created.revision + 2)
	})

	test('sending a quote and saving as a package check the revision and move it on: the same post twice sends one quote, saves one package', async () => {
		const { db } = get()
		const created = await createItinerary(db, actor, { plan: { ...plan, title: 'Send me once' }, leadId, origin: { kind: 'lead', id: leadId } })
		const sends = await Promise.all(
			[sendQuote(db, actor, created.id, { revision: created.revision }), sendQuote(db, actor, created.id, { revision: created.revision })].map(outcome),
		)
		expect(sends.filter((result) => result.ok)).toHaveLength(1)
		expect(sends.find((result) => !result.ok)).toEqual({ ok: false, code: 'aborted', message: staleItineraryMessage })
		expect(await db.selectFrom('quotes').select('id').where('itinerary_id', '=', created.id).execute()).toHaveLength(1)
		const sent = await getItinerary(db, created.id)
		expect(sent.revision).toBe(created.revision + 1)
		// A save from the page as it was before the quote went out is stale.
		expect(await outcome(saveItinerary(db, actor, created.id, { ...created.plan, title: 'Too late' }, created.revision))).toMatchObject({
			ok: false,
			code: 'aborted',
		})

		const withDays = await saveItinerary(db, actor, created.id, appendDays(sent.plan, [blankDay('port-blair'), blankDay('port-blair')]), sent.revision)
		const packages = await Promise.all([0, 1].map(() => outcome(saveItineraryAsPackage(db, actor, created.id, { revision: withDays.revision }))))
		expect(packages.filter((result) => result.ok)).toHaveLength(1)
		expect(await db.selectFrom('saved_packages').select('id').where('source_itinerary_id', '=', created.id).execute()).toHaveLength(1)
		expect((await getItinerary(db, created.id)).revision).toBe(withDays.revision + 1)
	})
})
