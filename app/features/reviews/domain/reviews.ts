/**
 * Verified reviews (docs/decisions/206-verified-reviews.md): one review link per completed booking;
 * what the traveller writes is plain text within set bounds; staff publish it or hide it with a reason
 * the traveller is told. Pure: the form, the text clean-up, what a link may still do, the labels.
 */
import { formatLongMonth } from '~/lib/dates.ts'
import { islands, type IslandSlug } from '~/lib/islands.ts'
import { z } from '~/lib/zod.ts'

export const reviewStatuses = ['waiting', 'published', 'hidden'] as const
export type ReviewStatus = (typeof reviewStatuses)[number]
export const reviewStatusLabels: Record<ReviewStatus, string> = { waiting: 'Waiting for a decision', published: 'Published', hidden: 'Hidden' }

/** Photos one review may carry, and the limits of its text (docs/security.md). */
export const reviewLimits = { photos: 4, title: 120, body: 4000, bodyMin: 20, name: 60, city: 60, hiddenReason: 500 } as const

/**
 * Text as a traveller typed it, as plain text: tags and control characters go (a review is shown as
 * text, never as markup), runs of spaces shrink, paragraphs stay.
 */
export function plainReviewText(value: string): string {
	return value
		.replace(/<\/?[A-Za-z!][^<>]*>/g, ' ')
		.replace(/[<>]/g, '')
		.replace(/\r\n?/g, '\n')
		.replace(/[\u0000-\u0009\u000B-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g, ' ')
		.replace(/[ \t]+/g, ' ')
		.replace(/ *\n */g, '\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim()
}

const plain = (label: string, min: number, max: number, tooShort: string) =>
	z
		.string({ message: tooShort })
		.transform(plainReviewText)
		.pipe(
			z
				.string()
				.min(min, tooShort)
				.max(max, `${label} has at most ${max.toLocaleString('en-IN')} characters.`),
		)

/** The review form: stars, a title, the text, and the name it is shown under. Photos come beside it. */
export const reviewFormSchema = z.object({
	rating: z.coerce
		.number({ message: 'Choose from 1 to 5 stars.' })
		.int('Choose from 1 to 5 stars.')
		.min(1, 'Choose from 1 to 5 stars.')
		.max(5, 'Choose from 1 to 5 stars.'),
	title: plain('The title', 3, reviewLimits.title, 'Give your review a short title.'),
	body: plain('Your review', reviewLimits.bodyMin, reviewLimits.body, `Tell other travellers about your trip in at least ${reviewLimits.bodyMin} characters.`),
	name: plain('The name', 1, reviewLimits.name, 'Give the name to show with your review (a first name is fine).'),
	city: z
		.string()
		.optional()
		.transform((value) => plainReviewText(value ?? ''))
		.pipe(z.string().max(reviewLimits.city, `The city has at most ${reviewLimits.city} characters.`))
		.transform((value) => value || null),
})
export type ReviewForm = z.output<typeof reviewFormSchema>

const reviewId = z.string({ message: 'Choose a review from the list.' }).min(1, 'Choose a review from the list.').max(64, 'Choose a review from the list.')

/** Staff publish a review. */
export const publishReviewSchema = z.object({ intent: z.literal('publish'), reviewId })

/** Staff hide a review, saying why: the traveller is told the reason. */
export const hideReviewSchema = z.object({
	intent: z.literal('hide'),
	reviewId,
	reason: z
		.string({ message: 'Say why it is hidden: the traveller is told.' })
		.trim()
		.min(5, 'Say why it is hidden: the traveller is told.')
		.max(reviewLimits.hiddenReason, `Keep the reason under ${reviewLimits.hiddenReason} characters.`),
})

/** What a review link may still do, and what its page says when nothing. */
export type InvitationState = { open: true } | { open: false; why: 'used' | 'cancelled' | 'not-completed'; message: string }

export function invitationState(invitation: { usedAt: string | null }, bookingStatus: string): InvitationState {
	if (bookingStatus === 'cancelled')
		return { open: false, why: 'cancelled', message: 'This booking was cancelled, so it cannot be reviewed. If you think that is wrong, call us.' }
	if (invitation.usedAt) return { open: false, why: 'used', message: 'Thank you: your review of this trip has reached us. Each booking has one review.' }
	if (bookingStatus !== 'completed')
		return { open: false, why: 'not-completed', message: 'This trip has not ended yet: the link opens once it has. We will write when it does.' }
	return { open: true }
}

/** The islands of a booking (stored as ",havelock,neil,"), by their everyday names, joined as English: "Havelock and Neil". */
export function islandsText(stored: string | null | undefined): string | null {
	const names = (stored ?? '')
		.split(',')
		.filter(Boolean)
		.map((slug) => islands[slug as IslandSlug]?.name ?? slug)
	const unique = [...new Set(names)]
	if (unique.length === 0) return null
	if (unique.length === 1) return unique[0]!
	return `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`
}

/** "Verified traveller · travelled March 2026 · Havelock and Neil", or what an older review is. */
export function reviewProvenance(review: { verified: boolean; travelledOn: string; islands: string | null }): string {
	const month = formatLongMonth(review.travelledOn.slice(0, 7))
	if (!review.verified) return `Not verified: sent to us before verified reviews began · travelled ${month}`
	return ['Verified traveller', `travelled ${month}`, review.islands].filter(Boolean).join(' · ')
}

/** The first name a review is signed with by default: the booking contact's first word. */
export function defaultReviewerName(contactName: string): string {
	return (
		contactName
			.replace(/\(.*?\)/g, '')
			.trim()
			.split(/\s+/)[0] ?? ''
	)
}
