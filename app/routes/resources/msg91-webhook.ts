import { isAppError } from '~/lib/errors.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { logger } from '~/server/logger.server.ts'
import { maxWebhookBytes, readCappedText } from '~/features/payments/server/webhook-body.server.ts'
import { configuredChannels } from '~/features/messaging/server/channels.server.ts'
import { handleMsg91Report } from '~/features/messaging/server/webhooks.server.ts'
import type { Route } from './+types/msg91-webhook'

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * MSG91 delivery reports and SMS replies (docs/messaging.md#webhooks): our secret in ?secret= or an
 * x-webhook-secret header, compared in constant time before the body is read.
 */
export async function action({ request }: Route.ActionArgs) {
	const secret = env().MSG91_WEBHOOK_SECRET
	if (!secret) return json({ error: 'SMS is not configured.' }, 404)
	if (request.method !== 'POST') return json({ error: 'Reports are POSTed.' }, 405)
	const given = request.headers.get('x-webhook-secret') ?? new URL(request.url).searchParams.get('secret') ?? ''
	const body = await readCappedText(request, maxWebhookBytes)
	if (body === null) return json({ error: `The body is larger than ${maxWebhookBytes} bytes.` }, 413)
	try {
		return json(await handleMsg91Report(db(), { rawBody: body, given, secret, smsConfigured: Boolean(configuredChannels().sms) }), 200)
	} catch (error) {
		if (isAppError(error) && error.status < 500) {
			logger.warn({ msg: 'msg91 report refused', error: error.message })
			return json({ error: error.message }, error.status)
		}
		throw error
	}
}

export function loader() {
	return json({ error: 'Reports are POSTed.' }, 405)
}
