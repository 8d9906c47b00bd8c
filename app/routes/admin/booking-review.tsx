import { data, Form, useNavigation } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { reviewActionSchema } from '~/domain/booking/admin-forms.ts'
import { advanceDue, bookingStatusLabels, cancellationSettlement, daysBetween, paidSoFar, paymentMethodLabels, paymentMethods } from '~/domain/booking/booking.ts'
import { formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { isAppError } from '~/lib/errors.ts'
import { formatPhone } from '~/lib/phone.ts'
import { formatINR } from '~/lib/money.ts'
import { requireStaff } from '~/server/auth.server.ts'
import { cancelBooking, confirmBooking, getBooking, recordPayment, verifyPayment } from '~/server/bookings/bookings.server.ts'
import { db } from '~/server/db/index.server.ts'
import { fieldErrors } from '~/server/forms.server.ts'
import { actorOf } from '~/server/identity/users.server.ts'
import { getSettings } from '~/server/settings.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/booking-review'

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireStaff(request)
	const found = await getBooking(db(), params.id)
	if (!found) throw new Response('No booking has this address.', { status: 404, statusText: 'Page Not Found' })
	const settings = await getSettings(db())
	const today = todayInIndia()
	const verified = paidSoFar(found.payments, { verifiedOnly: true })
	return {
		...found,
		isOwner: user.role === 'owner',
		today,
		verifiedPaid: verified,
		advanceNeeded: advanceDue(found.booking.total, settings.advancePercent),
		ifCancelledToday: cancellationSettlement(found.booking.total, verified, daysBetween(today, found.booking.startDate), settings.cancellationTiers),
	}
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const values = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === 'string')) as Record<string, string>
	const parsed = reviewActionSchema.safeParse(values)
	if (!parsed.success) return data({ intent: values.intent ?? null, errors: fieldErrors(parsed.error.issues), values }, { status: 400 })
	const actor = actorOf(user)
	const back = `/admin/pending/${params.id}`
	try {
		const form = parsed.data
		switch (form.intent) {
			case 'record-payment': {
				const result = await recordPayment(db(), params.id, { amount: form.amount, method: form.method, reference: form.reference, paidOn: form.paidOn, verified: form.verified }, actor)
				return redirectWithToast(back, result.created ? { title: 'Payment recorded', description: `${formatINR(form.amount)} by ${paymentMethodLabels[form.method]}.` } : { type: 'info', title: 'Already recorded', description: 'A payment with this reference is already on the booking.' })
			}
			case 'verify-payment':
				await verifyPayment(db(), params.id, form.paymentId, actor)
				return redirectWithToast(back, { title: 'Payment verified' })
			case 'confirm': {
				const settings = await getSettings(db())
				await confirmBooking(db(), params.id, settings.advancePercent, { ...actor, isOwner: user.role === 'owner' }, form.overrideReason)
				return redirectWithToast(back, { title: 'Booking confirmed', description: 'Next: request the hotels, ferries and activities from suppliers.' })
			}
			case 'cancel': {
				const settings = await getSettings(db())
				const settlement = await cancelBooking(db(), params.id, form.reason, todayInIndia(), settings.cancellationTiers, actor)
				return redirectWithToast(back, { type: 'warning', title: 'Booking cancelled', description: `Fee ${formatINR(settlement.fee)}; refund due ${formatINR(settlement.refund)}.` })
			}
		}
	} catch (error) {
		if (isAppError(error) && error.status < 500) return data({ intent: values.intent ?? null, errors: { form: error.message }, values }, { status: error.status })
		throw error
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `${loaderData.booking.reference} | Andaman Isles Travel admin` : 'Booking | Andaman Isles Travel admin' },
	{ name: 'robots', content: 'noindex' },
]

