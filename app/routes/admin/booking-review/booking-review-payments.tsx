import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { paymentMethodLabels, paymentMethods } from '~/features/bookings/domain/booking.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { errorsOf, resultFor, type SubmissionResult, useIsPending, valuesOf } from '~/lib/forms.ts'
import { formatINR } from '~/lib/money.ts'
import type { Route } from './+types/booking-review'

type LoaderData = Route.ComponentProps['loaderData']

/** The payments on the booking (verify, reject a UPI claim) and the form that records one by hand. */
export function PaymentsSection({
	payments,
	status,
	today,
	actionData,
}: {
	payments: LoaderData['payments']
	status: LoaderData['booking']['status']
	today: string
	actionData: unknown
}) {
	const rejected = resultFor(actionData, 'reject-payment')
	const recordResult = resultFor(actionData, 'record-payment')
	const recorded = valuesOf(recordResult)
	const recordErrors = errorsOf(recordResult)
	const recording = useIsPending({ intent: 'record-payment', state: 'submitting' })
	return (
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
							{payment.source === 'traveller' ? ' · sent by the traveller from the trip page' : ''}
						</span>
						{payment.flag ? <span className="font-medium text-error-700">Check: {payment.flag}</span> : null}
						{payment.rejected_at ? <span className="rounded-full bg-error-50 px-2 text-sm text-error-700">Rejected: {payment.rejected_reason}</span> : null}
						{payment.verified ? (
							<span className="rounded-full bg-success-50 px-2 text-sm text-success-700">Verified</span>
						) : (
							<VerifyPayment paymentId={payment.id} label={payment.rejected_at ? 'Mark verified after all' : 'Mark verified'} />
						)}
						{!payment.verified && !payment.rejected_at && payment.source === 'traveller' && payment.method === 'upi' ? (
							<RejectClaim paymentId={payment.id} reference={payment.reference} rejected={rejected} />
						) : null}
					</li>
				))}
			</ul>
			{status !== 'cancelled' ? (
				<Form method="post" preventScrollReset className="mt-4 grid gap-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-2" aria-label="Record a payment">
					<input type="hidden" name="intent" value="record-payment" />
					<Field label="Amount received (₹)" name="amount" inputMode="decimal" defaultValue={recorded.amount} error={recordErrors.amount} />
					<SelectField
						label="Method"
						name="method"
						defaultValue={recorded.method}
						error={recordErrors.method}
						options={[{ value: '', label: 'Choose' }, ...paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))]}
					/>
					<Field
						label="Reference"
						name="reference"
						defaultValue={recorded.reference}
						error={recordErrors.reference}
						hint="UPI transaction id, bank UTR, card approval code or receipt number"
					/>
					<Field label="Date received" name="paidOn" type="date" defaultValue={recorded.paidOn ?? today} error={recordErrors.paidOn} />
					<div className="flex items-center gap-2 sm:col-span-2">
						<input type="checkbox" id="verified" name="verified" className="size-5" />
						<label htmlFor="verified">I have seen the money in the account (verified)</label>
					</div>
					<div>
						<Button type="submit" pending={recording}>
							Record payment
						</Button>
					</div>
				</Form>
			) : null}
		</section>
	)
}

function VerifyPayment({ paymentId, label }: { paymentId: string; label: string }) {
	const pending = useIsPending({ intent: 'verify-payment', fields: { paymentId }, state: 'submitting' })
	return (
		<Form method="post">
			<input type="hidden" name="intent" value="verify-payment" />
			<input type="hidden" name="paymentId" value={paymentId} />
			<Button type="submit" size="sm" variant="outline" pending={pending}>
				{label}
			</Button>
		</Form>
	)
}

/** Rejecting a UPI transaction id the traveller sent that is not on the bank statement (docs/payments.md). */
function RejectClaim({ paymentId, reference, rejected }: { paymentId: string; reference: string; rejected: SubmissionResult | undefined }) {
	const mine = valuesOf(rejected).paymentId === paymentId
	const errors = mine ? errorsOf(rejected) : {}
	const values = mine ? valuesOf(rejected) : {}
	const pending = useIsPending({ intent: 'reject-payment', fields: { paymentId }, state: 'submitting' })
	return (
		<details open={Object.keys(errors).length > 0} className="basis-full">
			<summary className="cursor-pointer text-sm font-medium text-error-700">Not on the statement? Reject it</summary>
			<Form method="post" preventScrollReset className="mt-2 flex flex-wrap items-end gap-3" aria-label={`Reject UPI transaction id ${reference}`}>
				<input type="hidden" name="intent" value="reject-payment" />
				<input type="hidden" name="paymentId" value={paymentId} />
				<Field
					label="Why it does not match (the traveller does not see this)"
					name="reason"
					maxLength={200}
					className="min-w-72 flex-1"
					defaultValue={values.reason}
					error={errors.reason ?? errors.form}
				/>
				<Button type="submit" size="sm" variant="danger" pending={pending}>
					Reject this transaction id
				</Button>
			</Form>
		</details>
	)
}
