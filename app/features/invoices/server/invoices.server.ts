import type { Kysely, Transaction } from 'kysely'
import { taxDocumentEmail } from '~/features/email/domain/emails.ts'
import { paidSoFar } from '~/features/bookings/domain/booking.ts'
import {
	agencyBuyer,
	amountToInvoice,
	type BuyerInput,
	buyerSchema,
	creditAllocation,
	creditNoteSnapshot,
	type DocumentKind,
	invoiceSnapshot,
	supplierProblem,
	type TaxDocumentSnapshot,
} from '~/features/invoices/domain/invoice.ts'
import type { StateCode } from '~/features/invoices/domain/gstin.ts'
import type { IssuedDocument } from '~/features/invoices/domain/gstr1.ts'
import { documentNumber, financialYearOf } from '~/features/invoices/domain/numbering.ts'
import type { TaxKind } from '~/features/invoices/domain/tax.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { describeParty } from '~/lib/words.ts'
import { formatINRExact } from '~/lib/money.ts'
import { type Actor, nextSequence, recordAudit } from '~/server/db/audit.server.ts'
import { type Executor, isUniqueViolation } from '~/server/db/client.server.ts'
import type { Database, TaxDocumentRow } from '~/server/db/schema.ts'
import { enqueueEmail } from '~/features/email/server/outbox.server.ts'
import { fieldErrors } from '~/lib/forms.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import { env } from '~/server/env.server.ts'
import { getSettings, type Settings } from '~/features/settings/server/settings.server.ts'

type DB = Kysely<Database>

/** Counter names in `counters` (year = the financial year's first calendar year). */
const seriesName: Record<DocumentKind, string> = { invoice: 'tax-invoice', 'credit-note': 'credit-note' }

export type TaxDocument = ReturnType<typeof toDocument>
function toDocument(row: TaxDocumentRow) {
	return {
		id: row.id,
		kind: row.kind as DocumentKind,
		number: row.number,
		bookingId: row.booking_id,
		invoiceId: row.invoice_id,
		issueDate: row.issue_date,
		buyerName: row.buyer_name,
		total: Number(row.total),
		issuedAt: row.issued_at,
	}
}

/** The public address of a document's printable page (the PDF is `<url>/pdf`). */
export function taxDocumentUrl(siteUrl: string, id: string): string {
	return `${siteUrl.replace(/\/$/, '')}/invoice/${id}`
}

/**
 * A booking's invoices and credit notes, oldest first, each with its unguessable id: the
 * traveller's links are `/invoice/{id}` and `/invoice/{id}/pdf` (the trip page lists them).
 */
export async function invoicesOfBooking(executor: Executor, bookingId: string): Promise<TaxDocument[]> {
	const rows = await executor.selectFrom('tax_documents').selectAll().where('booking_id', '=', bookingId).orderBy('issued_at').orderBy('number').execute()
	return rows.map(toDocument)
}

/** One document by its unguessable id, with its frozen snapshot. */
export async function getTaxDocument(executor: Executor, id: string): Promise<{ document: TaxDocument; snapshot: TaxDocumentSnapshot } | null> {
	const row = await executor.selectFrom('tax_documents').selectAll().where('id', '=', id).executeTakeFirst()
	return row ? { document: toDocument(row), snapshot: JSON.parse(row.snapshot_json) as TaxDocumentSnapshot } : null
}

/** The next number of a series, taken inside the caller's transaction: a rolled-back issue gives its number back, so the series has no gaps. */
async function nextNumber(trx: Transaction<Database>, kind: DocumentKind, settings: Settings, issueDate: string) {
	const financialYear = financialYearOf(issueDate)
	const sequence = await nextSequence(trx, seriesName[kind], financialYear)
	const number = documentNumber(kind === 'invoice' ? settings.invoicing.invoicePrefix : settings.invoicing.creditNotePrefix, financialYear, sequence)
	if (!number) throw new AppError('resource-exhausted', 'This year’s numbers no longer fit in 16 characters: shorten the prefix under Settings → Tax invoices.')
	return { financialYear, sequence, number }
}

