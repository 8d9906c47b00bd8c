/**
 * Reviews (docs/decisions/206-verified-reviews.md): the published ones for the site, the one review
 * link each completed booking gets, the review it sends, and staff moderation.
 */
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { reviewHiddenEmail, reviewRequestEmail } from '~/features/email/domain/emails.ts'
import { enqueueEmail } from '~/features/email/server/outbox.server.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import { cleanPhoto } from '~/features/media/server/media.server.ts'
import type { MediaStore } from '~/features/media/server/store.server.ts'
import { safeFileName } from '~/lib/uploads.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import type { Database, ReviewRow } from '~/server/db/schema.ts'
import { publicPagesChanged } from '~/server/page-cache-signal.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { defaultReviewerName, invitationState, islandsText, reviewLimits, type ReviewForm, type ReviewStatus } from '~/features/reviews/domain/reviews.ts'

type DB = Kysely<Database>

export type ReviewPhoto = { id: string; width: number; height: number; alt: string }
export type Review = {
	id: string
	name: string
	city: string | null
	trip: string
	rating: number
	title: string
	body: string
	travelledOn: string
	/** Came through the one review link of a completed booking. */
	verified: boolean
	islands: string | null
	photos: ReviewPhoto[]
}

const photoIdsOf = (row: Pick<ReviewRow, 'photos_json'>): string[] => {
	const ids: unknown = JSON.parse(row.photos_json || '[]')
	return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
}

async function photosById(db: Executor, ids: readonly string[]): Promise<Map<string, ReviewPhoto>> {
	if (ids.length === 0) return new Map()
	const rows = await db
		.selectFrom('media')
		.select(['id', 'width', 'height', 'alt'])
		.where('id', 'in', [...new Set(ids)])
		.execute()
	return new Map(rows.map((row) => [row.id, { id: row.id, width: row.width, height: row.height, alt: row.alt }]))
}

async function toReviews(db: Executor, rows: readonly ReviewRow[]): Promise<Review[]> {
	const photos = await photosById(db, rows.flatMap(photoIdsOf))
	return rows.map((row) => ({
		id: row.id,
		name: row.name,
		city: row.city,
		trip: row.trip,
		rating: row.rating,
		title: row.title,
		body: row.body,
		travelledOn: row.travelled_on,
		verified: row.booking_id !== null,
		islands: row.islands,
		photos: photoIdsOf(row).flatMap((id) => photos.get(id) ?? []),
	}))
}

/** Published reviews, verified first, newest trip first. */
export async function listReviews(db: Executor, options: { limit?: number; packageId?: string } = {}): Promise<Review[]> {
	let query = db.selectFrom('reviews').selectAll().where('published', '=', 1)
	if (options.packageId) query = query.where('package_id', '=', options.packageId)
	const rows = await query
		.orderBy((eb) => eb.case().when('booking_id', 'is', null).then(1).else(0).end())
		.orderBy('travelled_on', 'desc')
		.orderBy('id')
		.limit(options.limit ?? 100)
		.execute()
	return toReviews(db, rows)
}

/** Average rating and count of published verified reviews (all of them, or one package's): the page's figure and its aggregate rating. */
export async function reviewSummary(db: Executor, options: { packageId?: string } = {}) {
	let query = db
		.selectFrom('reviews')
		.select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.avg<number>('rating').as('average')])
		.where('published', '=', 1)
		.where('booking_id', 'is not', null)
	if (options.packageId) query = query.where('package_id', '=', options.packageId)
	const row = await query.executeTakeFirstOrThrow()
	return { count: Number(row.count), average: row.average === null ? null : Math.round(Number(row.average) * 10) / 10 }
}

export const reviewLinkPath = (token: string) => `/review/${token}`
export function isReviewToken(value: string): boolean {
	return /^[A-Za-z0-9]{32}$/.test(value)
}

