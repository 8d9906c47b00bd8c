import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { formatTimestamp } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'

type Props = {
	status: string
	balance: number
	tripUrl: string
	requests: Array<{ id: string; amount: number; note: string | null; createdAt: string; paidAt: string | null; url: string; whatsapp: string }>
	refunds: Array<{ id: string; amount: number; method: string; reference: string; status: string }>
	gatewayPayments: Array<{ id: string; label: string }>
	cancellationRequest: { reason: string; fee: number; refund: number } | null
	submissionKey: string
	errorsFor: (intent: string) => Record<string, string | undefined>
}

/** The booking page's online side (docs/payments.md): the trip page, payment links, a cancellation request, refunds. */
export function BookingOnlinePayments({ status, balance, tripUrl, requests, refunds, gatewayPayments, cancellationRequest, submissionKey, errorsFor }: Props) {
	const navigation = useNavigation()
	const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
	const open = status === 'pending_payment' || status === 'confirmed'
	return (
		<section aria-labelledby="online-heading" className="space-y-4 rounded-lg border border-slate-200 p-4">
			<h2 id="online-heading" className="text-lg font-semibold">
				Trip page, payment links and refunds
			</h2>
			<p className="text-sm">
				Traveller's trip page (private link): <a href={tripUrl}>{tripUrl}</a>
			</p>
			{cancellationRequest ? (
				<p role="status" className="rounded-md bg-warning-50 p-3 font-medium text-warning-800">
					The traveller asked to cancel ({cancellationRequest.reason}). Policy quoted: fee {formatINR(cancellationRequest.fee)}, refund {formatINR(cancellationRequest.refund)}.
				</p>
			) : null}
			{requests.length ? (
				<ul className="space-y-1 text-sm">
					{requests.map((request) => (
						<li key={request.id}>
							{formatTimestamp(request.createdAt)}: {formatINR(request.amount)}
							{request.note ? ` (${request.note})` : ''} · {request.paidAt ? 'paid online' : 'open'} · <a href={request.whatsapp}>Send on WhatsApp</a>
						</li>
					))}
				</ul>
			) : null}
			{open ? (
				<Form method="post" className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end" aria-label="Send a payment link">
					<input type="hidden" name="intent" value="payment-link" />
					<input type="hidden" name="submissionKey" value={submissionKey} />
					<Field label="Amount to ask for (₹)" name="amount" inputMode="decimal" maxLength={20} defaultValue={(balance / 100).toFixed(2)} error={errorsFor('payment-link').amount} />
					<Field label="Note for the traveller (optional)" name="note" maxLength={200} error={errorsFor('payment-link').note} />
					<Button type="submit" pending={busy('payment-link')}>
						Send payment link
					</Button>
				</Form>
			) : null}
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
						options={[{ value: '', label: 'Choose' }, ...(gatewayPayments.length ? [{ value: 'gateway', label: 'Through the payment gateway' }] : []), { value: 'upi', label: 'UPI (sent by us)' }, { value: 'bank', label: 'Bank transfer (sent by us)' }, { value: 'cash', label: 'Cash' }]}
					/>
					{gatewayPayments.length ? <SelectField label="Online payment to refund" name="paymentId" error={errorsFor('refund').paymentId} options={[{ value: '', label: 'Choose' }, ...gatewayPayments.map((payment) => ({ value: payment.id, label: payment.label }))]} /> : null}
					<Field label="UPI or bank reference" name="reference" maxLength={80} error={errorsFor('refund').reference} hint="Not needed for a gateway refund: the gateway gives its own." />
					<div>
						<Button type="submit" pending={busy('refund')}>
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
