import { Fragment, type ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { resultFor, useIsPending } from '~/lib/forms.ts'
import { ErrorSummary } from './rate-form.tsx'

/**
 * A rate grid page (activity prices, ferry fares, transfers): every row is its own small form, with an
 * empty one on top to add a row. The refusal of the last save is summarised above the rows, and only
 * the row being saved shows that it is pending (the posted `id`; '' for the new row).
 */
export function RateRowsEditor<Row extends { id: number }>({
	title,
	children,
	addLabel,
	listLabel,
	rows,
	actionData,
	width,
	row,
}: {
	title: string
	/** What the page holds and how to fill it in, under the title. */
	children: ReactNode
	/** The accessible names of the two sections: the new row, and the saved rows. */
	addLabel: string
	listLabel: string
	rows: readonly Row[]
	actionData: unknown
	/** The page's width: the wider grids take more columns on one line. */
	width: 'max-w-6xl' | 'max-w-7xl'
	/** One row's form: `null` for the new row. */
	row: (saved: Row | null, busy: boolean) => ReactNode
}) {
	const navigation = useNavigation()
	const pending = useIsPending()
	const busyId = pending ? navigation.formData?.get('id') : undefined
	return (
		<main id="main" className={`mx-auto ${width} space-y-6 px-4 py-8 sm:px-6`}>
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
				<p className="mt-1 text-slate-700">{children}</p>
			</div>
			<ErrorSummary result={resultFor(actionData)} />
			<section aria-label={addLabel} className="rounded-xl border border-slate-200 bg-white px-4">
				{row(null, busyId === '')}
			</section>
			<section aria-label={listLabel} className="rounded-xl border border-slate-200 bg-white px-4">
				{rows.map((saved) => (
					<Fragment key={saved.id}>{row(saved, busyId === String(saved.id))}</Fragment>
				))}
			</section>
		</main>
	)
}

/**
 * One row of a rate grid as a form: the row's id (empty for a new row), its fields, whether it is
 * active, and its button. `label` names the form for screen readers (the row, or what adding does).
 */
export function RateRowForm({
	label,
	id,
	active,
	busy,
	addText,
	children,
}: {
	label: string
	id: number | undefined
	active: boolean
	busy: boolean
	addText: string
	children: ReactNode
}) {
	const isNew = id === undefined
	return (
		<Form method="post" className="flex flex-wrap items-end gap-2 border-t border-slate-100 py-2 text-sm" aria-label={label}>
			<input type="hidden" name="id" value={id ?? ''} />
			{children}
			<label className="flex items-center gap-1">
				<input type="checkbox" name="active" defaultChecked={active} className="size-4" /> Active
			</label>
			<Button type="submit" size="sm" variant={isNew ? 'primary' : 'outline'} pending={busy}>
				{isNew ? addText : 'Save'}
			</Button>
		</Form>
	)
}
