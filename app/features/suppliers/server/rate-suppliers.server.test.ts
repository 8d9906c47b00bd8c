import { beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { confirmBooking, createBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { resolveBookingDraft } from '~/features/bookings/server/book-now.server.ts'
import { listComponents } from '~/features/bookings/server/components.server.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { rupeesInput } from '~/features/rates/components/rate-form.tsx'
import { saveActivityPrice, saveFerryFare, saveTransferRate } from '~/features/rates/server/admin.server.ts'
import { invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import { createItinerary, startingPlan } from '~/features/sales/server/itineraries.server.ts'
import { sendQuote } from '~/features/sales/server/quotes.server.ts'
import type { SupplierForm, SupplierKind } from '~/features/suppliers/domain/suppliers.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { isAppError } from '~/lib/errors.ts'
import type { DB } from '~/server/db/client.server.ts'
import type { ActivityPriceRow, FerryFareRow, TransferRateRow } from '~/server/db/schema.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { assignComponentSuppliers, sendSupplierRequests } from './supplier-requests.server.ts'
import { payablesOfBooking } from './payables.server.ts'
import { createSupplier, rateSupplierOptions, setSupplierArchived } from './suppliers.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }

function supplierForm(name: string, kind: SupplierKind): SupplierForm {
	return {
		name,
		kind,
		contactPerson: null,
		email: `${kind}.rates@example.com`,
		whatsapp: null,
		gstin: null,
		pan: null,
		bankAccountName: null,
		bankAccountNumber: null,
		bankIfsc: null,
		upiId: null,
		terms: 'before',
		advancePercent: 0,
		termsDays: 3,
		notes: null,
	}
}

/** A rate row as its screen posts it back, with the supplier chosen. */
const activityForm = (row: ActivityPriceRow, supplierId: string) => ({
	activity: row.activity,
	location: row.location,
	season: row.season,
	unit: row.unit,
	groupSize: row.group_size === null ? '' : String(row.group_size),
	adultSell: rupeesInput(row.adult_sell),
	adultCost: rupeesInput(row.adult_cost),
	childSell: rupeesInput(row.child_sell),
	childCost: rupeesInput(row.child_cost),
	duration: row.duration ?? '',
	notes: row.notes ?? '',
	provider: row.provider ?? '',
	active: row.active ? 'on' : undefined,
	supplierId,
})
const ferryForm = (row: FerryFareRow, supplierId: string) => ({
	operator: row.operator,
	from: row.from_island,
	to: row.to_island,
	class: row.class,
	adultSell: rupeesInput(row.adult_sell),
	adultCost: rupeesInput(row.adult_cost),
	childSell: rupeesInput(row.child_sell),
	childCost: rupeesInput(row.child_cost),
	infantSell: rupeesInput(row.infant_sell),
	infantCost: rupeesInput(row.infant_cost),
	departures: (JSON.parse(row.departures_json) as string[]).join(', '),
	active: row.active ? 'on' : undefined,
	supplierId,
})
const transferForm = (row: TransferRateRow, supplierId: string) => ({
	island: row.island,
	vehicle: row.vehicle,
	unit: row.unit,
	sell: rupeesInput(row.sell),
	cost: rupeesInput(row.cost),
	notes: row.notes ?? '',
	active: row.active ? 'on' : undefined,
	supplierId,
})

async function refusal(promise: Promise<unknown>) {
	try {
		await promise
	} catch (error) {
		if (isAppError(error)) return { code: error.code, message: error.message }
		throw error
	}
	throw new Error('expected a refusal')
}

/** A quote for two adults, three nights in Port Blair and Havelock by Makruzz with airport and jetty cars and a dive, booked and confirmed: its components planned. */
async function bookQuote(db: DB, key: string) {
	const lead = await createLead(db, {
		source: 'quote_form',
		name: `Rates ${key}`,
		phone: '+919800011133',
		email: `${key}@example.com`,
		nights: 3,
		adults: 2,
		childAges: [],
		tier: 'standard',
		islands: ['havelock'],
		travelStart: addDays(todayInIndia(), 45),
	})
	const { plan } = await startingPlan(db, { kind: 'lead', id: lead.id })
	const havelock = plan.days.findIndex((day) => day.island === 'havelock')
	const days = plan.days.map((day, index) => (index === havelock ? { ...day, priced: ['scuba-diving@havelock'] } : day))
	const itinerary = await createItinerary(db, staff, {
		plan: { ...plan, days, transfers: 'airport-and-jetty', ferryOperator: 'makruzz', ferryClass: '' },
		leadId: lead.id,
		origin: { kind: 'lead', id: lead.id },
	})
	const quote = await sendQuote(db, staff, itinerary.id)
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
			contactName: `Rates ${key}`,
			contactPhone: '+919800011133',
			contactEmail: null,
			specialRequests: null,
			travellers: [],
			quoteId: quote.id,
			leadId: lead.id,
			rooms: draft.rooms ?? 1,
		},
		{ submissionKey: `rate-suppliers-${key}` },
	)
	await recordPayment(db, id, { amount: draft.price.total, method: 'upi', reference: `UPI-${key}`, paidOn: todayInIndia(), verified: true }, staff)
	await confirmBooking(db, id, 30, staff, null)
	return { id, itineraryId: itinerary.id }
}

describeEachDatabase('rate rows linked to their supplier', (get) => {
	const ids = {} as { divers: string; cabs: string; ferries: string; hotel: string }

	beforeAll(async () => {
		const { db } = get()
		invalidateRateBook()
		await seedDemoData(db)
		invalidateRateBook()
		ids.divers = await createSupplier(db, staff, supplierForm('Reef Divers (rates test)', 'activity'))
		ids.cabs = await createSupplier(db, staff, supplierForm('Harbour Cabs (rates test)', 'transport'))
		ids.ferries = await createSupplier(db, staff, supplierForm('Makruzz desk (rates test)', 'ferry'))
		ids.hotel = await createSupplier(db, staff, supplierForm('A hotel (rates test)', 'hotel'))
	})

	test('staff name a supplier of the row’s kind, audited like any rate edit; an unknown, other-kind or archived supplier is refused with a message and saves nothing', async () => {
		const { db } = get()
		const row = await db
			.selectFrom('activity_prices')
			.selectAll()
			.where('activity', '=', 'scuba-diving')
			.where('location', '=', 'havelock')
			.orderBy('id')
			.executeTakeFirstOrThrow()
		expect((await rateSupplierOptions(db, 'activity')).map((supplier) => supplier.id)).toContain(ids.divers)
		expect((await rateSupplierOptions(db, 'activity')).map((supplier) => supplier.id)).not.toContain(ids.cabs)

		expect(await refusal(saveActivityPrice(db, staff, row.id, activityForm(row, 'no-such-supplier-id0')))).toEqual({
			code: 'invalid-argument',
			message: 'That supplier does not exist: choose one from the list.',
		})
		expect(await refusal(saveActivityPrice(db, staff, row.id, activityForm(row, ids.cabs)))).toEqual({
			code: 'invalid-argument',
			message: 'Harbour Cabs (rates test) is not a supplier of this kind: choose one listed as “Activity operator”.',
		})
		const fare = await db.selectFrom('ferry_fares').selectAll().where('operator', '=', 'makruzz').orderBy('id').executeTakeFirstOrThrow()
		expect((await refusal(saveFerryFare(db, staff, fare.id, ferryForm(fare, ids.hotel)))).code).toBe('invalid-argument')
		const car = await db.selectFrom('transfer_rates').selectAll().orderBy('id').executeTakeFirstOrThrow()
		expect((await refusal(saveTransferRate(db, staff, car.id, transferForm(car, ids.divers)))).code).toBe('invalid-argument')
		const archived = await createSupplier(db, staff, supplierForm('Gone Divers (rates test)', 'activity'))
		await setSupplierArchived(db, staff, archived, true)
		expect(await refusal(saveActivityPrice(db, staff, row.id, activityForm(row, archived)))).toEqual({
			code: 'invalid-argument',
			message: 'Gone Divers (rates test) is archived: choose an active supplier, or none.',
		})
		expect((await db.selectFrom('activity_prices').select('supplier_id').where('id', '=', row.id).executeTakeFirstOrThrow()).supplier_id).toBe(row.supplier_id)

		expect(await saveActivityPrice(db, staff, row.id, activityForm(row, ids.divers))).toBe(row.id)
		const trail = await db
			.selectFrom('audit_log')
			.select(['action', 'before_json', 'after_json'])
			.where('entity', '=', 'activity_price')
			.where('entity_id', '=', String(row.id))
			.orderBy('id')
			.execute()
		expect(JSON.parse(trail.at(-1)!.after_json!)).toMatchObject({ supplier_id: ids.divers })
		// A form without the field keeps the supplier; an empty choice clears it.
		const { supplierId: _, ...older } = activityForm(row, '')
		await saveActivityPrice(db, staff, row.id, older)
		expect((await db.selectFrom('activity_prices').select('supplier_id').where('id', '=', row.id).executeTakeFirstOrThrow()).supplier_id).toBe(ids.divers)
		await saveActivityPrice(db, staff, row.id, activityForm(row, ''))
		expect((await db.selectFrom('activity_prices').select('supplier_id').where('id', '=', row.id).executeTakeFirstOrThrow()).supplier_id).toBeNull()
	})

	test('a booking made from linked rates: its activity, car and ferry components carry their rate’s supplier and cost, the requests go one per supplier, and the payables owe the planned cost; staff can still move a component', async () => {
		const { db } = get()
		for (const row of await db.selectFrom('activity_prices').selectAll().where('activity', '=', 'scuba-diving').where('location', '=', 'havelock').execute())
			await saveActivityPrice(db, staff, row.id, activityForm(row, ids.divers))
		for (const row of await db.selectFrom('transfer_rates').selectAll().execute()) await saveTransferRate(db, staff, row.id, transferForm(row, ids.cabs))
		for (const row of await db.selectFrom('ferry_fares').selectAll().where('operator', '=', 'makruzz').execute())
			await saveFerryFare(db, staff, row.id, ferryForm(row, ids.ferries))

		const { id, itineraryId } = await bookQuote(db, 'linked')
		const components = await listComponents(db, id)
		const priced = JSON.parse(
			(await db.selectFrom('itineraries').select('price_json').where('id', '=', itineraryId).executeTakeFirstOrThrow()).price_json!,
		) as { lines: Array<{ kind: string; description: string; cost: number }> }
		const costOf = (description: string) => priced.lines.find((line) => line.description === description)!.cost
		const ofKind = (kind: string) => components.filter((component) => component.kind === kind)
		expect(ofKind('activity')).toHaveLength(1)
		expect(ofKind('ferry').length).toBeGreaterThanOrEqual(2)
		expect(ofKind('transfer').length).toBeGreaterThanOrEqual(2)
		for (const [kind, supplierId, name] of [
			['activity', ids.divers, 'Reef Divers (rates test)'],
			['ferry', ids.ferries, 'Makruzz desk (rates test)'],
			['transfer', ids.cabs, 'Harbour Cabs (rates test)'],
		] as const) {
			for (const component of ofKind(kind))
				expect([component.description, component.supplierId, component.supplier, component.plannedCost]).toEqual([
					component.description,
					supplierId,
					name,
					costOf(component.description),
				])
		}
		// Hotels are not linked here: no supplier, but their planned cost comes from the rates all the same.
		for (const component of ofKind('hotel')) expect([component.supplierId, component.plannedCost]).toEqual([null, costOf(component.description)])

		const sent = await sendSupplierRequests(db, id, staff, { siteUrl: 'https://example.test', today: todayInIndia() })
		expect(sent.map((request) => [request.supplierName, request.components]).sort()).toEqual(
			[
				['Harbour Cabs (rates test)', ofKind('transfer').length],
				['Makruzz desk (rates test)', ofKind('ferry').length],
				['Reef Divers (rates test)', 1],
			].sort(),
		)
		const { payables } = await payablesOfBooking(db, id, todayInIndia())
		const owed = Object.fromEntries(payables.map((payable) => [payable.supplierName, payable.owed]))
		expect(owed).toEqual({
			'Harbour Cabs (rates test)': ofKind('transfer').reduce((sum, component) => sum + component.plannedCost!, 0),
			'Makruzz desk (rates test)': ofKind('ferry').reduce((sum, component) => sum + component.plannedCost!, 0),
			'Reef Divers (rates test)': ofKind('activity')[0]!.plannedCost,
		})

		// Staff move the dive to another operator: its waiting request is withdrawn, the cost stays the rate's.
		const other = await createSupplier(db, staff, supplierForm('Other Divers (rates test)', 'activity'))
		const dive = ofKind('activity')[0]!
		expect(await assignComponentSuppliers(db, id, [{ componentId: dive.id, supplierId: other, plannedCost: dive.plannedCost }], staff)).toBe(1)
		expect((await listComponents(db, id)).find((component) => component.id === dive.id)).toMatchObject({
			supplierId: other,
			supplier: 'Other Divers (rates test)',
			plannedCost: dive.plannedCost,
		})
	})

	test('rows linked to nobody (or to an archived supplier): the booking plans as before, its components without supplier, and sending asks for suppliers first', async () => {
		const { db } = get()
		await setSupplierArchived(db, staff, ids.cabs, true)
		for (const row of await db.selectFrom('activity_prices').selectAll().where('supplier_id', 'is not', null).execute())
			await saveActivityPrice(db, staff, row.id, activityForm(row, ''))
		for (const row of await db.selectFrom('ferry_fares').selectAll().where('supplier_id', 'is not', null).execute())
			await saveFerryFare(db, staff, row.id, ferryForm(row, ''))
		await db.updateTable('hotels').set({ supplier_id: null }).execute()
		const { id } = await bookQuote(db, 'unlinked')
		const components = await listComponents(db, id)
		expect(components.length).toBeGreaterThan(3)
		expect(components.every((component) => component.supplierId === null && component.plannedCost !== null)).toBe(true)
		expect(await refusal(sendSupplierRequests(db, id, staff, { siteUrl: 'https://example.test', today: todayInIndia() }))).toMatchObject({
			code: 'failed-precondition',
		})
		expect((await payablesOfBooking(db, id, todayInIndia())).payables).toEqual([])
	})
})