export default function BookingReview({ loaderData, actionData }: Route.ComponentProps) {
	const { booking, travellers, payments, isOwner, today, verifiedPaid, advanceNeeded, ifCancelledToday } = loaderData
	const navigation = useNavigation()
	const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
	const errorsFor = (intent: string): Record<string, string | undefined> => (actionData?.intent === intent ? actionData.errors : {})
	const valuesFor = (intent: string): Record<string, string | undefined> => (actionData?.intent === intent ? actionData.values : {})
	const open = booking.status === 'pending_payment' || booking.status === 'confirmed'
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
			<div>
				<p className="font-mono text-sm text-slate-700">{booking.reference}</p>
				<h1 className="text-2xl font-semibold">{booking.title}</h1>
				<p className="mt-1">
					<span className="rounded-full bg-slate-100 px-3 py-0.5 text-sm font-semibold">{bookingStatusLabels[booking.status]}</span> · arrives{' '}
					{formatTravelDate(booking.startDate)}, {booking.nights} nights · {booking.tier} hotels
				</p>
			</div>

			<section aria-labelledby="money-heading" className="grid gap-4 sm:grid-cols-4">
				<h2 id="money-heading" className="sr-only">
					Money
				</h2>
				{[
					['Total', formatINR(booking.total)],
					['Advance needed', formatINR(advanceNeeded)],
					['Verified payments', formatINR(verifiedPaid)],
					['Balance', formatINR(Math.max(0, booking.total - verifiedPaid))],
				].map(([label, value]) => (
					<div key={label} className="rounded-lg border border-slate-200 p-4">
						<p className="text-sm text-slate-700">{label}</p>
						<p className="text-xl font-bold">{value}</p>
					</div>
				))}
			</section>

			{actionData?.errors.form ? (
				<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
					{actionData.errors.form}
				</p>
			) : null}

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
			</section>

			<section aria-labelledby="travellers-heading">
				<h2 id="travellers-heading" className="text-lg font-semibold">
					Travellers ({travellers.length})
				</h2>
				<div className="overflow-x-auto">
					<table className="mt-2 w-full min-w-[40rem] text-left text-sm">
						<thead>
							<tr className="border-b border-slate-300">
								<th scope="col" className="py-1 pr-3">Name</th>
								<th scope="col" className="py-1 pr-3">Age</th>
								<th scope="col" className="py-1 pr-3">Gender</th>
								<th scope="col" className="py-1 pr-3">Nationality</th>
								<th scope="col" className="py-1 pr-3">ID</th>
							</tr>
						</thead>
						<tbody>
							{travellers.map((traveller) => (
								<tr key={traveller.id} className="border-b border-slate-100">
									<td className="py-1 pr-3">{traveller.name}</td>
									<td className="py-1 pr-3">{traveller.age}</td>
									<td className="py-1 pr-3">{traveller.gender}</td>
									<td className="py-1 pr-3">{traveller.nationality}</td>
									<td className="py-1 pr-3 font-mono">
										{traveller.id_type} {traveller.id_number}
										{traveller.passport_expiry ? ` (expires ${formatTravelDate(traveller.passport_expiry)})` : ''}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			</section>

			<section aria-labelledby="payments-heading">
				<h2 id="payments-heading" className="text-lg font-semibold">
					Payments
				</h2>
				{payments.length === 0 ? <p className="text-slate-700">No payments recorded yet.</p> : null}
				<ul className="mt-2 space-y-2">
					{payments.map((payment) => (
						<li key={payment.id} className="flex flex-wrap items-center gap-3 rounded border border-slate-200 p-3">
							<span className="font-semibold">{formatINR(payment.amount)}</span>
							<span>
								{paymentMethodLabels[payment.method as keyof typeof paymentMethodLabels]} · {payment.reference} · {formatTravelDate(payment.paid_on)}
							</span>
							{payment.verified ? (
								<span className="rounded-full bg-success-50 px-2 text-sm text-success-700">Verified</span>
							) : (
								<Form method="post">
									<input type="hidden" name="intent" value="verify-payment" />
									<input type="hidden" name="paymentId" value={payment.id} />
									<Button type="submit" size="sm" variant="outline" pending={busy('verify-payment')}>
										Mark verified
									</Button>
								</Form>
							)}
						</li>
					))}
				</ul>
				{booking.status !== 'cancelled' ? (
					<Form method="post" className="mt-4 grid gap-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-2" aria-label="Record a payment">
						<input type="hidden" name="intent" value="record-payment" />
						<Field label="Amount received (₹)" name="amount" inputMode="decimal" defaultValue={valuesFor('record-payment').amount} error={errorsFor('record-payment').amount} />
						<SelectField label="Method" name="method" defaultValue={valuesFor('record-payment').method} error={errorsFor('record-payment').method} options={[{ value: '', label: 'Choose' }, ...paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))]} />
						<Field label="Reference" name="reference" defaultValue={valuesFor('record-payment').reference} error={errorsFor('record-payment').reference} hint="UPI transaction id, bank UTR, card approval code or receipt number" />
						<Field label="Date received" name="paidOn" type="date" defaultValue={valuesFor('record-payment').paidOn ?? today} error={errorsFor('record-payment').paidOn} />
						<div className="flex items-center gap-2 sm:col-span-2">
							<input type="checkbox" id="verified" name="verified" className="size-5" />
							<label htmlFor="verified">I have seen the money in the account (verified)</label>
						</div>
						<div>
							<Button type="submit" pending={busy('record-payment')}>
								Record payment
							</Button>
						</div>
					</Form>
				) : null}
			</section>

			{booking.status === 'pending_payment' ? (
				<section aria-labelledby="confirm-heading" className="rounded-lg border border-slate-200 p-4">
					<h2 id="confirm-heading" className="text-lg font-semibold">
						Confirm
					</h2>
					<p className="text-slate-700">
						{verifiedPaid >= advanceNeeded ? 'The verified payments cover the advance.' : `The advance is not covered yet: ${formatINR(advanceNeeded - verifiedPaid)} to go.`}
					</p>
					<Form method="post" className="mt-3 space-y-3">
						<input type="hidden" name="intent" value="confirm" />
						{verifiedPaid < advanceNeeded && isOwner ? (
							<TextareaField label="Owner’s override: why confirm without the advance?" name="overrideReason" rows={2} error={errorsFor('confirm').overrideReason} />
						) : null}
						<Button type="submit" pending={busy('confirm')}>
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
						Cancelling today: fee {ifCancelledToday.feePercent}% ({formatINR(ifCancelledToday.fee)}), refund due {formatINR(ifCancelledToday.refund)} of the verified payments.
					</p>
					<Form method="post" className="mt-3 space-y-3">
						<input type="hidden" name="intent" value="cancel" />
						<TextareaField label="Reason for cancelling" name="reason" rows={2} defaultValue={valuesFor('cancel').reason} error={errorsFor('cancel').reason} />
						<Button type="submit" variant="danger" pending={busy('cancel')}>
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
