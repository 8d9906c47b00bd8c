import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { Panel } from '~/components/admin/panel.tsx'
import { Figures } from '~/features/suppliers/components/figures.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { type SupplierPaymentMethod, supplierPaymentMethodLabels, supplierPaymentMethods } from '~/features/suppliers/domain/payables.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { answerOf, useIsPending } from '~/lib/forms.ts'
import { formatINR } from '~/lib/money.ts'

type Statement = {
	entries: ReadonlyArray<{ date: string; reference: string; description: string; charge: number; payment: number; balance: number }>
	charged: number
	paid: number
	balance: number
}
type Payable = {
	bookingId: string
	reference: string
	bookingStatus: string
	owed: number
	paid: number
	outstanding: number
	components: ReadonlyArray<{
		id: string
		description: string
		startDate: string | null
		plannedCost: number | null
		invoiceAmount: number | null
		invoiceReference: string | null
		cost: number | null
		source: 'invoice' | 'planned' | null
	}>
}
type Payment = {
	id: string
	reference: string
	amount: number
	method: SupplierPaymentMethod
	paymentReference: string
	paidOn: string
	note: string | null
	recordedByLabel: string
	createdAt: string
	overOwed: boolean
}

const rupees = (paise: number | null) => (paise === null ? '' : (paise / 100).toFixed(2).replace(/\.00$/, ''))

/**
 * A supplier's payables on their page (docs/decisions/197-supplier-payables.md): what is due, the
 * statement (on screen, CSV, PDF), the supplier's invoice per component, and recording a payment.
 * Plain forms: everything works without JavaScript.
 */
