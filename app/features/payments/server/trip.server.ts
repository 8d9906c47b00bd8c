import {
	cancellationSettlement,
	daysBetween,
	paidSoFar,
	paymentMethodLabels,
	type BookingStatus,
	type PaymentMethod,
} from '~/features/bookings/domain/booking.ts'
import type { CancellationTier } from '~/features/bookings/domain/cancellation.ts'
import { amountDueNow } from '~/features/payments/domain/payments.ts'
import { upiPayLink } from '~/features/payments/domain/upi.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { recordAudit } from '~/server/db/audit.server.ts'
import { isUniqueViolation, type DB } from '~/server/db/client.server.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import { getBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { dayPlan } from '~/features/bookings/server/vouchers.server.ts'
import { invoicesOfBooking } from '~/features/invoices/server/invoices.server.ts'
import { clientBrandOf } from '~/features/agents/domain/agent-quote.ts'

/** Who acts from the trip page: whoever holds the link (the traveller). */
export const travellerActor: Actor = { id: null, label: 'traveller (trip page)' }

async function bookingIdOfToken(db: DB, token: string) {
	const row = await db.selectFrom('bookings').select('id').where('trip_token', '=', token).executeTakeFirst()
	return row?.id ?? null
}

/**
 * A partner agency's booking as its client sees it (docs/decisions/232-agent-documents-and-b2b-invoices.md): the
 * client's price (the agency's net plus its markup) and the agency's brand; null for our own travellers.
 */
async function agencyClientView(db: DB, bookingId: string, ourName: string) {
	const row = await db
		.selectFrom('bookings')
		.innerJoin('agents', 'agents.id', 'bookings.agent_id')
		.select([
			'bookings.agent_net',
			'bookings.agent_markup',
			'agents.company',
			'agents.brand_name',
			'agents.brand_logo_media_id',
			'agents.brand_address',
			'agents.brand_phone',
			'agents.brand_email',
			'agents.brand_show_ours',
		])
		.where('bookings.id', '=', bookingId)
		.executeTakeFirst()
	if (!row) return null
	const brand = clientBrandOf(row, ourName)
	const phone = brand.phone ?? ''
	return {
		clientPrice: Number(row.agent_net ?? 0) + Number(row.agent_markup ?? 0),
		company: { name: brand.name, phone, whatsapp: phone, email: brand.email ?? '', address: brand.address ?? '' },
		ours: brand.ours,
	}
}

/** The traveller pays the agency, not us: an agency's booking takes no payment, UPI reference or cancellation from the trip page. */
export async function refuseAgencyBooking(db: DB, bookingId: string) {
	const row = await db.selectFrom('bookings').select('agent_id').where('id', '=', bookingId).executeTakeFirst()
	if (row?.agent_id) throw new AppError('failed-precondition', 'This trip was booked through your travel agent: pay them, and ask them to change or cancel it.')
}

/**
 * Everything the traveller's trip page shows (docs/decisions/110-online-payments.md). Travellers' ID
 * numbers stay off it: the link may be forwarded. `requestId` is a payment link's id (its amount).
 */
