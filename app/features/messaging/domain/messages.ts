/**
 * WhatsApp and SMS messages (docs/messaging.md, docs/decisions/207-whatsapp-and-sms-messages.md).
 * Every message is a template registered with the provider (WhatsApp Manager for WhatsApp, the DLT
 * portal and MSG91 for SMS); the exact words to register live here. Pure: filling a template checks
 * every parameter first and refuses rather than send a message half-filled.
 */
import { AppError } from '~/lib/errors.ts'
import { z } from '~/lib/zod.ts'

export const messageKinds = ['booking-received', 'payment-link', 'payment-reminder', 'voucher-ready', 'trip-tomorrow', 'welcome-home', 'staff-message'] as const
export type MessageKind = (typeof messageKinds)[number]

export const messageChannels = ['whatsapp', 'sms'] as const
export type MessageChannel = (typeof messageChannels)[number]
/** What the traveller chose at booking: email means no WhatsApp or SMS messages. */
export const contactChannels = ['whatsapp', 'sms', 'email'] as const
export type ContactChannel = (typeof contactChannels)[number]
export const contactChannelLabels: Record<ContactChannel, string> = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email only' }

export type MessageTemplate = {
	/** The WhatsApp template name (lower case, digits, underscores) and the key of its SMS DLT template id. */
	name: string
	label: string
	/** Named parameters, in the order they fill {{1}}, {{2}}… (WhatsApp) and ##var1##, ##var2##… (SMS). */
	params: readonly string[]
	/** The exact body to register in WhatsApp Manager, with {{1}}… placeholders. */
	whatsapp: string
	/** The exact body to register on the DLT portal, {#var#} for each parameter in order. */
	sms: string
	/** WhatsApp only: a document header (the voucher PDF). */
	documentHeader?: boolean
}

export const messageTemplates: Record<MessageKind, MessageTemplate> = {
	'booking-received': {
		name: 'booking_received',
		label: 'Booking received',
		params: ['name', 'reference', 'trip', 'amount', 'tripUrl'],
		whatsapp: 'Dear {{1}}, thank you for booking with us. Your reference is {{2}} for {{3}}. Please pay {{4}} to confirm. Your trip page: {{5}}',
		sms: 'Dear {#var#}, thank you for booking. Ref {#var#} for {#var#}. Pay {#var#} to confirm. Trip page: {#var#} - Andaman Isles',
	},
	'payment-link': {
		name: 'payment_link',
		label: 'Payment link',
		params: ['name', 'amount', 'reference', 'url'],
		whatsapp: 'Dear {{1}}, please pay {{2}} for booking {{3}}. Your trip page has a UPI pay button for the exact amount: {{4}}',
		sms: 'Dear {#var#}, please pay {#var#} for booking {#var#}. Pay on your trip page: {#var#} - Andaman Isles',
	},
	'payment-reminder': {
		name: 'payment_reminder',
		label: 'Payment reminder',
		params: ['name', 'amount', 'reference', 'dueDate', 'url'],
		whatsapp: 'Dear {{1}}, a reminder that {{2}} for booking {{3}} is due by {{4}}. You can pay on your trip page: {{5}}',
		sms: 'Dear {#var#}, {#var#} for booking {#var#} is due by {#var#}. Pay on your trip page: {#var#} - Andaman Isles',
	},
	'voucher-ready': {
		name: 'voucher_ready',
		label: 'Voucher ready',
		params: ['name', 'reference', 'url'],
		whatsapp: 'Dear {{1}}, your travel voucher for {{2}} is ready (attached). Open it once before you fly: {{3}}',
		sms: 'Dear {#var#}, your travel voucher for {#var#} is ready: {#var#} - Andaman Isles',
		documentHeader: true,
	},
	'trip-tomorrow': {
		name: 'trip_tomorrow',
		label: 'Trip tomorrow',
		params: ['name', 'reference', 'firstStep', 'phone'],
		whatsapp: 'Dear {{1}}, your Andaman trip {{2}} starts tomorrow. First: {{3}}. Questions on the day: call {{4}}.',
		sms: 'Dear {#var#}, your trip {#var#} starts tomorrow. First: {#var#}. Call {#var#} on the day. - Andaman Isles',
	},
	'welcome-home': {
		name: 'welcome_home',
		label: 'Welcome home',
		params: ['name', 'reference', 'reviewUrl'],
		whatsapp:
			'Welcome home, {{1}}. We hope the islands were good to you. Would you tell other travellers how trip {{2}} went? This link takes one review: {{3}}',
		sms: 'Welcome home {#var#}. How was trip {#var#}? Write one review here: {#var#} - Andaman Isles',
	},
	'staff-message': {
		name: 'booking_update',
		label: 'Message from staff',
		params: ['name', 'reference', 'message'],
		whatsapp: 'Dear {{1}}, an update on your booking {{2}}: {{3}}',
		sms: 'Dear {#var#}, update on booking {#var#}: {#var#} - Andaman Isles',
	},
}

export const messageKindLabels = Object.fromEntries(messageKinds.map((kind) => [kind, messageTemplates[kind].label])) as Record<MessageKind, string>

/** WhatsApp refuses a text parameter with a new line or tab, or more than four spaces in a row. */
export const maxParamLength = 900
/** A staff one-off message: what fits in one template parameter. */
export const maxStaffMessageLength = 500

