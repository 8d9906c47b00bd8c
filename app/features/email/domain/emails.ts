/**
 * The emails the business sends: booking received, payment recorded, voucher
 * issued. Pure: they take what they show and return the subject and the plain
 * text; `emailHtml` gives the same words an HTML part, so mail apps show
 * paragraphs and a tappable voucher link. Outbox states: queued → sent |
 * failed (retried while attempts remain).
 */
import { formatTravelDate } from '~/lib/dates.ts'
import { escapeHtml } from '~/lib/html.ts'
import { formatINR, formatINRExact } from '~/lib/money.ts'
import { formatPhone } from '~/lib/phone.ts'
import { jettyReportingLine } from '~/features/travel-facts/domain/facts.ts'
import { paymentReminderLines, type ReminderText } from '~/features/payments/domain/reminders.ts'

export const emailKinds = [
	'quote-sent',
	'booking-received',
	'payment-recorded',
	'payment-request',
	'payment-reminder',
	'voucher-issued',
	'invoice-issued',
	'credit-note-issued',
	'ferry-ticket',
	'supplier-request',
	'supplier-answer',
	'review-request',
	'review-hidden',
	'supplier-chase',
	'supplier-amendment',
	'account-requested',
	'account-exists',
	'password-reset',
	'verify-email',
	'email-sign-in',
	'agent-invitation',
] as const
export type EmailKind = (typeof emailKinds)[number]
export const emailKindLabels: Record<EmailKind, string> = {
	'quote-sent': 'Quote sent',
	'booking-received': 'Booking received',
	'payment-recorded': 'Payment recorded',
	'payment-request': 'Payment link',
	'payment-reminder': 'Payment reminder',
	'voucher-issued': 'Voucher issued',
	'ferry-ticket': 'Ferry ticket',
	'invoice-issued': 'Tax invoice issued',
	'credit-note-issued': 'Credit note issued',
	'supplier-request': 'Confirmation request to a supplier',
	'supplier-answer': 'A supplier answered',
	'review-request': 'Review request after a trip',
	'review-hidden': 'A review was not published',
	'supplier-chase': 'Reminder to a supplier who has not answered',
	'supplier-amendment': 'Amendment sent to a supplier',
	'account-requested': 'Staff account requested',
	'account-exists': 'Sign-up with an existing email',
	'password-reset': 'Password reset link',
	'verify-email': 'Email verification link',
	'email-sign-in': 'Sign-in link',
	'agent-invitation': 'Invitation to an agency’s user',
}

/** Emails that carry a single-use link which signs someone in or sets their password: only owners may read them on the outbox page. */
export const secretEmailKinds: ReadonlySet<EmailKind> = new Set(['password-reset', 'verify-email', 'email-sign-in', 'agent-invitation'])

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

/**
 * Text someone else typed (a traveller's name, a package title) goes into a
 * sentence on one line: line breaks and runs of spaces become one space, so it
 * can never stand on a line of its own, where `emailHtml` would make a link.
 */
export function inline(text: string): string {
	return text.replace(/\s+/g, ' ').trim()
}

const signature = (company: Company) => `\n\n${company.name}\nPhone ${company.phone} · WhatsApp ${formatPhone(company.whatsapp)} · ${company.email}`

/**
 * A quote sent from the desk: the trip, its price and validity, and the link to the quote page,
 * where the traveller reads the day plan and accepts. `url` is null in the preview staff see
 * before sending (the link is made when the quote is): a placeholder line stands in for it.
 */
export function quoteSentEmail(input: {
	name: string
	title: string
	version: number
	total: number
	perPerson: number
	payingTravellers: number
	validUntil: string
	url: string | null
	company: Company
}): Email {
	return {
		subject: `Your Andaman trip quote: ${inline(input.title)}${input.version > 1 ? ` (version ${input.version})` : ''}`,
		text:
			`Dear ${inline(input.name)},\n\nHere is your quote for ${inline(input.title)}: ${formatINR(input.total)} in all` +
			(input.payingTravellers > 1 ? `, ${formatINR(input.perPerson)} per person` : '') +
			`, valid until ${formatTravelDate(input.validUntil)}.${input.version > 1 ? ' It replaces the earlier version.' : ''}\n\n` +
			`Open it to see the day-by-day plan, the hotels and what is included, and to accept it when you are ready:\n${input.url ?? quoteLinkPlaceholder}\n\n` +
			`Reply to this email or message us on WhatsApp to change anything.` +
			signature(input.company),
	}
}