export async function getTrip(db: DB, token: string, options: { requestId?: string | null; today?: string } = {}) {
	const bookingId = await bookingIdOfToken(db, token)
	if (!bookingId) return null
	const found = await getBooking(db, bookingId)
	if (!found) return null
	const { booking } = found
	const today = options.today ?? todayInIndia()
	const [settings, refunds, voucher, cancellationRequest, request, pkg, taxDocuments] = await Promise.all([
		getSettings(db),
		db.selectFrom('refunds').selectAll().where('booking_id', '=', bookingId).orderBy('created_at').execute(),
		db
			.selectFrom('vouchers')
			.select(['id', 'version'])
			.where('booking_id', '=', bookingId)
			.where('status', '=', 'issued')
			.orderBy('version', 'desc')
			.executeTakeFirst(),
		db.selectFrom('cancellation_requests').selectAll().where('booking_id', '=', bookingId).executeTakeFirst(),
		options.requestId && isId(options.requestId)
			? db.selectFrom('payment_requests').selectAll().where('id', '=', options.requestId).where('booking_id', '=', bookingId).executeTakeFirst()
			: Promise.resolve(undefined),
		booking.packageId ? db.selectFrom('packages').select('days_json').where('id', '=', booking.packageId).executeTakeFirst() : Promise.resolve(undefined),
		invoicesOfBooking(db, bookingId),
	])
	const verifiedPaid = paidSoFar(found.payments, { verifiedOnly: true })
	const dueNow = amountDueNow(booking, verifiedPaid, request && !request.paid_at ? Number(request.amount) : null)
	const upiId = settings.payment.upiId.trim()
	const trip = {
		/** Tax invoices and credit notes, each opened by its own unguessable link (docs/decisions/115-gst-tax-invoices.md). */
		taxDocuments: taxDocuments.map((document) => ({
			id: document.id,
			kind: document.kind,
			number: document.number,
			issueDate: document.issueDate,
			total: document.total,
		})),
		booking: {
			reference: booking.reference,
			status: booking.status as BookingStatus,
			title: booking.title,
			startDate: booking.startDate,
			endDate: booking.endDate,
			nights: booking.nights,
			total: booking.total,
			advanceDue: booking.advanceDue,
			balanceDueDate: booking.balanceDueDate,
			contactName: booking.contactName,
			cancellationFee: booking.cancellationFee,
			refundDue: booking.refundDue,
		},
		travellers: found.travellers.map((traveller) => ({ name: traveller.name, age: traveller.age })),
		days: await dayPlan(db, { package_id: booking.packageId, quote_id: booking.quoteId, start_date: booking.startDate }, pkg?.days_json ?? null),
		payments: found.payments.map((payment) => ({
			id: payment.id,
			amount: Number(payment.amount),
			method: paymentMethodLabels[payment.method as PaymentMethod] ?? payment.method,
			reference: payment.reference,
			paidOn: payment.paid_on,
			verified: payment.verified,
			/** Staff could not match this UPI reference with the bank (docs/payments.md). */
			rejected: Boolean(payment.rejected_at),
		})),
		refunds: refunds.map((refund) => ({
			id: refund.id,
			amount: Number(refund.amount),
			method: refund.method,
			reference: refund.reference,
			status: refund.status,
			date: (refund.processed_at ?? refund.created_at).slice(0, 10),
		})),
		verifiedPaid,
		balance: Math.max(0, booking.total - verifiedPaid),
		dueNow,
		request: request ? { id: request.id, amount: Number(request.amount), note: request.note, paid: Boolean(request.paid_at) } : null,
		upi:
			upiId && dueNow > 0 ? { id: upiId, link: upiPayLink({ payee: upiId, payeeName: settings.company.name, amount: dueNow, note: booking.reference }) } : null,
		voucher: voucher ? { id: voucher.id, version: voucher.version } : null,
		cancellationRequest: cancellationRequest
			? {
					reason: cancellationRequest.reason,
					fee: Number(cancellationRequest.quoted_fee),
					refund: Number(cancellationRequest.quoted_refund),
					at: cancellationRequest.created_at,
				}
			: null,
		ifCancelledToday:
			booking.status === 'pending_payment' || booking.status === 'confirmed'
				? cancellationSettlement(booking.total, verifiedPaid, daysBetween(today, booking.startDate), settings.cancellationTiers)
				: null,
		company: settings.company,
		/** An agency's booking (docs/decisions/232): our name only when the agency shows it; null for our own travellers. */
		agency: null as { ours: string | null } | null,
	}
	const agency = await agencyClientView(db, bookingId, settings.company.name)
	if (!agency) return trip
	// An agency's client sees the agency's price and brand: never our net (the booking's total), our payments,
	// our tax invoices (billed to the agency at net) or our cancellation terms (the agency's client deals with the agency).
	return {
		...trip,
		taxDocuments: [],
		booking: { ...trip.booking, total: agency.clientPrice, advanceDue: 0, cancellationFee: null, refundDue: null },
		payments: [],
		refunds: [],
		verifiedPaid: 0,
		balance: 0,
		dueNow: 0,
		request: null,
		upi: null,
		cancellationRequest: null,
		ifCancelledToday: null,
		company: agency.company,
		agency: { ours: agency.ours },
	}
}
export type Trip = NonNullable<Awaited<ReturnType<typeof getTrip>>>

