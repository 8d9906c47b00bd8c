import type { ReactNode } from 'react'
import { DayPlan } from '~/features/bookings/components/day-plan.tsx'
import type { TripState } from '~/features/payments/domain/trip-state.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { plural } from '~/lib/words.ts'
import type { Trip } from '~/features/payments/server/trip.server.ts'
import { formatPhone } from '~/lib/phone.ts'

const refundStatusLabels: Record<string, string> = { pending: 'on its way', processed: 'refunded', failed: 'failed: we will call you' }

/**
 * The trip page's record of the booking: where it stands (`tripState`), money, documents, travellers and day plan. `children`
 * (the pay section) sits under the money; `documents` takes further links such as invoices.
 */
export function TripSummary({ trip, state, children, documents }: { trip: Trip; state: TripState; children?: ReactNode; documents?: ReactNode }) {
	const { booking } = trip
	return (
		<>
			<header>
				<p className="text-sm font-semibold tracking-wide text-primary-800 uppercase">{trip.company.name} · your trip</p>
				<h1 className="mt-1 text-2xl font-bold">{booking.title}</h1>
				<p className="mt-1">
					Booking <strong className="font-mono">{booking.reference}</strong> · {formatTravelDate(booking.startDate)} to {formatTravelDate(booking.endDate)} ·{' '}
					{plural(booking.nights, 'night')}
				</p>
				<p className="mt-2">
					<span className="rounded-full bg-slate-100 px-3 py-0.5 font-semibold" data-testid="trip-status">
						{state.label}
					</span>
				</p>
				<p className="mt-2 text-slate-800" data-testid="trip-note">
					{state.note}
				</p>
			</header>

			<section aria-labelledby="money-heading">
				<h2 id="money-heading" className="text-lg font-semibold">
					Payments
				</h2>
				<dl className="mt-2 grid grid-cols-3 gap-3 text-center">
					{[
						['Trip total', formatINR(booking.total)],
						['Paid', formatINR(trip.verifiedPaid)],
						['Balance', formatINR(trip.balance)],
					].map(([label, value]) => (
						<div key={label} className="rounded-lg border border-slate-200 p-3">
							<dt className="text-sm text-slate-700">{label}</dt>
							<dd className="text-lg font-bold">{value}</dd>
						</div>
					))}
				</dl>
				{trip.balance > 0 && booking.status !== 'cancelled' ? <p className="mt-2">Balance due by {formatTravelDate(booking.balanceDueDate)}.</p> : null}
				{booking.status === 'cancelled' && booking.refundDue !== null ? (
					<p className="mt-2">
						Cancellation fee {formatINR(booking.cancellationFee ?? 0)}; refund due to you {formatINR(booking.refundDue)}.
					</p>
				) : null}
			</section>

			{trip.payments.some((payment) => payment.rejected) ? (
				<p role="status" className="rounded-md bg-warning-50 p-3 text-slate-900" data-testid="upi-not-matched">
					We could not match{' '}
					{trip.payments
						.filter((payment) => payment.rejected)
						.map((payment) => `UPI transaction id ${payment.reference}`)
						.join(', ')}{' '}
					with our bank account. Check the id under the payment in your UPI app and send it again below, or call us on{' '}
					<a href={`tel:${trip.company.phone.replace(/[^+\d]/g, '')}`}>{trip.company.phone}</a>.
				</p>
			) : null}

			{children}

			{trip.payments.length || trip.refunds.length ? (
				<section aria-labelledby="receipts-heading">
					<h2 id="receipts-heading" className="text-lg font-semibold">
						Receipts
					</h2>
					<ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
						{trip.payments.map((payment) => (
							<li key={payment.id} className="flex flex-wrap justify-between gap-2 p-3">
								<span>
									{formatTravelDate(payment.paidOn)} · {payment.method} · <span className="font-mono">{payment.reference}</span>
								</span>
								<span>
									<strong>{formatINR(payment.amount)}</strong>{' '}
									{payment.verified ? '· received' : payment.rejected ? '· could not be matched' : '· we are checking it'}
								</span>
							</li>
						))}
						{trip.refunds.map((refund) => (
							<li key={refund.id} className="flex flex-wrap justify-between gap-2 p-3">
								<span>
									{formatTravelDate(refund.date)} · refund · <span className="font-mono">{refund.reference}</span>
								</span>
								<span>
									<strong>{formatINR(refund.amount)}</strong> · {refundStatusLabels[refund.status] ?? refund.status}
								</span>
							</li>
						))}
					</ul>
				</section>
			) : null}

			{trip.voucher || documents ? (
				<section aria-labelledby="documents-heading">
					<h2 id="documents-heading" className="text-lg font-semibold">
						Documents
					</h2>
					<ul className="mt-2 list-disc space-y-1 pl-5">
						{trip.voucher ? (
							<li>
								<a href={`/voucher/${trip.voucher.id}`}>Your travel voucher{trip.voucher.version > 1 ? ` (version ${trip.voucher.version})` : ''}</a>
							</li>
						) : null}
						{documents}
					</ul>
				</section>
			) : null}

			<section aria-labelledby="travellers-heading">
				<h2 id="travellers-heading" className="text-lg font-semibold">
					Travellers
				</h2>
				<ul className="mt-2 list-disc pl-5">
					{trip.travellers.map((traveller) => (
						<li key={`${traveller.name}-${traveller.age}`}>
							{traveller.name}, {traveller.age}
						</li>
					))}
				</ul>
			</section>

			{trip.days.length ? (
				<section aria-labelledby="plan-heading">
					<h2 id="plan-heading" className="text-lg font-semibold">
						Day by day
					</h2>
					<DayPlan days={trip.days} className="mt-2" />
				</section>
			) : null}

			<footer className="border-t border-slate-300 pt-3 text-sm text-slate-700">
				<p>
					Questions? Call <a href={`tel:${trip.company.phone.replace(/[^+\d]/g, '')}`}>{trip.company.phone}</a>, WhatsApp {formatPhone(trip.company.whatsapp)}{' '}
					or email <a href={`mailto:${trip.company.email}`}>{trip.company.email}</a>.
				</p>
			</footer>
		</>
	)
}
