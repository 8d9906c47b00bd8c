/**
 * Confirmation requests to suppliers (docs/decisions/190-supplier-confirmation-links.md): a booking's
 * components grouped per supplier, one request each, with a secret link the supplier answers on
 * without an account. Pure: grouping, what the link may still do, the answer forms and the texts.
 */
import { formatTravelDate } from '~/lib/dates.ts'
import { z } from '~/lib/zod.ts'

export const requestStatuses = ['waiting', 'confirmed', 'declined', 'revoked'] as const
export type RequestStatus = (typeof requestStatuses)[number]
export const requestStatusLabels: Record<RequestStatus, string> = {
	waiting: 'Waiting for the supplier',
	confirmed: 'Confirmed by the supplier',
	declined: 'Declined by the supplier',
	revoked: 'Withdrawn',
}

/** The components a new request may carry: assigned to a supplier, not confirmed, not already waiting on an open request. */
export type RequestableComponent = { id: string; supplierId: string | null; supplierStatus: string; startDate: string | null; endDate: string | null }

/** Components per supplier, in the order given (the booking's order); a supplier's request expires after its last service date. */
export function groupForRequests<C extends RequestableComponent>(
	components: readonly C[],
	waitingIds: ReadonlySet<string>,
	fallbackDate: string,
): Array<{ supplierId: string; components: C[]; expiresOn: string }> {
	const groups = new Map<string, C[]>()
	for (const component of components) {
		if (!component.supplierId || component.supplierStatus === 'confirmed' || waitingIds.has(component.id)) continue
		groups.set(component.supplierId, [...(groups.get(component.supplierId) ?? []), component])
	}
	return [...groups].map(([supplierId, list]) => ({
		supplierId,
		components: list,
		expiresOn: list
			.map((component) => component.endDate ?? component.startDate ?? fallbackDate)
			.reduce((last, date) => (date > last ? date : last), fallbackDate),
	}))
}

/** What the link can still do, and what the page says when nothing. */
export type LinkState = { open: true } | { open: false; why: 'answered' | 'expired' | 'revoked' | 'cancelled'; message: string }

export function linkState(request: { status: RequestStatus; expiresOn: string }, bookingStatus: string, today: string): LinkState {
	if (request.status === 'confirmed' || request.status === 'declined')
		return {
			open: false,
			why: 'answered',
			message: `This request was already answered (${request.status === 'confirmed' ? 'confirmed' : 'declined'}). Nothing more is needed; call us to change anything.`,
		}
	if (request.status === 'revoked')
		return { open: false, why: 'revoked', message: 'This request was withdrawn: our team sent a newer one or booked elsewhere. Nothing has changed.' }
	if (bookingStatus === 'cancelled')
		return { open: false, why: 'cancelled', message: 'This booking was cancelled: please release what you held. Nothing has changed.' }
	if (today > request.expiresOn) return { open: false, why: 'expired', message: 'This link has expired: the service dates have passed. Nothing has changed.' }
	return { open: true }
}

const intent = <T extends string>(value: T) => z.literal(value, { message: 'Choose Confirm or Decline on the page and try again.' })

/** The supplier confirms, with their confirmation number. */
export const confirmRequestSchema = z.object({
	intent: intent('confirm'),
	confirmationNumber: z
		.string({ message: 'Give your confirmation number (or booking reference).' })
		.trim()
		.min(1, 'Give your confirmation number (or booking reference).')
		.max(80, 'A confirmation number has at most 80 characters.'),
})

/** The supplier declines, saying why or what they can offer instead. */
export const declineRequestSchema = z.object({
	intent: intent('decline'),
	reason: z
		.string({ message: 'Tell us why, or what you can offer instead (another room, date or time).' })
		.trim()
		.min(3, 'Tell us why, or what you can offer instead (another room, date or time).')
		.max(1000, 'Keep it under 1,000 characters.'),
})

/** The supplier asks a question instead of answering: the request stays waiting and staff call or write back. */
export const questionRequestSchema = z.object({
	intent: z.literal('question', { message: 'Choose Confirm, Decline or Ask a question on the page and try again.' }),
	question: z
		.string({ message: 'Write your question: what you need to know before you can confirm.' })
		.trim()
		.min(3, 'Write your question: what you need to know before you can confirm.')
		.max(1000, 'Keep it under 1,000 characters.'),
})

export type RequestAnswer = { kind: 'confirm'; confirmationNumber: string } | { kind: 'decline'; reason: string }

/** A component as the supplier sees it: no price, no other supplier's part. */
export type SupplierLine = { kind: string; description: string; startDate: string | null; endDate: string | null; time: string | null; notes: string | null }

function lineText(line: SupplierLine): string {
	const dates = line.startDate
		? line.endDate && line.endDate !== line.startDate
			? `${formatTravelDate(line.startDate)} to ${formatTravelDate(line.endDate)}`
			: formatTravelDate(line.startDate)
		: 'date to be confirmed'
	return `- ${line.description.replace(/\s+/g, ' ')}, ${dates}${line.time ? ` at ${line.time}` : ''}`
}

