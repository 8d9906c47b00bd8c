import { FormError } from '~/components/admin/panel.tsx'
import { Form, Link } from 'react-router'
import { AgentSelect } from '~/features/agents/components/agent-select.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { InvoicesPanel } from '~/features/invoices/components/invoices-panel.tsx'
import { BookingOnlinePayments } from '~/features/payments/components/booking-online-payments.tsx'
import { Button } from '~/components/ui/button.tsx'
import { TextareaField } from '~/components/ui/field.tsx'
import { bookingStatusLabels } from '~/features/bookings/domain/booking.ts'
import { tierLabels } from '~/features/catalog/domain/packages.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { formatINR } from '~/lib/money.ts'
import { formatPhone } from '~/lib/phone.ts'
import { plural } from '~/lib/words.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import type { Route } from './+types/booking-review'
import { ComponentsSection } from './booking-review-components.tsx'
import { BookingSuppliers } from '~/features/suppliers/components/booking-suppliers.tsx'
import { PaymentsSection } from './booking-review-payments.tsx'
import { TravellersSection, TripLinks, VouchersSection } from './booking-review-panels.tsx'
import { bookingAction, bookingPage } from './booking-review.server.ts'
import { BookingMessages } from '~/features/messaging/components/booking-messages.tsx'

/** One booking for staff: money, travellers, payments, suppliers, vouchers, invoices, and confirming, completing or cancelling it. */
export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireStaff(request)
	return bookingPage(params.id, user)
}

/** Every form on the page posts here with its `intent`; each has its own handler and schema in booking-review.server.ts. */
export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	return bookingAction(params.id, await request.formData(), user)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `${loaderData.booking.reference} | Andaman Isles Travel admin` : 'Booking | Andaman Isles Travel admin' },
	{ name: 'robots', content: 'noindex' },
]

