import { Form } from 'react-router'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { upiAmount } from '~/features/payments/domain/upi.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { useIsPending } from '~/lib/forms.ts'

type Props = {
	reference: string
	dueNow: number
	balance: number
	balanceDueDate: string
	upi: { id: string; link: string } | null
	qrSvg: string | null
	/** Set when a gateway is configured: the form that opens its checkout. */
	onlineAction: string | null
	requestId: string | null
	errors: Record<string, string | undefined>
	values: Record<string, string | undefined>
}

/** A large button whose label may wrap on a phone (a fixed height would let it spill out). */
const wrappingButton = (variant: 'primary' | 'secondary') => buttonClass(variant, 'lg').replace('h-12', 'min-h-12 py-2 text-center')

/** What is due and the ways to pay it: UPI app (button on a phone, QR code on a desktop), online checkout, then "I paid by UPI". */
export function TripPay({ reference, dueNow, balance, balanceDueDate, upi, qrSvg, onlineAction, requestId, errors, values }: Props) {
	const reporting = useIsPending({ intent: 'upi-reference', state: 'submitting' })
	return (
		<section aria-labelledby="pay-heading" className="rounded-xl border border-primary-200 bg-primary-50 p-5">
			<h2 id="pay-heading" className="text-xl font-semibold">
				Pay {formatINR(dueNow)} now
			</h2>
			<p className="mt-1 text-slate-800">
				{balance > dueNow ? `After this, ${formatINR(balance - dueNow)} is due by ${formatTravelDate(balanceDueDate)}.` : `This pays the trip in full.`} Put{' '}
				{reference} in the payment note.
			</p>
			<div className="mt-4 flex flex-wrap items-start gap-6">
				{upi ? (
					<div className="space-y-2">
						<a href={upi.link} className={wrappingButton('primary')} data-testid="upi-pay-link">
							Pay {formatINR(dueNow)} with a UPI app
						</a>
						<p className="text-sm text-slate-700">
							UPI id <span className="font-mono">{upi.id}</span>
						</p>
					</div>
				) : null}
				{upi && qrSvg ? (
					<figure className="hidden w-40 text-center sm:block">
						{/* Our own SVG, drawn on the server from the UPI link (no outside service). */}
						<div
							className="size-40 bg-white"
							role="img"
							aria-label={`UPI QR code for ${formatINR(dueNow)} to ${upi.id}`}
							dangerouslySetInnerHTML={{ __html: qrSvg }}
						/>
						<figcaption className="text-xs text-slate-700">Scan with any UPI app on your phone</figcaption>
					</figure>
				) : null}
				{onlineAction ? (
					<Form method="post" action={onlineAction} reloadDocument className="space-y-2">
						{/* reloadDocument: the payment page must run the gateway's script, which a client-side navigation would not. */}
						{requestId ? <input type="hidden" name="request" value={requestId} /> : null}
						<button type="submit" className={wrappingButton('secondary')} name="intent" value="pay-online">
							Pay online: UPI, card or netbanking
						</button>
						<p className="text-sm text-slate-700">Secure checkout by Razorpay. Confirmed at once.</p>
					</Form>
				) : null}
			</div>
			{upi ? (
				<Form method="post" className="mt-6 grid gap-3 rounded-lg bg-white p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end" aria-label="Tell us you paid by UPI">
					<input type="hidden" name="intent" value="upi-reference" />
					<Field
						label="UPI transaction id (UTR)"
						name="reference"
						autoComplete="off"
						inputMode="text"
						maxLength={64}
						required
						defaultValue={values.reference}
						error={errors.reference}
						hint="In your UPI app, under the payment: usually 12 digits."
					/>
					<Field
						label="Amount paid (₹)"
						name="amount"
						inputMode="decimal"
						maxLength={20}
						required
						defaultValue={values.amount ?? upiAmount(dueNow)}
						error={errors.amount}
					/>
					<Button type="submit" pending={reporting}>
						I have paid
					</Button>
				</Form>
			) : null}
		</section>
	)
}
