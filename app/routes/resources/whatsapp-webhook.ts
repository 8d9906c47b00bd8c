import { isAppError } from '~/lib/errors.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { logger } from '~/server/logger.server.ts'
import { maxWebhookBytes, readCappedText } from '~/features/payments/server/webhook-body.server.ts'
import { configuredChannels } from '~/features/messaging/server/channels.server.ts'
import { handleWhatsAppWebhook, whatsAppChallenge } from '~/features/messaging/server/webhooks.server.ts'
import type { Route } from './+types/whatsapp-webhook'

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

/** Meta's subscription check (docs/messaging.md#webhooks): the challenge back, only for our verify token. */
export function loader({ request }: Route.LoaderArgs) {
	const token = env().WHATSAPP_VERIFY_TOKEN
	if (!token) return json({ error: 'WhatsApp is not configured.' }, 404)
	const challenge = whatsAppChallenge(new URL(request.url).searchParams, token)
	if (challenge === null) return json({ error: 'The verify token does not match.' }, 403)
	return new Response(challenge, { status: 200, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
}

/** Statuses and replies, signed with the app secret over the raw body; checked before anything is read. */
export async function action({ request }: Route.ActionArgs) {
	const appSecret = env().WHATSAPP_APP_SECRET
	if (!appSecret) return json({ error: 'WhatsApp is not configured.' }, 404)
	if (request.method !== 'POST') return json({ error: 'Webhooks are POSTed.' }, 405)
	const body = await readCappedText(request, maxWebhookBytes)
	if (body === null) return json({ error: `The body is larger than ${maxWebhookBytes} bytes.` }, 413)
	try {
		return json(
			await handleWhatsAppWebhook(db(), {
				rawBody: body,
				signature: request.headers.get('x-hub-signature-256') ?? '',
				appSecret,
				smsConfigured: Boolean(configuredChannels().sms),
			}),
			200,
		)
	} catch (error) {
		if (isAppError(error) && error.status < 500) {
			logger.warn({ msg: 'whatsapp webhook refused', error: error.message })
			return json({ error: error.message }, error.status)
		}
		throw error
	}
}
