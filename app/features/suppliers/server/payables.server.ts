import type { Kysely } from 'kysely'
import { bookedOn } from '~/features/bookings/server/bookings.server.ts'
import { balanceDueDate } from '~/features/bookings/domain/rules.ts'
import {
	type ComponentInvoiceForm,
	payableCost,
	payableSchedule,
	paysBeforeTraveller,
	type ScheduledInstalment,
	statementCsvRows,
	statementEntries,
	supplierPaymentMethodLabels,
	supplierPaymentProblem,
	type SupplierPaymentForm,
	type SupplierPaymentMethod,
} from '~/features/suppliers/domain/payables.ts'
import { describeTerms, type SupplierTerms } from '~/features/suppliers/domain/suppliers.ts'
import { supplierStatementPdf } from '~/features/suppliers/server/statement-pdf.server.ts'
import { toCsv } from '~/lib/csv.ts'
import { refreshComponentsCost } from '~/features/suppliers/server/supplier-requests.server.ts'
import { nowIso } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { createOnce } from '~/server/db/create-once.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import type { Database } from '~/server/db/schema.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'

type DB = Kysely<Database>

/**
 * Payables (docs/decisions/197-supplier-payables.md): what we owe each supplier per component (the
 * supplier's invoice once entered, else the planned cost), when (their terms, `payableSchedule`), what
 * we paid them, and whether a payment falls due before the traveller has paid us.
 */

const missingBooking = 'No booking has this id: choose one from the list.'
const missingSupplier = 'There is no supplier with that id. Choose one from the suppliers list.'

/** A booking and supplier's payable: its components with a cost, the instalments their terms make, and what was paid. */
export type Payable = {
	bookingId: string
	reference: string
	bookingStatus: string
	leadName: string
	supplierId: string
	supplierName: string
	components: Array<{
		id: string
		description: string
		startDate: string | null
		endDate: string | null
		plannedCost: number | null
		invoiceAmount: number | null
		invoiceReference: string | null
		cost: number | null
		source: 'invoice' | 'planned' | null
	}>
	owed: number
	paid: number
	outstanding: number
	schedule: Array<ScheduledInstalment & { description: string; warning: string | null }>
}

