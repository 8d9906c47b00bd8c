import { useMemo } from 'react'
import { ErrorSummary as SharedErrorSummary } from '~/components/ui/error-summary.tsx'
import { errorsOf, type SubmissionResult } from '~/lib/forms.ts'

/** Paise as the rupees staff type ("4500" or "4500.50"). */
export function rupeesInput(paise: number | null | undefined): string {
	if (paise === null || paise === undefined) return ''
	return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2)
}

/** A rate form's refusal (the action's `result`, or its `error` and `fields`): the shared summary (it takes focus), listing each field's message. */
export function ErrorSummary({ error, fields, result }: { error?: string; fields?: Record<string, string>; result?: SubmissionResult<string[]> }) {
	const errors = useMemo<Record<string, string | undefined>>(() => (result ? errorsOf(result) : { ...fields, form: error }), [error, fields, result])
	if (!errors.form) return null
	return <SharedErrorSummary errors={errors} listMessages />
}

export const cellInput = 'w-24 rounded border border-slate-400 bg-white px-2 py-1 text-sm tabular-nums aria-[invalid=true]:border-error-600'

/**
 * A rate row's supplier (docs/decisions/213-rate-rows-linked-to-their-supplier.md): the active suppliers
 * of the row's kind, or none. Components planned from the row get that supplier.
 */
export function RateSupplierSelect({
	label,
	suppliers,
	value,
	column,
}: {
	label: string
	suppliers: ReadonlyArray<{ id: string; name: string }>
	value: string | null | undefined
	/** The classes of a visible label above it (a grid with column labels). */ column?: string
}) {
	const select = (
		<select aria-label={label} name="supplierId" defaultValue={value ?? ''} className="max-w-48 rounded border border-slate-400 px-2 py-1">
			<option value="">No supplier</option>
			{suppliers.map((supplier) => (
				<option key={supplier.id} value={supplier.id}>
					{supplier.name}
				</option>
			))}
		</select>
	)
	if (!column) return select
	return (
		<label className={column}>
			<span>Supplier</span>
			{select}
		</label>
	)
}
