import { getVoucher } from '~/features/bookings/server/vouchers.server.ts'
import { getTaxDocument, invoicesOfBooking } from '~/features/invoices/server/invoices.server.ts'
import { AppError } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import type { Executor } from '~/server/db/client.server.ts'

/**
 * The agency's own documents (docs/decisions/232-agent-documents-and-b2b-invoices.md): a booking, its branded
 * voucher and its tax invoices, each read only through the signed-in agency's id. Another agency's record, or an
 * id that is not one, is the same 404: nothing says whether it exists. Our sell price and cost are never read.
 */

const noBooking = 'You have no booking with this id. Open it from your bookings.'
const noInvoice = 'You have no invoice with this id. Open it from your invoices.'

async function agencyBookingRow(db: Executor, agentId: string, bookingId: string) {
	const row = isId(bookingId)
		? await db
				.selectFrom('bookings')
				.select([
					'id',
					'reference',
					'title',
					'status',
					'start_date',
					'nights',
					'adults',
					'contact_name',
					'contact_phone',
					'agent_net',
					'agent_markup',
					'agent_credit_state',
					'created_at',
				])
				.where('id', '=', bookingId)
				.where('agent_id', '=', agentId)
				.executeTakeFirst()
		: undefined
	if (!row) throw new AppError('not-found', noBooking)
	return row
}

/** The latest valid (issued) voucher of a booking, or none yet. */
async function latestVoucherId(db: Executor, bookingId: string) {
	const row = await db
		.selectFrom('vouchers')
		.select(['id', 'version'])
		.where('booking_id', '=', bookingId)
		.where('status', '=', 'issued')
		.orderBy('version', 'desc')
		.executeTakeFirst()
	return row ? { id: row.id, version: Number(row.version) } : null
}

/** One of the agency's bookings: status, credit, each part's supplier confirmation, its client, net, markup and client price, voucher and invoices. */
export async function getAgencyBooking(db: Executor, agentId: string, bookingId: string) {
	const row = await agencyBookingRow(db, agentId, bookingId)
	const [components, voucher, documents] = await Promise.all([
		db
			.selectFrom('booking_components')
			.select(['id', 'kind', 'description', 'start_date', 'supplier_status', 'confirmation_number'])
			.where('booking_id', '=', row.id)
			.orderBy('position')
			.execute(),
		latestVoucherId(db, row.id),
		invoicesOfBooking(db, row.id),
	])
	const net = Number(row.agent_net ?? 0)
	const markup = Number(row.agent_markup ?? 0)
	return {
		id: row.id,
		reference: row.reference,
		title: row.title,
		status: row.status,
		startDate: row.start_date,
		nights: Number(row.nights),
		adults: Number(row.adults),
		clientName: row.contact_name,
		clientPhone: row.contact_phone,
		creditState: row.agent_credit_state,
		net,
		markup,
		client: net + markup,
		createdAt: row.created_at,
		components: components.map((component) => ({
			id: component.id,
			kind: component.kind,
			description: component.description,
			date: component.start_date,
			supplierStatus: component.supplier_status,
			confirmationNumber: component.confirmation_number,
		})),
		voucher,
		invoices: documents.map((document) => ({
			id: document.id,
			kind: document.kind,
			number: document.number,
			issueDate: document.issueDate,
			total: document.total,
		})),
	}
}

/** The branded voucher of one of the agency's bookings (its latest valid version); none issued yet is a 404 with the reason. */
export async function agencyVoucher(db: Executor, agentId: string, bookingId: string) {
	const row = await agencyBookingRow(db, agentId, bookingId)
	const latest = await latestVoucherId(db, row.id)
	const found = latest ? await getVoucher(db, latest.id) : null
	if (!found) throw new AppError('not-found', 'This booking has no voucher yet: we issue it once every supplier has confirmed.')
	return found
}

/** The agency's tax invoices and credit notes, newest first (billed to the agency at its net). */
export async function listAgencyInvoices(db: Executor, agentId: string) {
	const rows = await db
		.selectFrom('tax_documents as d')
		.innerJoin('bookings as b', 'b.id', 'd.booking_id')
		.select(['d.id', 'd.kind', 'd.number', 'd.issue_date', 'd.buyer_name', 'd.buyer_gstin', 'd.total', 'b.id as booking_id', 'b.reference', 'b.contact_name'])
		.where('b.agent_id', '=', agentId)
		.orderBy('d.issued_at', 'desc')
		.orderBy('d.number', 'desc')
		.limit(500)
		.execute()
	return rows.map((row) => ({
		id: row.id,
		kind: row.kind,
		number: row.number,
		issueDate: row.issue_date,
		buyerName: row.buyer_name,
		buyerGstin: row.buyer_gstin,
		total: Number(row.total),
		bookingId: row.booking_id,
		reference: row.reference,
		clientName: row.contact_name,
	}))
}

/** One of the agency's tax documents with its snapshot (for the PDF); another agency's is a 404. */
export async function agencyTaxDocument(db: Executor, agentId: string, documentId: string) {
	const found = isId(documentId) ? await getTaxDocument(db, documentId) : null
	if (!found) throw new AppError('not-found', noInvoice)
	const booking = await db.selectFrom('bookings').select('id').where('id', '=', found.document.bookingId).where('agent_id', '=', agentId).executeTakeFirst()
	if (!booking) throw new AppError('not-found', noInvoice)
	return found
}
