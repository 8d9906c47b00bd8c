/**
 * The two message channels behind one shape (docs/messaging.md): the WhatsApp Business Platform
 * Cloud API and MSG91's Flow API for DLT-registered SMS. Each adapter sends one filled template
 * and answers the provider's message id, or throws a ChannelError that says whether trying again
 * can help. Credentials stay in here: errors carry the provider's message, never a token.
 */
import type { MessageChannel, MessageKind } from '~/features/messaging/domain/messages.ts'
import { messageTemplates } from '~/features/messaging/domain/messages.ts'
import { env } from '~/server/env.server.ts'

export type OutgoingMessage = { kind: MessageKind; to: string; params: readonly string[]; documentUrl: string | null; reference?: string | null }
export type Channel = { name: MessageChannel; send(message: OutgoingMessage): Promise<{ providerMessageId: string }> }
export type Channels = Partial<Record<MessageChannel, Channel>>

/** A refused or failed send. `permanent`: the same message will never go (bad number, template mismatch); otherwise retry later. */
export class ChannelError extends Error {
	override readonly name = 'ChannelError'
	constructor(
		message: string,
		readonly permanent: boolean,
		readonly code: string | null = null,
	) {
		super(message)
	}
}

async function post(url: string, headers: Record<string, string>, body: unknown, timeoutMs: number) {
	let response: Response
	try {
		response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
			body: JSON.stringify(body),
			signal: AbortSignal.timeout(timeoutMs),
			redirect: 'error',
		})
	} catch (error) {
		const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
		throw new ChannelError(timedOut ? `no answer within ${timeoutMs} ms` : 'could not reach the provider', false, timedOut ? 'timeout' : 'network')
	}
	// The providers answer a few hundred bytes; anything past 64 KiB is not an answer we read.
	const text = (await response.text()).slice(0, 65_536)
	let json: unknown = null
	try {
		json = JSON.parse(text)
	} catch {
		// Not JSON: judged by the status below.
	}
	return { status: response.status, json: json as Record<string, unknown> | null }
}

/** Cloud API error codes that no retry will fix (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes). */
const permanentWhatsAppCodes = new Set([131026, 131047, 131051, 131052, 132000, 132001, 132005, 132007, 132012, 132015, 132016, 131008, 131009, 100, 470])

export type WhatsAppConfig = { apiUrl: string; phoneNumberId: string; accessToken: string; language: string; timeoutMs: number }

export function whatsAppChannel(config: WhatsAppConfig): Channel {
	return {
		name: 'whatsapp',
		async send(message) {
			const template = messageTemplates[message.kind]
			const components: unknown[] = []
			if (template.documentHeader && message.documentUrl) {
				components.push({
					type: 'header',
					parameters: [{ type: 'document', document: { link: message.documentUrl, filename: `voucher-${message.reference ?? 'trip'}.pdf` } }],
				})
			}
			components.push({ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) })
			const body = {
				messaging_product: 'whatsapp',
				recipient_type: 'individual',
				to: message.to.replace(/^\+/, ''),
				type: 'template',
				template: { name: template.name, language: { code: config.language }, components },
			}
			const answer = await post(
				`${config.apiUrl.replace(/\/$/, '')}/${encodeURIComponent(config.phoneNumberId)}/messages`,
				{ authorization: `Bearer ${config.accessToken}` },
				body,
				config.timeoutMs,
			)
			const messages = answer.json?.messages as Array<{ id?: unknown }> | undefined
			const id = messages?.[0]?.id
			if (answer.status >= 200 && answer.status < 300 && typeof id === 'string' && id) return { providerMessageId: id }
			const error = (answer.json?.error ?? {}) as { message?: unknown; code?: unknown; error_subcode?: unknown }
			const code = typeof error.code === 'number' ? error.code : null
			const text = `WhatsApp ${answer.status}${code !== null ? ` (${code})` : ''}: ${typeof error.message === 'string' ? error.message.slice(0, 300) : 'no message id in the answer'}`
			throw new ChannelError(
				text,
				code !== null ? permanentWhatsAppCodes.has(code) : answer.status >= 400 && answer.status < 500 && answer.status !== 429 && answer.status !== 401,
				code === null ? String(answer.status) : String(code),
			)
		},
	}
}

export type Msg91Config = { apiUrl: string; authKey: string; templateIds: Partial<Record<string, string>>; timeoutMs: number }

export function msg91Channel(config: Msg91Config): Channel {
	return {
		name: 'sms',
		async send(message) {
			const template = messageTemplates[message.kind]
			const templateId = config.templateIds[template.name]
			if (!templateId) throw new ChannelError(`no DLT template id for ${template.name} in MSG91_TEMPLATE_IDS`, true, 'no-template')
			const recipient: Record<string, string> = { mobiles: message.to.replace(/^\+/, '') }
			message.params.forEach((value, index) => (recipient[`var${index + 1}`] = value))
			const answer = await post(
				config.apiUrl,
				{ authkey: config.authKey },
				{ template_id: templateId, short_url: '0', recipients: [recipient] },
				config.timeoutMs,
			)
			const type = answer.json?.type
			const text = answer.json?.message
			if (answer.status >= 200 && answer.status < 300 && type === 'success' && typeof text === 'string' && text) return { providerMessageId: text }
			const why = `MSG91 ${answer.status}: ${typeof text === 'string' ? text.slice(0, 300) : 'no request id in the answer'}`
			// 4xx other than 401/429 (a bad number, a template mismatch) will not pass on a retry.
			throw new ChannelError(why, answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 429, String(answer.status))
		},
	}
}

/** The channels the environment configures; none when it sets nothing (and then nothing calls out). */
export function configuredChannels(): Channels {
	const e = env()
	const channels: Channels = {}
	if (e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_ACCESS_TOKEN) {
		channels.whatsapp = whatsAppChannel({
			apiUrl: e.WHATSAPP_API_URL,
			phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
			accessToken: e.WHATSAPP_ACCESS_TOKEN,
			language: e.WHATSAPP_TEMPLATE_LANGUAGE,
			timeoutMs: e.MESSAGING_TIMEOUT_MS,
		})
	}
	if (e.MSG91_AUTH_KEY && Object.keys(e.MSG91_TEMPLATE_IDS).length) {
		channels.sms = msg91Channel({ apiUrl: e.MSG91_API_URL, authKey: e.MSG91_AUTH_KEY, templateIds: e.MSG91_TEMPLATE_IDS, timeoutMs: e.MESSAGING_TIMEOUT_MS })
	}
	return channels
}

/** Which channels a traveller may choose at booking (names only: safe for a page). */
export function offeredChannels(): { whatsapp: boolean; sms: boolean } {
	const channels = configuredChannels()
	return { whatsapp: Boolean(channels.whatsapp), sms: Boolean(channels.sms) }
}
