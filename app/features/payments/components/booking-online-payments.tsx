import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { paymentMethodLabels, paymentMethods } from '~/features/bookings/domain/booking.ts'
import { reminderStepLabel } from '~/features/payments/domain/reminders.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { formatINR } from '~/lib/money.ts'

type Props = {
	status: string
	balance: number
	/** What is due now (the rest of the advance, else the balance): the payment link's default amount. */
	dueNow: number
	tripUrl: string
	requests: Array<{
		id: string
		amount: number
		note: string | null
		createdAt: string
		paidAt: string | null
		paidHow: string | null
		url: string
		whatsapp: string
	}>
	refunds: Array<{ id: string; amount: number; method: string; reference: string; status: string }>
	gatewayPayments: Array<{ id: string; label: string }>
	cancellationRequest: { reason: string; fee: number; refund: number } | null
	reminders: {
		sent: Array<{ id: string; step: string; dueDate: string; balance: number; emailed: boolean; by: string; at: string }>
		whatsapp: string | null
		next: { step: string; on: string } | null
	}
	today: string
	submissionKey: string
	/** The booking page's action result: each form here reads its own through `resultFor`. */
	actionData: unknown
}

/** The booking page's online side (docs/payments.md): the trip page, payment links, a cancellation request, refunds. */
export function BookingOnlinePayments({
	status,
	balance,
	dueNow,
	tripUrl,
	requests,
	refunds,
	gatewayPayments,
	cancellationRequest,
	reminders,
	today,
	submissionKey,
	actionData,
}: Props) {
	const errorsFor = (intent: string) => errorsOf(resultFor(actionData, intent))
	const valuesFor = (intent: string) => valuesOf(resultFor(actionData, intent))
	const busy = {
		'link-paid': useIsPending({ intent: 'link-paid', state: 'submitting' }),
		'payment-link': useIsPending({ intent: 'payment-link', state: 'submitting' }),
		'payment-reminder': useIsPending({ intent: 'payment-reminder', state: 'submitting' }),
		refund: useIsPending({ intent: 'refund', state: 'submitting' }),
	}
	const open = status === 'pending_payment' || status === 'confirmed'
	return (
		<section aria-labelledby="online-heading" className="space-y-4 rounded-lg border border-slate-200 p-4">
			<h2 id="online-heading" className="text-lg font-semibold">
				Trip page, payment links and refunds
			</h2>
			<p className="text-sm">
				Traveller's trip page (private link):{' '}
				<a href={tripUrl} className="break-all">
					{tripUrl}
				</a>
			</p>
			{cancellationRequest ? (
				<p role="status" className="rounded-md bg-warning-50 p-3 font-medium text-warning-800">
					The traveller asked to cancel ({cancellationRequest.reason}). Policy quoted: fee {formatINR(cancellationRequest.fee)}, refund{' '}
					{formatINR(cancellationRequest.refund)}.
				</p>
			) : null}
			{requests.length ? (
				<ul className="space-y-2 text-sm">
					{requests.map((request) => {
						const failed = valuesFor('link-paid').requestId === request.id
						const errors = failed ? errorsFor('link-paid') : {}
						return (
							<li key={request.id} data-testid="payment-link">
								{formatTimestamp(request.createdAt)}: {formatINR(request.amount)}
								{request.note ? ` (${request.note})` : ''} · {request.paidHow ?? 'open'}
								{request.paidAt ? null : (
									<>
										{' '}
										· <a href={request.whatsapp}>Send on WhatsApp</a>
									</>
								)}
								{!request.paidAt && open ? (
									<details open={failed} className="mt-1">
										<summary className="cursor-pointer font-medium text-primary-800">Paid another way (cash, bank transfer)</summary>
										<Form
											method="post"
											preventScrollReset
											className="mt-2 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-4 sm:items-end"
											aria-label={`Mark the ${formatINR(request.amount)} link paid`}
										>
											<input type="hidden" name="intent" value="link-paid" />
											<input type="hidden" name="requestId" value={request.id} />
											<SelectField
												label="How it was paid"
												name="method"
												defaultValue={failed ? valuesFor('link-paid').method : ''}
												error={errors.method}
												options={[{ value: '', label: 'Choose' }, ...paymentMethods.map((method) => ({ value: method, label: paymentMethodLabels[method] }))]}
											/>
											<Field
												label="Receipt, UTR or reference"
												name="reference"
												maxLength={80}
												defaultValue={failed ? valuesFor('link-paid').reference : ''}
												error={errors.reference}
											/>
											<Field
												label="Date received"
												name="paidOn"
												type="date"
												defaultValue={(failed ? valuesFor('link-paid').paidOn : undefined) ?? today}
												error={errors.paidOn}
											/>
											<Button type="submit" size="sm" pending={busy['link-paid']}>
												Record {formatINR(request.amount)} and close the link
											</Button>
											{errors.form && !errors.reference ? (
												<p role="alert" className="font-medium text-error-700 sm:col-span-4">
													{errors.form}
												</p>
											) : null}
										</Form>
									</details>
								) : null}
							</li>
						)
					})}
				</ul>
			) : null}
			{open ? (
				<Form method="post" className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end" aria-label="Send a payment link">
					<input type="hidden" name="intent" value="payment-link" />
					<input type="hidden" name="submissionKey" value={submissionKey} />
					<Field
						label="Amount to ask for (₹)"
						name="amount"
						inputMode="decimal"
						maxLength={20}
						defaultValue={(dueNow / 100).toFixed(2)}
						error={errorsFor('payment-link').amount}
					/>
					<Field label="Note for the traveller (optional)" name="note" maxLength={200} error={errorsFor('payment-link').note} />
					<Button type="submit" pending={busy['payment-link']}>
						Send payment link
					</Button>
				</Form>
			) : null}
			<PaymentReminders
				reminders={reminders}
				open={status === 'confirmed' && balance > 0}
				submissionKey={submissionKey}
				pending={busy['payment-reminder']}
				error={errorsFor('payment-reminder').form}
			/>
			{refunds.length ? (
				<ul className="space-y-1 text-sm">
					{refunds.map((refund) => (
						<li key={refund.id}>
							Refund {formatINR(refund.amount)} · {refund.method} {refund.reference} · {refund.status}
						</li>
					))}
				</ul>
			) : null}
			{status === 'cancelled' ? (
				<Form method="post" className="grid gap-3 sm:grid-cols-2" aria-label="Record a refund">
					<input type="hidden" name="intent" value="refund" />
					<Field label="Refund amount (₹)" name="amount" inputMode="decimal" maxLength={20} error={errorsFor('refund').amount} />
					<SelectField
						label="How it goes back"
						name="method"
						error={errorsFor('refund').method}
						options={[
							{ value: '', label: 'Choose' },
							...(gatewayPayments.length ? [{ value: 'gateway', label: 'Through the payment gateway' }] : []),
							{ value: 'upi', label: 'UPI (sent by us)' },
							{ value: 'bank', label: 'Bank transfer (sent by us)' },
							{ value: 'cash', label: 'Cash' },
						]}
					/>
					{gatewayPayments.length ? (
						<SelectField
							label="Online payment to refund"
							name="paymentId"
							error={errorsFor('refund').paymentId}
							options={[{ value: '', label: 'Choose' }, ...gatewayPayments.map((payment) => ({ value: payment.id, label: payment.label }))]}
						/>
					) : null}
					<Field
						label="UPI or bank reference"
						name="reference"
						maxLength={80}
						error={errorsFor('refund').reference}
						hint="Not needed for a gateway refund: the gateway gives its own."
					/>
					<div>
						<Button type="submit" pending={busy['refund']}>
							Record refund
						</Button>
					</div>
					{errorsFor('refund').form ? (
						<p role="alert" className="font-medium text-error-700 sm:col-span-2">
							{errorsFor('refund').form}
						</p>
					) : null}
				</Form>
			) : null}
		</section>
	)
}

