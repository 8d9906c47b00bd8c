import type { Kysely } from 'kysely'
import {
	type ComponentForm,
	type ComponentKind,
	type PlanDay,
	plannedComponents,
	type SupplierStatus,
	supplierStatusProblem,
} from '~/features/bookings/domain/components.ts'
import type { BookingPrice } from '~/features/bookings/domain/book-now.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { BookingComponentRow, Database } from '~/server/db/schema.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { camelColumns, snakeColumns } from '~/server/db/rows.ts'
import { refreshBookingReportColumns } from '~/features/reports/server/report-columns.server.ts'
import { componentChanges } from '~/features/suppliers/domain/supplier-requests.ts'
import { plannedCosts, supplierFromHotel, supplierFromRates } from '~/features/suppliers/domain/suppliers.ts'
import { linkedHotels, linkedRates } from '~/features/suppliers/server/suppliers.server.ts'
import { sendAmendment } from '~/features/suppliers/server/supplier-requests.server.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { env } from '~/server/env.server.ts'

type DB = Kysely<Database>

export type BookingComponent = ReturnType<typeof toComponent>
export function toComponent(row: BookingComponentRow) {
	return {
		...camelColumns(row, [
			'id',
			'position',
			'description',
			'island',
			'start_date',
			'end_date',
			'time',
			'supplier',
			'confirmation_number',
			'notes',
			'supplier_id',
			'planned_cost',
			'invoice_amount',
			'updated_at',
		]),
		kind: row.kind as ComponentKind,
		supplierStatus: row.supplier_status as SupplierStatus,
	}
}

/**
 * The price of the itinerary a quote was made from, as the engine gave it to staff (its lines with
 * their costs), or null when it was not priced. Never shown to travellers: quotes freeze sell prices only.
 */
export async function quotedPrice(trx: Executor, quoteId: string): Promise<{ totalCost: number; lines: Array<{ description: string; cost: number }> } | null> {
	const row = await trx
		.selectFrom('quotes')
		.innerJoin('itineraries', 'itineraries.id', 'quotes.itinerary_id')
		.select('itineraries.price_json')
		.where('quotes.id', '=', quoteId)
		.executeTakeFirst()
	const price = row?.price_json
		? (JSON.parse(row.price_json) as { ok?: boolean; totalCost?: number; lines?: Array<{ description: string; cost: number }> })
		: null
	return price?.ok && typeof price.totalCost === 'number' ? { totalCost: price.totalCost, lines: price.lines ?? [] } : null
}

export async function listComponents(db: Executor, bookingId: string) {
	const rows = await db.selectFrom('booking_components').selectAll().where('booking_id', '=', bookingId).orderBy('position').execute()
	return rows.map(toComponent)
}

/**
 * Creates the booking's components from its package's stays or its priced
 * line items (pure `plannedComponents`). Called in the confirmation's
 * transaction; does nothing when the booking already has components.
 */
