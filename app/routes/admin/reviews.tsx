import { Form, Link } from 'react-router'
import { ListFilter } from '~/components/admin/list-filters.tsx'
import { FormError } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { TextareaField } from '~/components/ui/field.tsx'
import { listParams } from '~/features/ferries/domain/list-params.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { ReviewCard } from '~/features/reviews/components/review-card.tsx'
import { hideReviewSchema, publishReviewSchema, reviewLimits, reviewStatuses, reviewStatusLabels } from '~/features/reviews/domain/reviews.ts'
import { listReviewsForModeration, moderateReview } from '~/features/reviews/server/reviews.server.ts'
import { formatTimestamp } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { db } from '~/server/db/index.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/reviews'

/** Reviews travellers sent through their booking's link (docs/decisions/206-verified-reviews.md): publish, or hide saying why. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const params = listParams(new URL(request.url).searchParams)
	const status = params.pick('status', reviewStatuses)
	return { reviews: await listReviewsForModeration(db(), status || 'all'), status }
}

type Context = { actor: ReturnType<typeof actorOf>; here: string }

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const here = `/admin/reviews${new URL(request.url).search}`
	const intents = {
		publish: intent(publishReviewSchema, async (input, { actor }: Context) => {
			await moderateReview(db(), actor, { reviewId: input.reviewId, decision: 'publish' })
			return redirectWithToast(here, { title: 'Review published', description: 'It shows on the reviews page and its package now.' })
		}),
		hide: intent(hideReviewSchema, async (input, { actor }: Context) => {
			await moderateReview(db(), actor, { reviewId: input.reviewId, decision: 'hide', reason: input.reason })
			return redirectWithToast(here, { type: 'info', title: 'Review hidden', description: 'The traveller is emailed the reason.' })
		}),
	}
	return runIntent(await request.formData(), intents, {
		unknown: { formError: 'Choose Publish or Hide for a review.' },
		context: () => ({ actor: actorOf(user), here }),
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Reviews | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
	const { reviews, status } = loaderData
	const result = resultFor(actionData)
	const errors = errorsOf(result)
	const values = valuesOf(result)
	const pending = useIsPending()
	const waiting = reviews.filter((review) => review.status === 'waiting').length
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Reviews</h1>
				<p className="mt-1 text-slate-700">
					Each completed booking gets one review link in its welcome-home email. Publish what travellers write, good or bad; hide a review only if it names
					someone private, is abusive or is not about the trip. The traveller is emailed the reason.
				</p>
			</div>
			<ListFilter
				label="Filter reviews"
				name="status"
				value={status}
				options={[{ value: '', label: 'All reviews' }, ...reviewStatuses.map((value) => ({ value, label: reviewStatusLabels[value] }))]}
			/>
			<FormError error={errors.form} />
			<p className="text-sm text-slate-700" aria-live="polite">
				{reviews.length === 0
					? 'No reviews here.'
					: `${reviews.length} ${reviews.length === 1 ? 'review' : 'reviews'}${waiting ? `, ${waiting} waiting for a decision` : ''}.`}
			</p>
			<ul className="space-y-4" aria-label="Reviews">
				{reviews.map((review) => {
					const mine = values.reviewId === review.id
					return (
						<li key={review.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={`Review “${review.title}” by ${review.name}`}>
							<p className="mb-2 text-sm font-medium">
								<span className={review.status === 'waiting' ? 'text-warning-800' : review.status === 'published' ? 'text-success-700' : 'text-slate-700'}>
									{reviewStatusLabels[review.status]}
								</span>
								{review.reference && review.bookingId ? (
									<>
										{' · booking '}
										<Link to={`/admin/pending/${review.bookingId}`}>{review.reference}</Link>
									</>
								) : null}
								{' · sent '}
								{formatTimestamp(review.createdAt)}
								{review.moderatedAt
									? ` · ${review.status === 'published' ? 'published' : 'decided'} by ${review.moderatedBy} on ${formatTimestamp(review.moderatedAt)}`
									: ''}
							</p>
							<ReviewCard review={review} />
							{review.hiddenReason ? <p className="mt-2 text-sm text-slate-700">Hidden because: {review.hiddenReason}</p> : null}
							<div className="mt-4 flex flex-wrap items-start gap-4">
								{review.status !== 'published' ? (
									<Form method="post">
										<input type="hidden" name="reviewId" value={review.id} />
										<Button type="submit" name="intent" value="publish" disabled={pending}>
											Publish
										</Button>
									</Form>
								) : null}
								<Form method="post" className="min-w-64 flex-1 space-y-2">
									<input type="hidden" name="reviewId" value={review.id} />
									<TextareaField
										label={review.status === 'hidden' ? 'Change the reason' : 'Reason to hide it (the traveller is told)'}
										name="reason"
										rows={2}
										maxLength={reviewLimits.hiddenReason}
										defaultValue={mine ? String(values.reason ?? '') : (review.hiddenReason ?? '')}
										error={mine ? errors.reason : undefined}
									/>
									<Button type="submit" name="intent" value="hide" variant="outline" disabled={pending}>
										{review.status === 'hidden' ? 'Keep hidden with this reason' : 'Hide'}
									</Button>
								</Form>
							</div>
						</li>
					)
				})}
			</ul>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
