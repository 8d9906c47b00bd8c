import type { Kysely, Transaction } from 'kysely'
import type { BookingPrice } from '~/features/bookings/domain/book-now.ts'
import {
	type BookingFilter,
	type BookingStatus,
	cancellationSettlement,
	canTransition,
	confirmationProblem,
	daysBetween,
	type PaymentMethod,
	type PaymentSource,
	paymentMethodLabels,
	paidSoFar,
} from '~/features/bookings/domain/booking.ts'
import { completionProblem, isBalanceOverdue, tripEndDate } from '~/features/bookings/domain/balance.ts'
import { balanceDueDate, configuredPaymentMethods } from '~/features/bookings/domain/rules.ts'
import type { CancellationTier } from '~/features/bookings/domain/cancellation.ts'
import { bookingReceivedEmail, paymentRecordedEmail } from '~/features/email/domain/emails.ts'
import { addDays, indiaDayStartUtc, indiaMonthOf, todayInIndia } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { inviteReview, reviewLinkOf } from '~/features/reviews/server/reviews.server.ts'
import type { ContactChannel } from '~/features/messaging/domain/messages.ts'
import { queueBookingReceived, queueWelcomeHome, recordChannelChoice } from '~/features/messaging/server/booking-messages.server.ts'
import { AppError } from '~/lib/errors.ts'
import { formatReference, newId, newTripToken } from '~/lib/ids.ts'
import { type Actor, nextSequence, recordAudit } from '~/server/db/audit.server.ts'
import { isUniqueViolation } from '~/server/db/client.server.ts'
import type { BookingRow, Database } from '~/server/db/schema.ts'
import { enqueueEmail } from '~/features/email/server/outbox.server.ts'
import { createLead, visitorActor } from '~/features/leads/server/leads.server.ts'
import { addBookingEvent, reopenLeadAfterCancellation, winLeadForBooking } from '~/features/leads/server/trip-events.server.ts'
import { refreshLeadProgress } from '~/features/reports/server/lead-progress.server.ts'
import { refreshBookingReportColumns } from '~/features/reports/server/report-columns.server.ts'
import { acceptQuote } from '~/features/sales/server/quotes.server.ts'
import { env } from '~/server/env.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { createPlannedComponents, listComponents, quotedPrice } from './components.server.ts'
import { issueCreditNotesInTransaction } from '~/features/invoices/server/invoices.server.ts'
import { camelColumns } from '~/server/db/rows.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { type BookedStay, releaseRooms, takeRooms } from '~/features/inventory/server/inventory.server.ts'
import { releaseAgentQuoteHolds, releaseQuoteHolds } from '~/features/inventory/server/holds.server.ts'
import { releaseBookingCredit } from '~/features/agents/server/credit-ledger.server.ts'
import { markAgentQuoteAccepted } from '~/features/agents/server/quote-acceptance.server.ts'

type DB = Kysely<Database>

export type NewBooking = {
	packageId: string | null
	title: string
	tier: string
	startDate: string
	nights: number
	adults: number
	childAges: number[]
	infants: number
	price: BookingPrice
	advanceDue: number
	contactName: string
	contactPhone: string
	contactEmail: string | null
	specialRequests: string | null
	travellers: Array<{ name: string; age: number; gender: string; nationality: string; idType: string; idNumber: string; passportExpiry: string | null }>
	/** Booking an accepted quote: its id (one booking per quote), its lead and its rooms. */
	quoteId?: string | null
	leadId?: string | null
	rooms?: number
	/** The hotel stays whose rooms the booking takes, night by night (docs/inventory.md). */
	stays?: BookedStay[]
	/** How the traveller wants messages (docs/messaging.md): WhatsApp needs its opt-in ticked. Default email. */
	messageChannel?: ContactChannel
	whatsappOptIn?: boolean
	/** Booked by a partner agency at its net price (the price's total), with its markup and commission (docs/decisions/223-agent-rate-rules-and-net-pricing.md). */
	agent?: { agentId: string; net: number; markup: number; commission: number }
}

/** The booking a booking form (its one-time key) already made, if any: the same form sent again lands on it. */
export async function bookingOfSubmission(db: DB, submissionKey: string) {
	return db.selectFrom('bookings').select(['id', 'reference']).where('submission_key', '=', submissionKey).executeTakeFirst()
}