export async function createPlannedComponents(
	trx: Executor,
	booking: { id: string; package_id: string | null; quote_id?: string | null; start_date: string; nights: number; price_json: string },
	actor: Actor,
) {
	const existing = await trx.selectFrom('booking_components').select('id').where('booking_id', '=', booking.id).limit(1).executeTakeFirst()
	if (existing) return 0
	let stays: Array<{ island: string; nights: number }> | null = null
	if (booking.package_id) {
		const pkg = await trx.selectFrom('packages').select('stays_json').where('id', '=', booking.package_id).executeTakeFirst()
		if (pkg) stays = JSON.parse(pkg.stays_json) as Array<{ island: string; nights: number }>
	}
	const price = JSON.parse(booking.price_json) as BookingPrice
	// A booked quote's days date its hotels, ferries, activities and transfers.
	const quote = booking.quote_id ? await trx.selectFrom('quotes').select('snapshot_json').where('id', '=', booking.quote_id).executeTakeFirst() : undefined
	const days = quote ? ((JSON.parse(quote.snapshot_json) as { days?: PlanDay[] }).days ?? []) : []
	const planned = plannedComponents({ startDate: booking.start_date, nights: booking.nights, stays, lines: price.lines, days })
	if (!planned.length) return 0
	const now = new Date().toISOString()
	// A hotel, or a rate row, linked to its supplier gives its components that supplier (docs/decisions/199-hotels-linked-to-their-supplier.md, 213).
	const [hotels, rates] = await Promise.all([linkedHotels(trx), linkedRates(trx)])
	// What each costs us, as the engine priced it from the rates when the quote was made (ADR 213).
	const costs = plannedCosts(planned, booking.quote_id ? ((await quotedPrice(trx, booking.quote_id))?.lines ?? []) : [])
	await trx
		.insertInto('booking_components')
		.values(
			planned.map((component, index) => {
				const supplier = supplierFromHotel(component, hotels) ?? supplierFromRates(component, rates)
				return {
					id: newId(),
					booking_id: booking.id,
					position: index + 1,
					kind: component.kind,
					description: component.description,
					island: component.island,
					start_date: component.startDate,
					end_date: component.endDate,
					time: null,
					supplier_id: supplier?.supplierId ?? null,
					supplier: supplier?.supplierName ?? null,
					planned_cost: costs[index] ?? null,
					supplier_status: 'pending',
					confirmation_number: null,
					notes: null,
					created_at: now,
					updated_at: now,
				}
			}),
		)
		.execute()
	// The booking's islands, for the reports' island filter (docs/decisions/135-reports-page-in-one-scan.md).
	await refreshBookingReportColumns(trx, booking.id)
	await recordAudit(trx, { actor, action: 'plan-components', entity: 'booking', entityId: booking.id, after: planned })
	return planned.length
}

function columns(form: ComponentForm) {
	return snakeColumns(form, ['kind', 'description', 'startDate', 'endDate', 'time', 'supplier', 'supplierStatus', 'confirmationNumber', 'notes'])
}

async function openBooking(trx: Executor, bookingId: string) {
	const booking = await trx.selectFrom('bookings').select(['id', 'status']).where('id', '=', bookingId).executeTakeFirst()
	if (!booking) throw new AppError('not-found', 'No such booking.')
	if (booking.status === 'cancelled' || booking.status === 'completed')
		throw new AppError('failed-precondition', `This booking is ${booking.status}: its components can no longer change.`)
	return booking
}

/** Staff add a component by hand (a new supplier status must start at pending or requested). */
export async function addComponent(db: DB, bookingId: string, form: ComponentForm, actor: Actor) {
	return db.transaction().execute(async (trx) => {
		await openBooking(trx, bookingId)
		const problem = supplierStatusProblem('pending', form.supplierStatus, form.confirmationNumber)
		if (problem)
			throw new AppError('failed-precondition', `${problem} A new component starts as “not requested yet”, “requested”, or “confirmed” with its number.`)
		const last = await trx
			.selectFrom('booking_components')
			.select((eb) => eb.fn.max('position').as('max'))
			.where('booking_id', '=', bookingId)
			.executeTakeFirst()
		const id = newId()
		const now = new Date().toISOString()
		// No supplier typed: a hotel or a rate row linked to its supplier gives it that supplier (ADRs 199, 213).
		const linked = form.supplier ? null : (supplierFromHotel(form, await linkedHotels(trx)) ?? supplierFromRates(form, await linkedRates(trx)))
		await trx
			.insertInto('booking_components')
			.values({
				id,
				booking_id: bookingId,
				position: Number(last?.max ?? 0) + 1,
				island: null,
				created_at: now,
				updated_at: now,
				...columns(form),
				...(linked ? { supplier_id: linked.supplierId, supplier: linked.supplierName } : {}),
			})
			.execute()
		await recordAudit(trx, { actor, action: 'add-component', entity: 'booking', entityId: bookingId, after: { id, ...form } })
		return { id }
	})
}

