import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { gstStates, stateCodes } from '~/features/invoices/domain/gstin.ts'
import { documentKindLabels, type DocumentKind } from '~/features/invoices/domain/invoice.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { useIsPending } from '~/lib/forms.ts'
import { formatINRExact } from '~/lib/money.ts'

type Panel = {
	documents: Array<{ id: string; kind: DocumentKind; number: string; issueDate: string; buyerName: string; total: number }>
	supplierProblem: string | null
	next: { amount: number; problem: string | null }
	buyer: Record<'buyerName' | 'buyerAddress' | 'buyerState' | 'buyerGstin', string>
	/** An agency's booking: billed to the agency (docs/decisions/232), not to the names in this form. */
	agencyBuyer?: { name: string | null; gstin: string | null; problem: string | null } | null
}

/**
 * Tax invoices and credit notes on the booking page (docs/decisions/115-gst-tax-invoices.md):
 * each with its printable page and PDF (the same links the traveller gets by email), and the
 * form that issues the next invoice for the customer as they should be billed.
 */
export function InvoicesPanel({
	panel,
	errors,
	values,
}: {
	panel: Panel
	errors: Record<string, string | undefined>
	values: Record<string, string | undefined>
}) {
	const busy = useIsPending({ intent: 'issue-invoice', state: 'submitting' })
	const value = (key: keyof Panel['buyer']) => values[key] ?? panel.buyer[key]
	const problem = panel.supplierProblem ?? panel.agencyBuyer?.problem ?? panel.next.problem
	return (
		<section aria-labelledby="invoices-heading" className="space-y-3 rounded-lg border border-slate-200 p-4">
			<h2 id="invoices-heading" className="text-lg font-semibold">
				Tax invoices and credit notes
			</h2>
			{panel.documents.length ? (
				<ul className="divide-y divide-slate-200 rounded-md border border-slate-200" data-testid="tax-documents">
					{panel.documents.map((document) => (
						<li key={document.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
							<span>
								{documentKindLabels[document.kind]} <strong className="font-mono">{document.number}</strong> · {formatTravelDate(document.issueDate)} ·{' '}
								{document.buyerName} · {formatINRExact(document.total)}
							</span>
							<span className="flex gap-3">
								<a href={`/invoice/${document.id}`}>
									Open<span className="sr-only"> {document.number}</span>
								</a>
								<a href={`/invoice/${document.id}/pdf`}>
									PDF<span className="sr-only"> of {document.number}</span>
								</a>
							</span>
						</li>
					))}
				</ul>
			) : (
				<p className="text-sm text-slate-700">No tax invoice yet.</p>
			)}
			{problem ? (
				<p className="text-sm text-slate-700" data-testid="invoice-blocker">
					{problem}
				</p>
			) : (
				<Form method="post" className="space-y-3 rounded-md border border-slate-200 p-3" aria-labelledby="issue-invoice-heading" noValidate>
					<h3 id="issue-invoice-heading" className="font-semibold">
						Issue a tax invoice for {formatINRExact(panel.next.amount)}
					</h3>
					<p className="text-sm text-slate-700">
						Bill the traveller, or a company or partner agent with its GSTIN. The invoice cannot be changed once issued; it is emailed to the booking’s contact.
					</p>
					{errors.form ? (
						<p role="alert" className="text-sm font-medium text-error-700">
							{errors.form}
						</p>
					) : null}
					<input type="hidden" name="intent" value="issue-invoice" />
					{panel.agencyBuyer ? (
						<p className="text-sm" data-testid="agency-buyer">
							{/* The form's own check wants a name; the server bills the agency whatever is sent. */}
							<input type="hidden" name="buyerName" value={panel.agencyBuyer.name ?? ''} />
							Billed to the agency: <strong>{panel.agencyBuyer.name}</strong>
							{panel.agencyBuyer.gstin ? `, GSTIN ${panel.agencyBuyer.gstin}` : ''}, at its net price.
						</p>
					) : (
						<div className="grid gap-3 sm:grid-cols-2">
							<Field label="Bill to (name)" name="buyerName" defaultValue={value('buyerName')} error={errors.buyerName} />
							<Field
								label="Customer GSTIN (optional)"
								name="buyerGstin"
								autoCapitalize="characters"
								spellCheck={false}
								defaultValue={value('buyerGstin')}
								error={errors.buyerGstin}
								hint="For business travellers and partner agents: their state becomes the place of supply."
							/>
							<TextareaField
								label="Customer address"
								name="buyerAddress"
								rows={2}
								defaultValue={value('buyerAddress')}
								error={errors.buyerAddress}
								hint="Needed with a GSTIN."
							/>
							<SelectField
								label="Customer’s state"
								name="buyerState"
								options={[
									{ value: '', label: 'Not given (place of supply: our state)' },
									...stateCodes.map((code) => ({ value: code, label: `${gstStates[code]} (${code})` })),
								]}
								defaultValue={value('buyerState')}
								error={errors.buyerState}
								hint="From the address on record; ignored when a GSTIN is given."
							/>
						</div>
					)}
					<Button type="submit" pending={busy}>
						Issue tax invoice
					</Button>
				</Form>
			)}
		</section>
	)
}