/** Whether a booking has been made from this quote (one per quote). */
export async function quoteBooked(db: DB, quoteId: string): Promise<boolean> {
	return Boolean(await db.selectFrom('bookings').select('id').where('quote_id', '=', quoteId).executeTakeFirst())
}

/** The plain answer to booking a quote someone has already booked: nothing of that booking is shown. */
export const quoteAlreadyBookedMessage =
	'This quote is already booked. If you booked it, your trip page link is in the email and WhatsApp message we sent you. If not, ask your planner for a new quote.'
function quoteAlreadyBooked() {
	return new AppError('already-exists', quoteAlreadyBookedMessage)
}

/**
 * Saves a booking (awaiting payment) with its travellers and a lead for the
 * sales desk. The form's submission key makes a double submit return the
 * first booking; a quote booked already (by another form) is refused with a 409.
 */
/**
 * `agentQuoteId`: an agency's quote being accepted (docs/decisions/233): it is marked accepted (refused if withdrawn or
 * past its hold meanwhile), and the rooms it holds are given back and taken as sold, in the booking's transaction, as a
 * staff quote's are.
 */
export async function createBooking(db: DB, booking: NewBooking, options: { submissionKey: string; agentQuoteId?: string }) {
	const existing = await bookingOfSubmission(db, options.submissionKey)
	if (existing) return { ...existing, created: false }
	const quoteId = booking.quoteId ?? null
	// A quote books once. Its link may have reached more than one person: anyone else is told so and shown
	// nothing of the booking (the same form posted twice was found above by its key).
	if (quoteId && (await quoteBooked(db, quoteId))) throw quoteAlreadyBooked()
	const lead = booking.leadId
		? { id: booking.leadId }
		: await createLead(
				db,
				{
					source: 'book_now',
					name: booking.contactName,
					phone: booking.contactPhone,
					email: booking.contactEmail,
					travelStart: booking.startDate,
					nights: booking.nights,
					adults: booking.adults,
					childAges: booking.childAges,
					infants: booking.infants,
					tier: booking.tier,
					message: booking.specialRequests,
					packageId: booking.packageId,
				},
				{ submissionKey: `booking:${options.submissionKey}` },
			)
	const now = new Date().toISOString()
	const id = newId()
	const tripToken = newTripToken()
	try {
		return await db.transaction().execute(async (trx) => {
			// The quote is accepted (once) in the same transaction as its booking; a quote that is no longer open refuses.
			if (quoteId) await acceptQuote(trx, quoteId)
			const cost = quoteId ? ((await quotedPrice(trx, quoteId))?.totalCost ?? null) : null
			const year = Number(now.slice(0, 4))
			const reference = formatReference('BK', year, await nextSequence(trx, 'booking', year))
			await trx
				.insertInto('bookings')
				.values({
					id,
					reference,
					submission_key: options.submissionKey,
					trip_token: tripToken,
					quote_id: quoteId,
					package_id: booking.packageId,
					lead_id: lead.id,
					status: 'pending_payment',
					tier: booking.tier,
					start_date: booking.startDate,
					nights: booking.nights,
					adults: booking.adults,
					child_ages_json: JSON.stringify(booking.childAges),
					infants: booking.infants,
					rooms: booking.rooms ?? Math.max(1, Math.ceil(booking.adults / 2)),
					title: booking.title,
					price_json: JSON.stringify(booking.price),
					total: booking.price.total,
					advance_due: booking.advanceDue,
					contact_name: booking.contactName,
					contact_phone: booking.contactPhone,
					contact_email: booking.contactEmail,
					special_requests: booking.specialRequests,
					cancel_reason: null,
					cancellation_fee: null,
					refund_due: null,
					confirmed_at: null,
					cancelled_at: null,
					cost,
					...(booking.agent
						? {
								agent_id: booking.agent.agentId,
								agent_net: booking.agent.net,
								agent_markup: booking.agent.markup,
								agent_commission: booking.agent.commission,
								agent_credit_state: 'new',
							}
						: {}),
					created_month: indiaMonthOf(now),
					created_at: now,
					updated_at: now,
				})
				.execute()
			// Every night of every stay takes its rooms here: the last room sold twice at once books once (ADR 187).
			// A quote's own held rooms are given back first, then taken as sold, in this one transaction (ADR 200).
			if (quoteId) await releaseQuoteHolds(trx, [quoteId])
			if (options.agentQuoteId) {
				// After the insert, so a second submit of the same acceptance meets the first's submission key.
				await markAgentQuoteAccepted(trx, options.agentQuoteId, id, now)
				await releaseAgentQuoteHolds(trx, [options.agentQuoteId])
			}
			const rooms = booking.stays?.length ? await takeRooms(trx, id, booking.stays, todayInIndia()) : { onRequest: false }
			await refreshBookingReportColumns(trx, id)
			if (booking.travellers.length) {
				await trx
					.insertInto('booking_travellers')
					.values(
						booking.travellers.map((traveller, index) => ({
							id: newId(),
							booking_id: id,
							position: index + 1,
							name: traveller.name,
							age: traveller.age,
							gender: traveller.gender,
							nationality: traveller.nationality,
							id_type: traveller.idType,
							id_number: traveller.idNumber,
							passport_expiry: traveller.passportExpiry,
						})),
					)
					.execute()
			}
			await recordAudit(trx, { actor: visitorActor, action: 'create', entity: 'booking', entityId: id, after: { reference, ...booking } })
			await refreshLeadProgress(trx, lead.id)
			if (rooms.onRequest) await addBookingEvent(trx, id, visitorActor, 'booking', 'rooms on request: confirm the hotel before confirming the booking', {})
			await addBookingEvent(
				trx,
				id,
				visitorActor,
				'booking',
				`booked online: ${booking.title}, arriving ${booking.startDate}, total ${formatINR(booking.price.total)}`,
				{ total: booking.price.total },
			)
			const tripUrl = `${env().SITE_URL.replace(/\/$/, '')}/trip/${tripToken}`
			if (booking.messageChannel && booking.messageChannel !== 'email') {
				await recordChannelChoice(
					trx,
					id,
					booking.contactPhone,
					{ channel: booking.messageChannel, whatsappOptIn: booking.whatsappOptIn === true },
					visitorActor,
				)
				await queueBookingReceived(trx, { id, reference, name: booking.contactName, title: booking.title, advanceDue: booking.advanceDue, tripUrl })
			}
			if (booking.contactEmail) {
				const settings = await getSettings(trx)
				const email = bookingReceivedEmail({
					reference,
					name: booking.contactName,
					title: booking.title,
					startDate: booking.startDate,
					total: booking.price.total,
					advanceDue: booking.advanceDue,
					tripUrl,
					upiId: configuredPaymentMethods(settings.payment).find((m) => m.method === 'upi') ? settings.payment.upiId : null,
					company: settings.company,
				})
				await enqueueEmail(trx, { ...email, kind: 'booking-received', to: booking.contactEmail, bookingId: id, dedupeKey: `booking-received:${id}` })
			}
			return { id, reference, created: true }
		})
	} catch (error) {
		if (isUniqueViolation(error)) {
			const winner = await bookingOfSubmission(db, options.submissionKey)
			if (winner) return { ...winner, created: false }
			if (quoteId && (await quoteBooked(db, quoteId))) throw quoteAlreadyBooked()
		}
		throw error
	}
}

