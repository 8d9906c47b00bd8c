import { confirmBooking, createBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { listComponents } from '~/features/bookings/server/components.server.ts'
import type { ComponentKind } from '~/features/bookings/domain/components.ts'
import type { SupplierForm } from '~/features/suppliers/domain/suppliers.ts'
import { answerSupplierRequest, assignComponentSuppliers, sendSupplierRequests } from '~/features/suppliers/server/supplier-requests.server.ts'
import { createSupplier } from '~/features/suppliers/server/suppliers.server.ts'
import { recordSupplierPayment } from '~/features/suppliers/server/payables.server.ts'
import { chaseSupplierRequests } from '~/features/suppliers/server/supplier-chasing.server.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { createItinerary, startingPlan } from '~/features/sales/server/itineraries.server.ts'
import { sendQuote } from '~/features/sales/server/quotes.server.ts'
import { systemActor } from '../db/audit.server.ts'
import type { DB } from '../db/client.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'

/** Marks the demo suppliers as loaded: a second run adds nothing. */
const demoKey = 'demo:suppliers'

const blank = {
	contactPerson: null,
	email: null,
	whatsapp: null,
	gstin: null,
	pan: null,
	bankAccountName: null,
	bankAccountNumber: null,
	bankIfsc: null,
	upiId: null,
	notes: null,
}

/** One supplier of each kind a package books, with the terms Andaman suppliers usually ask. */
const demoSuppliers: Record<ComponentKind, SupplierForm> = {
	hotel: {
		...blank,
		name: 'Sea Shell Hotels (demo)',
		kind: 'hotel',
		contactPerson: 'Reservations desk',
		email: 'reservations.demo@example.com',
		whatsapp: '+919933200001',
		gstin: '35AAFCS1234K1ZW',
		pan: 'AAFCS1234K',
		bankAccountName: 'Sea Shell Hotels Pvt Ltd',
		bankAccountNumber: '50200012345678',
		bankIfsc: 'HDFC0001234',
		upiId: 'seashell.demo@hdfcbank',
		terms: 'advance',
		advancePercent: 30,
		termsDays: 15,
	},
	ferry: {
		...blank,
		name: 'Makruzz Ferries (demo)',
		kind: 'ferry',
		email: 'agents.demo@example.com',
		whatsapp: '+919933200002',
		terms: 'before',
		advancePercent: 0,
		termsDays: 3,
	},
	transfer: {
		...blank,
		name: 'Island Cabs (demo)',
		kind: 'transport',
		contactPerson: 'Ravi',
		whatsapp: '+919933200003',
		upiId: 'islandcabs.demo@okaxis',
		terms: 'credit',
		advancePercent: 0,
		termsDays: 15,
	},
	activity: {
		...blank,
		name: 'Havelock Divers (demo)',
		kind: 'activity',
		email: 'bookings.divers.demo@example.com',
		whatsapp: '+919933200004',
		terms: 'before',
		advancePercent: 0,
		termsDays: 0,
	},
}

/** Demo costs to us per component kind, in paise. */
const demoCosts: Record<ComponentKind, number> = { hotel: 900_000, ferry: 320_000, transfer: 150_000, activity: 700_000 }

/**
 * Suppliers for the demo (local runs only): one of each kind with contacts, bank details and terms, the
 * rate rows they are booked through; a booking made from a quote whose requests every supplier answered
 * (confirmed) with the hotel's advance paid, and one
 * whose requests still wait, the hotel's chased after two days. All
 * named "(demo)", dated from today. Idempotent.
 */
export async function seedDemoSuppliers(db: DB, siteUrl: string): Promise<number> {
	if (await db.selectFrom('form_submissions').select('key').where('key', '=', `${demoKey}:hotel`).executeTakeFirst()) return 0
	const ids = {} as Record<ComponentKind, string>
	for (const [kind, form] of Object.entries(demoSuppliers) as Array<[ComponentKind, SupplierForm]>)
		ids[kind] = await createSupplier(db, systemActor, form, { submissionKey: `${demoKey}:${kind}` })
	const today = todayInIndia()
	// Components without a supplier (or a cost) from the rates get the demo one of their kind.
	const assignAll = async (bookingId: string) => {
		const components = await listComponents(db, bookingId)
		await assignComponentSuppliers(
			db,
			bookingId,
			components
				.filter((component) => component.supplierStatus !== 'confirmed')
				.map((component) => ({
					componentId: component.id,
					supplierId: component.supplierId ?? ids[component.kind],
					plannedCost: component.plannedCost ?? demoCosts[component.kind],
				})),
			systemActor,
		)
	}

	// The rate rows the demo suppliers are booked through (docs/decisions/213-rate-rows-linked-to-their-supplier.md): the dives,
	// snorkelling and sea walks on Havelock and Neil with the divers, every car with the cab company, Makruzz's fares with Makruzz.
	await db
		.updateTable('activity_prices')
		.set({ supplier_id: ids.activity })
		.where('activity', 'in', ['scuba-diving', 'snorkeling', 'sea-walking'])
		.where('location', 'in', ['havelock', 'neil'])
		.execute()
	await db.updateTable('transfer_rates').set({ supplier_id: ids.transfer }).execute()
	await db.updateTable('ferry_fares').set({ supplier_id: ids.ferry }).where('operator', '=', 'makruzz').execute()

	// Answered: a quote with a dive, booked and paid in full; its dive, cars and ferries took their suppliers and costs from the
	// rates, its hotels were given the demo hotel; every supplier confirmed through their link.
	const name = 'Meera Pillai (demo)'
	const lead = await createLead(
		db,
		{
			source: 'quote_form',
			name,
			phone: '+919812300010',
			email: 'meera.pillai.demo@example.com',
			nights: 4,
			adults: 2,
			childAges: [],
			tier: 'standard',
			islands: ['havelock'],
			travelStart: addDays(today, 55),
		},
		{ submissionKey: `${demoKey}:lead` },
	)
	const { plan } = await startingPlan(db, { kind: 'lead', id: lead.id }, today)
	const dive = plan.days.findIndex((day) => day.island === 'havelock')
	const days = plan.days.map((day, index) => (index === dive ? { ...day, priced: ['scuba-diving@havelock'] } : day))
	const itinerary = await createItinerary(db, systemActor, {
		plan: { ...plan, days, transfers: 'airport-and-jetty', ferryOperator: 'makruzz', ferryClass: '' },
		leadId: lead.id,
		origin: { kind: 'lead', id: lead.id },
	})
	const quote = await sendQuote(db, systemActor, itinerary.id, { today })
	const draft = await resolveBookingDraft(db, new URLSearchParams({ quote: quote.id }))
	if (draft.ok) {
		const settings = await getSettings(db)
		const { price } = draft.draft
		const { id } = await createBooking(
			db,
			{
				packageId: null,
				title: draft.draft.title,
				tier: draft.draft.tier,
				startDate: draft.draft.startDate,
				nights: draft.draft.nights,
				adults: 2,
				childAges: [],
				infants: 0,
				price,
				advanceDue: Math.ceil((price.total * settings.advancePercent) / 100 / 100) * 100,
				contactName: name,
				contactPhone: '+919812300010',
				contactEmail: null,
				specialRequests: 'Ground-floor room for an elderly parent (demo)',
				travellers: [
					{ name, age: 41, gender: 'female', nationality: 'Indian', idType: 'aadhaar', idNumber: '4821 7730 0010', passportExpiry: null },
					{ name: 'Suresh Pillai (demo)', age: 44, gender: 'male', nationality: 'Indian', idType: 'aadhaar', idNumber: '4821 7730 0011', passportExpiry: null },
				],
				quoteId: quote.id,
				leadId: lead.id,
				rooms: draft.draft.rooms ?? 1,
			},
			{ submissionKey: `${demoKey}:answered` },
		)
		await recordPayment(db, id, { amount: price.total, method: 'upi', reference: 'DEMO-UPI-SUPPLIERS', paidOn: today, verified: true }, systemActor)
		await confirmBooking(db, id, settings.advancePercent, { ...systemActor, isOwner: true }, null)
		await assignAll(id)
		await sendSupplierRequests(db, id, systemActor, { siteUrl, today })
		const requests = await db
			.selectFrom('supplier_requests')
			.innerJoin('suppliers', 'suppliers.id', 'supplier_requests.supplier_id')
			.select(['supplier_requests.token', 'suppliers.name'])
			.where('booking_id', '=', id)
			.orderBy('suppliers.name')
			.execute()
		for (const [index, request] of requests.entries())
			await answerSupplierRequest(db, request.token, { kind: 'confirm', confirmationNumber: `DEMO-SUP-${200 + index}` }, today)
		// The hotel's advance paid (docs/decisions/197-supplier-payables.md): on its statement and off the due list.
		const hotels = (await listComponents(db, id)).filter((component) => component.supplierId === ids.hotel)
		const advance =
			Math.round((hotels.reduce((sum, component) => sum + (component.plannedCost ?? 0), 0) * demoSuppliers.hotel.advancePercent) / 100 / 100) * 100
		if (advance > 0)
			await recordSupplierPayment(
				db,
				{ ...systemActor, isOwner: true },
				ids.hotel,
				{ bookingId: id, amount: advance, method: 'bank', reference: 'DEMO-NEFT-SEASHELL', paidOn: today, note: 'Advance (demo)', confirmOver: false },
				{ today, submissionKey: null },
			)
	}

	// Waiting: the demo desk's booking that arrives in a week, its remaining components sent to their suppliers.
	const soon = await db
		.selectFrom('bookings')
		.select('id')
		.where('submission_key', '=', 'demo:desk:overdue')
		.where('status', '=', 'confirmed')
		.executeTakeFirst()
	if (soon) {
		await assignAll(soon.id)
		await sendSupplierRequests(db, soon.id, systemActor, { siteUrl, today })
		// The hotel's request went out two days ago and was never answered: chased once, and on the dashboard (ADR 198).
		const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000).toISOString()
		await db
			.updateTable('supplier_requests')
			.set({ sent_at: twoDaysAgo })
			.where('booking_id', '=', soon.id)
			.where('supplier_id', '=', ids.hotel)
			.where('status', '=', 'waiting')
			.execute()
		await chaseSupplierRequests(db, { siteUrl })
	}
	return Object.keys(ids).length
}
