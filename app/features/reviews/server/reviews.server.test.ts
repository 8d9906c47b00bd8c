import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, expect, test } from 'vitest'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { workQueues } from '~/features/reports/server/work-queues.server.ts'
import { completeBooking, confirmBooking, createBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { photoFile, photoWithGps } from '#tests/support/test-photos.ts'
import { filesystemMediaStore } from '~/features/media/server/store.server.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { reviewFormSchema, type ReviewForm } from '~/features/reviews/domain/reviews.ts'
import { listReviews, listReviewsForModeration, moderateReview, reviewInvitationPage, reviewLinkOf, reviewSummary, submitReview } from './reviews.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }
const siteUrl = 'https://andamanisles.example'

const form = (overrides: Partial<Record<keyof ReviewForm, string>> = {}): ReviewForm =>
	reviewFormSchema.parse({
		rating: '4',
		title: 'Havelock was lovely',
		body: 'The ferry was on time and the hotel on Havelock was right on the beach.',
		name: 'Meera',
		city: 'Pune',
		...overrides,
	})

describeEachDatabase('verified reviews', (get) => {
	let root: string
	let store: ReturnType<typeof filesystemMediaStore>
	beforeAll(() => {
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'review-photos-'))
		store = filesystemMediaStore(root)
	})

	/** A booking confirmed and, once its trip has ended, completed: which gives it its review link. */
	async function completedBooking(key: string, options: { complete?: boolean } = {}) {
		const { db } = get()
		const start = addDays(todayInIndia(), 20)
		const booking = await twoAdultBooking(db, `reviews-${key}`, { startDate: start })
		const { id } = await createBooking(db, { ...booking, contactEmail: `${key}@traveller.example` }, { submissionKey: `reviews-${key}` })
		await recordPayment(db, id, { amount: 5_000_000, method: 'upi', reference: `UPI-${key}`, paidOn: todayInIndia(), verified: true }, staff)
		await confirmBooking(db, id, 30, staff, null)
		if (options.complete !== false) await completeBooking(db, id, addDays(start, 30), staff)
		const invitation = await db.selectFrom('review_invitations').select('token').where('booking_id', '=', id).executeTakeFirst()
		return { id, token: invitation?.token ?? null, packageId: booking.packageId ?? null }
	}

	test('completing a trip gives the booking one review link, emailed once; a trip not yet completed has none', async () => {
		const { db } = get()
		const { id, token } = await completedBooking('invite')
		expect(token).toMatch(/^[A-Za-z0-9]{32}$/)
		const emails = await db
			.selectFrom('email_outbox')
			.select(['kind', 'body_text', 'to_address'])
			.where('booking_id', '=', id)
			.where('kind', '=', 'review-request')
			.execute()
		expect(emails).toHaveLength(1)
		expect(emails[0]!.to_address).toBe('invite@traveller.example')
		expect(emails[0]!.body_text).toContain(`/review/${token}`)
		expect((await reviewLinkOf(db, id, siteUrl))?.url).toBe(`${siteUrl}/review/${token}`)

		const open = await completedBooking('not-yet', { complete: false })
		expect(open.token).toBeNull()
	})

	test('the link sends one review, waiting for staff, with its photos cleaned; then it says so and refuses another', async () => {
		const { db } = get()
		const { id, token } = await completedBooking('once')
		const page = await reviewInvitationPage(db, token!)
		expect(page?.state).toEqual({ open: true })
		const photos = [new File([await photoWithGps(800, 600)], 'beach.jpg'), new File([await photoFile(640, 480, '#ff006e')], 'reef.jpg')]
		const { reviewId } = await submitReview(db, store, token!, form(), photos)
		const row = await db.selectFrom('reviews').selectAll().where('id', '=', reviewId).executeTakeFirstOrThrow()
		expect(row).toMatchObject({ booking_id: id, status: 'waiting', published: 0, rating: 4, name: 'Meera' })
		const photoIds = JSON.parse(row.photos_json) as string[]
		expect(photoIds).toHaveLength(2)
		for (const photoId of photoIds) expect(fs.existsSync(path.join(root, 'media', `${photoId}.webp`))).toBe(true)

		expect((await reviewInvitationPage(db, token!))?.state).toMatchObject({ open: false, why: 'used' })
		await expect(submitReview(db, store, token!, form({ title: 'Second go' }), [])).rejects.toMatchObject({ code: 'already-exists' })
		expect(await db.selectFrom('reviews').select('id').where('booking_id', '=', id).execute()).toHaveLength(1)
		// Waiting reviews are not on the site.
		expect((await listReviews(db, { limit: 100 })).map((review) => review.id)).not.toContain(reviewId)
	})

	test('twenty reviews sent at once through one link: one is kept, and the others’ photos are not left behind', async () => {
		const { db } = get()
		const { id, token } = await completedBooking('race')
		const files = await Promise.all(Array.from({ length: 20 }, (_, i) => photoFile(640 + i, 480, '#8338ec')))
		const results = await Promise.allSettled(
			files.map((bytes, i) => submitReview(db, store, token!, form({ title: `Attempt ${i}` }), [new File([bytes], `p${i}.jpg`)])),
		)
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
		for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'already-exists' })
		const reviews = await db.selectFrom('reviews').select('photos_json').where('booking_id', '=', id).execute()
		expect(reviews).toHaveLength(1)
		const kept = JSON.parse(reviews[0]!.photos_json) as string[]
		const stored = fs.readdirSync(path.join(root, 'media')).map((name) => name.replace('.webp', ''))
		const fromRace = (await db.selectFrom('media').select('id').where('original_name', 'like', 'p%').execute()).map((row) => row.id)
		expect(fromRace.filter((mediaId) => kept.includes(mediaId))).toHaveLength(1)
		// Every stored file has its record: the refused reviews' photos were removed.
		const records = new Set((await db.selectFrom('media').select('id').execute()).map((row) => row.id))
		expect(stored.filter((name) => !records.has(name))).toEqual([])
	})

	test('bad input: too many photos, a file that is not a photo, markup and oversized text; a cancelled booking’s link; an unknown token', async () => {
		const { db } = get()
		const { id, token } = await completedBooking('bad')
		const jpeg = await photoFile(320, 240)
		await expect(
			submitReview(
				db,
				store,
				token!,
				form(),
				Array.from({ length: 5 }, (_, i) => new File([jpeg], `x${i}.jpg`)),
			),
		).rejects.toMatchObject({ code: 'invalid-argument', fields: { photos: 'Add at most 4 photos.' } })
		await expect(submitReview(db, store, token!, form(), [new File([new TextEncoder().encode('<script>alert(1)</script>')], 'x.jpg')])).rejects.toMatchObject({
			code: 'invalid-argument',
			fields: { photos: expect.stringMatching(/^Photo 1: /) },
		})
		// Nothing was used up by the refusals.
		expect((await reviewInvitationPage(db, token!))?.state).toEqual({ open: true })

		const parsed = reviewFormSchema.safeParse({ rating: '5', title: '<b>Great</b> trip', body: `<img src=x onerror=alert(1)>${'a'.repeat(30)}`, name: 'Ravi' })
		expect(parsed.success && parsed.data.title).toBe('Great trip')
		expect(parsed.success && parsed.data.body).toBe('a'.repeat(30))
		expect(reviewFormSchema.safeParse({ rating: '5', title: 'Fine', body: 'a'.repeat(4001), name: 'Ravi' }).success).toBe(false)
		expect(reviewFormSchema.safeParse({ rating: '6', title: 'Fine', body: 'a'.repeat(40), name: 'Ravi' }).success).toBe(false)

		await db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', id).execute()
		expect((await reviewInvitationPage(db, token!))?.state).toMatchObject({ open: false, why: 'cancelled' })
		await expect(submitReview(db, store, token!, form(), [])).rejects.toMatchObject({ code: 'failed-precondition' })
		expect((await reviewInvitationPage(db, token!))?.state).toMatchObject({ open: false, why: 'cancelled' })
		expect(await reviewInvitationPage(db, 'A'.repeat(32))).toBeNull()
		await expect(submitReview(db, store, 'A'.repeat(32), form(), [])).rejects.toMatchObject({ code: 'not-found' })
	})

	test('staff publish it and the package’s verified rating counts it; hiding takes it off and emails the reason', async () => {
		const { db } = get()
		const { id, token, packageId } = await completedBooking('publish')
		const before = await reviewSummary(db, packageId ? { packageId } : {})
		const waiting = async () => (await workQueues(db)).find((queue) => queue.id === 'reviews')!
		const queuedBefore = (await waiting()).count
		const { reviewId } = await submitReview(db, store, token!, form({ rating: '2', title: 'Ferry trouble' }), [])
		expect((await listReviewsForModeration(db, 'waiting')).map((review) => review.id)).toContain(reviewId)
		// The desk's queue shows it until someone decides.
		expect((await waiting()).count).toBe(queuedBefore + 1)
		expect((await waiting()).items.map((item) => item.label)).toContain(
			`${(await db.selectFrom('bookings').select('reference').where('id', '=', id).executeTakeFirstOrThrow()).reference} · Meera`,
		)

		await moderateReview(db, staff, { reviewId, decision: 'publish' })
		expect((await waiting()).count).toBe(queuedBefore)
		const published = (await listReviews(db, packageId ? { packageId } : {})).find((review) => review.id === reviewId)
		expect(published).toMatchObject({ verified: true, rating: 2, title: 'Ferry trouble', travelledOn: expect.stringMatching(/^\d{4}-\d{2}$/) })
		const after = await reviewSummary(db, packageId ? { packageId } : {})
		expect(after.count).toBe(before.count + 1)

		await moderateReview(db, staff, { reviewId, decision: 'hide', reason: 'It names a member of hotel staff in full.' })
		expect((await listReviews(db, { limit: 100 })).map((review) => review.id)).not.toContain(reviewId)
		expect((await reviewSummary(db, packageId ? { packageId } : {})).count).toBe(before.count)
		const told = await db.selectFrom('email_outbox').select('body_text').where('booking_id', '=', id).where('kind', '=', 'review-hidden').execute()
		expect(told).toHaveLength(1)
		expect(told[0]!.body_text).toContain('It names a member of hotel staff in full.')
		expect(await db.selectFrom('audit_log').select('action').where('entity_id', '=', reviewId).orderBy('id').execute()).toEqual([
			{ action: 'review-sent' },
			{ action: 'review-published' },
			{ action: 'review-hidden' },
		])
	})

	test('older reviews staff typed in are listed as not verified and left out of the rating', async () => {
		const { db } = get()
		await db
			.insertInto('reviews')
			.values({
				id: 'older-review',
				name: 'Old',
				city: null,
				trip: '5 nights',
				package_id: null,
				rating: 1,
				title: 'Typed in by staff',
				body: 'x'.repeat(30),
				travelled_on: '2024-01',
				published: 1,
				created_at: new Date().toISOString(),
				booking_id: null,
				islands: null,
				hidden_reason: null,
				moderated_by_label: null,
				moderated_at: null,
			})
			.execute()
		const listed = (await listReviews(db, { limit: 500 })).find((review) => review.id === 'older-review')
		expect(listed?.verified).toBe(false)
		const verifiedOnly = await db
			.selectFrom('reviews')
			.select((eb) => eb.fn.countAll<number>().as('count'))
			.where('published', '=', 1)
			.where('booking_id', 'is not', null)
			.executeTakeFirstOrThrow()
		expect((await reviewSummary(db)).count).toBe(Number(verifiedOnly.count))
	})
})