export type Booking = ReturnType<typeof toBooking>

/** The day (in India) a booking was made: its balance is never due before it. */
export function bookedOn(row: Pick<BookingRow, 'created_at'>): string {
	return todayInIndia(new Date(row.created_at))
}

/** `balanceDueDays`: the owner's setting (days before arrival), read once per request. */
function toBooking(row: BookingRow, balanceDueDays: number) {
	return {
		...camelColumns(row, [
			'id',
			'reference',
			'package_id',
			'lead_id',
			'quote_id',
			'title',
			'tier',
			'start_date',
			'nights',
			'adults',
			'infants',
			'total',
			'advance_due',
			'contact_name',
			'contact_phone',
			'contact_email',
			'special_requests',
			'cancel_reason',
			'cancellation_fee',
			'refund_due',
			'confirmed_at',
			'agent_id',
			'cancelled_at',
			'trip_token',
			'cost',
			'created_at',
		]),
		status: row.status as BookingStatus,
		childAges: JSON.parse(row.child_ages_json) as number[],
		price: JSON.parse(row.price_json) as BookingPrice,
		completedAt: row.completed_at ?? null,
		endDate: tripEndDate(row.start_date, row.nights),
		bookedOn: bookedOn(row),
		balanceDueDate: balanceDueDate(row.start_date, bookedOn(row), balanceDueDays),
	}
}