async function insertDocument(
	trx: Transaction<Database>,
	input: {
		kind: DocumentKind
		financialYear: number
		sequence: number
		bookingId: string
		invoiceId: string | null
		sourceKey: string | null
		snapshot: TaxDocumentSnapshot
		actor: Actor
	},
) {
	const id = newId()
	const { snapshot } = input
	await trx
		.insertInto('tax_documents')
		.values({
			id,
			kind: input.kind,
			number: snapshot.number,
			financial_year: input.financialYear,
			sequence: input.sequence,
			booking_id: input.bookingId,
			invoice_id: input.invoiceId,
			source_key: input.sourceKey,
			issue_date: snapshot.issueDate,
			buyer_name: snapshot.buyer.name,
			buyer_gstin: snapshot.buyer.gstin,
			place_of_supply: snapshot.placeOfSupply.code,
			tax_kind: snapshot.tax.kind,
			rate_basis_points: snapshot.tax.rateBasisPoints,
			taxable: snapshot.tax.taxable,
			cgst: snapshot.tax.cgst,
			sgst: snapshot.tax.sgst,
			utgst: snapshot.tax.utgst,
			igst: snapshot.tax.igst,
			total: snapshot.tax.total,
			snapshot_json: JSON.stringify(snapshot),
			issued_by: input.actor.id,
			issued_at: new Date().toISOString(),
		})
		.execute()
	return id
}

async function announce(
	trx: Transaction<Database>,
	input: {
		id: string
		snapshot: TaxDocumentSnapshot
		booking: { id: string; reference: string; contact_name: string; contact_email: string | null }
		settings: Settings
		siteUrl: string
		actor: Actor
	},
) {
	const { snapshot, booking } = input
	const label = snapshot.kind === 'invoice' ? 'tax invoice' : 'credit note'
	await recordAudit(trx, {
		actor: input.actor,
		action: snapshot.kind === 'invoice' ? 'issue-invoice' : 'issue-credit-note',
		entity: 'booking',
		entityId: booking.id,
		after: { documentId: input.id, number: snapshot.number, total: snapshot.tax.total },
	})
	await addBookingEvent(trx, booking.id, input.actor, 'booking', `${label} ${snapshot.number} issued for ${formatINRExact(snapshot.tax.total)}`, {
		documentId: input.id,
	})
	if (booking.contact_email) {
		const email = taxDocumentEmail({
			kind: snapshot.kind,
			number: snapshot.number,
			reference: booking.reference,
			name: snapshot.buyer.name,
			total: snapshot.tax.total,
			url: taxDocumentUrl(input.siteUrl, input.id),
			company: input.settings.company,
		})
		await enqueueEmail(trx, {
			...email,
			kind: snapshot.kind === 'invoice' ? 'invoice-issued' : 'credit-note-issued',
			to: booking.contact_email,
			bookingId: booking.id,
			dedupeKey: `${snapshot.kind}-issued:${input.id}`,
		})
	}
}

/** Bookings columns an invoice needs. */
const bookingColumns = [
	'id',
	'reference',
	'status',
	'title',
	'start_date',
	'nights',
	'adults',
	'child_ages_json',
	'infants',
	'total',
	'contact_name',
	'contact_email',
	'agent_id',
] as const

/** The agency a booking was made by, as its invoices are billed (docs/decisions/232); null for our own travellers. */
async function agencyBuyerOf(executor: Executor, agentId: string | null) {
	if (!agentId) return null
	const agency = await executor.selectFrom('agents').select(['company', 'billing_address', 'state_code', 'gstin']).where('id', '=', agentId).executeTakeFirst()
	return agency ? agencyBuyer(agency) : null
}

/**
 * Issues the booking's next tax invoice: the whole booking once confirmed, or the verified
 * payments not invoiced yet (Settings → Tax invoices). The number is taken first, which
 * queues concurrent issues one behind the other; the amount is then worked out from what
 * is already invoiced, so a double submit issues one invoice and refuses the second.
 */
