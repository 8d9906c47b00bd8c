import type { Kysely } from 'kysely'
import type { $ZodType, output } from 'zod/v4/core'
import { rowId } from '~/features/rates/domain/rate-form.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import type { Database } from '~/server/db/schema.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Form } from '../../../features/rates/server/admin.server.ts'

/**
 * The action of a rate grid page (activity prices, ferry fares, transfers): one row's form, parsed by
 * the page's schema (`rateFormSchema`), saved by the rate module (which answers a bad field with its
 * message), then back to the grid with a toast.
 */
export async function saveRateRow<Schema extends $ZodType<Form>>(
	db: Kysely<Database>,
	formData: FormData,
	actor: Actor,
	schema: Schema,
	save: (db: Kysely<Database>, actor: Actor, id: number | null, form: Form) => Promise<unknown>,
	{ back, toast }: { back: string; toast: (saved: output<Schema>) => string },
) {
	const submission = parseForm(formData, schema)
	if (submission.status !== 'success') return refuse(submission)
	const values = submission.value
	try {
		await save(db, actor, rowId(values.id), values)
	} catch (error) {
		return refuseOnAppError(submission, error)
	}
	return redirectWithToast(back, { title: toast(values) })
}
