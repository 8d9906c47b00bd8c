import { BadgeCheck, Star } from 'lucide-react'
import { Img } from '~/components/ui/img.tsx'
import { mediaPath } from '~/features/media/domain/media.ts'
import { reviewProvenance } from '~/features/reviews/domain/reviews.ts'
import type { Review } from '~/features/reviews/server/reviews.server.ts'

export function Stars({ rating }: { rating: number }) {
	return (
		<span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex">
			{Array.from({ length: 5 }, (_, i) => (
				<Star key={i} aria-hidden="true" className={`size-4 ${i < rating ? 'fill-yellow-500 text-yellow-600' : 'text-slate-300'}`} />
			))}
		</span>
	)
}

/** Where a review comes from: a verified traveller of a completed booking, or an older review we cannot vouch for. */
export function ReviewProvenance({ review }: { review: Pick<Review, 'verified' | 'travelledOn' | 'islands'> }) {
	return (
		<p
			className={`inline-flex items-center gap-1 text-sm ${review.verified ? 'font-medium text-success-700' : 'text-slate-700'}`}
			data-testid="review-provenance"
		>
			{review.verified ? <BadgeCheck aria-hidden="true" className="size-4 shrink-0" /> : null}
			{reviewProvenance(review)}
		</p>
	)
}

/** One review: stars, title, text, who and where from, and the traveller's photos. `clamp` shortens the text on a card. */
export function ReviewCard({
	review,
	headingLevel = 'h3',
	clamp = false,
	showTrip = true,
}: {
	review: Review
	headingLevel?: 'h2' | 'h3'
	clamp?: boolean
	showTrip?: boolean
}) {
	const Heading = headingLevel
	return (
		<article>
			<Heading className="text-lg font-semibold">{review.title}</Heading>
			<p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
				<Stars rating={review.rating} />
				<span>
					{review.name}
					{review.city ? `, ${review.city}` : ''}
					{showTrip ? ` · ${review.trip}` : ''}
				</span>
			</p>
			<ReviewProvenance review={review} />
			<p className={`mt-3 whitespace-pre-line text-slate-800 ${clamp ? 'line-clamp-5 text-sm' : ''}`}>{review.body}</p>
			{review.photos.length ? (
				<ul className="mt-3 flex gap-2 overflow-x-auto" aria-label={`Photos from ${review.name}`}>
					{review.photos.map((photo) => (
						<li key={photo.id} className="shrink-0">
							<Img
								src={mediaPath(photo.id)}
								alt={photo.alt}
								width={160}
								height={Math.max(1, Math.round((160 * photo.height) / Math.max(1, photo.width)))}
								sizes="160px"
								className="h-28 w-auto rounded-md object-cover"
							/>
						</li>
					))}
				</ul>
			) : null}
		</article>
	)
}
