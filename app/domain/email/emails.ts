/**
 * The emails the business sends: booking received, payment recorded, voucher
 * issued. Pure: they take what they show and return the subject and the plain
 * text; `emailHtml` gives the same words an HTML part, so mail apps show
 * paragraphs and a tappable voucher link. Outbox states: queued → sent |
 * failed (retried while attempts remain).
 */
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'

export const emailKinds = ['booking-received', 'payment-recorded', 'voucher-issued'] as const
export type EmailKind = (typeof emailKinds)[number]
export const emailKindLabels: Record<EmailKind, string> = { 'booking-received': 'Booking received', 'payment-recorded': 'Payment recorded', 'voucher-issued': 'Voucher issued' }

export const outboxStatuses = ['queued', 'sent', 'failed'] as const
export type OutboxStatus = (typeof outboxStatuses)[number]
export const outboxStatusLabels: Record<OutboxStatus, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' }

/** Delivery attempts before an email is marked failed; waits grow 1, 4, 9, 16 minutes. */
export const maxAttempts = 5
export function retryDelayMs(attempts: number): number {
	return attempts * attempts * 60_000
}

type Company = { name: string; phone: string; whatsapp: string; email: string }
export type Email = { subject: string; text: string }

const signature = (company: Company) => `\n\n${company.name}\nPhone ${company.phone} · WhatsApp ${company.whatsapp} · ${company.email}`

/** `upiId`: null when the owner has not set UPI up (then the planner sends payment details). */
export function bookingReceivedEmail(input: { reference: string; name: string; title: string; startDate: string; total: number; advanceDue: number; upiId: string | null; company: Company }): Email {
	const what = input.advanceDue >= input.total ? 'the full amount' : 'the advance'
	return {
		subject: `We have your booking ${input.reference}`,
		text:
			`Dear ${input.name},\n\nThank you for booking ${input.title} from ${formatTravelDate(input.startDate)}. Your reference is ${input.reference}.\n\n` +
			`Total ${formatINR(input.total)}. Pay ${what} of ${formatINR(input.advanceDue)}${input.upiId ? ` (UPI ${input.upiId})` : ''} to confirm; quote ${input.reference} with your payment.` +
			signature(input.company),
	}
}

export function paymentRecordedEmail(input: { reference: string; name: string; amount: number; method: string; paymentReference: string; company: Company }): Email {
	return {
		subject: `Payment received for ${input.reference}`,
		text: `Dear ${input.name},\n\nWe have recorded your payment of ${formatINR(input.amount)} by ${input.method} (reference ${input.paymentReference}) for booking ${input.reference}. Thank you.` + signature(input.company),
	}
}

export function voucherIssuedEmail(input: { reference: string; name: string; url: string; version: number; company: Company }): Email {
	return {
		subject: `Your travel voucher for ${input.reference}${input.version > 1 ? ` (version ${input.version})` : ''}`,
		text:
			`Dear ${input.name},\n\nYour travel voucher is ready: ${input.url}\n\nOpen it once on your phone before you fly: it stays readable without a network on the islands. ` +
			`A PDF and a print version are on the same page.${input.version > 1 ? ' This version replaces the earlier one.' : ''}` +
			signature(input.company),
	}
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The HTML part of an email, from its text: blank lines make paragraphs, line breaks stay,
 * web addresses become links. Everything else is escaped, so a traveller's name cannot add markup.
 */
export function emailHtml(text: string): string {
	const paragraphs = text
		.trim()
		.split(/\n{2,}/)
		.map((paragraph) =>
			escapeHtml(paragraph)
				.replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) => `<a href="${url}" style="color:#047857">${url}</a>`)
				.replace(/\n/g, '<br>'),
		)
		.map((paragraph) => `<p style="margin:0 0 16px">${paragraph}</p>`)
	return `<!doctype html><html lang="en"><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">${paragraphs.join('')}</body></html>`
}