export async function getBooking(db: DB, id: string) {
	const row = await db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst()
	if (!row) return null
	const [travellers, payments, components, settings] = await Promise.all([
		db.selectFrom('booking_travellers').selectAll().where('booking_id', '=', id).orderBy('position').execute(),
		db.selectFrom('payments').selectAll().where('booking_id', '=', id).orderBy('paid_on').orderBy('created_at').execute(),
		listComponents(db, id),
		getSettings(db),
	])
	return {
		booking: toBooking(row, settings.bookingRules.balanceDueDaysBeforeStart),
		travellers,
		payments: payments.map((payment) => ({ ...payment, verified: payment.verified === 1 })),
		components,
	}
}

/**
 * Bookings for the list: by status, or `arrivals` (confirmed, arriving in the
 * next 7 days) or `overdue` (confirmed, past the balance due date, with money
 * still owed) or `month` (made this month in India, not cancelled). Paid
 * amounts come from one grouped query.
 */
export async function listBookings(db: DB, options: { status?: BookingStatus; filter?: BookingFilter; today?: string; limit?: number } = {}) {
	const today = options.today ?? todayInIndia()
	const dueDays = (await getSettings(db)).bookingRules.balanceDueDaysBeforeStart
	let query = db.selectFrom('bookings').selectAll()
	if (options.filter === 'arrivals')
		query = query.where('status', '=', 'confirmed').where('start_date', '>=', today).where('start_date', '<=', addDays(today, 7))
	// Due date = max(booking day, start − N days), so "past the due date" is start < today + N and booked before today.
	else if (options.filter === 'overdue')
		query = query.where('status', '=', 'confirmed').where('start_date', '<', addDays(today, dueDays)).where('created_at', '<', indiaDayStartUtc(today))
	else if (options.filter === 'month')
		query = query.where('status', '!=', 'cancelled').where('created_at', '>=', new Date(`${today.slice(0, 8)}01T00:00:00+05:30`).toISOString())
	// The dashboard's queues (app/features/reports/server/work-queues.server.ts): open bookings with a request or claim waiting, confirmed ones with suppliers to confirm.
	else if (options.filter === 'cancellation-requests')
		query = query.where('status', 'in', ['pending_payment', 'confirmed']).where('id', 'in', (eb) => eb.selectFrom('cancellation_requests').select('booking_id'))
	else if (options.filter === 'upi-to-verify')
		query = query
			.where('status', 'in', ['pending_payment', 'confirmed'])
			.where('id', 'in', (eb) =>
				eb.selectFrom('payments').select('booking_id').where('source', '=', 'traveller').where('verified', '=', 0).where('rejected_at', 'is', null),
			)
	else if (options.filter === 'suppliers-pending')
		query = query
			.where('status', '=', 'confirmed')
			.where('id', 'in', (eb) => eb.selectFrom('booking_components').select('booking_id').where('supplier_status', '!=', 'confirmed'))
	else if (options.filter === 'suppliers-unanswered')
		query = query
			.where('status', 'in', ['pending_payment', 'confirmed'])
			.where('id', 'in', (eb) =>
				eb
					.selectFrom('supplier_requests')
					.select('booking_id')
					.where('status', '=', 'waiting')
					.where('chased_at', 'is not', null)
					.where('expires_on', '>=', today),
			)
	else if (options.status) query = query.where('status', '=', options.status)
	const rows = await query
		.orderBy(options.filter && options.filter !== 'month' ? 'start_date' : 'created_at', options.filter && options.filter !== 'month' ? 'asc' : 'desc')
		.limit(options.limit ?? 50)
		.execute()
	const paid = await verifiedPaidByBooking(
		db,
		rows.map((row) => row.id),
	)
	const bookings = rows.map((row) => {
		const booking = toBooking(row, dueDays)
		const balance = Math.max(0, booking.total - (paid.get(row.id) ?? 0))
		return { ...booking, balance, overdue: isBalanceOverdue(booking, balance, today) }
	})
	return options.filter === 'overdue' ? bookings.filter((booking) => booking.overdue) : bookings
}

