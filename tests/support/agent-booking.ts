/** Test-only: an agency's member sends /agent/book's form, as the page posts it. */
import * as book from '~/routes/agent/bookings/book.tsx'
import { post, routeArgs, settle } from './route-requests.ts'

/**
 * Posts the booking form: the trip's fields, a 12 % markup and the agent tests' client unless `fields`
 * says otherwise, and whatever else `fields` carries (a submission key to book, `intent: 'quote'` to save a quote).
 */
export function postAgentBooking(cookie: string, fields: Record<string, string>) {
	const form = { markupKind: 'percent', markupValue: '12', clientName: 'Ritu Sharma', clientPhone: '+919812345678', ...fields }
	return settle(() => book.action(routeArgs(post('/agent/book', form, cookie))))
}