export async function issueInvoice(
	db: DB,
	bookingId: string,
	buyerInput: Record<string, string | undefined>,
	actor: Actor,
	options: { siteUrl?: string; issueDate?: string } = {},
) {
	const issueDate = options.issueDate ?? todayInIndia()
	const siteUrl = options.siteUrl ?? env().SITE_URL
	const parsed = buyerSchema.safeParse(buyerInput)
	try {
		return await db.transaction().execute(async (trx) => {
			const settings = await getSettings(trx)
			const problem = supplierProblem(settings.invoicing)
			if (problem) throw new AppError('failed-precondition', problem)
			const booking = await trx.selectFrom('bookings').select(bookingColumns).where('id', '=', bookingId).executeTakeFirst()
			if (!booking) throw new AppError('not-found', 'No booking has this id.')
			// An agency's booking is billed to the agency, at its net (the booking's total), whatever the form says.
			const agency = await agencyBuyerOf(trx, booking.agent_id)
			if (agency && !agency.ok) throw new AppError('failed-precondition', agency.problem)
			if (!agency && !parsed.success) throw new AppError('invalid-argument', 'Check the customer’s details.', { fields: fieldErrors(parsed.error.issues) })
			const buyer: BuyerInput = agency?.ok ? agency.buyer : parsed.data!
			const { financialYear, sequence, number } = await nextNumber(trx, 'invoice', settings, issueDate)
			// Read after taking the number: a concurrent issue for this booking has committed by now.
			const [invoiced, payments] = await Promise.all([
				trx
					.selectFrom('tax_documents')
					.select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total'), eb.lit(0)).as('sum'))
					.where('booking_id', '=', bookingId)
					.where('kind', '=', 'invoice')
					.executeTakeFirstOrThrow(),
				trx.selectFrom('payments').select(['amount', 'verified']).where('booking_id', '=', bookingId).execute(),
			])
			const verifiedPaid = paidSoFar(
				payments.map((payment) => ({ amount: Number(payment.amount), verified: payment.verified === 1 })),
				{ verifiedOnly: true },
			)
			const already = Number(invoiced.sum)
			const due = amountToInvoice({ basis: settings.invoicing.basis, status: booking.status, total: Number(booking.total), verifiedPaid, invoiced: already })
			if ('problem' in due) throw new AppError('failed-precondition', due.problem)
			const snapshot = invoiceSnapshot({
				number,
				issueDate,
				supplier: { ...settings.invoicing, phone: settings.company.phone, email: settings.company.email },
				buyer,
				booking: {
					reference: booking.reference,
					title: booking.title,
					startDate: booking.start_date,
					nights: booking.nights,
					party: describeParty({ adults: booking.adults, childAges: JSON.parse(booking.child_ages_json) as number[], infants: booking.infants }),
				},
				amount: due.amount,
				ratePercent: settings.gstPercent,
				basis: settings.invoicing.basis,
				isWholeBooking: already === 0 && due.amount === Number(booking.total),
			})
			const id = await insertDocument(trx, { kind: 'invoice', financialYear, sequence, bookingId, invoiceId: null, sourceKey: null, snapshot, actor })
			await announce(trx, { id, snapshot, booking, settings, siteUrl, actor })
			return { id, number, total: due.amount }
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new AppError('aborted', 'Another invoice was issued at the same moment. Reload and try again.')
		throw error
	}
}

type CreditInput = { bookingId: string; reason: string; sourceKey: string; actor: Actor; siteUrl?: string; issueDate?: string }

/**
 * Issues credit notes inside the caller's transaction, one per invoice they reduce (newest
 * invoice first), never more than an invoice has left. `sourceKey` names the cause
 * (`cancellation:<booking>`, `refund:<id>`): a second call with the same key issues nothing.
 * `credit` says how much: `{ refund }` credits that amount; `{ retained }` credits everything
 * invoiced beyond what the business keeps. Nothing invoiced: nothing to credit.
 */
export async function issueCreditNotesInTransaction(trx: Transaction<Database>, input: CreditInput & { credit: { refund: number } | { retained: number } }) {
	const already = await trx.selectFrom('tax_documents').select('id').where('source_key', '=', input.sourceKey).executeTakeFirst()
	if (already) return []
	const invoices = await trx
		.selectFrom('tax_documents')
		.selectAll()
		.where('booking_id', '=', input.bookingId)
		.where('kind', '=', 'invoice')
		.orderBy('issued_at')
		.orderBy('number')
		.execute()
	if (invoices.length === 0) return []
	const credited = await trx
		.selectFrom('tax_documents')
		.select(['invoice_id', (eb) => eb.fn.sum<number>('total').as('sum')])
		.where('booking_id', '=', input.bookingId)
		.where('kind', '=', 'credit-note')
		.groupBy('invoice_id')
		.execute()
	const creditedBy = new Map(credited.map((row) => [row.invoice_id, Number(row.sum)]))
	const open = invoices.map((invoice) => ({ id: invoice.id, total: Number(invoice.total), credited: creditedBy.get(invoice.id) ?? 0 }))
	const stillInvoiced = open.reduce((sum, invoice) => sum + invoice.total - invoice.credited, 0)
	const amount = 'refund' in input.credit ? input.credit.refund : stillInvoiced - input.credit.retained
	const allocation = creditAllocation(amount, open)
	if (allocation.length === 0) return []
	const settings = await getSettings(trx)
	const booking = await trx.selectFrom('bookings').select(bookingColumns).where('id', '=', input.bookingId).executeTakeFirstOrThrow()
	const issueDate = input.issueDate ?? todayInIndia()
	const issued: Array<{ id: string; number: string; total: number; invoiceNumber: string }> = []
	for (const part of allocation) {
		const invoice = invoices.find((row) => row.id === part.invoiceId)!
		const { financialYear, sequence, number } = await nextNumber(trx, 'credit-note', settings, issueDate)
		const snapshot = creditNoteSnapshot(JSON.parse(invoice.snapshot_json) as TaxDocumentSnapshot, {
			number,
			issueDate,
			amount: part.amount,
			reason: input.reason,
		})
		const id = await insertDocument(trx, {
			kind: 'credit-note',
			financialYear,
			sequence,
			bookingId: input.bookingId,
			invoiceId: invoice.id,
			sourceKey: input.sourceKey,
			snapshot,
			actor: input.actor,
		})
		await announce(trx, { id, snapshot, booking, settings, siteUrl: input.siteUrl ?? env().SITE_URL, actor: input.actor })
		issued.push({ id, number, total: part.amount, invoiceNumber: invoice.number })
	}
	return issued
}

/**
 * Credit notes for a refund recorded on its own (not part of a cancellation, which issues its
 * own): credits `refund` paise (GST included) against the booking's invoices. `refundId`
 * makes a retried call issue nothing more.
 */
export async function issueCreditNotesForRefund(
	db: DB,
	input: { bookingId: string; refundId: string; refund: number; reason: string; actor: Actor; siteUrl?: string },
) {
	if (!Number.isSafeInteger(input.refund) || input.refund <= 0) throw new AppError('invalid-argument', 'A refund is a positive amount in paise.')
	return db
		.transaction()
		.execute((trx) => issueCreditNotesInTransaction(trx, { ...input, sourceKey: `refund:${input.refundId}`, credit: { refund: input.refund } }))
}

/** Every invoice and credit note issued in a period (by issue date, both ends included), for the exports and the list. */
export async function documentsInPeriod(
	executor: Executor,
	period: { from: string; to: string },
): Promise<Array<IssuedDocument & { id: string; bookingId: string }>> {
	const rows = await executor
		.selectFrom('tax_documents as d')
		.innerJoin('bookings as b', 'b.id', 'd.booking_id')
		.leftJoin('tax_documents as i', 'i.id', 'd.invoice_id')
		.select([
			'd.id',
			'd.kind',
			'd.number',
			'd.issue_date',
			'd.booking_id',
			'b.reference',
			'd.buyer_name',
			'd.buyer_gstin',
			'd.place_of_supply',
			'd.tax_kind',
			'd.rate_basis_points',
			'd.taxable',
			'd.cgst',
			'd.sgst',
			'd.utgst',
			'd.igst',
			'd.total',
			'i.number as invoice_number',
			'i.issue_date as invoice_date',
			'i.total as invoice_total',
		])
		.where('d.issue_date', '>=', period.from)
		.where('d.issue_date', '<=', period.to)
		.orderBy('d.issue_date')
		.orderBy('d.kind', 'desc')
		.orderBy('d.financial_year')
		.orderBy('d.sequence')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		bookingId: row.booking_id,
		kind: row.kind as DocumentKind,
		number: row.number,
		issueDate: row.issue_date,
		bookingReference: row.reference,
		buyerName: row.buyer_name,
		buyerGstin: row.buyer_gstin,
		placeOfSupply: row.place_of_supply as StateCode,
		taxKind: row.tax_kind as TaxKind,
		rateBasisPoints: Number(row.rate_basis_points),
		taxable: Number(row.taxable),
		cgst: Number(row.cgst),
		sgst: Number(row.sgst),
		utgst: Number(row.utgst),
		igst: Number(row.igst),
		total: Number(row.total),
		against: row.invoice_number ? { number: row.invoice_number, issueDate: row.invoice_date!, total: Number(row.invoice_total) } : null,
	}))
}