/** E.164: +, a country code not starting with 0, at most 15 digits in all. */
export function isE164(phone: string): boolean {
	return /^\+[1-9]\d{7,14}$/.test(phone)
}

export type FilledMessage = { kind: MessageKind; template: string; params: string[]; whatsappText: string; smsText: string; documentUrl: string | null }

export function messageRefused(message: string, fields?: Record<string, string>): AppError {
	return new AppError('invalid-argument', message, { fields })
}

/**
 * Fills a template: every named parameter must be there, non-empty, one line, no tabs, no more than
 * four spaces in a row, and not too long; the voucher message needs its PDF address. Throws
 * invalid-argument naming the parameter otherwise; nothing half-filled ever leaves this function.
 */
export function fillTemplate(kind: MessageKind, values: Record<string, string | null | undefined>, documentUrl: string | null = null): FilledMessage {
	const template = messageTemplates[kind]
	const params = template.params.map((name) => {
		const value = values[name]
		if (value === undefined || value === null || value.trim() === '')
			throw messageRefused(`The ${template.label.toLowerCase()} message needs its ${name}.`, { [name]: 'Missing' })
		if (/[\n\r\t]/.test(value))
			throw messageRefused(`The ${name} of the ${template.label.toLowerCase()} message has a line break or tab, which WhatsApp refuses.`, {
				[name]: 'One line, no tabs',
			})
		if (/ {5,}/.test(value))
			throw messageRefused(`The ${name} of the ${template.label.toLowerCase()} message has more than four spaces in a row, which WhatsApp refuses.`, {
				[name]: 'Too many spaces',
			})
		if (value.length > maxParamLength)
			throw messageRefused(`The ${name} of the ${template.label.toLowerCase()} message is longer than ${maxParamLength} characters.`, { [name]: 'Too long' })
		return value.trim()
	})
	const extra = Object.keys(values).filter((name) => !template.params.includes(name))
	if (extra.length) throw messageRefused(`The ${template.label.toLowerCase()} message has no parameter ${extra.join(', ')}.`)
	if (template.documentHeader && !(documentUrl && /^https?:\/\//.test(documentUrl)))
		throw messageRefused(`The ${template.label.toLowerCase()} message needs the address of its PDF.`, { documentUrl: 'Missing' })
	const whatsappText = template.whatsapp.replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1]!)
	let index = 0
	const smsText = template.sms.replace(/\{#var#\}/g, () => params[index++]!)
	return { kind, template: template.name, params, whatsappText, smsText, documentUrl: template.documentHeader ? documentUrl : null }
}

/** Text someone else typed, made fit for a parameter: one line, single spaces. */
export function oneLine(text: string): string {
	return text.replace(/\s+/g, ' ').trim()
}

/**
 * Delivery states. queued → accepted (the provider took it, with its id) → sent → delivered → read;
 * failed; expired (not sent by its send-by time); skipped (the number opted out before it went).
 */
export const messageStatuses = ['queued', 'accepted', 'sent', 'delivered', 'read', 'failed', 'expired', 'skipped'] as const
export type MessageStatus = (typeof messageStatuses)[number]
export const messageStatusLabels: Record<MessageStatus, string> = {
	queued: 'Queued',
	accepted: 'Accepted',
	sent: 'Sent',
	delivered: 'Delivered',
	read: 'Read',
	failed: 'Failed',
	expired: 'Expired',
	skipped: 'Not sent (opted out)',
}

const rank: Record<MessageStatus, number> = { queued: 0, accepted: 1, sent: 2, delivered: 3, read: 4, failed: 3, expired: 9, skipped: 9 }

/**
 * Whether a reported status moves a message on. The provider does not promise order: a late "sent"
 * after "read" changes nothing; "failed" counts only before delivery; a final state stays final.
 */
export function advancesStatus(current: MessageStatus, reported: 'sent' | 'delivered' | 'read' | 'failed'): boolean {
	if (current === 'failed' || current === 'expired' || current === 'skipped') return false
	if (reported === 'failed') return rank[current] < rank.delivered
	return rank[reported] > rank[current]
}

/** Attempts before a message is failed; waits grow 1, 4, 9, 16 minutes. */
export const maxMessageAttempts = 5
export function messageRetryDelayMs(attempts: number): number {
	return attempts * attempts * 60_000
}

/** Messages to one number in an hour, across all kinds: a bug or a loop never floods a traveller. */
export const perNumberLimit = { limit: 6, windowSeconds: 3600 }

/** A reply that opts the number out (WhatsApp and the SMS provider's keywords), and one that opts back in. */
export function replyIntent(text: string): 'stop' | 'start' | null {
	const word = text
		.trim()
		.toUpperCase()
		.replace(/[.!]+$/, '')
	if (['STOP', 'STOP ALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPT OUT', 'OPTOUT'].includes(word)) return 'stop'
	if (['START', 'UNSTOP', 'SUBSCRIBE'].includes(word)) return 'start'
	return null
}

/** The booking page's one-off message form. */
export const staffMessageSchema = z.object({
	intent: z.literal('staff-message'),
	text: z
		.string({ error: 'Write the message.' })
		.trim()
		.min(1, 'Write the message.')
		.max(maxStaffMessageLength, `At most ${maxStaffMessageLength} characters.`),
	submissionKey: z.string().min(8).max(64),
})