export function SupplierPayables({
	supplierId,
	statement,
	payables,
	payments,
	bookings,
	isOwner,
	today,
	submissionKey,
	actionData,
	children,
}: {
	supplierId: string
	statement: Statement
	payables: readonly Payable[]
	payments: readonly Payment[]
	bookings: ReadonlyArray<{ id: string; label: string }>
	isOwner: boolean
	today: string
	submissionKey: string
	actionData: unknown
	children: ReactNode
}) {
	const answer = answerOf(actionData)
	const payErrors = answer.intent === 'pay' ? answer.errors : {}
	const payValues = answer.intent === 'pay' ? answer.values : undefined
	const invoiceErrors = answer.intent === 'invoice' ? answer.errors : {}
	const invoiceFor = answer.intent === 'invoice' ? answer.values?.componentId : undefined
	const paying = useIsPending({ intent: 'pay', state: 'submitting' })
	return (
		<Panel title="What we owe them" id="payables-heading">
			<div className="mt-3">
				<Figures
					testId="statement-totals"
					className="sm:grid-cols-3"
					figures={[
						['Charged', formatINR(statement.charged)],
						['Paid', formatINR(statement.paid)],
						[statement.balance >= 0 ? 'We owe' : 'Paid in advance', formatINR(Math.abs(statement.balance))],
					]}
				/>
			</div>
			<h3 className="mt-5 font-semibold">Due</h3>
			{children}

			<h3 className="mt-5 font-semibold" id="record-payment-heading">
				Record a payment to them
			</h3>
			{bookings.length ? (
				<Form method="post" className="mt-2 space-y-3 rounded-lg bg-slate-50 p-4" aria-labelledby="record-payment-heading">
					<input type="hidden" name="intent" value="pay" />
					<input type="hidden" name="submissionKey" value={submissionKey} />
					{payErrors.form ? (
						<p role="alert" className="font-medium text-error-700">
							{payErrors.form}
						</p>
					) : null}
					<div className="grid gap-3 sm:grid-cols-3">
						<SelectField
							label="Booking"
							name="bookingId"
							defaultValue={payValues?.bookingId ?? ''}
							error={payErrors.bookingId}
							options={[{ value: '', label: 'Choose the booking' }, ...bookings.map((booking) => ({ value: booking.id, label: booking.label }))]}
						/>
						<Field label="Amount (₹)" name="amount" inputMode="decimal" autoComplete="off" defaultValue={payValues?.amount} error={payErrors.amount} />
						<SelectField
							label="Paid by"
							name="method"
							defaultValue={payValues?.method ?? 'bank'}
							error={payErrors.method}
							options={supplierPaymentMethods.map((method) => ({ value: method, label: supplierPaymentMethodLabels[method] }))}
						/>
						<Field
							label="Reference"
							hint="Bank or UPI reference, cheque number, or receipt number"
							name="reference"
							autoComplete="off"
							defaultValue={payValues?.reference}
							error={payErrors.reference}
						/>
						<Field label="Paid on" name="paidOn" type="date" defaultValue={payValues?.paidOn ?? today} error={payErrors.paidOn} />
						<Field label="Note (optional)" name="note" autoComplete="off" defaultValue={payValues?.note} error={payErrors.note} />
					</div>
					{isOwner ? (
						<p className="flex items-center gap-2">
							<input type="checkbox" id="confirmOver" name="confirmOver" className="size-5" defaultChecked={payValues?.confirmOver === 'on'} />
							<label htmlFor="confirmOver">Pay more than is owed (owners only: an advance for a later booking, or a rounding up)</label>
						</p>
					) : (
						<p className="text-sm text-slate-700">Up to what is owed for the booking; only an owner can record more.</p>
					)}
					<Button type="submit" pending={paying}>
						Record payment
					</Button>
				</Form>
			) : (
				<p className="text-slate-700">No booking has components with this supplier yet.</p>
			)}

			<h3 className="mt-5 font-semibold">Statement</h3>
			<p className="text-sm">
				<a href={`/admin/suppliers/${supplierId}/statement.csv`} download>
					Download CSV
				</a>{' '}
				·{' '}
				<a href={`/admin/suppliers/${supplierId}/statement.pdf`} download>
					Download PDF
				</a>
			</p>
			{statement.entries.length ? (
				<div className="overflow-x-auto">
					<table className="mt-2 w-full text-left text-sm" aria-label="Statement" data-testid="statement">
						<TableHead
							rowClassName="border-b border-slate-300"
							cellClassName="py-1 pr-3"
							columns={[
								'Date',
								'Booking',
								'Description',
								{ label: 'Charge', className: 'text-right' },
								{ label: 'Payment', className: 'text-right' },
								{ label: 'Balance', className: 'text-right' },
							]}
						/>
						<tbody>
							{statement.entries.map((entry, index) => (
								<tr key={index} className="border-b border-slate-100">
									<td className="py-1 pr-3 whitespace-nowrap">{formatTravelDate(entry.date)}</td>
									<td className="py-1 pr-3 whitespace-nowrap">{entry.reference}</td>
									<td className="py-1 pr-3">{entry.description}</td>
									<td className="py-1 pr-3 text-right">{entry.charge ? formatINR(entry.charge) : ''}</td>
									<td className="py-1 pr-3 text-right">{entry.payment ? formatINR(entry.payment) : ''}</td>
									<td className="py-1 pr-3 text-right">{formatINR(entry.balance)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			) : (
				<p className="text-slate-700">Nothing charged or paid yet.</p>
			)}
			{payments.length ? (
				<ul className="mt-3 space-y-1 text-sm" aria-label="Payments to this supplier">
					{payments.map((payment) => (
						<li key={payment.id} data-testid="supplier-payment">
							{formatINR(payment.amount)} for {payment.reference}, {supplierPaymentMethodLabels[payment.method] ?? payment.method} {payment.paymentReference},
							paid {formatTravelDate(payment.paidOn)}; recorded by {payment.recordedByLabel} {formatTimestamp(payment.createdAt)}
							{payment.overOwed ? ' (more than was owed, confirmed by an owner)' : ''}
							{payment.note ? ` · ${payment.note}` : ''}
						</li>
					))}
				</ul>
			) : null}

			<h3 className="mt-5 font-semibold">Their invoices</h3>
			<p className="text-sm text-slate-700">
				Enter the supplier’s invoice amount per component when it arrives: it replaces our planned cost in what we owe and in the booking’s margin. Leave it
				empty to go back to the planned cost.
			</p>
			{payables.length ? (
				<ul className="mt-2 space-y-3" aria-label="Components by booking">
					{payables.map((payable) => (
						<li key={payable.bookingId} className="rounded border border-slate-200 p-3">
							<p className="font-semibold">
								<a href={`/admin/pending/${payable.bookingId}`}>{payable.reference}</a>{' '}
								<span className="font-normal text-slate-700">
									· owed {formatINR(payable.owed)}, paid {formatINR(payable.paid)}
									{payable.bookingStatus === 'cancelled' ? ' · cancelled: only invoiced amounts count' : ''}
								</span>
							</p>
							{payable.components.map((component) => (
								<Form
									key={component.id}
									method="post"
									className="mt-2 grid gap-2 sm:grid-cols-[1fr_9rem_9rem_auto] sm:items-end"
									aria-label={`Invoice for ${component.description}`}
								>
									<input type="hidden" name="intent" value="invoice" />
									<input type="hidden" name="componentId" value={component.id} />
									<p className="text-sm">
										{component.description}
										{component.startDate ? `, ${formatTravelDate(component.startDate)}` : ''} · planned{' '}
										{component.plannedCost === null ? 'not set' : formatINR(component.plannedCost)}
										{invoiceFor === component.id && (invoiceErrors.form || invoiceErrors.invoiceAmount || invoiceErrors.invoiceReference) ? (
											<span role="alert" className="block font-medium text-error-700">
												{invoiceErrors.form ?? invoiceErrors.invoiceAmount ?? invoiceErrors.invoiceReference}
											</span>
										) : null}
									</p>
									<Field
										label={
											<>
												Invoice (₹)<span className="sr-only"> for {component.description}</span>
											</>
										}
										name="invoiceAmount"
										inputMode="decimal"
										autoComplete="off"
										defaultValue={rupees(component.invoiceAmount)}
									/>
									<Field
										label={
											<>
												Invoice number<span className="sr-only"> for {component.description}</span>
											</>
										}
										name="invoiceReference"
										autoComplete="off"
										defaultValue={component.invoiceReference ?? ''}
									/>
									<Button type="submit" size="sm" variant="outline">
										Save<span className="sr-only"> invoice for {component.description}</span>
									</Button>
								</Form>
							))}
						</li>
					))}
				</ul>
			) : (
				<p className="text-slate-700">No costed components with this supplier yet.</p>
			)}
		</Panel>
	)
}