/**
 * Gives a completed booking its review link and queues the welcome-home email that carries it, in the
 * transaction that completes the booking. Once per booking: a second call changes nothing.
 */
export async function inviteReview(trx: Executor, bookingId: string, siteUrl: string, now = new Date()): Promise<void> {
	const booking = await trx
		.selectFrom('bookings')
		.select(['id', 'reference', 'contact_name', 'contact_email'])
		.where('id', '=', bookingId)
		.executeTakeFirstOrThrow()
	const token = newId(32)
	const inserted = await trx
		.insertInto('review_invitations')
		.values({ booking_id: bookingId, token, created_at: now.toISOString(), used_at: null })
		.onConflict((oc) => oc.column('booking_id').doNothing())
		.executeTakeFirst()
	if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1 || !booking.contact_email) return
	const settings = await getSettings(trx)
	const email = reviewRequestEmail({
		reference: booking.reference,
		name: booking.contact_name,
		url: new URL(reviewLinkPath(token), siteUrl).toString(),
		company: settings.company,
	})
	await enqueueEmail(trx, { ...email, kind: 'review-request', to: booking.contact_email, bookingId, dedupeKey: `review-request:${bookingId}` })
}

/** A booking's review link for staff (to send by WhatsApp), or null before the trip is completed. */
export async function reviewLinkOf(db: Executor, bookingId: string, siteUrl: string) {
	const row = await db.selectFrom('review_invitations').select(['token', 'used_at']).where('booking_id', '=', bookingId).executeTakeFirst()
	return row ? { url: new URL(reviewLinkPath(row.token), siteUrl).toString(), usedAt: row.used_at } : null
}

/** What the review link's page shows: the trip, and whether the link may still send a review. Null when no link has this token. */
export async function reviewInvitationPage(db: Executor, token: string) {
	const row = await db
		.selectFrom('review_invitations as i')
		.innerJoin('bookings as b', 'b.id', 'i.booking_id')
		.select(['i.used_at', 'i.booking_id', 'b.reference', 'b.title', 'b.status', 'b.start_date', 'b.nights', 'b.islands', 'b.contact_name'])
		.where('i.token', '=', token)
		.executeTakeFirst()
	if (!row) return null
	const review = row.used_at ? await db.selectFrom('reviews').select(['status']).where('booking_id', '=', row.booking_id).executeTakeFirst() : undefined
	return {
		reference: row.reference,
		title: row.title,
		startDate: row.start_date,
		nights: row.nights,
		islands: islandsText(row.islands),
		defaultName: defaultReviewerName(row.contact_name),
		state: invitationState({ usedAt: row.used_at }, row.status),
		reviewStatus: (review?.status ?? null) as ReviewStatus | null,
	}
}

const noLink = () => new AppError('not-found', 'No review link has this address. Check the link in our email, or call us.')

type CleanedPhoto = { sha256: string; webp: Buffer; width: number; height: number; name: string }

/** Checks and cleans the photos before anything is stored: the first bad one refuses the review with its reason. */
async function cleanReviewPhotos(files: readonly File[]): Promise<CleanedPhoto[]> {
	if (files.length > reviewLimits.photos)
		throw new AppError('invalid-argument', `Add at most ${reviewLimits.photos} photos.`, { fields: { photos: `Add at most ${reviewLimits.photos} photos.` } })
	const cleaned: CleanedPhoto[] = []
	for (const [index, file] of files.entries()) {
		const bytes = new Uint8Array(await file.arrayBuffer())
		try {
			cleaned.push({ sha256: createHash('sha256').update(bytes).digest('hex'), ...(await cleanPhoto(bytes)), name: file.name })
		} catch (error) {
			if (error instanceof AppError)
				throw new AppError('invalid-argument', `Photo ${index + 1}: ${error.message}`, { fields: { photos: `Photo ${index + 1}: ${error.message}` } })
			throw error
		}
	}
	return cleaned
}

