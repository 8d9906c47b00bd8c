import { Form } from 'react-router'
import { FormError } from '~/components/admin/panel.tsx'
import { BareHeader } from '~/components/bare-header.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, TextareaField } from '~/components/ui/field.tsx'
import { mediaStore } from '~/features/media/server/store.server.ts'
import { reviewFormSchema, reviewLimits, reviewStatusLabels } from '~/features/reviews/domain/reviews.ts'
import { isReviewToken, reviewInvitationPage, reviewLinkPath, submitReview } from '~/features/reviews/server/reviews.server.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { notFound, notFoundOn } from '~/lib/errors.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { db } from '~/server/db/index.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import { consumeRateLimit, peekRateLimit } from '~/server/rate-limit.server.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/review'

/**
 * A completed booking's one review link (docs/decisions/206-verified-reviews.md): no sign-in; stars,
 * a title, the text and up to four photos, without JavaScript too. The link is the secret: never
 * cached, indexed or tracked (app/lib/secret-addresses.ts).
 */
export const headers: Route.HeadersFunction = () => ({
	'Cache-Control': 'private, no-store',
	'X-Robots-Tag': 'noindex, nofollow',
	'Referrer-Policy': 'no-referrer',
})

const noLink = 'No review link has this address. Check the link in our email, or call us.'
/** Addresses that name no link, per client address: a few typos are fine, a search for links is stopped. */
export const reviewLinkMisses = { limit: 20, windowSeconds: 60 * 60 }

export async function loader({ params, context }: Route.LoaderArgs) {
	const missKey = `review-link-miss:ip:${clientAddressOf(context)}`
	const limited = await peekRateLimit(db(), missKey, reviewLinkMisses)
	if (!limited.ok)
		throw new Response('Too many tries from your connection. Please wait an hour, or call us.', {
			status: 429,
			headers: { 'Retry-After': String(limited.retryAfterSeconds) },
		})
	const page = isReviewToken(params.token) ? await reviewInvitationPage(db(), params.token) : null
	if (!page) {
		await consumeRateLimit(db(), missKey, reviewLinkMisses)
		notFound(noLink)
	}
	return { page }
}

export async function action({ request, params, context }: Route.ActionArgs) {
	if (!isReviewToken(params.token)) notFound(noLink)
	const form = await request.formData()
	const submission = parseForm(form, reviewFormSchema)
	const limited = await checkPublicFormRate(context, 'review')
	if (limited) return refuse(submission, { status: 429, formError: limited, hideFields: ['photos'] })
	if (submission.status !== 'success') return refuse(submission, { hideFields: ['photos'] })
	// An empty file input still sends one nameless, empty part.
	const photos = form.getAll('photos').filter((part): part is File => typeof part !== 'string' && part.size > 0)
	try {
		await submitReview(db(), mediaStore(), params.token, submission.value, photos)
		return await redirectWithToast(reviewLinkPath(params.token), {
			title: 'Thank you for your review',
			description: 'We read it and publish it within two working days.',
		})
	} catch (error) {
		notFoundOn(error, noLink)
		return refuseOnAppError(submission, error, { hideFields: ['photos'] })
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Review your trip ${loaderData.page.reference}` : 'Review your trip' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function ReviewYourTrip({ loaderData, actionData }: Route.ComponentProps) {
	const { page } = loaderData
	const result = resultFor(actionData)
	const errors = errorsOf(result)
	const values = valuesOf(result)
	const sending = useIsPending({ state: 'submitting' })
	const rating = String(values.rating ?? '')
	return (
		<>
			<BareHeader whatsappMessage={`About my review of ${page.reference}: `} />
			<main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-6 text-slate-900 sm:px-6">
				<div>
					<p className="text-sm text-slate-700">Booking {page.reference}</p>
					<h1 className="text-2xl font-semibold">How was your trip?</h1>
					<p className="mt-1">
						{page.title}: {page.nights} night{page.nights === 1 ? '' : 's'} from {formatTravelDate(page.startDate)}
						{page.islands ? `, ${page.islands}` : ''}.
					</p>
				</div>
				{!page.state.open ? (
					<p role="status" className="rounded-md bg-slate-100 p-3 font-medium" data-testid="review-state">
						{page.state.message}
						{page.reviewStatus ? ` Its state: ${reviewStatusLabels[page.reviewStatus].toLowerCase()}.` : ''}
					</p>
				) : (
					<Form method="post" encType="multipart/form-data" className="space-y-5" aria-describedby="review-promise">
						<p id="review-promise" className="text-slate-700">
							Your review shows on our site as “Verified traveller”, with the month you travelled and the islands you visited. We publish good and bad reviews
							alike; we hold one back only if it names someone private, is abusive or is not about the trip, and then we tell you why.
						</p>
						<FormError error={errors.form} />
						<fieldset aria-describedby={errors.rating ? 'rating-error' : undefined}>
							<legend className="font-medium">Your rating</legend>
							<div className="mt-2 flex flex-wrap gap-2">
								{[5, 4, 3, 2, 1].map((stars) => (
									<label
										key={stars}
										className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 has-[:checked]:border-primary-700 has-[:checked]:bg-primary-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-700"
									>
										<input type="radio" name="rating" value={stars} defaultChecked={rating === String(stars)} required className="size-4" />
										{stars} star{stars === 1 ? '' : 's'}
									</label>
								))}
							</div>
							{errors.rating ? (
								<p id="rating-error" className="mt-1 text-sm text-error-700">
									{errors.rating}
								</p>
							) : null}
						</fieldset>
						<Field
							label="Title"
							name="title"
							required
							maxLength={reviewLimits.title}
							defaultValue={String(values.title ?? '')}
							error={errors.title}
							hint="One line, for example “Three nights on Havelock was just right”."
						/>
						<TextareaField
							label="Your review"
							name="body"
							required
							rows={8}
							maxLength={reviewLimits.body}
							defaultValue={String(values.body ?? '')}
							error={errors.body}
							hint="What went well, what did not, and what you would tell a friend going next. Plain text."
						/>
						<div className="grid gap-4 sm:grid-cols-2">
							<Field
								label="Name shown with it"
								name="name"
								required
								maxLength={reviewLimits.name}
								defaultValue={String(values.name ?? page.defaultName)}
								error={errors.name}
								autoComplete="given-name"
							/>
							<Field
								label="Your city (optional)"
								name="city"
								maxLength={reviewLimits.city}
								defaultValue={String(values.city ?? '')}
								error={errors.city}
								autoComplete="address-level2"
							/>
						</div>
						<Field
							label={`Photos (optional, up to ${reviewLimits.photos})`}
							name="photos"
							type="file"
							multiple
							accept="image/jpeg,image/png,image/webp"
							error={errors.photos}
							hint="JPEG, PNG or WebP, 12 MB together at most. We remove the location and camera details before they are stored."
						/>
						<Button type="submit" disabled={sending}>
							{sending ? 'Sending…' : 'Send my review'}
						</Button>
					</Form>
				)}
			</main>
		</>
	)
}

export const ErrorBoundary = RouteErrorBoundary
