import { useMemo } from 'react'
import { Link } from 'react-router'
import { BareHeader } from '~/components/bare-header.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { errorsOf, resultFor, valuesOf } from '~/lib/forms.ts'
import { describeParty } from '~/lib/words.ts'
import type { Route } from './+types/book-now'
import { StartBooking } from './book-now-start.tsx'
import { TravellersForm } from './book-now-travellers.tsx'
import { PriceSection, TripForm, type TripLoaderData } from './book-now-trip.tsx'
import { bookNow, bookNowPage } from './book-now.server.ts'

export async function loader({ request }: Route.LoaderArgs) {
	return bookNowPage(request)
}

export async function action({ request, context }: Route.ActionArgs) {
	return bookNow(await request.formData(), context)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: !loaderData || loaderData.start ? 'Book now | Andaman Isles Travel' : loaderData.draft ? `Book ${loaderData.draft.title} | Andaman Isles Travel` : loaderData?.pkg ? `Book ${loaderData.pkg.title} | Andaman Isles Travel` : 'Book now | Andaman Isles Travel' },
	{ name: 'description', content: 'Book your Andaman package: choose dates and hotels, add travellers, and pay a 30% advance to confirm.' },
	{ name: 'robots', content: 'noindex' },
]

export default function BookNow({ loaderData, actionData }: Route.ComponentProps) {
	if (loaderData.start)
		return (
			<>
				<BareHeader whatsappMessage="Hello! I would like to book an Andaman trip." />
				<StartBooking packages={loaderData.start.packages} />
			</>
		)
	return <BookTrip loaderData={loaderData} actionData={actionData} />
}

function BookTrip({ loaderData, actionData }: { loaderData: TripLoaderData; actionData: unknown }) {
	const { pkg, draft, plan, advancePercent } = loaderData
	const price = draft?.price ?? null
	const lastResult = resultFor(actionData)
	// One object per answer: the error summary moves focus when it changes.
	const actionErrors = useMemo(() => errorsOf(lastResult), [lastResult])
	const errors: Record<string, string> = { ...loaderData.errors, ...actionErrors }
	const posted: Record<string, string | undefined> = valuesOf(lastResult)
	const quoted = draft?.quoteId ?? (loaderData.values as Record<string, string | undefined>).quote
	const quoteLink = quoted && /^[A-Za-z0-9]{20}$/.test(quoted) ? `/quote/${quoted}` : null
	return (
		<>
		<BareHeader whatsappMessage={`Hello! I am booking ${pkg?.title ?? draft?.title ?? 'an Andaman trip'}.`} />
		<main id="main" className="mx-auto max-w-3xl px-4 py-8">
			<p>
				{quoteLink ? <Link to={quoteLink}>← Back to the quote</Link> : pkg ? <Link to={`/packages/${pkg.slug}`}>← Back to the package</Link> : <Link to={`/builder?${loaderData.values ? new URLSearchParams(loaderData.values as Record<string, string>).toString() : ''}`}>← Back to the trip builder</Link>}
			</p>
			<h1 className="mt-3 text-3xl font-bold">Book {pkg?.title ?? draft?.title ?? 'your trip'}</h1>
			<p className="mt-2 text-slate-700">
				{draft ? `${draft.nights} nights. ` : ''}Nothing is charged online: we confirm hotels and ferries once {plan?.fullNow ? 'the full payment' : `the ${advancePercent}% advance`} reaches us.
			</p>

			<section aria-labelledby="trip-heading" className="mt-6">
				<h2 id="trip-heading" className="mb-3 text-xl font-semibold">
					1. Your trip
				</h2>
				{pkg ? (
					<TripForm pkg={pkg} values={loaderData.values as Record<string, string>} errors={errors} />
				) : draft?.quoteId ? (
					<p className="rounded-xl border border-slate-200 p-4">
						{draft.title}: your quote for {describeParty(draft)}, at the price quoted. To change it, ask your planner for a new version of the <Link to={`/quote/${draft.quoteId}`}>quote</Link>.
					</p>
				) : draft ? (
					<p className="rounded-xl border border-slate-200 p-4">
						{draft.title}, {draft.tier} hotels, {describeParty(draft)}. Change it in the{' '}
						<Link to={`/builder?${new URLSearchParams(loaderData.values as Record<string, string>).toString()}`}>trip builder</Link>.
					</p>
				) : (
					<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
						{errors.form ?? 'This trip cannot be booked as it is.'}{' '}
						{quoteLink ? <Link to={quoteLink}>Back to the quote</Link> : <Link to="/builder">Back to the trip builder</Link>}
					</p>
				)}
			</section>

			{draft && price ? (
				<>
					<PriceSection draft={draft} plan={plan!} advancePercent={advancePercent} balanceDueDays={loaderData.balanceDueDays} />
					<TravellersForm loaderData={loaderData} draft={draft} actionErrors={actionErrors} errors={errors} posted={posted} />
				</>
			) : null}
		</main>
		</>
	)
}

export const ErrorBoundary = RouteErrorBoundary
