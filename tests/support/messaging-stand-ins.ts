/**
 * Local stand-ins for the WhatsApp Business Platform Cloud API and MSG91's Flow API (the real services
 * are not reachable from tests), following their documented formats:
 * - Cloud API: POST /{phone-number-id}/messages with Bearer token and a template message; answers
 *   {messaging_product, contacts, messages:[{id:'wamid…'}]}, errors {error:{message,type,code,error_subcode,fbtrace_id}};
 *   status webhooks {object:'whatsapp_business_account', entry:[{changes:[{field:'messages', value:{statuses|messages}}]}]}
 *   signed with X-Hub-Signature-256: sha256=HMAC(app secret, raw body).
 * - MSG91: POST /api/v5/flow with an authkey header, {template_id, short_url, recipients:[{mobiles, var1…}]};
 *   answers {type:'success', message: requestId} or {type:'error', message}; delivery reports
 *   [{requestId, report:[{number, status, desc, date}]}].
 * Failure modes: bad token (401), parameter count mismatch, undeliverable, rate limit (429), 500, timeout.
 */
import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type StandInMode = 'ok' | 'bad-token' | 'param-mismatch' | 'undeliverable' | 'rate-limit' | 'server-error' | 'timeout'

type Listening = { server: http.Server; url: string }
async function listen(handler: http.RequestListener): Promise<Listening> {
	const server = http.createServer(handler)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}
async function readBody(req: http.IncomingMessage) {
	let raw = ''
	for await (const chunk of req) raw += chunk
	return raw
}
const send = (res: http.ServerResponse, status: number, body: unknown) => {
	res.writeHead(status, { 'content-type': 'application/json' })
	res.end(JSON.stringify(body))
}

export type WhatsAppStandIn = Awaited<ReturnType<typeof startWhatsAppStandIn>>

