import { isAppError } from '~/lib/errors.ts'
import { db } from '~/server/db/index.server.ts'
import { logger } from '~/server/logger.server.ts'
import { paymentGateway } from '~/features/payments/server/gateways.server.ts'
import { handleWebhook } from '~/features/payments/server/payments.server.ts'
import { maxWebhookBytes, readCappedText } from '~/features/payments/server/webhook-body.server.ts'
import type { Route } from './+types/razorpay-webhook'

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * Razorpay webhooks (docs/payments.md): the signature over the raw body is checked before anything
 * is read from it; 200 tells Razorpay to stop retrying, 4xx that the delivery is refused, 503 to retry.
 */
export async function action({ request }: Route.ActionArgs) {
	const gateway = paymentGateway()
	if (!gateway) return json({ error: 'Online payments are not configured.' }, 404)
	const signature = request.headers.get('x-razorpay-signature') ?? ''
	const eventId = (request.headers.get('x-razorpay-event-id') ?? '').slice(0, 64) || null
	const body = await readCappedText(request, maxWebhookBytes)
	if (body === null) return json({ error: `The body is larger than ${maxWebhookBytes} bytes.` }, 413)
	try {
		const result = await handleWebhook(db(), gateway, { rawBody: body, signature, eventId })
		return json(result, 200)
	} catch (error) {
		if (isAppError(error) && error.status < 500) {
			logger.warn({ msg: 'webhook refused', eventId, error: error.message })
			return json({ error: error.message }, error.status)
		}
		throw error
	}
}

export function loader() {
	return json({ error: 'Webhooks are POSTed.' }, 405)
}
