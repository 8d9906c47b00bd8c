import type { RouterContextProvider } from 'react-router'
import type { Executor } from './db/client.server.ts'
import { db } from './db/index.server.ts'
import { env } from './env.server.ts'
import { consumeRateLimit } from './rate-limit.server.ts'
import { requestInfoContext } from './request-context.ts'

/**
 * Posts an hour per client address and form (`PUBLIC_FORM_LIMIT`, default 10): enough for a family
 * sending a few enquiries, too few for a flood. An office behind one address may need more.
 */
export function publicFormLimit(perHour = env().PUBLIC_FORM_LIMIT) {
	return { limit: perHour, windowSeconds: 60 * 60 }
}

/** Counts one submission of `form` from `address`; a message saying when to try again when over the limit, else null. */
export async function countPublicForm(database: Executor, address: string, form: string, limit = publicFormLimit(), now = new Date()): Promise<string | null> {
	const result = await consumeRateLimit(database, `form:${form}:ip:${address || 'unknown'}`, limit, now)
	if (result.ok) return null
	const minutes = Math.ceil(result.retryAfterSeconds / 60)
	return `We have had many messages from your connection in the last hour. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or call or WhatsApp us.`
}

/** Counts a public form submission against the sender's address (see countPublicForm). */
export async function checkPublicFormRate(context: Readonly<RouterContextProvider>, form: string): Promise<string | null> {
	return countPublicForm(db(), context.get(requestInfoContext).clientAddress, form)
}
