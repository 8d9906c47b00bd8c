import type { Submission } from '@conform-to/react'
import { importProblemPrefix } from '~/lib/csv.ts'
import { refuse } from './forms.server.ts'

/** What every staff CSV import shares (hotel rates, a hotel's contract): reading the upload and refusing with each bad line. */

/** The rows are never sent back: a refused import answers with its problems only. */
const refusal = { intent: 'import', hideFields: ['csv'] }

/**
 * The CSV of an import form: the chosen file, else the pasted text. Returns the text, or the
 * refusal to send (nothing chosen; larger than 2 MB, about 5,000 rows).
 */
export async function uploadedCsv(
	formData: FormData,
	pasted: string | undefined,
	submission: Submission<unknown, string[]>,
): Promise<{ csv: string; refused?: never } | { refused: ReturnType<typeof refuse> }> {
	const file = formData.get('file')
	const csv = file instanceof File && file.size > 0 ? await file.text() : (pasted ?? '')
	if (!csv.trim()) return { refused: refuse(submission, { ...refusal, formError: 'Choose a CSV file or paste the rows.' }) }
	if (csv.length > 2_000_000)
		return { refused: refuse(submission, { ...refusal, status: 413, formError: 'The file is too large: import up to 5,000 rows at a time.' }) }
	return { csv }
}

/** "Nothing was imported: 3 problems to fix", with every problem (each names its line). */
export function refuseImport(submission: Submission<unknown, string[]>, problems: ReadonlyArray<{ message: string }>) {
	return refuse(submission, {
		...refusal,
		formError: `Nothing was imported: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix.`,
		fieldErrors: Object.fromEntries(problems.map((problem, index) => [`${importProblemPrefix}${index}`, problem.message])),
	})
}