/**
 * What the booking page shows about invoices: the documents, whether a new invoice can be
 * issued now (and for how much), and the customer details to start from (the last invoice's,
 * else the booking contact's).
 */
export async function invoicePanel(executor: Executor, bookingId: string) {
	const [documents, settings, booking, payments, lastInvoice] = await Promise.all([
		invoicesOfBooking(executor, bookingId),
		getSettings(executor as DB),
		executor.selectFrom('bookings').select(['status', 'total', 'contact_name', 'agent_id']).where('id', '=', bookingId).executeTakeFirst(),
		executor.selectFrom('payments').select(['amount', 'verified']).where('booking_id', '=', bookingId).execute(),
		executor
			.selectFrom('tax_documents')
			.select('snapshot_json')
			.where('booking_id', '=', bookingId)
			.where('kind', '=', 'invoice')
			.orderBy('issued_at', 'desc')
			.limit(1)
			.executeTakeFirst(),
	])
	if (!booking) return null
	const invoiced = documents.filter((document) => document.kind === 'invoice').reduce((sum, document) => sum + document.total, 0)
	const verifiedPaid = paidSoFar(
		payments.map((payment) => ({ amount: Number(payment.amount), verified: payment.verified === 1 })),
		{ verifiedOnly: true },
	)
	const due = amountToInvoice({ basis: settings.invoicing.basis, status: booking.status, total: Number(booking.total), verifiedPaid, invoiced })
	const buyer = lastInvoice ? (JSON.parse(lastInvoice.snapshot_json) as TaxDocumentSnapshot).buyer : null
	const agency = await agencyBuyerOf(executor, booking.agent_id)
	return {
		documents,
		/** An agency's booking is billed to the agency (docs/decisions/232): what its invoice will say, or what to fix first. */
		agencyBuyer: agency
			? agency.ok
				? { name: agency.buyer.buyerName, gstin: agency.buyer.buyerGstin || null, problem: null }
				: { name: null, gstin: null, problem: agency.problem }
			: null,
		supplierProblem: supplierProblem(settings.invoicing),
		next: 'amount' in due ? { amount: due.amount, problem: null } : { amount: 0, problem: due.problem },
		buyer: {
			buyerName: buyer?.name ?? booking.contact_name,
			buyerAddress: buyer?.address ?? '',
			buyerState: buyer?.gstin ? '' : (buyer?.stateCode ?? ''),
			buyerGstin: buyer?.gstin ?? '',
		},
	}
}