/** Every payable matching `where` (a supplier, a booking, or all), grouped per booking and supplier. */
async function payables(db: Executor, where: { supplierId?: string; bookingId?: string }, today: string): Promise<Payable[]> {
	let components = db
		.selectFrom('booking_components')
		.innerJoin('bookings', 'bookings.id', 'booking_components.booking_id')
		.innerJoin('suppliers', 'suppliers.id', 'booking_components.supplier_id')
		.select([
			'booking_components.id',
			'booking_components.booking_id',
			'booking_components.supplier_id',
			'booking_components.description',
			'booking_components.start_date',
			'booking_components.end_date',
			'booking_components.planned_cost',
			'booking_components.invoice_amount',
			'booking_components.invoice_reference',
			'booking_components.position',
		])
		.where((eb) => eb.or([eb('booking_components.planned_cost', 'is not', null), eb('booking_components.invoice_amount', 'is not', null)]))
	let payments = db
		.selectFrom('supplier_payments')
		.select(['booking_id', 'supplier_id', (eb) => eb.fn.sum<number>('amount').as('paid')])
		.groupBy(['booking_id', 'supplier_id'])
	if (where.supplierId) {
		components = components.where('booking_components.supplier_id', '=', where.supplierId)
		payments = payments.where('supplier_id', '=', where.supplierId)
	}
	if (where.bookingId) {
		components = components.where('booking_components.booking_id', '=', where.bookingId)
		payments = payments.where('booking_id', '=', where.bookingId)
	}
	const [componentRows, paymentRows] = await Promise.all([
		components.orderBy('booking_components.booking_id').orderBy('booking_components.position').execute(),
		payments.execute(),
	])
	const key = (bookingId: string, supplierId: string) => `${bookingId} ${supplierId}`
	const paidBy = new Map(paymentRows.map((row) => [key(row.booking_id, row.supplier_id), Number(row.paid)]))
	const pairs = new Map<string, { bookingId: string; supplierId: string }>()
	for (const row of componentRows) pairs.set(key(row.booking_id, row.supplier_id!), { bookingId: row.booking_id, supplierId: row.supplier_id! })
	for (const row of paymentRows) pairs.set(key(row.booking_id, row.supplier_id), { bookingId: row.booking_id, supplierId: row.supplier_id })
	if (!pairs.size) return []
	const bookingIds = [...new Set([...pairs.values()].map((pair) => pair.bookingId))]
	const supplierIds = [...new Set([...pairs.values()].map((pair) => pair.supplierId))]
	const [bookings, suppliers, travellerPayments, settings] = await Promise.all([
		db
			.selectFrom('bookings')
			.select(['id', 'reference', 'status', 'contact_name', 'start_date', 'created_at', 'total'])
			.where('id', 'in', bookingIds)
			.execute(),
		db.selectFrom('suppliers').select(['id', 'name', 'terms', 'advance_percent', 'terms_days']).where('id', 'in', supplierIds).execute(),
		db
			.selectFrom('payments')
			.select(['booking_id', (eb) => eb.fn.sum<number>('amount').as('paid')])
			.where('booking_id', 'in', bookingIds)
			.where('verified', '=', 1)
			.groupBy('booking_id')
			.execute(),
		getSettings(db as DB),
	])
	const bookingById = new Map(bookings.map((row) => [row.id, row]))
	const supplierById = new Map(suppliers.map((row) => [row.id, row]))
	const travellerPaid = new Map(travellerPayments.map((row) => [row.booking_id, Number(row.paid)]))
	return [...pairs.entries()].map(([pairKey, { bookingId, supplierId }]) => {
		const booking = bookingById.get(bookingId)!
		const supplier = supplierById.get(supplierId)!
		const cancelled = booking.status === 'cancelled'
		const booked = bookedOn(booking)
		const rows = componentRows.filter((row) => row.booking_id === bookingId && row.supplier_id === supplierId)
		const list = rows.map((row) => {
			const cost = payableCost(
				{
					plannedCost: row.planned_cost === null ? null : Number(row.planned_cost),
					invoiceAmount: row.invoice_amount === null ? null : Number(row.invoice_amount),
				},
				cancelled,
			)
			return {
				id: row.id,
				description: row.description,
				startDate: row.start_date,
				endDate: row.end_date,
				plannedCost: row.planned_cost === null ? null : Number(row.planned_cost),
				invoiceAmount: row.invoice_amount === null ? null : Number(row.invoice_amount),
				invoiceReference: row.invoice_reference,
				cost: cost?.amount ?? null,
				source: cost?.source ?? null,
			}
		})
		const paid = paidBy.get(pairKey) ?? 0
		const owed = list.reduce((sum, component) => sum + (component.cost ?? 0), 0)
		const terms = { terms: supplier.terms as SupplierTerms, advancePercent: supplier.advance_percent, days: supplier.terms_days }
		const schedule = payableSchedule(
			list.flatMap((component) =>
				component.cost === null
					? []
					: [{ componentId: component.id, cost: component.cost, serviceStart: component.startDate ?? booking.start_date, serviceEnd: component.endDate }],
			),
			terms,
			booked,
			paid,
		)
		const traveller = cancelled
			? { balance: 0, balanceDueDate: booking.start_date }
			: {
					balance: Math.max(0, Number(booking.total) - (travellerPaid.get(bookingId) ?? 0)),
					balanceDueDate: balanceDueDate(booking.start_date, booked, settings.bookingRules.balanceDueDaysBeforeStart),
				}
		const names = new Map(list.map((component) => [component.id, component.description]))
		return {
			bookingId,
			reference: booking.reference,
			bookingStatus: booking.status,
			leadName: booking.contact_name,
			supplierId,
			supplierName: supplier.name,
			components: list,
			owed,
			paid,
			outstanding: Math.max(0, owed - paid),
			schedule: schedule.map((instalment) => ({
				...instalment,
				description: names.get(instalment.componentId) ?? '',
				warning: paysBeforeTraveller(instalment, traveller, today),
			})),
		}
	})
}

/** One outstanding instalment on the due list. */
export type DueItem = ScheduledInstalment & {
	description: string
	warning: string | null
	bookingId: string
	reference: string
	supplierId: string
	supplierName: string
}

function dueItems(list: readonly Payable[]): DueItem[] {
	return list
		.flatMap((payable) =>
			payable.schedule
				.filter((instalment) => instalment.outstanding > 0)
				.map((instalment) => ({
					...instalment,
					bookingId: payable.bookingId,
					reference: payable.reference,
					supplierId: payable.supplierId,
					supplierName: payable.supplierName,
				})),
		)
		.sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : a.supplierName.localeCompare(b.supplierName) || a.reference.localeCompare(b.reference)))
}