/** Staff edit a component; the supplier status follows its state machine. */
export async function updateComponent(
	db: DB,
	bookingId: string,
	componentId: string,
	form: ComponentForm,
	actor: Actor,
	options: { siteUrl?: string; today?: string } = {},
) {
	return db.transaction().execute(async (trx) => {
		// The booking's lock first (as sending supplier requests takes it), then its component.
		await rowById(trx, 'bookings', bookingId, 'No such booking.', { forUpdate: true })
		await openBooking(trx, bookingId)
		const row = await trx.selectFrom('booking_components').selectAll().where('id', '=', componentId).where('booking_id', '=', bookingId).executeTakeFirst()
		if (!row) throw new AppError('not-found', 'No such component on this booking.')
		const problem = supplierStatusProblem(row.supplier_status as SupplierStatus, form.supplierStatus, form.confirmationNumber)
		if (problem) throw new AppError('failed-precondition', problem)
		const result = await trx
			.updateTable('booking_components')
			.set({ ...columns(form), updated_at: new Date().toISOString() })
			.where('id', '=', componentId)
			.where('updated_at', '=', row.updated_at)
			.executeTakeFirst()
		if (Number(result.numUpdatedRows) !== 1) throw new AppError('aborted', 'Someone else changed this component while you were editing. Reload and try again.')
		await recordAudit(trx, {
			actor,
			action: 'update-component',
			entity: 'booking',
			entityId: bookingId,
			before: toComponent(row),
			after: { id: componentId, ...form },
		})
		// Changed after its supplier (a supplier record) confirmed it: it needs confirming again, and they get an amendment (ADR 198).
		if (row.supplier_status !== 'confirmed' || !row.supplier_id) return { amendment: null }
		const changes = componentChanges(
			componentId,
			{ description: row.description, startDate: row.start_date, endDate: row.end_date, time: row.time, notes: row.notes },
			form,
		)
		if (!changes.length) return { amendment: null }
		const booking = await rowById(trx, 'bookings', bookingId, 'No such booking.')
		return {
			amendment: await sendAmendment(trx, booking, row, changes, actor, { siteUrl: options.siteUrl ?? env().SITE_URL, today: options.today ?? todayInIndia() }),
		}
	})
}

/**
 * Confirms several components at once, each with its supplier's number (straight from any status:
 * the number is known). One transaction: a component confirmed meanwhile, or changed since it was
 * read, saves nothing at all and the page is to be reloaded.
 */
export async function confirmComponents(
	db: DB,
	bookingId: string,
	confirmations: ReadonlyArray<{ componentId: string; confirmationNumber: string }>,
	actor: Actor,
) {
	return db.transaction().execute(async (trx) => {
		await openBooking(trx, bookingId)
		const ids = confirmations.map((confirmation) => confirmation.componentId)
		const rows = ids.length ? await trx.selectFrom('booking_components').selectAll().where('booking_id', '=', bookingId).where('id', 'in', ids).execute() : []
		const byId = new Map(rows.map((row) => [row.id, row]))
		const now = new Date().toISOString()
		const confirmed: string[] = []
		for (const { componentId, confirmationNumber } of confirmations) {
			const row = byId.get(componentId)
			if (!row) throw new AppError('not-found', 'One of those components is no longer on this booking. Reload the page and try again.')
			// The form lists the components not confirmed yet: one confirmed since was confirmed by someone else.
			if (row.supplier_status === 'confirmed')
				throw new AppError(
					'aborted',
					`${row.description} was confirmed meanwhile (number ${row.confirmation_number ?? 'not given'}). Reload the page and try again.`,
				)
			const problem = supplierStatusProblem(row.supplier_status as SupplierStatus, 'confirmed', confirmationNumber)
			if (problem) throw new AppError('failed-precondition', `${row.description}: ${problem}`)
			const result = await trx
				.updateTable('booking_components')
				.set({ supplier_status: 'confirmed', confirmation_number: confirmationNumber, updated_at: now })
				.where('id', '=', componentId)
				.where('updated_at', '=', row.updated_at)
				.executeTakeFirst()
			if (Number(result.numUpdatedRows) !== 1)
				throw new AppError('aborted', 'Someone else changed these components while you were typing. Reload and try again.')
			confirmed.push(row.description)
			await recordAudit(trx, {
				actor,
				action: 'update-component',
				entity: 'booking',
				entityId: bookingId,
				before: toComponent(row),
				after: { id: componentId, supplierStatus: 'confirmed', confirmationNumber },
			})
		}
		return confirmed
	})
}