export default function BookingReview({ loaderData, actionData }: Route.ComponentProps) {
	const {
		booking,
		travellers,
		payments,
		components,
		vouchers,
		invoices,
		links,
		unconfirmed,
		isOwner,
		today,
		verifiedPaid,
		advanceNeeded,
		ifCancelledToday,
		balance,
		overdue,
		completionProblem,
	} = loaderData
	const errorsFor = (intent: string): Record<string, string | undefined> => errorsOf(resultFor(actionData, intent))
	const valuesFor = (intent: string): Record<string, string | undefined> => valuesOf(resultFor(actionData, intent))
	const formError = errorsOf(resultFor(actionData)).form
	const completing = useIsPending({ intent: 'complete', state: 'submitting' })
	const confirming = useIsPending({ intent: 'confirm', state: 'submitting' })
	const cancelling = useIsPending({ intent: 'cancel', state: 'submitting' })
	const open = booking.status === 'pending_payment' || booking.status === 'confirmed'
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
			<div>
				<p className="font-mono text-sm text-slate-700">{booking.reference}</p>
				<h1 className="text-2xl font-semibold">{booking.title}</h1>
				<p className="mt-1">
					<span className="rounded-full bg-slate-100 px-3 py-0.5 text-sm font-semibold">{bookingStatusLabels[booking.status]}</span> · arrives{' '}
					{formatTravelDate(booking.startDate)}, {plural(booking.nights, 'night')} · {tierLabels[booking.tier as keyof typeof tierLabels] ?? booking.tier}{' '}
					hotels
				</p>
				<TripLinks links={links} />
			</div>

			<section aria-labelledby="money-heading" className="grid gap-4 sm:grid-cols-4">
				<h2 id="money-heading" className="sr-only">
					Money
				</h2>
				{[
					['Total', formatINR(booking.total)],
					['Advance needed', formatINR(advanceNeeded)],
					['Verified payments', formatINR(verifiedPaid)],
					['Balance', formatINR(balance)],
				].map(([label, value]) => (
					<div key={label} className="rounded-lg border border-slate-200 p-4">
						<p className="text-sm text-slate-700">{label}</p>
						<p className="text-xl font-bold">{value}</p>
					</div>
				))}
				{booking.status === 'confirmed' || booking.status === 'pending_payment' ? (
					<p className={`sm:col-span-4 ${overdue ? 'font-semibold text-error-700' : 'text-slate-700'}`} data-testid="balance-due">
						{balance === 0
							? 'Paid in full.'
							: `Balance of ${formatINR(balance)} due by ${formatTravelDate(booking.balanceDueDate)}${overdue ? ' — overdue: remind the traveller.' : '.'}`}{' '}
						Trip ends {formatTravelDate(booking.endDate)}.
					</p>
				) : null}
			</section>

			<FormError error={formError} />

			<section aria-labelledby="contact-heading">
				<h2 id="contact-heading" className="text-lg font-semibold">
					Lead traveller
				</h2>
				<p>
					{booking.contactName} · <a href={`tel:${booking.contactPhone}`}>{formatPhone(booking.contactPhone)}</a>
					{booking.contactEmail ? (
						<>
							{' '}
							· <a href={`mailto:${booking.contactEmail}`}>{booking.contactEmail}</a>
						</>
					) : null}
				</p>
				{booking.specialRequests ? <p className="mt-1 text-slate-700">Requests: {booking.specialRequests}</p> : null}
				<AgentSelect agents={loaderData.agents} current={booking.agentId} error={errorsFor('agent').agentId ?? errorsFor('agent').form} />
			</section>

			<TravellersSection travellers={travellers} />

			<PaymentsSection payments={payments} status={booking.status} today={today} actionData={actionData} />

			<BookingOnlinePayments status={booking.status} balance={balance} dueNow={loaderData.dueNow} {...loaderData.online} actionData={actionData} />

			<ComponentsSection components={components} editable={open} actionData={actionData} />

			{components.length || loaderData.supplierRequests.length ? (
				<BookingSuppliers
					components={components}
					suppliers={loaderData.suppliers}
					requests={loaderData.supplierRequests}
					due={loaderData.supplierDue}
					today={today}
					margin={loaderData.margin}
					editable={open}
					actionData={actionData}
				/>
			) : null}

			{booking.status === 'confirmed' || vouchers.length ? (
				<VouchersSection booking={booking} vouchers={vouchers} unconfirmed={unconfirmed} isOwner={isOwner} />
			) : null}

			<BookingMessages {...loaderData.messaging} errors={errorsFor('staff-message')} values={valuesFor('staff-message')} />

			{invoices ? <InvoicesPanel panel={invoices} errors={errorsFor('issue-invoice')} values={valuesFor('issue-invoice')} /> : null}

			{booking.status === 'confirmed' ? (
				<section aria-labelledby="complete-heading" className="rounded-lg border border-slate-200 p-4">
					<h2 id="complete-heading" className="text-lg font-semibold">
						After the trip
					</h2>
					<p className="text-slate-700">{completionProblem ?? 'The trip has ended: close the booking.'}</p>
					{completionProblem ? null : (
						<Form method="post" className="mt-3">
							<input type="hidden" name="intent" value="complete" />
							<Button type="submit" pending={completing}>
								Mark completed
							</Button>
						</Form>
					)}
				</section>
			) : null}

			{loaderData.reviewLink ? (
				<section aria-labelledby="review-link-heading" className="rounded-lg border border-slate-200 p-4" data-testid="review-link">
					<h2 id="review-link-heading" className="text-lg font-semibold">
						The traveller’s review
					</h2>
					{loaderData.reviewLink.usedAt ? (
						<p className="text-slate-700">
							Sent on {formatTimestamp(loaderData.reviewLink.usedAt)}. <Link to="/admin/reviews?status=waiting">Publish or hide it</Link>.
						</p>
					) : (
						<>
							<p className="text-slate-700">The welcome-home email carries this link. To send it on WhatsApp too, copy it:</p>
							<label className="mt-2 block text-sm font-medium" htmlFor="review-link-url">
								Review link (one review, for this booking only)
							</label>
							<input
								id="review-link-url"
								readOnly
								value={loaderData.reviewLink.url}
								className="mt-1 w-full rounded-md border border-slate-300 bg-slate-50 px-2 py-2 font-mono text-sm"
							/>
						</>
					)}
				</section>
			) : null}

			{booking.status === 'pending_payment' ? (
				<section aria-labelledby="confirm-heading" className="rounded-lg border border-slate-200 p-4">
					<h2 id="confirm-heading" className="text-lg font-semibold">
						Confirm
					</h2>
					<p className="text-slate-700">
						{verifiedPaid >= advanceNeeded
							? 'The verified payments cover the advance.'
							: `The advance is not covered yet: ${formatINR(advanceNeeded - verifiedPaid)} to go.`}
					</p>
					<Form method="post" className="mt-3 space-y-3">
						<input type="hidden" name="intent" value="confirm" />
						{verifiedPaid < advanceNeeded && isOwner ? (
							<TextareaField
								label="Owner’s override: why confirm without the advance?"
								name="overrideReason"
								rows={2}
								error={errorsFor('confirm').overrideReason}
							/>
						) : null}
						<Button type="submit" pending={confirming}>
							Confirm booking
						</Button>
					</Form>
				</section>
			) : null}

			{open ? (
				<section aria-labelledby="cancel-heading" className="rounded-lg border border-red-200 p-4">
					<h2 id="cancel-heading" className="text-lg font-semibold">
						Cancel
					</h2>
					<p className="text-slate-700">
						Cancelling today: fee {ifCancelledToday.feePercent}% ({formatINR(ifCancelledToday.fee)}), refund due {formatINR(ifCancelledToday.refund)} of the
						verified payments.
					</p>
					<Form method="post" className="mt-3 space-y-3">
						<input type="hidden" name="intent" value="cancel" />
						<TextareaField label="Reason for cancelling" name="reason" rows={2} defaultValue={valuesFor('cancel').reason} error={errorsFor('cancel').reason} />
						<Button type="submit" variant="danger" pending={cancelling}>
							Cancel booking
						</Button>
					</Form>
				</section>
			) : null}

			{booking.status === 'cancelled' ? (
				<p className="rounded-md bg-slate-50 p-4">
					Cancelled: {booking.cancelReason}. Fee {formatINR(booking.cancellationFee ?? 0)}; refund due {formatINR(booking.refundDue ?? 0)}.
				</p>
			) : null}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