/** Stands in for the quote's link in the preview before sending. */
export const quoteLinkPlaceholder = '[the link to your quote, made when it is sent]'

/** `upiId`: null when the owner has not set UPI up (then the planner sends payment details). */
export function bookingReceivedEmail(input: {
	reference: string
	name: string
	title: string
	startDate: string
	total: number
	advanceDue: number
	upiId: string | null
	tripUrl?: string
	company: Company
}): Email {
	const what = input.advanceDue >= input.total ? 'the full amount' : 'the advance'
	return {
		subject: `We have your booking ${input.reference}`,
		text:
			`Dear ${inline(input.name)},\n\nThank you for booking ${inline(input.title)} from ${formatTravelDate(input.startDate)}. Your reference is ${input.reference}.\n\n` +
			`Total ${formatINR(input.total)}. Pay ${what} of ${formatINR(input.advanceDue)}${input.upiId ? ` (UPI ${input.upiId})` : ''} to confirm; quote ${input.reference} with your payment.` +
			(input.tripUrl
				? `\n\nYour trip page shows what you have paid and what is due, with a UPI pay button, your receipts and later your voucher. Keep the link private:\n${input.tripUrl}`
				: '') +
			signature(input.company),
	}
}

export function paymentRecordedEmail(input: {
	reference: string
	name: string
	amount: number
	method: string
	paymentReference: string
	company: Company
}): Email {
	return {
		subject: `Payment received for ${input.reference}`,
		text:
			`Dear ${inline(input.name)},\n\nWe have recorded your payment of ${formatINR(input.amount)} by ${input.method} (reference ${inline(input.paymentReference)}) for booking ${input.reference}. Thank you.` +
			signature(input.company),
	}
}

/** A live ferry ticket (docs/ferries.md): the sailing, its PNR and the trip page, where the ticket file is. */
export function ferryTicketEmail(input: {
	reference: string
	name: string
	operator: string
	vessel: string
	route: string
	date: string
	departs: string
	pnr: string
	seats: string[]
	tripUrl: string
	company: Company
}): Email {
	return {
		subject: `Your ferry ticket ${input.pnr}: ${inline(input.route)}, ${formatTravelDate(input.date)}`,
		text:
			`Dear ${inline(input.name)},\n\nYour ferry is booked with ${inline(input.operator)}: ${inline(input.vessel)}, ${inline(input.route)} on ${formatTravelDate(input.date)} at ${input.departs}. ` +
			`PNR ${inline(input.pnr)}${input.seats.length ? `, seats ${input.seats.join(', ')}` : ''} (booking ${input.reference}).\n\n` +
			`Your trip page has the ticket to download and print; carry the ID each passenger gave us:\n${input.tripUrl}` +
			signature(input.company),
	}
}

/** A payment link staff sent (docs/payments.md): the amount, what for, and the trip page with its UPI button. */
export function paymentRequestEmail(input: { reference: string; name: string; amount: number; note: string | null; url: string; company: Company }): Email {
	return {
		subject: `Payment of ${formatINR(input.amount)} for ${input.reference}`,
		text:
			`Dear ${inline(input.name)},\n\nPlease pay ${formatINR(input.amount)} for booking ${input.reference}${input.note ? ` (${inline(input.note)})` : ''}. ` +
			`Your trip page has a UPI pay button for the exact amount and shows the payment once it arrives:\n${input.url}` +
			signature(input.company),
	}
}