/** Verified payments per booking, in one query. */
export async function verifiedPaidByBooking(db: DB, ids: readonly string[]) {
	if (!ids.length) return new Map<string, number>()
	const sums = await db
		.selectFrom('payments')
		.select(['booking_id', (eb) => eb.fn.sum<number>('amount').as('paid')])
		.where('booking_id', 'in', ids)
		.where('verified', '=', 1)
		.groupBy('booking_id')
		.execute()
	return new Map(sums.map((row) => [row.booking_id, Number(row.paid)]))
}

export type NewPayment = {
	amount: number
	method: PaymentMethod
	reference: string
	paidOn: string
	verified: boolean
	source?: PaymentSource
	/** A gateway payment: its gateway, payment and order ids (one row per gateway payment id). */
	gateway?: { name: string; paymentId: string; orderId: string | null }
	/** Why a person must look at it; a flagged payment is never recorded as verified. */
	flag?: string | null
}

/**
 * Records a payment. The same method and reference on the same booking is one
 * payment: a second record (a double click, two staff at once) returns the first.
 */
export async function recordPayment(db: DB, bookingId: string, payment: NewPayment, actor: Actor) {
	const find = () =>
		db
			.selectFrom('payments')
			.select('id')
			.where('booking_id', '=', bookingId)
			.where('method', '=', payment.method)
			.where('reference', '=', payment.reference)
			.executeTakeFirst()
	const existing = await find()
	if (existing) return { id: existing.id, created: false }
	try {
		return await db.transaction().execute(async (trx) => ({ id: await insertPayment(trx, bookingId, payment, actor), created: true }))
	} catch (error) {
		if (isUniqueViolation(error)) {
			const winner = await find()
			if (winner) return { id: winner.id, created: false }
		}
		throw error
	}
}

/**
 * Inserts a payment inside the caller's transaction, with its audit row, timeline event and the
 * traveller's email; returns its id. A unique violation (same method and reference) aborts the caller.
 */
export async function insertPayment(trx: Transaction<Database>, bookingId: string, payment: NewPayment, actor: Actor): Promise<string> {
	// The booking's row is held until the caller commits: a cancellation at the same moment waits and counts this payment.
	const booking = await rowById(trx, 'bookings', bookingId, 'No such booking.', { forUpdate: true })
	// Money the gateway took after a cancellation is still recorded (flagged), so it can be refunded, never lost.
	if (booking.status === 'cancelled' && payment.source !== 'gateway')
		throw new AppError('failed-precondition', 'This booking is cancelled: record refunds, not payments.')
	const flag = payment.flag ?? (booking.status === 'cancelled' ? 'Paid after the booking was cancelled: refund it.' : null)
	const id = newId()
	await trx
		.insertInto('payments')
		.values({
			id,
			booking_id: bookingId,
			amount: payment.amount,
			method: payment.method,
			reference: payment.reference,
			paid_on: payment.paidOn,
			verified: payment.verified && !flag ? 1 : 0,
			recorded_by: actor.id,
			created_at: new Date().toISOString(),
			source: payment.source ?? 'staff',
			gateway: payment.gateway?.name ?? null,
			gateway_payment_id: payment.gateway?.paymentId ?? null,
			gateway_order_id: payment.gateway?.orderId ?? null,
			flag,
		})
		.execute()
	await recordAudit(trx, { actor, action: 'record-payment', entity: 'booking', entityId: bookingId, after: payment })
	await addBookingEvent(
		trx,
		bookingId,
		actor,
		'payment',
		`payment of ${formatINR(payment.amount)} recorded (${paymentMethodLabels[payment.method]} ${payment.reference})${payment.verified && !flag ? ', verified' : ''}${flag ? `, flagged: ${flag}` : ''}`,
		{ paymentId: id, amount: payment.amount },
	)
	// A reference the traveller typed is not money received yet: they hear from us once staff verify it.
	if (booking.contact_email && payment.source !== 'traveller') {
		const settings = await getSettings(trx)
		const email = paymentRecordedEmail({
			reference: booking.reference,
			name: booking.contact_name,
			amount: payment.amount,
			method: paymentMethodLabels[payment.method],
			paymentReference: payment.reference,
			company: settings.company,
		})
		await enqueueEmail(trx, { ...email, kind: 'payment-recorded', to: booking.contact_email, bookingId, dedupeKey: `payment-recorded:${id}` })
	}
	return id
}

