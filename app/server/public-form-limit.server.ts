import type { RouterContextProvider } from 'react-router'
import { db } from './db/index.server.ts'
import { consumeRateLimit } from './rate-limit.server.ts'
import { requestInfoContext } from './request-context.ts'

/** Per client address: enough for a family sending a few enquiries, too few for a flood. */
export const publicFormLimit = { limit: 10, windowSeconds: 60 * 60 }

/**
 * Counts a public form submission against the sender's address. Returns a
 * message saying when to try again when over the limit, else null.
 */
export async function checkPublicFormRate(context: Readonly<RouterContextProvider>, form: string): Promise<string | null> {
	const address = context.get(requestInfoContext).clientAddress || 'unknown'
	const result = await consumeRateLimit(db(), `form:${form}:ip:${address}`, publicFormLimit)
	if (result.ok) return null
	const minutes = Math.ceil(result.retryAfterSeconds / 60)
	return `We have had many messages from your connection in the last hour. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or call or WhatsApp us.`
}