/** A reminder before the balance due date, or the day it falls overdue (docs/payments.md): the exact balance, the date and the trip page. */
export function paymentReminderEmail(input: ReminderText & { company: Company }): Email {
	const { subject, body } = paymentReminderLines(input)
	return { subject, text: `Dear ${inline(input.name)},\n\n${body}` + signature(input.company) }
}

/** `ferryReportingMinutes` (one per sailing, each its operator's own or the fallback setting) adds the jetty line when the trip has ferries. */
export function voucherIssuedEmail(input: {
	reference: string
	name: string
	url: string
	version: number
	company: Company
	ferryReportingMinutes?: readonly number[]
}): Email {
	return {
		subject: `Your travel voucher for ${input.reference}${input.version > 1 ? ` (version ${input.version})` : ''}`,
		text:
			`Dear ${inline(input.name)},\n\nYour travel voucher is ready:\n${input.url}\n\nOpen it once on your phone before you fly: it stays readable without a network on the islands. ` +
			`A PDF and a print version are on the same page.${input.version > 1 ? ' This version replaces the earlier one.' : ''}` +
			(input.ferryReportingMinutes?.length ? `\n\nFerries: ${jettyReportingLine(input.ferryReportingMinutes)}` : '') +
			signature(input.company),
	}
}

/** Welcome home, with the booking's one review link (docs/decisions/206-verified-reviews.md). */
export function reviewRequestEmail(input: { reference: string; name: string; url: string; company: Company }): Email {
	return {
		subject: `Welcome home: how was your Andaman trip? (${input.reference})`,
		text:
			`Dear ${inline(input.name)},\n\nWelcome home. We hope the islands were good to you.\n\n` +
			`Would you tell other travellers how it went? This link is for your booking ${input.reference} alone and takes one review, with up to four photos:\n${input.url}\n\n` +
			'Good or bad, we publish what travellers write, marked "Verified traveller". We only hold back a review that names someone private, is abusive or is not about the trip, and then we tell you why.' +
			signature(input.company),
	}
}

/** The review was not published, and why. */
export function reviewHiddenEmail(input: { reference: string; name: string; reason: string; company: Company }): Email {
	return {
		subject: `About your review of ${input.reference}`,
		text:
			`Dear ${inline(input.name)},\n\nThank you for your review. We have not published it, for this reason:\n${inline(input.reason)}\n\nIf you would like to change it, reply to this email or call us.` +
			signature(input.company),
	}
}

/** A tax invoice or credit note (docs/decisions/115-gst-tax-invoices.md): the link opens the printable page, which has the PDF. */
export function taxDocumentEmail(input: {
	kind: 'invoice' | 'credit-note'
	number: string
	reference: string
	name: string
	total: number
	url: string
	company: Company
}): Email {
	const invoice = input.kind === 'invoice'
	return {
		subject: `${invoice ? 'Tax invoice' : 'Credit note'} ${input.number} for booking ${input.reference}`,
		text:
			`Dear ${inline(input.name)},\n\n` +
			(invoice
				? `Your GST tax invoice ${input.number} for ${formatINRExact(input.total)} (booking ${input.reference}) is ready:\n${input.url}\n\nThe page prints on A4 and has a PDF to keep.`
				: `We have issued credit note ${input.number} for ${formatINRExact(input.total)} on booking ${input.reference}, for the amount refunded:\n${input.url}\n\nThe page prints on A4 and has a PDF to keep.`) +
			signature(input.company),
	}
}

/** A staff sign-up from the web: the account waits for an owner. */
export function accountRequestedEmail(input: { name: string | null; signInUrl: string; company: Company }): Email {
	return {
		subject: `Your ${input.company.name} staff account is waiting for approval`,
		text:
			`Dear ${input.name ? inline(input.name) : 'colleague'},\n\nThank you for creating a staff account. An owner will approve it soon; until then you can sign in, but the admin area stays closed.\n\nSign in here:\n${input.signInUrl}\n\n` +
			`If you did not ask for this account, reply to this email and we will remove it.` +
			signature(input.company),
	}
}