/** The traveller paid by UPI and typed the transaction id: an unverified payment staff check on the booking page. */
export async function submitUpiReference(db: DB, token: string, claim: { reference: string; amount: number }) {
	const bookingId = await bookingIdOfToken(db, token)
	if (!bookingId) throw new AppError('not-found', 'No trip has this address.')
	await refuseAgencyBooking(db, bookingId)
	const result = await recordPayment(
		db,
		bookingId,
		{ amount: claim.amount, method: 'upi', reference: claim.reference, paidOn: todayInIndia(), verified: false, source: 'traveller' },
		travellerActor,
	)
	if (!result.created) {
		// The same id again after staff rejected it: say so rather than "we already have it".
		const existing = await db.selectFrom('payments').select('rejected_at').where('id', '=', result.id).executeTakeFirst()
		if (existing?.rejected_at)
			throw new AppError(
				'failed-precondition',
				`We could not match UPI transaction id ${claim.reference} with our bank. Check the id under the payment in your UPI app and send the right one, or call us.`,
				{ fields: { reference: 'We could not match this transaction id: check it in your UPI app.' } },
			)
	}
	return result
}

/**
 * The traveller asks to cancel: the fee and refund the policy gives today are kept with the
 * request; staff cancel the booking (and refund) from the booking page. One request per booking.
 */
export async function requestCancellation(db: DB, token: string, reason: string, today: string, tiers: readonly CancellationTier[]) {
	const bookingId = await bookingIdOfToken(db, token)
	if (!bookingId) throw new AppError('not-found', 'No trip has this address.')
	const found = await getBooking(db, bookingId)
	if (!found) throw new AppError('not-found', 'No trip has this address.')
	await refuseAgencyBooking(db, bookingId)
	if (found.booking.status !== 'pending_payment' && found.booking.status !== 'confirmed')
		throw new AppError('failed-precondition', 'This booking can no longer be cancelled online. Call or WhatsApp us.')
	const settlement = cancellationSettlement(
		found.booking.total,
		paidSoFar(found.payments, { verifiedOnly: true }),
		daysBetween(today, found.booking.startDate),
		tiers,
	)
	try {
		await db.transaction().execute(async (trx) => {
			await trx
				.insertInto('cancellation_requests')
				.values({ booking_id: bookingId, reason, quoted_fee: settlement.fee, quoted_refund: settlement.refund, created_at: new Date().toISOString() })
				.execute()
			await recordAudit(trx, {
				actor: travellerActor,
				action: 'request-cancellation',
				entity: 'booking',
				entityId: bookingId,
				after: { reason, ...settlement },
			})
			await addBookingEvent(
				trx,
				bookingId,
				travellerActor,
				'booking',
				`traveller asked to cancel (${reason}): policy fee ${formatINR(settlement.fee)}, refund ${formatINR(settlement.refund)}`,
				settlement,
			)
		})
		return { ...settlement, created: true }
	} catch (error) {
		// A second request (double submit, two tabs) finds the first.
		if (isUniqueViolation(error)) return { ...settlement, created: false }
		throw error
	}
}

/** The trip page's address for a booking (the thank-you page, emails and payment links use it). */
export function tripPath(token: string, requestId?: string): string {
	return `/trip/${token}${requestId ? `?request=${requestId}` : ''}`
}
