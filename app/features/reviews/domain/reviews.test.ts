import { describe, expect, test } from 'vitest'
import { defaultReviewerName, hideReviewSchema, invitationState, islandsText, plainReviewText, reviewFormSchema, reviewProvenance } from './reviews.ts'

describe('review text', () => {
	test('markup and control characters go, paragraphs stay', () => {
		expect(plainReviewText('  <p>Great <b>trip</b></p>\r\n\r\n\r\n\r\nWould go again\u0000!  ')).toBe('Great trip\n\nWould go again !')
		expect(plainReviewText('a < b and c > d')).toBe('a b and c d')
		expect(plainReviewText('right\u202Eleft')).toBe('right left')
	})

	test('the form bounds each field and says what to do', () => {
		const ok = reviewFormSchema.safeParse({ rating: '5', title: 'Lovely', body: 'The Neil beaches were quiet and clean.', name: 'Anu', city: '' })
		expect(ok.success && ok.data).toEqual({ rating: 5, title: 'Lovely', body: 'The Neil beaches were quiet and clean.', name: 'Anu', city: null })
		const bad = reviewFormSchema.safeParse({ rating: '0', title: '<i></i>', body: 'short', name: '' })
		expect(bad.success).toBe(false)
		const messages = bad.success ? [] : bad.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
		expect(messages).toEqual(
			expect.arrayContaining([
				'rating: Choose from 1 to 5 stars.',
				'title: Give your review a short title.',
				expect.stringMatching(/^body: Tell other travellers/),
				expect.stringMatching(/^name: Give the name/),
			]),
		)
		expect(hideReviewSchema.safeParse({ intent: 'hide', reviewId: 'r1', reason: 'no' }).success).toBe(false)
	})
})

describe('where a review comes from', () => {
	test('islands by their everyday names, joined as English', () => {
		expect(islandsText(',port-blair,havelock,neil,')).toBe('Port Blair, Havelock and Neil')
		expect(islandsText(',havelock,')).toBe('Havelock')
		expect(islandsText('')).toBeNull()
	})

	test('a verified review says so with its month and islands; an older one says it is not verified', () => {
		expect(reviewProvenance({ verified: true, travelledOn: '2026-03', islands: 'Havelock and Neil' })).toBe(
			'Verified traveller · travelled March 2026 · Havelock and Neil',
		)
		expect(reviewProvenance({ verified: false, travelledOn: '2025-12', islands: null })).toMatch(/^Not verified/)
	})

	test('a link opens only for a completed, uncancelled booking, once', () => {
		expect(invitationState({ usedAt: null }, 'completed')).toEqual({ open: true })
		expect(invitationState({ usedAt: '2026-01-01T00:00:00Z' }, 'completed')).toMatchObject({ open: false, why: 'used' })
		expect(invitationState({ usedAt: null }, 'cancelled')).toMatchObject({ open: false, why: 'cancelled' })
		expect(invitationState({ usedAt: null }, 'confirmed')).toMatchObject({ open: false, why: 'not-completed' })
	})

	test('the name shown defaults to the contact’s first name', () => {
		expect(defaultReviewerName('Vikram Singh (demo)')).toBe('Vikram')
	})
})