/** A web sign-up with an email that already has an account: the sign-up page does not say so, this email does, to the holder only. */
export function accountExistsEmail(input: { signInUrl: string; company: Company }): Email {
	return {
		subject: `Someone tried to create a ${input.company.name} account with your email`,
		text:
			`Hello,\n\nSomeone, perhaps you, tried to create a new staff account with this email address. You already have an account, so nothing was changed.\n\nSign in here:\n${input.signInUrl}\n\n` +
			`Forgotten your password? Choose "Forgot password?" on the sign-in page. If this was not you, you need not do anything: your account and password are unchanged.` +
			signature(input.company),
	}
}

/** A password reset link (docs/decisions/105-email-action-codes.md). */
export function passwordResetEmail(input: { link: string; minutes: number; company: Company }): Email {
	return {
		subject: `Reset your ${input.company.name} password`,
		text:
			`Hello,\n\nSomeone, perhaps you, asked to reset the password of the staff account with this email address. To choose a new password, open this link within ${input.minutes} minutes:\n${input.link}\n\n` +
			`The link works once. Choosing a new password signs the account out on every device. If you did not ask for this, you need not do anything: your password is unchanged.` +
			signature(input.company),
	}
}

/** An invitation to sign in for a partner agency (ADR 221): the link sets the password, then the person signs in at the usual page. */
export function agentInvitationEmail(input: { link: string; days: number; agency: string; signInUrl: string; company: Company }): Email {
	return {
		subject: `You are invited to ${inline(input.agency)}’s account with ${input.company.name}`,
		text:
			`Hello,\n\nYou have been invited to sign in for ${inline(input.agency)}, a partner agency of ${input.company.name}. To choose your password, open this link within ${input.days} days:\n${input.link}\n\n` +
			`The link works once. Then sign in with your email address and the new password here:\n${input.signInUrl}\n\nIf you did not expect this, you need not do anything.` +
			signature(input.company),
	}
}

/** Confirms that the address belongs to the account holder. */
export function verifyEmailEmail(input: { link: string; days: number; company: Company }): Email {
	return {
		subject: `Confirm your email address for ${input.company.name}`,
		text:
			`Hello,\n\nPlease confirm that this is your email address by opening this link within ${input.days} days:\n${input.link}\n\n` +
			`If you did not create a staff account with us, you need not do anything.` +
			signature(input.company),
	}
}

/** A link that signs in without a password. */
export function emailSignInEmail(input: { link: string; minutes: number; company: Company }): Email {
	return {
		subject: `Your ${input.company.name} sign-in link`,
		text:
			`Hello,\n\nOpen this link within ${input.minutes} minutes to sign in to the ${input.company.name} admin area:\n${input.link}\n\n` +
			`The link works once, for this email address only. If you did not ask for it, you need not do anything: nobody can use it without access to your email.` +
			signature(input.company),
	}
}

/** After a link email is sent, the outbox keeps its words but not the working link. */
export function withoutActionLinks(text: string): string {
	return text
		.split('\n')
		.map((line) => (/^https?:\/\/\S*[?&]oobCode=/.test(line) ? '[link removed after sending]' : line))
		.join('\n')
}

const linkLine = /^https?:\/\/[^\s<>"]+$/

/**
 * The HTML part of an email, from its text: blank lines make paragraphs, line
 * breaks stay, everything is escaped. Only a line that is nothing but a web
 * address becomes a link: our emails put their links on lines of their own,
 * and text a visitor typed is always inside a sentence (see `inline`), so it
 * never turns into a link.
 */
export function emailHtml(text: string): string {
	const paragraphs = text
		.trim()
		.split(/\n{2,}/)
		.map((paragraph) =>
			paragraph
				.split('\n')
				.map((line) => (linkLine.test(line) ? `<a href="${escapeHtml(line)}" style="color:#047857">${escapeHtml(line)}</a>` : escapeHtml(line)))
				.join('<br>'),
		)
		.map((paragraph) => `<p style="margin:0 0 16px">${paragraph}</p>`)
	return `<!doctype html><html lang="en"><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">${paragraphs.join('')}</body></html>`
}
