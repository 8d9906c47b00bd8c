import { buyerSchema } from '~/features/invoices/domain/invoice.ts'
import { notFound, isAppError } from '~/lib/errors.ts'
import { formatINRExact } from '~/lib/money.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { issueInvoice } from '../../../features/invoices/server/invoices.server.ts'

/**
 * The booking page's "Issue tax invoice" form: a toast and back to the booking, or the
 * form again with what to fix (4xx, typed values kept).
 */
export async function issueInvoiceAction(db: DB, bookingId: string, form: FormData, actor: Actor) {
	const submission = parseForm(form, buyerSchema)
	if (submission.status !== 'success') return refuse(submission, { intent: 'issue-invoice', formError: 'Check the customer’s details.' })
	try {
		const issued = await issueInvoice(db, bookingId, submission.value, actor)
		return redirectWithToast(`/admin/pending/${bookingId}`, {
			title: `Tax invoice ${issued.number} issued`,
			description: `${formatINRExact(issued.total)}; emailed to the booking’s contact if they gave an email.`,
		})
	} catch (error) {
		if (isAppError(error) && error.code === 'not-found') notFound('No booking has this address.')
		return refuseOnAppError(submission, error, { intent: 'issue-invoice' })
	}
}