/** Everything still owed to suppliers, soonest due first, each with its warning when the traveller has not paid us yet. */
export async function payablesDue(db: Executor, today: string) {
	const items = dueItems(await payables(db, {}, today))
	return {
		items,
		total: items.reduce((sum, item) => sum + item.outstanding, 0),
		overdue: items.filter((item) => item.dueOn < today).length,
		warnings: items.filter((item) => item.warning).length,
	}
}

/** A booking's payables per supplier, for its page: what is owed and due, and any warning. */
export async function payablesOfBooking(db: Executor, bookingId: string, today: string) {
	const list = await payables(db, { bookingId }, today)
	return { payables: list, due: dueItems(list) }
}

/** What a supplier's statement shows: their payables per booking, the payments, and the dated entries with a running balance. */
export async function supplierStatement(db: Executor, supplierId: string, today: string) {
	const list = await payables(db, { supplierId }, today)
	const paymentRows = await db
		.selectFrom('supplier_payments')
		.innerJoin('bookings', 'bookings.id', 'supplier_payments.booking_id')
		.selectAll('supplier_payments')
		.select('bookings.reference as booking_reference')
		.where('supplier_payments.supplier_id', '=', supplierId)
		.orderBy('supplier_payments.paid_on')
		.orderBy('supplier_payments.created_at')
		.execute()
	const payments = paymentRows.map((row) => ({
		id: row.id,
		bookingId: row.booking_id,
		reference: row.booking_reference,
		amount: Number(row.amount),
		method: row.method as SupplierPaymentMethod,
		paymentReference: row.reference,
		paidOn: row.paid_on,
		note: row.note,
		recordedByLabel: row.recorded_by_label,
		createdAt: row.created_at,
		overOwed: Number(row.amount) > Number(row.owed_before),
	}))
	const statement = statementEntries(
		list.flatMap((payable) =>
			payable.components.flatMap((component) =>
				component.cost === null
					? []
					: [
							{
								date: component.startDate ?? today,
								reference: payable.reference,
								description: `${component.description}${component.source === 'invoice' ? ` (invoice${component.invoiceReference ? ` ${component.invoiceReference}` : ''})` : ' (planned cost)'}`,
								amount: component.cost,
							},
						],
			),
		),
		paymentRows.map((row) => ({
			date: row.paid_on,
			reference: row.booking_reference,
			description: `Payment, ${supplierPaymentMethodLabels[row.method as SupplierPaymentMethod] ?? row.method} ${row.reference}`,
			amount: Number(row.amount),
		})),
	)
	return { payables: list.sort((a, b) => a.reference.localeCompare(b.reference)), payments, due: dueItems(list), statement }
}

/**
 * The supplier's invoice for one of their components: replaces the planned cost in what we owe and,
 * once every component of the booking has a cost, in the booking's cost (its actual margin). Under
 * the booking's lock; audited with the amounts before and after. An empty amount goes back to the plan.
 */
export async function setComponentInvoice(db: DB, actor: Actor, supplierId: string, form: ComponentInvoiceForm) {
	return db.transaction().execute(async (trx) => {
		const found = await trx
			.selectFrom('booking_components')
			.select('booking_id')
			.where('id', '=', form.componentId)
			.where('supplier_id', '=', supplierId)
			.executeTakeFirst()
		if (!found) throw new AppError('failed-precondition', 'That component is no longer booked with this supplier. Reload the page and try again.')
		const booking = await rowById(trx, 'bookings', found.booking_id, missingBooking, { forUpdate: true })
		const row = await trx.selectFrom('booking_components').selectAll().where('id', '=', form.componentId).executeTakeFirstOrThrow()
		if (row.supplier_id !== supplierId)
			throw new AppError('failed-precondition', 'That component is no longer booked with this supplier. Reload the page and try again.')
		const before = { invoiceAmount: row.invoice_amount === null ? null : Number(row.invoice_amount), invoiceReference: row.invoice_reference }
		if (before.invoiceAmount === form.invoiceAmount && before.invoiceReference === form.invoiceReference) return false
		await trx
			.updateTable('booking_components')
			.set({ invoice_amount: form.invoiceAmount, invoice_reference: form.invoiceReference, updated_at: nowIso() })
			.where('id', '=', row.id)
			.execute()
		await recordAudit(trx, {
			actor,
			action: 'supplier-invoice',
			entity: 'booking',
			entityId: booking.id,
			before: { id: row.id, ...before },
			after: { id: row.id, supplierId, invoiceAmount: form.invoiceAmount, invoiceReference: form.invoiceReference },
		})
		await refreshComponentsCost(trx, booking, actor)
		return true
	})
}