/** `templates`: registered template name → body parameter count (a different count is error 132000). */
export async function startWhatsAppStandIn(options: {
	phoneNumberId: string
	accessToken: string
	appSecret: string
	templates: Record<string, number>
	timeoutMs?: number
}) {
	const state = {
		modes: [] as StandInMode[],
		mode: 'ok' as StandInMode,
		received: [] as Array<{ to: string; template: string; params: string[]; header: unknown; id: string | null }>,
	}
	const metaError = (res: http.ServerResponse, status: number, code: number, message: string, type = 'OAuthException', subcode?: number) =>
		send(res, status, { error: { message, type, code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: `A${randomBytes(8).toString('hex')}` } })
	const { server, url } = await listen(async (req, res) => {
		const raw = await readBody(req)
		const mode = state.modes.shift() ?? state.mode
		if (req.method !== 'POST' || req.url !== `/${options.phoneNumberId}/messages`) return metaError(res, 404, 100, 'Unsupported post request.')
		if (mode === 'timeout') return void setTimeout(() => send(res, 200, {}), options.timeoutMs ?? 2000)
		if (mode === 'bad-token' || req.headers.authorization !== `Bearer ${options.accessToken}`)
			return metaError(res, 401, 190, 'Error validating access token: Session has expired.')
		if (mode === 'server-error') return metaError(res, 500, 1, 'An unknown error occurred', 'OAuthException')
		if (mode === 'rate-limit') return metaError(res, 429, 130429, 'Rate limit hit', 'OAuthException')
		let body: {
			messaging_product?: string
			to?: string
			type?: string
			template?: {
				name?: string
				language?: { code?: string }
				components?: Array<{ type: string; parameters: Array<{ type: string; text?: string; document?: unknown }> }>
			}
		}
		try {
			body = JSON.parse(raw)
		} catch {
			return metaError(res, 400, 100, 'Invalid parameter')
		}
		if (
			body.messaging_product !== 'whatsapp' ||
			body.type !== 'template' ||
			!body.template?.name ||
			!body.template.language?.code ||
			!/^\d{8,15}$/.test(body.to ?? '')
		)
			return metaError(res, 400, 100, 'Invalid parameter')
		const components = body.template.components ?? []
		const params = components.find((c) => c.type === 'body')?.parameters.map((p) => p.text ?? '') ?? []
		const header = components.find((c) => c.type === 'header')?.parameters[0] ?? null
		const expected = options.templates[body.template.name]
		if (expected === undefined) return metaError(res, 404, 132001, 'Template name does not exist in the translation')
		if (mode === 'param-mismatch' || params.length !== expected || params.some((p) => !p || /[\n\t]/.test(p)))
			return metaError(res, 400, 132000, 'Number of parameters does not match the expected number of params')
		const id = `wamid.${randomBytes(18).toString('base64url')}`
		state.received.push({ to: body.to!, template: body.template.name, params, header, id: mode === 'undeliverable' ? null : id })
		// 131026 is reported after acceptance in real life; the stand-in refuses at once too, as the API may.
		if (mode === 'undeliverable') return metaError(res, 400, 131026, 'Message undeliverable', 'OAuthException')
		send(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] })
	})

	const sign = (rawBody: string) => `sha256=${createHmac('sha256', options.appSecret).update(rawBody).digest('hex')}`
	const envelope = (value: unknown) =>
		JSON.stringify({
			object: 'whatsapp_business_account',
			entry: [
				{
					id: '102290129340398',
					changes: [
						{
							field: 'messages',
							value: {
								messaging_product: 'whatsapp',
								metadata: { display_phone_number: '919434200000', phone_number_id: options.phoneNumberId },
								...(value as object),
							},
						},
					],
				},
			],
		})
	return {
		url,
		state,
		/** A signed status webhook for a message the stand-in accepted. */
		statusWebhook(id: string, status: 'sent' | 'delivered' | 'read' | 'failed', to = '919811000011', at = new Date()) {
			const rawBody = envelope({
				statuses: [
					{
						id,
						status,
						timestamp: String(Math.floor(at.getTime() / 1000)),
						recipient_id: to,
						...(status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable' }] } : {}),
					},
				],
			})
			return { rawBody, signature: sign(rawBody) }
		},
		/** A signed inbound text message (a traveller's reply). */
		inboundWebhook(from: string, text: string, id = `wamid.${randomBytes(12).toString('base64url')}`) {
			const rawBody = envelope({
				contacts: [{ profile: { name: 'Traveller' }, wa_id: from }],
				messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
			})
			return { rawBody, signature: sign(rawBody) }
		},
		/** Posts a signed webhook to an address (the app's route), as Meta does. */
		async post(webhookUrl: string, webhook: { rawBody: string; signature: string }) {
			const response = await fetch(webhookUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-hub-signature-256': webhook.signature },
				body: webhook.rawBody,
			})
			return { status: response.status, body: await response.text() }
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

export type Msg91StandIn = Awaited<ReturnType<typeof startMsg91StandIn>>

/** `templates`: MSG91 template id → variable count. */
export async function startMsg91StandIn(options: { authKey: string; templates: Record<string, number>; timeoutMs?: number }) {
	const state = {
		modes: [] as StandInMode[],
		mode: 'ok' as StandInMode,
		received: [] as Array<{ templateId: string; mobiles: string; vars: string[]; requestId: string }>,
	}
	const { server, url } = await listen(async (req, res) => {
		const raw = await readBody(req)
		const mode = state.modes.shift() ?? state.mode
		if (req.method !== 'POST' || req.url !== '/api/v5/flow') return send(res, 404, { type: 'error', message: 'Not found' })
		if (mode === 'timeout') return void setTimeout(() => send(res, 200, {}), options.timeoutMs ?? 2000)
		if (mode === 'bad-token' || req.headers.authkey !== options.authKey)
			return send(res, 401, { type: 'error', message: 'Authentication failure', code: '401' })
		if (mode === 'server-error') return send(res, 500, { type: 'error', message: 'Internal server error' })
		if (mode === 'rate-limit') return send(res, 429, { type: 'error', message: 'Too many requests' })
		let body: { template_id?: string; short_url?: string; recipients?: Array<Record<string, string>> }
		try {
			body = JSON.parse(raw)
		} catch {
			return send(res, 400, { type: 'error', message: 'Invalid JSON' })
		}
		const recipient = body.recipients?.[0]
		const expected = options.templates[body.template_id ?? '']
		if (expected === undefined) return send(res, 400, { type: 'error', message: 'Template ID is not valid' })
		if (!recipient || !/^91[6-9]\d{9}$|^\d{8,15}$/.test(recipient.mobiles ?? '')) return send(res, 400, { type: 'error', message: 'Mobile number not found' })
		const vars = Object.keys(recipient)
			.filter((key) => /^var\d+$/.test(key))
			.sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
			.map((key) => recipient[key]!)
		if (mode === 'param-mismatch' || vars.length !== expected)
			return send(res, 400, { type: 'error', message: 'Variable count does not match the DLT template' })
		if (mode === 'undeliverable') return send(res, 400, { type: 'error', message: 'Mobile number is in the DND list' })
		const requestId = randomBytes(12).toString('hex')
		state.received.push({ templateId: body.template_id!, mobiles: recipient.mobiles!, vars, requestId })
		send(res, 200, { type: 'success', message: requestId })
	})
	return {
		url: `${url}/api/v5/flow`,
		state,
		/** A delivery report as MSG91 posts it (status 1 delivered, 2 failed, 8 submitted). */
		deliveryReport(requestId: string, number: string, status: '1' | '2' | '8' | '16') {
			return JSON.stringify([
				{
					requestId,
					userId: '301234',
					senderId: 'ANDMAN',
					report: [{ date: new Date().toISOString(), number, status, desc: { '1': 'DELIVERED', '2': 'FAILED', '8': 'SUBMITTED', '16': 'REJECTED' }[status] }],
				},
			])
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}
