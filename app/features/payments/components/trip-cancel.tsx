import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { TextareaField } from '~/components/ui/field.tsx'
import { formatINR } from '~/lib/money.ts'
import { useIsPending } from '~/lib/forms.ts'

type Props = {
	/** What the cancellation policy gives if the traveller cancels today. */
	settlement: { feePercent: number; fee: number; refund: number }
	paid: number
	request: { reason: string; fee: number; refund: number } | null
	errors: Record<string, string | undefined>
	values: Record<string, string | undefined>
}

/** Asking to cancel: the fee and refund are shown before the traveller confirms; staff then cancel and refund. */
export function TripCancel({ settlement, paid, request, errors, values }: Props) {
	const cancelling = useIsPending({ intent: 'request-cancellation', state: 'submitting' })
	if (request) {
		return (
			<section aria-labelledby="cancel-heading" className="rounded-lg border border-warning-600 bg-warning-50 p-4">
				<h2 id="cancel-heading" className="text-lg font-semibold">
					You asked to cancel
				</h2>
				<p className="mt-1">
					We have your request ({request.reason}). Under our cancellation policy the fee is {formatINR(request.fee)} and we refund {formatINR(request.refund)}{' '}
					to the way you paid, usually within 7 working days. We will call you to confirm.
				</p>
			</section>
		)
	}
	return (
		<details className="rounded-lg border border-slate-300 p-4">
			<summary className="cursor-pointer font-semibold">Cancel this trip</summary>
			<p className="mt-2">
				If you cancel today, the fee is {settlement.feePercent}% of the trip price: {formatINR(settlement.fee)}. You have paid {formatINR(paid)}, so we refund{' '}
				<strong>{formatINR(settlement.refund)}</strong>.
			</p>
			<p className="mt-1 text-sm text-slate-700">
				Read the full <a href="/cancellation">cancellation policy</a>.
			</p>
			<Form method="post" className="mt-3 space-y-3" aria-label="Ask to cancel this trip">
				<input type="hidden" name="intent" value="request-cancellation" />
				<TextareaField label="Why are you cancelling?" name="reason" maxLength={500} rows={3} required defaultValue={values.reason} error={errors.reason} />
				<div className="flex items-center gap-2">
					<input
						type="checkbox"
						id="confirm-cancel"
						name="confirm"
						value="yes"
						className="size-5"
						required
						aria-describedby={errors.confirm ? 'confirm-cancel-error' : undefined}
					/>
					<label htmlFor="confirm-cancel">
						Cancel my trip: fee {formatINR(settlement.fee)}, refund {formatINR(settlement.refund)}
					</label>
				</div>
				{errors.confirm ? (
					<p id="confirm-cancel-error" className="text-sm font-medium text-error-700">
						{errors.confirm}
					</p>
				) : null}
				<Button type="submit" variant="danger" pending={cancelling}>
					Ask to cancel
				</Button>
			</Form>
		</details>
	)
}