/**
 * The one review a booking's link may send: the link is claimed and the review written in one
 * transaction (of many sent at once, one is kept). Photos are cleaned first and stored before their
 * records, and removed again when the review is refused. The review waits for staff.
 */
export async function submitReview(
	db: DB,
	store: MediaStore,
	token: string,
	form: ReviewForm,
	files: readonly File[],
	now = new Date(),
): Promise<{ reviewId: string }> {
	if (!isReviewToken(token)) throw noLink()
	const photos = await cleanReviewPhotos(files)
	const stored: Array<CleanedPhoto & { id: string; key: string }> = []
	try {
		for (const photo of photos) {
			const id = newId()
			const key = `media/${id}.webp`
			await store.put(key, photo.webp, 'image/webp')
			stored.push({ ...photo, id, key })
		}
		return await db.transaction().execute(async (trx) => {
			const found = await trx.selectFrom('review_invitations').select(['booking_id']).where('token', '=', token).executeTakeFirst()
			if (!found) throw noLink()
			const claimed = await trx
				.updateTable('review_invitations')
				.set({ used_at: now.toISOString() })
				.where('token', '=', token)
				.where('used_at', 'is', null)
				.executeTakeFirst()
			const booking = await trx.selectFrom('bookings').selectAll().where('id', '=', found.booking_id).executeTakeFirstOrThrow()
			const state = invitationState({ usedAt: Number(claimed.numUpdatedRows) === 1 ? null : 'used' }, booking.status)
			if (!state.open) throw new AppError(state.why === 'used' ? 'already-exists' : 'failed-precondition', state.message)
			const actor: Actor = { id: null, label: `${form.name} (traveller, by their review link)` }
			const photoIds: string[] = []
			for (const photo of stored) {
				// The same photo already in the library (sent before, or by staff) is that entry.
				const existing = await trx.selectFrom('media').select('id').where('sha256', '=', photo.sha256).executeTakeFirst()
				if (existing) {
					photoIds.push(existing.id)
					continue
				}
				await trx
					.insertInto('media')
					.values({
						id: photo.id,
						storage_key: photo.key,
						sha256: photo.sha256,
						width: photo.width,
						height: photo.height,
						bytes: photo.webp.byteLength,
						original_name: safeFileName(photo.name, 'webp'),
						alt: `Photo from ${form.name}’s review of their trip`,
						focal_x: 50,
						focal_y: 50,
						created_by: null,
						created_at: now.toISOString(),
						updated_at: now.toISOString(),
					})
					.execute()
				photoIds.push(photo.id)
			}
			const reviewId = newId()
			const nights = `${booking.nights} night${booking.nights === 1 ? '' : 's'}`
			await trx
				.insertInto('reviews')
				.values({
					id: reviewId,
					name: form.name,
					city: form.city,
					trip: (/\bnights?\b/i.test(booking.title) ? booking.title : `${nights}, ${booking.title}`).slice(0, 200),
					package_id: booking.package_id,
					rating: form.rating,
					title: form.title,
					body: form.body,
					travelled_on: booking.start_date.slice(0, 7),
					published: 0,
					created_at: now.toISOString(),
					booking_id: booking.id,
					islands: islandsText(booking.islands),
					status: 'waiting',
					hidden_reason: null,
					photos_json: JSON.stringify([...new Set(photoIds)]),
					moderated_by_label: null,
					moderated_at: null,
				})
				.execute()
			await recordAudit(trx, {
				actor,
				action: 'review-sent',
				entity: 'review',
				entityId: reviewId,
				after: { bookingId: booking.id, rating: form.rating, photos: photoIds.length },
			})
			await addBookingEvent(trx, booking.id, actor, 'booking', `review sent: ${form.rating} of 5 stars, waiting to be published`, { reviewId })
			// Photos that turned out to be in the library already are not kept twice.
			for (const photo of stored) if (!photoIds.includes(photo.id)) await store.remove(photo.key).catch(() => {})
			return { reviewId }
		})
	} catch (error) {
		for (const photo of stored) await store.remove(photo.key).catch(() => {})
		throw error
	}
}

