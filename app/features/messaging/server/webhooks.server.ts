/**
 * The providers' webhooks (docs/messaging.md#webhooks). WhatsApp signs each POST with
 * X-Hub-Signature-256: sha256= and the HMAC-SHA256 of the raw body under the app secret; MSG91's
 * delivery reports carry our secret in the address or a header. Both are checked in constant time
 * before the body is read; a wrong one is 401 and changes nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import { AppError } from '~/lib/errors.ts'
import type { Database } from '~/server/db/schema.ts'
import { replyIntent } from '~/features/messaging/domain/messages.ts'
import { applyInboundReply, applyStatusReport } from './messages.server.ts'

type DB = Kysely<Database>

function sameText(given: string, expected: string): boolean {
	const a = Buffer.from(given)
	const b = Buffer.from(expected)
	return a.length === b.length && timingSafeEqual(a, b)
}

export function whatsAppSignature(appSecret: string, rawBody: string): string {
	return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`
}

export function verifyWhatsAppSignature(appSecret: string, rawBody: string, header: string): boolean {
	return sameText(header.trim().toLowerCase(), whatsAppSignature(appSecret, rawBody))
}

/** Meta's subscription check: GET with hub.mode=subscribe and our verify token answers hub.challenge. */
export function whatsAppChallenge(params: URLSearchParams, verifyToken: string): string | null {
	const challenge = params.get('hub.challenge') ?? ''
	if (params.get('hub.mode') !== 'subscribe' || !sameText(params.get('hub.verify_token') ?? '', verifyToken)) return null
	return /^[\w-]{1,128}$/.test(challenge) ? challenge : null
}

const unauthenticated = () => new AppError('unauthenticated', 'The signature does not match.')
const badBody = (why: string) => new AppError('invalid-argument', why)

type WaStatus = { id?: unknown; status?: unknown; timestamp?: unknown; errors?: Array<{ code?: unknown; title?: unknown; message?: unknown }> }
type WaInbound = { id?: unknown; from?: unknown; type?: unknown; text?: { body?: unknown }; button?: { text?: unknown } }

const reported = new Set(['sent', 'delivered', 'read', 'failed'])
const atOf = (timestamp: unknown, now: Date) => (typeof timestamp === 'string' && /^\d{9,11}$/.test(timestamp) ? new Date(Number(timestamp) * 1000) : now)

/** A verified WhatsApp webhook: its statuses applied, its STOP/START replies recorded. */
export async function handleWhatsAppWebhook(db: DB, delivery: { rawBody: string; signature: string; appSecret: string; smsConfigured: boolean; now?: Date }) {
	if (!verifyWhatsAppSignature(delivery.appSecret, delivery.rawBody, delivery.signature)) throw unauthenticated()
	const now = delivery.now ?? new Date()
	let payload: { object?: unknown; entry?: Array<{ changes?: Array<{ field?: unknown; value?: { statuses?: WaStatus[]; messages?: WaInbound[] } }> }> }
	try {
		payload = JSON.parse(delivery.rawBody)
	} catch {
		throw badBody('The body is not JSON.')
	}
	if (payload?.object !== 'whatsapp_business_account' || !Array.isArray(payload.entry)) throw badBody('Not a WhatsApp Business Account webhook.')
	const outcome = { applied: 0, replays: 0, stale: 0, unknown: 0, optedOut: 0, optedIn: 0 }
	for (const entry of payload.entry.slice(0, 50)) {
		for (const change of (Array.isArray(entry?.changes) ? entry.changes : []).slice(0, 50)) {
			const value = change?.value
			for (const status of (Array.isArray(value?.statuses) ? value.statuses : []).slice(0, 100)) {
				if (typeof status?.id !== 'string' || typeof status.status !== 'string' || !reported.has(status.status)) continue
				const error = status.errors?.[0]
				const result = await applyStatusReport(
					db,
					{
						provider: 'whatsapp',
						eventKey: `wa:${status.id}:${status.status}`,
						providerMessageId: status.id,
						status: status.status as 'sent',
						error: error ? `WhatsApp ${String(error.code ?? '')}: ${String(error.title ?? error.message ?? '')}`.slice(0, 300) : null,
						at: atOf(status.timestamp, now),
					},
					{ smsConfigured: delivery.smsConfigured, now },
				)
				if (result === 'applied') outcome.applied++
				else if (result === 'replay') outcome.replays++
				else if (result === 'stale') outcome.stale++
				else outcome.unknown++
			}
			for (const message of (Array.isArray(value?.messages) ? value.messages : []).slice(0, 100)) {
				if (typeof message?.id !== 'string' || typeof message.from !== 'string' || !/^\d{8,15}$/.test(message.from)) continue
				const text = message.type === 'text' ? message.text?.body : message.type === 'button' ? message.button?.text : null
				const result = await applyInboundReply(
					db,
					{ provider: 'whatsapp', eventKey: `wa-in:${message.id}`, phone: `+${message.from}`, intent: typeof text === 'string' ? replyIntent(text) : null },
					now,
				)
				if (result === 'opted-out') outcome.optedOut++
				else if (result === 'opted-in') outcome.optedIn++
				else if (result === 'replay') outcome.replays++
			}
		}
	}
	return outcome
}

