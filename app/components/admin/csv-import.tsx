import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { importProblemPrefix } from '~/lib/csv.ts'

/** The problems of a refused import (each names its line), from the form's errors. */
export function importProblems(errors: Record<string, string | undefined>): string[] {
	return Object.entries(errors).flatMap(([name, message]) => (name.startsWith(importProblemPrefix) && message ? [message] : []))
}

/**
 * A staff CSV import: the refusal with every bad line, then a file field and its button (intent
 * `import`, multipart, works without JavaScript). `refusal` is the form's whole-form message when the
 * last post was this import.
 */
export function CsvImportForm({
	id,
	label,
	button,
	pending,
	refusal,
	problems,
}: {
	id: string
	label: string
	button: string
	pending: boolean
	refusal: string | undefined
	problems: readonly string[]
}) {
	return (
		<>
			{refusal ? (
				<div role="alert" className="mt-3 rounded-md bg-error-50 p-3 text-error-700">
					<p className="font-medium">{refusal}</p>
					{problems.length ? (
						<ul className="mt-1 list-disc pl-5 text-sm">
							{problems.map((problem, index) => (
								<li key={index}>{problem}</li>
							))}
						</ul>
					) : null}
				</div>
			) : null}
			<Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
				<input type="hidden" name="intent" value="import" />
				<div>
					<label htmlFor={id} className="block text-sm font-medium text-slate-800">
						{label}
					</label>
					<input id={id} type="file" name="file" accept=".csv,text/csv" className="mt-1 text-sm" />
				</div>
				<Button type="submit" variant="outline" pending={pending}>
					{button}
				</Button>
			</Form>
		</>
	)
}