export type ModerationEntry = Review & {
	bookingId: string | null
	status: ReviewStatus
	hiddenReason: string | null
	reference: string | null
	moderatedBy: string | null
	moderatedAt: string | null
	createdAt: string
}

/** Reviews for staff: those waiting first, then the rest newest first. */
export async function listReviewsForModeration(db: Executor, status: ReviewStatus | 'all' = 'all'): Promise<ModerationEntry[]> {
	let query = db.selectFrom('reviews').leftJoin('bookings', 'bookings.id', 'reviews.booking_id').selectAll('reviews').select('bookings.reference')
	if (status !== 'all') query = query.where('reviews.status', '=', status)
	const rows = await query
		.orderBy((eb) => eb.case().when('reviews.status', '=', 'waiting').then(0).else(1).end())
		.orderBy('reviews.created_at', 'desc')
		.orderBy('reviews.id')
		.limit(200)
		.execute()
	const reviews = await toReviews(db, rows)
	return reviews.map((review, index) => {
		const row = rows[index]!
		return {
			...review,
			bookingId: row.booking_id,
			status: row.status as ReviewStatus,
			hiddenReason: row.hidden_reason,
			reference: row.reference,
			moderatedBy: row.moderated_by_label,
			moderatedAt: row.moderated_at,
			createdAt: row.created_at,
		}
	})
}

/**
 * Publishes a review, or hides it with a reason the traveller is emailed. Either from any state, so a
 * decision can be undone; the public pages change in the same transaction.
 */
export async function moderateReview(
	db: DB,
	actor: Actor,
	input: { reviewId: string; decision: 'publish' } | { reviewId: string; decision: 'hide'; reason: string },
	now = new Date(),
) {
	await db.transaction().execute(async (trx) => {
		const row = await trx.selectFrom('reviews').selectAll().where('id', '=', input.reviewId).executeTakeFirst()
		if (!row) throw new AppError('not-found', 'That review is no longer here. Reload the list.')
		const status: ReviewStatus = input.decision === 'publish' ? 'published' : 'hidden'
		const reason = input.decision === 'hide' ? input.reason : null
		if (row.status === status && row.hidden_reason === reason) return
		await trx
			.updateTable('reviews')
			.set({ status, published: status === 'published' ? 1 : 0, hidden_reason: reason, moderated_by_label: actor.label, moderated_at: now.toISOString() })
			.where('id', '=', row.id)
			.execute()
		await recordAudit(trx, {
			actor,
			action: input.decision === 'publish' ? 'review-published' : 'review-hidden',
			entity: 'review',
			entityId: row.id,
			before: { status: row.status },
			after: { status, reason },
		})
		if (row.booking_id)
			await addBookingEvent(trx, row.booking_id, actor, 'booking', input.decision === 'publish' ? 'review published' : `review hidden: ${reason}`, {
				reviewId: row.id,
			})
		if (input.decision === 'hide' && row.booking_id) {
			const booking = await trx
				.selectFrom('bookings')
				.select(['reference', 'contact_name', 'contact_email'])
				.where('id', '=', row.booking_id)
				.executeTakeFirst()
			if (booking?.contact_email) {
				const settings = await getSettings(trx)
				const email = reviewHiddenEmail({ reference: booking.reference, name: booking.contact_name, reason: reason!, company: settings.company })
				await enqueueEmail(trx, {
					...email,
					kind: 'review-hidden',
					to: booking.contact_email,
					bookingId: row.booking_id,
					dedupeKey: `review-hidden:${row.id}:${now.getTime()}`,
				})
			}
		}
		if (row.status === 'published' || status === 'published') await publicPagesChanged(trx)
	})
}