export async function verifyPayment(db: DB, bookingId: string, paymentId: string, actor: Actor) {
	await db.transaction().execute(async (trx) => {
		const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).where('booking_id', '=', bookingId).executeTakeFirst()
		if (!payment) throw new AppError('not-found', 'No such payment on this booking.')
		if (payment.verified === 1) return
		// Verifying a rejected UPI claim (the money turned up after all) lifts the rejection. The guard in the
		// WHERE makes two verifications at once verify (and audit) once.
		const result = await trx
			.updateTable('payments')
			.set({ verified: 1, rejected_at: null, rejected_reason: null, rejected_by: null })
			.where('id', '=', paymentId)
			.where('verified', '=', 0)
			.executeTakeFirst()
		if (Number(result.numUpdatedRows) !== 1) return
		await recordAudit(trx, {
			actor,
			action: 'verify-payment',
			entity: 'booking',
			entityId: bookingId,
			before: { paymentId, verified: false, rejectedReason: payment.rejected_reason },
			after: { paymentId, verified: true },
		})
		await addBookingEvent(trx, bookingId, actor, 'payment', `payment of ${formatINR(payment.amount)} verified`, { paymentId, amount: payment.amount })
	})
}

/** Confirms a booking once verified payments cover the advance, or with an owner's audited override. */
export async function confirmBooking(db: DB, bookingId: string, advancePercent: number, actor: Actor & { isOwner: boolean }, overrideReason: string | null) {
	await db.transaction().execute((trx) => confirmBookingIn(trx, bookingId, advancePercent, actor, overrideReason))
}

/** `confirmBooking` inside the caller's transaction (a gateway payment is recorded and confirms the booking in one). */
export async function confirmBookingIn(
	trx: Transaction<Database>,
	bookingId: string,
	advancePercent: number,
	actor: Actor & { isOwner: boolean },
	overrideReason: string | null,
	options: { onCredit?: boolean } = {},
) {
	const row = await rowById(trx, 'bookings', bookingId, 'No such booking.', { forUpdate: true })
	const payments = await trx.selectFrom('payments').select(['amount', 'verified']).where('booking_id', '=', bookingId).execute()
	// Charged to a partner agency's credit in this transaction: the credit stands for the advance (docs/decisions/224-agent-credit-accounting-and-atomicity.md).
	const problem = options.onCredit
		? null
		: confirmationProblem(
				{ status: row.status as BookingStatus, total: row.total },
				payments.map((payment) => ({ amount: payment.amount, verified: payment.verified === 1 })),
				advancePercent,
				overrideReason !== null ? { byOwner: actor.isOwner, reason: overrideReason } : null,
			)
	if (problem) throw new AppError('failed-precondition', problem)
	const now = new Date().toISOString()
	// The status guard in the WHERE makes two confirmations at once confirm once.
	const result = await trx
		.updateTable('bookings')
		.set({ status: 'confirmed', confirmed_at: now, updated_at: now })
		.where('id', '=', bookingId)
		.where('status', '=', 'pending_payment')
		.executeTakeFirst()
	if (Number(result.numUpdatedRows) !== 1) throw new AppError('aborted', 'The booking changed while you were working on it. Reload and try again.')
	await createPlannedComponents(trx, row, actor)
	await recordAudit(trx, {
		actor,
		action: options.onCredit ? 'confirm-on-credit' : overrideReason ? 'confirm-with-override' : 'confirm',
		entity: 'booking',
		entityId: bookingId,
		before: { status: row.status },
		after: { status: 'confirmed', overrideReason, ...(options.onCredit ? { onCredit: true } : {}) },
	})
	await addBookingEvent(
		trx,
		bookingId,
		actor,
		'booking',
		options.onCredit
			? 'confirmed on the agency’s credit'
			: overrideReason
				? `confirmed by an owner before the advance was paid (${overrideReason})`
				: 'confirmed',
		{ status: 'confirmed' },
	)
	await winLeadForBooking(trx, bookingId, actor)
	await refreshLeadProgress(trx, row.lead_id)
}