/**
 * A payment to a supplier towards one booking. Under the booking's lock (the first row taken, as every
 * money movement, ADR 167) what is still owed to this supplier for this booking is worked out and the
 * payment recorded only when it fits, or an owner confirmed paying more: of ten payments of the full
 * balance at once, one is recorded. The same form posted twice records it once. Audited.
 */
export async function recordSupplierPayment(
	db: DB,
	actor: Actor & { isOwner: boolean },
	supplierId: string,
	form: SupplierPaymentForm,
	options: { submissionKey?: string | null; today: string },
) {
	return createOnce(db, options.submissionKey, 'supplier-payment', async (trx) => {
		// A booking id from a stale list is the form's problem (400), not a missing page.
		if (!(await trx.selectFrom('bookings').select('id').where('id', '=', form.bookingId).executeTakeFirst()))
			throw new AppError('invalid-argument', missingBooking)
		const booking = await rowById(trx, 'bookings', form.bookingId, missingBooking, { forUpdate: true })
		await rowById(trx, 'suppliers', supplierId, missingSupplier)
		const [payable] = await payables(trx, { supplierId, bookingId: booking.id }, options.today)
		if (!payable || !payable.components.length)
			throw new AppError('failed-precondition', `This supplier has nothing on booking ${booking.reference}: choose a booking from their list.`)
		const problem = supplierPaymentProblem(form.amount, payable.outstanding, { isOwner: actor.isOwner, confirmedOver: form.confirmOver })
		if (problem) throw new AppError('out-of-range', problem)
		const id = newId()
		const row = {
			id,
			supplier_id: supplierId,
			booking_id: booking.id,
			amount: form.amount,
			method: form.method,
			reference: form.reference,
			paid_on: form.paidOn,
			note: form.note,
			owed_before: payable.outstanding,
			recorded_by: actor.id,
			recorded_by_label: actor.label,
			created_at: nowIso(),
		}
		await trx.insertInto('supplier_payments').values(row).execute()
		await recordAudit(trx, {
			actor,
			action: 'supplier-payment',
			entity: 'booking',
			entityId: booking.id,
			after: {
				paymentId: id,
				supplierId,
				supplier: payable.supplierName,
				amount: form.amount,
				method: form.method,
				reference: form.reference,
				paidOn: form.paidOn,
				owedBefore: payable.outstanding,
				overOwed: form.amount > payable.outstanding ? formatINR(form.amount - payable.outstanding) : null,
			},
		})
		return id
	})
}

/** The bookings a payment to this supplier can be for: those with their components, newest first. */
export async function supplierBookingOptions(db: Executor, supplierId: string) {
	const rows = await db
		.selectFrom('booking_components')
		.innerJoin('bookings', 'bookings.id', 'booking_components.booking_id')
		.select(['bookings.id', 'bookings.reference', 'bookings.contact_name', 'bookings.start_date'])
		.where('booking_components.supplier_id', '=', supplierId)
		.distinct()
		.orderBy('bookings.start_date', 'desc')
		.orderBy('bookings.id')
		.execute()
	return rows.map((row) => ({ id: row.id, label: `${row.reference} · ${row.contact_name} · arrives ${row.start_date}` }))
}

/** A supplier's statement as a CSV (formula-guarded by `toCsv`) or an A4 PDF with ₹; null when there is no such supplier. */
export async function supplierStatementFile(
	db: Executor,
	supplierId: string,
	format: 'csv' | 'pdf',
	today: string,
): Promise<{ filename: string; body: string | Uint8Array } | null> {
	const supplier = await db.selectFrom('suppliers').selectAll().where('id', '=', supplierId).executeTakeFirst()
	if (!supplier) return null
	const { statement } = await supplierStatement(db, supplierId, today)
	const filename = `statement-${
		supplier.name
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-|-$/g, '') || 'supplier'
	}-${today}.${format}`
	if (format === 'csv') return { filename, body: toCsv(statementCsvRows(supplier.name, statement)) }
	const settings = await getSettings(db as DB)
	const terms = { terms: supplier.terms as SupplierTerms, advancePercent: supplier.advance_percent, days: supplier.terms_days }
	return {
		filename,
		body: await supplierStatementPdf({
			companyName: settings.company.name,
			supplier: { name: supplier.name, termsText: describeTerms(terms), gstin: supplier.gstin, pan: supplier.pan },
			today,
			statement,
		}),
	}
}
