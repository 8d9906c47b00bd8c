import { data } from 'react-router'
import { isAppError } from '~/lib/errors.ts'
import { formatINRExact } from '~/lib/money.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { issueInvoice } from './invoices.server.ts'

/**
 * The booking page's "Issue tax invoice" form: a toast and back to the booking, or the
 * form again with what to fix (4xx, typed values kept).
 */
export async function issueInvoiceAction(db: DB, bookingId: string, values: Record<string, string>, actor: Actor) {
	try {
		const issued = await issueInvoice(db, bookingId, values, actor)
		return redirectWithToast(`/admin/pending/${bookingId}`, { title: `Tax invoice ${issued.number} issued`, description: `${formatINRExact(issued.total)}; emailed to the booking’s contact if they gave an email.` })
	} catch (error) {
		if (isAppError(error) && error.code === 'not-found') throw new Response('No booking has this address.', { status: 404, statusText: 'Page Not Found' })
		if (isAppError(error) && error.status < 500) return data({ intent: 'issue-invoice', errors: { ...(error.fields ?? {}), form: error.message } as Record<string, string | undefined>, values }, { status: error.status })
		throw error
	}
}