/** Cancels with a reason; the fee and refund follow the policy tiers and what was paid. */
export async function cancelBooking(db: DB, bookingId: string, reason: string, today: string, tiers: readonly CancellationTier[], actor: Actor) {
	return db.transaction().execute(async (trx) => {
		// Held until the end: a payment or refund at the same moment waits, so the settlement counts every payment.
		const row = await rowById(trx, 'bookings', bookingId, 'No such booking.', { forUpdate: true })
		if (!canTransition(row.status as BookingStatus, 'cancelled')) throw new AppError('failed-precondition', 'This booking can no longer be cancelled.')
		const payments = await trx.selectFrom('payments').select(['amount', 'verified']).where('booking_id', '=', bookingId).execute()
		const paid = paidSoFar(
			payments.map((payment) => ({ amount: payment.amount, verified: payment.verified === 1 })),
			{ verifiedOnly: true },
		)
		const settlement = cancellationSettlement(row.total, paid, daysBetween(today, row.start_date), tiers)
		const now = new Date().toISOString()
		const result = await trx
			.updateTable('bookings')
			.set({ status: 'cancelled', cancel_reason: reason, cancellation_fee: settlement.fee, refund_due: settlement.refund, cancelled_at: now, updated_at: now })
			.where('id', '=', bookingId)
			.where('status', '=', row.status)
			.executeTakeFirst()
		if (Number(result.numUpdatedRows) !== 1) throw new AppError('aborted', 'The booking changed while you were working on it. Reload and try again.')
		await recordAudit(trx, {
			actor,
			action: 'cancel',
			entity: 'booking',
			entityId: bookingId,
			before: { status: row.status },
			after: { status: 'cancelled', reason, ...settlement },
		})
		await addBookingEvent(
			trx,
			bookingId,
			actor,
			'booking',
			`cancelled (${reason}): fee ${formatINR(settlement.fee)}, refund due ${formatINR(settlement.refund)}`,
			{ status: 'cancelled', ...settlement },
		)
		// Invoiced beyond what the business keeps is credited back (docs/decisions/115-gst-tax-invoices.md).
		await issueCreditNotesInTransaction(trx, {
			bookingId,
			reason: `booking cancelled (${reason})`,
			sourceKey: `cancellation:${bookingId}`,
			actor,
			issueDate: today,
			credit: { retained: paid - settlement.refund },
		})
		// Charged to an agency's credit: its net less the fee goes back to the agency's available credit.
		await releaseBookingCredit(trx, bookingId, settlement.fee, actor)
		// The allotment rooms it took go back on sale in the same transaction.
		await releaseRooms(trx, bookingId)
		await reopenLeadAfterCancellation(trx, bookingId, actor)
		await refreshLeadProgress(trx, row.lead_id)
		return settlement
	})
}

/** Marks a confirmed booking completed once its trip has ended (a staff action; docs/decisions/040). */
export async function completeBooking(db: DB, bookingId: string, today: string, actor: Actor) {
	await db.transaction().execute(async (trx) => {
		const row = await trx.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst()
		if (!row) throw new AppError('not-found', 'No such booking.')
		const problem = completionProblem({ status: row.status as BookingStatus, startDate: row.start_date, nights: row.nights }, today)
		if (problem) throw new AppError('failed-precondition', problem)
		const now = new Date().toISOString()
		const result = await trx
			.updateTable('bookings')
			.set({ status: 'completed', completed_at: now, updated_at: now })
			.where('id', '=', bookingId)
			.where('status', '=', 'confirmed')
			.executeTakeFirst()
		if (Number(result.numUpdatedRows) !== 1) throw new AppError('aborted', 'The booking changed while you were working on it. Reload and try again.')
		await recordAudit(trx, {
			actor,
			action: 'complete',
			entity: 'booking',
			entityId: bookingId,
			before: { status: row.status },
			after: { status: 'completed' },
		})
		// Welcome home: the booking's one review link (docs/decisions/206-verified-reviews.md).
		await inviteReview(trx, bookingId, env().SITE_URL)
		const link = await reviewLinkOf(trx, bookingId, env().SITE_URL)
		if (link) await queueWelcomeHome(trx, { id: bookingId, reference: row.reference, name: row.contact_name }, link.url)
	})
}
