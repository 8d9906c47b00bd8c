import { mediaStore } from '~/features/media/server/store.server.ts'
import { reviewFormSchema } from '~/features/reviews/domain/reviews.ts'
import { moderateReview, submitReview } from '~/features/reviews/server/reviews.server.ts'
import { cancelBooking, completeBooking, confirmBooking, createBooking, type NewBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { confirmComponents, listComponents } from '~/features/bookings/server/components.server.ts'
import { gstinCheckCharacter } from '~/features/invoices/domain/gstin.ts'
import { issueInvoice } from '~/features/invoices/server/invoices.server.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { appendDays, dayFromTemplate } from '~/features/sales/domain/itinerary.ts'
import { listDayTemplates } from '~/features/sales/server/day-templates.server.ts'
import { createItinerary, startingPlan } from '~/features/sales/server/itineraries.server.ts'
import { sendQuote } from '~/features/sales/server/quotes.server.ts'
import { addDays, indiaMonthOf, todayInIndia } from '~/lib/dates.ts'
import { systemActor } from '../db/audit.server.ts'
import type { DB } from '../db/client.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'

/** Marks the demo desk as loaded (the sent quote's lead): a second run adds nothing. */
const demoKey = 'demo:desk'

/** The demo business's GST registration (Andaman and Nicobar, state 35): a made-up PAN with the right check character. */
const demoGstin = (() => {
	const first14 = '35AAACD1234F1Z'
	return `${first14}${gstinCheckCharacter(first14)}`
})()

/**
 * The rest of the chain for the demo (local runs only): the business's GST details, a lead with a
 * sent quote to open as the traveller, leads with follow-ups due, and a booking in each state (awaiting
 * payment with a UPI reference to verify, confirmed with suppliers to confirm and its balance overdue,
 * confirmed with a cancellation request, completed with its tax invoice, cancelled with its invoice and
 * credit note). Every name says "(demo)"; every date is counted from today. Idempotent.
 */
export async function seedDemoDesk(db: DB, siteUrl: string): Promise<number> {
	if (await db.selectFrom('leads').select('id').where('submission_key', '=', demoKey).executeTakeFirst()) return 0
	const today = todayInIndia()
	const settings = await getSettings(db)
	if (!settings.invoicing.gstin) {
		const invoicing = {
			...settings.invoicing,
			legalName: 'Andaman Isles Travel (demo)',
			address: 'Aberdeen Bazaar, Sri Vijaya Puram (Port Blair), South Andaman 744101',
			gstin: demoGstin,
			stateCode: '35',
		}
		await db
			.updateTable('settings')
			.set({ value_json: JSON.stringify(invoicing), updated_at: new Date().toISOString() })
			.where('key', '=', 'invoicing')
			.execute()
	}

	// A lead with a sent quote (the traveller's view of it is /quote/{id}), due a follow-up today.
	const lead = await createLead(
		db,
		{
			source: 'quote_form',
			name: 'Priya Nair (demo)',
			phone: '+919812300001',
			email: 'priya.nair.demo@example.com',
			adults: 2,
			nights: 4,
			islands: ['havelock'],
			tier: 'deluxe',
			travelStart: addDays(today, 45),
		},
		{ submissionKey: demoKey },
	)
	const templates = await listDayTemplates(db, { island: null, tag: null, q: '', archived: false })
	const portBlair = templates.filter((template) => template.island === 'port-blair')
	const havelock = templates.find((template) => template.island === 'havelock')
	if (portBlair.length >= 2 && havelock) {
		const { plan } = await startingPlan(db, { kind: 'lead', id: lead.id })
		const days = appendDays({ ...plan, days: [] }, [
			dayFromTemplate(portBlair[0]!),
			dayFromTemplate(havelock),
			dayFromTemplate(havelock),
			dayFromTemplate(portBlair[1]!),
		])
		const itinerary = await createItinerary(db, systemActor, {
			plan: { ...days, title: 'Havelock honeymoon (demo)' },
			leadId: lead.id,
			origin: { kind: 'lead', id: lead.id },
		})
		if (itinerary.price?.ok) await sendQuote(db, systemActor, itinerary.id)
	}
	await db.updateTable('leads').set({ next_follow_up: today }).where('id', '=', lead.id).execute()
	const called = await createLead(db, {
		source: 'phone',
		name: 'Rahul Verma (demo)',
		phone: '+919812300002',
		email: null,
		adults: 4,
		message: 'Family of four, wants Neil and Havelock in March. Call back with prices (demo).',
	})
	await db
		.updateTable('leads')
		.set({ status: 'contacted', next_follow_up: addDays(today, -1) })
		.where('id', '=', called.id)
		.execute()

	const pkg = await db
		.selectFrom('packages')
		.select(['id', 'title', 'total_nights', 'price_standard'])
		.where('slug', '=', 'andaman-family-holiday-6-nights')
		.executeTakeFirst()
	if (!pkg?.price_standard) return 1
	const total = pkg.price_standard * 2
	const advance = Math.ceil((total * settings.advancePercent) / 100 / 100) * 100
	const booking = (name: string, phone: string, startDate: string, nights = pkg.total_nights): NewBooking => ({
		packageId: pkg.id,
		title: pkg.title,
		tier: 'standard',
		startDate,
		nights,
		adults: 2,
		childAges: [],
		infants: 0,
		price: {
			lines: [{ label: 'Adults and children 12+ at Standard price', quantity: 2, unit: pkg.price_standard!, amount: total }],
			total,
			perPerson: pkg.price_standard!,
			payingTravellers: 2,
		},
		advanceDue: advance,
		contactName: name,
		contactPhone: phone,
		contactEmail: null,
		specialRequests: null,
		travellers: [
			{ name, age: 36, gender: 'female', nationality: 'Indian', idType: 'aadhaar', idNumber: '4821 7730 0000', passportExpiry: null },
			{
				name: `${name.split(' ')[0]}’s partner (demo)`,
				age: 38,
				gender: 'male',
				nationality: 'Indian',
				idType: 'aadhaar',
				idNumber: '4821 7730 0001',
				passportExpiry: null,
			},
		],
	})
	/** Books, records the verified advance (or `paid`) and confirms; `daysAgo` backdates the booking. */
	const confirmed = async (key: string, form: NewBooking, { daysAgo = 0, paid = advance }: { daysAgo?: number; paid?: number } = {}) => {
		const { id } = await createBooking(db, form, { submissionKey: `${demoKey}:${key}` })
		if (daysAgo) {
			const made = new Date(Date.now() - daysAgo * 86_400_000).toISOString()
			await db
				.updateTable('bookings')
				.set({ created_at: made, created_month: indiaMonthOf(made) })
				.where('id', '=', id)
				.execute()
		}
		await recordPayment(
			db,
			id,
			{ amount: paid, method: 'upi', reference: `DEMO-UPI-${key.toUpperCase()}`, paidOn: addDays(today, -daysAgo), verified: true },
			systemActor,
		)
		await confirmBooking(db, id, settings.advancePercent, { ...systemActor, isOwner: true }, null)
		return id
	}
	/** Confirms the booking's components (the first `share` of them) with demo numbers, in one transaction. */
	const confirmSuppliers = async (bookingId: string, share = 1) => {
		const components = await listComponents(db, bookingId)
		const some = components.slice(0, Math.ceil(components.length * share))
		if (some.length)
			await confirmComponents(
				db,
				bookingId,
				some.map((component, index) => ({ componentId: component.id, confirmationNumber: `DEMO-CNF-${100 + index}` })),
				systemActor,
			)
	}
	const buyer = (name: string) => ({ buyerName: name, buyerGstin: '', buyerAddress: '', buyerStateCode: '35' })

	// Awaiting payment: the traveller typed a UPI reference for the advance; staff verify or reject it.
	const waiting = await createBooking(db, booking('Sneha Kapoor (demo)', '+919812300003', addDays(today, 40)), { submissionKey: `${demoKey}:awaiting` })
	await recordPayment(
		db,
		waiting.id,
		{ amount: advance, method: 'upi', reference: '412300009876', paidOn: today, verified: false, source: 'traveller' },
		{ id: null, label: 'traveller (trip page)' },
	)

	// Confirmed three weeks ago, arriving in a week: half its suppliers still to confirm, and the balance is overdue.
	const soon = await confirmed('overdue', booking('Arjun Mehta (demo)', '+919812300004', addDays(today, 7)), { daysAgo: 21 })
	await confirmSuppliers(soon, 0.5)

	// Confirmed, every supplier confirmed, and the traveller has asked to cancel on the trip page.
	const asked = await confirmed('cancel-request', booking('Kavita Iyer (demo)', '+919812300005', addDays(today, 50)), { daysAgo: 5 })
	await confirmSuppliers(asked)
	await db
		.insertInto('cancellation_requests')
		.values({
			booking_id: asked,
			reason: 'A family wedding moved to the same week (demo)',
			quoted_fee: Math.round(total * 0.1),
			quoted_refund: Math.max(0, advance - Math.round(total * 0.1)),
			created_at: new Date(Date.now() - 3_600_000).toISOString(),
		})
		.execute()

	// Completed: the trip ended last week, paid in full, with its tax invoice.
	const done = await confirmed('completed', booking('Vikram Singh (demo)', '+919812300006', addDays(today, -12), pkg.total_nights), {
		daysAgo: 40,
		paid: total,
	})
	await confirmSuppliers(done)
	await issueInvoice(db, done, buyer('Vikram Singh (demo)'), systemActor, { siteUrl })
	await completeBooking(db, done, today, systemActor)
	// Its traveller wrote through the review link, and staff published it: the demo's one verified review.
	const invitation = await db.selectFrom('review_invitations').select('token').where('booking_id', '=', done).executeTakeFirstOrThrow()
	const review = reviewFormSchema.parse({
		rating: '4',
		title: 'Well run from the airport to the last ferry (demo)',
		body: 'Every pickup was on time and the Havelock driver waited when our ferry came in late. The Neil hotel was simpler than the photos, but clean and close to Bharatpur beach. We would book the same way again. (A demo review: the demo data writes it through the review link.)',
		name: 'Vikram (demo)',
		city: 'Jaipur',
	})
	const { reviewId } = await submitReview(db, mediaStore(), invitation.token, review, [])
	await moderateReview(db, systemActor, { reviewId, decision: 'publish' })

	// Cancelled after its invoice: the cancellation issued the credit note.
	const cancelled = await confirmed('cancelled', booking('Neha Joshi (demo)', '+919812300007', addDays(today, 35)), { daysAgo: 10 })
	await issueInvoice(db, cancelled, buyer('Neha Joshi (demo)'), systemActor, { siteUrl })
	await cancelBooking(db, cancelled, 'Flights cancelled by the airline (demo)', today, settings.cancellationTiers, systemActor)
	return 1
}
