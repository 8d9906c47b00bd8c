import { getFormProps } from '@conform-to/react'
import { Download } from 'lucide-react'
import { Form } from 'react-router'
import { Panel } from '~/components/admin/panel.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { agentTermsFormSchema, type RateRule } from '~/features/agents/domain/agent-pricing.ts'
import { agentFundsFormSchema, type Statement } from '~/features/agents/domain/credit.ts'
import { errorsOf, resultFor, useIsPending, useValidatedForm, valuesOf } from '~/lib/forms.ts'
import { formatINR } from '~/lib/money.ts'

type Credit = { rateRule: RateRule; creditLimit: number; walletBalance: number; creditUsed: number; available: number }

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
	return (
		<div className="rounded-lg bg-slate-50 p-3">
			<dt className="text-sm text-slate-700">{label}</dt>
			<dd className="text-xl font-semibold" data-testid={testId}>
				{value}
			</dd>
		</div>
	)
}

/**
 * Staff's view of an agency's money (docs/decisions/223, 224): the rate rule and credit limit, the
 * credit in use, the wallet and what is available, money received, and the statement for the page's
 * dates (its commission is the commission report's figure above).
 */
export function AgentCreditPanel({
	agentId,
	commissionPercent,
	credit,
	statement,
	range,
	submissionKey,
	actionData,
}: {
	agentId: string
	commissionPercent: number
	credit: Credit
	statement: Statement
	range: { from: string; to: string }
	submissionKey: string
	actionData: unknown
}) {
	const termsResult = resultFor(actionData, 'terms')
	const [termsForm] = useValidatedForm(agentTermsFormSchema, { id: 'agent-terms', lastResult: termsResult })
	const termsErrors = errorsOf(termsForm.allErrors)
	const termsValues = termsResult
		? valuesOf(termsResult)
		: {
				rateRule: credit.rateRule.kind,
				marginPercent: String(credit.rateRule.kind === 'margin' ? credit.rateRule.marginBp / 100 : 0),
				creditLimit: String(credit.creditLimit / 100),
			}
	const fundsResult = resultFor(actionData, 'funds')
	const [fundsForm] = useValidatedForm(agentFundsFormSchema, { id: 'agent-funds', lastResult: fundsResult })
	const fundsErrors = errorsOf(fundsForm.allErrors)
	const fundsValues = fundsResult ? valuesOf(fundsResult) : {}
	const termsPending = useIsPending({ intent: 'terms' })
	const fundsPending = useIsPending({ intent: 'funds' })
	return (
		<Panel title="Rates, credit and statement" id="credit-heading">
			<dl className="grid gap-3 sm:grid-cols-4">
				<Figure label="Credit limit" value={formatINR(credit.creditLimit)} />
				<Figure label="Wallet" value={formatINR(credit.walletBalance)} />
				<Figure label="Credit in use" value={formatINR(credit.creditUsed)} testId="credit-used" />
				<Figure label="Available" value={formatINR(credit.available)} testId="credit-available" />
			</dl>
			<p className="mt-3 text-sm text-slate-700">
				Net price:{' '}
				{credit.rateRule.kind === 'commission'
					? `our sell price less the agency’s ${commissionPercent}% commission`
					: `our cost plus a ${credit.rateRule.marginBp / 100}% margin`}
				.
			</p>
			<div className="mt-4 grid gap-6 lg:grid-cols-2">
				<Form method="post" className="space-y-3" {...getFormProps(termsForm)}>
					<h3 className="font-semibold">Rate rule and credit limit</h3>
					<input type="hidden" name="intent" value="terms" />
					<SelectField
						label="Net price"
						name="rateRule"
						defaultValue={String(termsValues.rateRule ?? 'commission')}
						error={termsErrors.rateRule}
						options={[
							{ value: 'commission', label: 'Commission off our sell price' },
							{ value: 'margin', label: 'Our cost plus a margin' },
						]}
					/>
					<Field
						label="Margin on our cost (%)"
						name="marginPercent"
						inputMode="decimal"
						defaultValue={String(termsValues.marginPercent ?? '0')}
						error={termsErrors.marginPercent}
						hint="Used with “Our cost plus a margin”."
					/>
					<Field
						label="Credit limit (₹)"
						name="creditLimit"
						inputMode="decimal"
						defaultValue={String(termsValues.creditLimit ?? '0')}
						error={termsErrors.creditLimit}
						hint="0: every booking waits for approval unless the wallet covers it."
					/>
					<Button type="submit" pending={termsPending}>
						Save rates and credit
					</Button>
				</Form>
				<Form method="post" className="space-y-3" {...getFormProps(fundsForm)}>
					<h3 className="font-semibold">Money received</h3>
					<input type="hidden" name="intent" value="funds" />
					<input type="hidden" name="submissionKey" value={submissionKey} />
					<SelectField
						label="Kind"
						name="kind"
						defaultValue={String(fundsValues.kind ?? 'top_up')}
						error={fundsErrors.kind}
						options={[
							{ value: 'top_up', label: 'Wallet top-up' },
							{ value: 'payment', label: 'Payment against bookings' },
						]}
					/>
					<Field label="Amount (₹)" name="amount" inputMode="decimal" defaultValue={String(fundsValues.amount ?? '')} error={fundsErrors.amount} />
					<Field label="Note (bank reference)" name="note" defaultValue={String(fundsValues.note ?? '')} error={fundsErrors.note} />
					<Button type="submit" pending={fundsPending}>
						Record money received
					</Button>
				</Form>
			</div>
			<h3 className="mt-6 font-semibold">
				Statement of account, {range.from} to {range.to}
			</h3>
			<dl className="mt-2 grid gap-3 sm:grid-cols-3">
				<Figure label="Opening balance" value={formatINR(statement.opening)} />
				<Figure label="Bookings on credit" value={formatINR(statement.bookings)} />
				<Figure label="Payments and top-ups" value={formatINR(statement.payments)} />
				<Figure label="Credit released" value={formatINR(statement.releases)} />
				<Figure label="Commission earned (statement)" value={formatINR(statement.commission)} testId="statement-commission" />
				<Figure label="Closing balance" value={formatINR(statement.closing)} />
			</dl>
			<p className="mt-3 flex flex-wrap gap-2">
				<a href={`/admin/agents/${agentId}/statement.csv?from=${range.from}&to=${range.to}`} className={buttonClass('ghost')} download>
					<Download aria-hidden="true" className="size-4" /> Statement CSV
				</a>
				<a href={`/admin/agents/${agentId}/statement.pdf?from=${range.from}&to=${range.to}`} className={buttonClass('ghost')} download>
					<Download aria-hidden="true" className="size-4" /> Statement PDF
				</a>
			</p>
		</Panel>
	)
}