/** Reminders before the balance due date (docs/payments.md): what went out and when, the next one, and a button for one now. */
function PaymentReminders({
	reminders,
	open,
	submissionKey,
	pending,
	error,
}: {
	reminders: Props['reminders']
	open: boolean
	submissionKey: string
	pending: boolean
	error: string | undefined
}) {
	return (
		<div className="space-y-2" data-testid="payment-reminders">
			<h3 id="reminders-heading" className="font-semibold">
				Payment reminders
			</h3>
			{reminders.sent.length ? (
				<ul className="space-y-1 text-sm">
					{reminders.sent.map((reminder) => (
						<li key={reminder.id}>
							{formatTimestamp(reminder.at)}: {reminderStepLabel(reminder.step)} · balance {formatINR(reminder.balance)} due{' '}
							{formatTravelDate(reminder.dueDate)} · {reminder.emailed ? 'emailed' : 'no email address'} · by {reminder.by}
						</li>
					))}
				</ul>
			) : (
				<p className="text-sm text-slate-700">No reminder sent yet.</p>
			)}
			{reminders.next ? (
				<p className="text-sm text-slate-700">
					Next: {reminderStepLabel(reminders.next.step).toLowerCase()}, on {formatTravelDate(reminders.next.on)}.
				</p>
			) : null}
			{open ? (
				<Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3">
					<input type="hidden" name="intent" value="payment-reminder" />
					<input type="hidden" name="submissionKey" value={submissionKey} />
					<Button type="submit" size="sm" variant="outline" pending={pending}>
						Email a reminder now
					</Button>
					{reminders.whatsapp ? <a href={reminders.whatsapp}>Send the reminder on WhatsApp</a> : null}
				</Form>
			) : null}
			{error ? (
				<p role="alert" className="text-sm font-medium text-error-700">
					{error}
				</p>
			) : null}
		</div>
	)
}