/** The request's words, for the email and the WhatsApp text staff copy. */
export function requestMessage(input: {
	supplierName: string
	reference: string
	leadName: string
	guests: string
	lines: readonly SupplierLine[]
	url: string
	companyName: string
	expiresOn: string
}): { subject: string; text: string } {
	return {
		subject: `Please confirm: ${input.reference} (${input.leadName.replace(/\s+/g, ' ')})`,
		text:
			`Dear ${input.supplierName.replace(/\s+/g, ' ')},\n\nPlease confirm the following for our guests ${input.leadName.replace(/\s+/g, ' ')} (${input.guests}), booking ${input.reference}:\n` +
			input.lines.map(lineText).join('\n') +
			`\n\nConfirm with your number, or decline with a reason or an alternative, in one tap (no sign-in needed; the link works until ${formatTravelDate(input.expiresOn)}):\n${input.url}\n\nThank you,\n${input.companyName}`,
	}
}

/**
 * Whether a request is due its one reminder (docs/decisions/198-chasing-and-amending-supplier-requests.md):
 * still waiting, never chased, sent at least `hours` before `now`.
 */
export function chaseDue(request: { status: RequestStatus; sentAt: string; chasedAt: string | null }, now: Date, hours: number): boolean {
	return request.status === 'waiting' && request.chasedAt === null && Date.parse(request.sentAt) + hours * 3_600_000 <= now.getTime()
}

/** The reminder's words: the request's, marked as a reminder, saying how long we have waited. */
export function chaseMessage(request: { subject: string; text: string }, hours: number): { subject: string; text: string } {
	return {
		subject: `Reminder: ${request.subject}`,
		text: `We have not had your answer in ${hours} ${hours === 1 ? 'hour' : 'hours'}: please confirm or decline below.\n\n${request.text}`,
	}
}

/** What a supplier is told changed in an amendment. */
export type AmendmentChange = { componentId: string; description: string; field: 'dates' | 'time' | 'details' | 'notes'; from: string; to: string }
export const amendmentFieldLabels: Record<AmendmentChange['field'], string> = {
	dates: 'Dates',
	time: 'Time',
	details: 'What is booked (room type, meal plan, service)',
	notes: 'Notes',
}

type ComponentFacts = { description: string; startDate: string | null; endDate: string | null; time: string | null; notes: string | null }

function datesText(startDate: string | null, endDate: string | null): string {
	if (!startDate) return 'date to be confirmed'
	return endDate && endDate !== startDate ? `${formatTravelDate(startDate)} to ${formatTravelDate(endDate)}` : formatTravelDate(startDate)
}

/**
 * What changed in a component that matters to its supplier (dates, time, what is booked, notes), in
 * words for the amendment (docs/decisions/198-chasing-and-amending-supplier-requests.md). Empty when
 * nothing the supplier holds changed (a new confirmation number, a price).
 */
export function componentChanges(componentId: string, before: ComponentFacts, after: ComponentFacts): AmendmentChange[] {
	const changes: AmendmentChange[] = []
	const change = (field: AmendmentChange['field'], from: string, to: string) => changes.push({ componentId, description: after.description, field, from, to })
	if (before.startDate !== after.startDate || before.endDate !== after.endDate)
		change('dates', datesText(before.startDate, before.endDate), datesText(after.startDate, after.endDate))
	if (before.time !== after.time) change('time', before.time ?? 'none', after.time ?? 'none')
	if (before.description.trim() !== after.description.trim()) change('details', before.description, after.description)
	if ((before.notes ?? '').trim() !== (after.notes ?? '').trim()) change('notes', before.notes ?? 'none', after.notes ?? 'none')
	return changes
}

/** One change in a line of text: "Dates: 12 Jan 2027 → 13 Jan 2027". */
export function changeText(change: AmendmentChange): string {
	return `${amendmentFieldLabels[change.field]}: ${change.from.replace(/\s+/g, ' ')} → ${change.to.replace(/\s+/g, ' ')}`
}

/** A change with the component it is about, unless the change itself names it (what is booked). */
export function changeLine(change: AmendmentChange): string {
	return change.field === 'details' ? changeText(change) : `${change.description.replace(/\s+/g, ' ')}: ${changeText(change)}`
}

/** An amendment's words: what changed first, then the request as it now stands. */
export function amendmentMessage(request: { subject: string; text: string }, changes: readonly AmendmentChange[]): { subject: string; text: string } {
	const lines = changes.map((change) => `- ${changeLine(change)}`)
	return {
		subject: `Amendment, please re-confirm: ${request.subject.replace(/^Please confirm: /, '')}`,
		text: `Our booking with you has changed since you confirmed it:\n${lines.join('\n')}\n\nPlease confirm the booking as it now stands (a new confirmation number if yours changes), or decline.\n\n${request.text}`,
	}
}