/**
 * MSG91 delivery report status codes (https://docs.msg91.com): 1 delivered, 2 failed, 8 submitted to
 * the operator (sent), 9 NDNC, 16 rejected, 17 blocked number, 25 rejected by DLT, 26 failed by the operator.
 */
const msg91Status: Record<string, 'sent' | 'delivered' | 'failed'> = {
	'1': 'delivered',
	'2': 'failed',
	'8': 'sent',
	'9': 'failed',
	'16': 'failed',
	'17': 'failed',
	'25': 'failed',
	'26': 'failed',
}

export function verifyMsg91Secret(given: string, secret: string): boolean {
	return sameText(given, secret)
}

/**
 * A verified MSG91 delivery report: JSON, either a list or {data: [...]}, of
 * {requestId, report: [{number, status, desc, date}]}; and two-way SMS replies {requestId?, mobile, message}.
 */
export async function handleMsg91Report(db: DB, delivery: { rawBody: string; given: string; secret: string; smsConfigured: boolean; now?: Date }) {
	if (!verifyMsg91Secret(delivery.given, delivery.secret)) throw unauthenticated()
	const now = delivery.now ?? new Date()
	let payload: unknown
	try {
		payload = JSON.parse(delivery.rawBody)
	} catch {
		throw badBody('The body is not JSON.')
	}
	const items = Array.isArray(payload) ? payload : Array.isArray((payload as { data?: unknown })?.data) ? (payload as { data: unknown[] }).data : null
	if (!items) throw badBody('Expected a list of delivery reports.')
	const outcome = { applied: 0, replays: 0, stale: 0, unknown: 0, optedOut: 0, optedIn: 0 }
	for (const item of items.slice(0, 100) as Array<{
		requestId?: unknown
		report?: Array<{ number?: unknown; status?: unknown; desc?: unknown; date?: unknown }>
		mobile?: unknown
		message?: unknown
		id?: unknown
	}>) {
		if (typeof item?.mobile === 'string' && typeof item.message === 'string') {
			const mobile = item.mobile.replace(/^\+/, '')
			if (!/^\d{8,15}$/.test(mobile)) continue
			const result = await applyInboundReply(
				db,
				{
					provider: 'sms',
					eventKey: `sms-in:${String(item.id ?? item.requestId ?? `${mobile}:${item.message}`)}`,
					phone: `+${mobile}`,
					intent: replyIntent(item.message),
				},
				now,
			)
			if (result === 'opted-out') outcome.optedOut++
			else if (result === 'opted-in') outcome.optedIn++
			else if (result === 'replay') outcome.replays++
			continue
		}
		if (typeof item?.requestId !== 'string' || !Array.isArray(item.report)) continue
		for (const line of item.report.slice(0, 20)) {
			const status = msg91Status[String(line?.status ?? '')]
			if (!status) continue
			const result = await applyStatusReport(
				db,
				{
					provider: 'sms',
					eventKey: `sms:${item.requestId}:${status}`,
					providerMessageId: item.requestId,
					status,
					error: status === 'failed' ? `MSG91 ${String(line.status)}: ${String(line.desc ?? '')}`.slice(0, 300) : null,
					at: typeof line.date === 'string' && !Number.isNaN(Date.parse(line.date)) ? new Date(line.date) : now,
				},
				{ smsConfigured: delivery.smsConfigured, now },
			)
			if (result === 'applied') outcome.applied++
			else if (result === 'replay') outcome.replays++
			else if (result === 'stale') outcome.stale++
			else outcome.unknown++
		}
	}
	return outcome
}
