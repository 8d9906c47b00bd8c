import { type FormEvent, useEffect, useMemo, useRef } from 'react'
import { Form, Link, useSubmit } from 'react-router'
import { BareHeader } from '~/components/bare-header.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Honeypot } from '~/components/ui/field.tsx'
import { detailsFor, errorsOf, resultFor, valuesOf } from '~/lib/forms.ts'
import { describeParty } from '~/lib/words.ts'
import type { Route } from './+types/book-now'
import { StartBooking } from './book-now-start.tsx'
import { TravellersSection } from './book-now-travellers.tsx'
import { ChooseDateNote, PriceSection, TripFields, tripFieldNames, type TripLoaderData, type TripViewData } from './book-now-trip.tsx'
import { bookNow, bookNowPage } from './book-now.server.ts'

export async function loader({ request }: Route.LoaderArgs) {
	return bookNowPage(request)
}

export async function action({ request, context }: Route.ActionArgs) {
	return bookNow(await request.formData(), context)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title:
			!loaderData || loaderData.start
				? 'Book now | Andaman Isles Travel'
				: loaderData.draft
					? `Book ${loaderData.draft.title} | Andaman Isles Travel`
					: loaderData?.pkg
						? `Book ${loaderData.pkg.title} | Andaman Isles Travel`
						: 'Book now | Andaman Isles Travel',
	},
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

/**
 * With JavaScript, a changed choice of the package trip reprices the page at once (its address carries the
 * trip, so a reload shows the same one); typed traveller details stay, as the form stays on the page.
 */
function useRepriceOnChange(enabled: boolean) {
	const form = useRef<HTMLFormElement>(null)
	const pending = useRef<ReturnType<typeof setTimeout>>(undefined)
	const submit = useSubmit()
	const reprice = () => {
		clearTimeout(pending.current)
		if (!form.current) return
		const data = new FormData(form.current)
		const params = new URLSearchParams()
		for (const name of tripFieldNames) params.set(name, String(data.get(name) ?? ''))
		void submit(params, { method: 'get', action: '/book-now', replace: true, preventScrollReset: true })
	}
	useEffect(() => {
		const element = form.current
		if (!enabled || !element) return
		// The native change event: a select or date as it is chosen, a typed field once left (not at every key).
		// Several choices changed in a row (tabbing through the fields) make one request.
		const onChange = (event: Event) => {
			if (!(tripFieldNames as readonly string[]).includes((event.target as HTMLInputElement).name)) return
			clearTimeout(pending.current)
			pending.current = setTimeout(reprice, 250)
		}
		element.addEventListener('change', onChange)
		return () => element.removeEventListener('change', onChange)
	})
	useEffect(() => () => clearTimeout(pending.current), [])
	// "Update price and travellers" (and Enter in a trip field) does the same, without a post.
	const onSubmit = (event: FormEvent<HTMLFormElement>) => {
		const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
		if (!enabled || submitter?.value !== 'update') return
		event.preventDefault()
		reprice()
	}
	return { form, onSubmit }
}

function BookTrip({ loaderData, actionData }: { loaderData: TripLoaderData; actionData: Route.ComponentProps['actionData'] }) {
	const lastResult = resultFor(actionData)
	// A post that priced the trip again (a changed choice, or "Update" without JavaScript) shows that trip.
	const view: TripViewData = detailsFor<TripViewData>(actionData) ?? loaderData
	const notice = actionData && typeof actionData === 'object' && 'notice' in actionData && typeof actionData.notice === 'string' ? actionData.notice : null
	const { pkg, draft, plan, advancePercent } = view
	// One object per answer: the error summary moves focus when it changes.
	const actionErrors = useMemo(() => errorsOf(lastResult), [lastResult])
	const errors: Record<string, string> = { ...view.errors, ...actionErrors }
	const posted: Record<string, string | undefined> = valuesOf(lastResult)
	const values: Record<string, string | undefined> = { ...(view.values as Record<string, string>), ...posted }
	const quoted = draft?.quoteId ?? values.quote
	const quoteLink = quoted && /^[A-Za-z0-9]{20}$/.test(quoted) ? `/quote/${quoted}` : null
	const packageTrip = Boolean(pkg && (!draft || draft.source === 'package'))
	const { form, onSubmit } = useRepriceOnChange(packageTrip)
	return (
		<>
			<BareHeader whatsappMessage={`Hello! I am booking ${pkg?.title ?? draft?.title ?? 'an Andaman trip'}.`} />
			<main id="main" className="mx-auto max-w-3xl px-4 py-8">
				<p>
					{quoteLink ? (
						<Link to={quoteLink}>← Back to the quote</Link>
					) : pkg ? (
						<Link to={`/packages/${pkg.slug}`}>← Back to the package</Link>
					) : (
						<Link to={`/builder?${view.values ? new URLSearchParams(view.values as Record<string, string>).toString() : ''}`}>← Back to the trip builder</Link>
					)}
				</p>
				<h1 className="mt-3 text-3xl font-bold">Book {pkg?.title ?? draft?.title ?? 'your trip'}</h1>
				<p className="mt-2 text-slate-700">
					{draft ? `${draft.nights} nights. ` : ''}Nothing is charged online: we confirm hotels and ferries once{' '}
					{plan?.fullNow ? 'the full payment' : `the ${advancePercent}% advance`} reaches us.
				</p>

				<Form method="post" noValidate ref={form} onSubmit={onSubmit} aria-labelledby="book-heading" className="mt-6">
					<h2 id="book-heading" className="sr-only">
						Booking form
					</h2>
					<Honeypot />
					<input type="hidden" name="submissionKey" value={posted.submissionKey ?? loaderData.submissionKey} />
					{view.priced ? <input type="hidden" name="priced" value={view.priced} /> : null}
					{draft && !packageTrip ? Object.entries(draft.carry).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />) : null}
					<section aria-labelledby="trip-heading">
						<h2 id="trip-heading" className="mb-3 text-xl font-semibold">
							1. Your trip
						</h2>
						{packageTrip ? (
							<TripFields view={view} values={values} errors={errors} />
						) : draft?.quoteId ? (
							<p className="rounded-xl border border-slate-200 p-4">
								{draft.title}: your quote for {describeParty(draft)}, at the price quoted. To change it, ask your planner for a new version of the{' '}
								<Link to={`/quote/${draft.quoteId}`}>quote</Link>.
							</p>
						) : draft ? (
							<p className="rounded-xl border border-slate-200 p-4">
								{draft.title}, {draft.tier} hotels, {describeParty(draft)}. Change it in the{' '}
								<Link to={`/builder?${new URLSearchParams(view.values as Record<string, string>).toString()}`}>trip builder</Link>.
							</p>
						) : (
							<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700" data-testid="trip-problem">
								{errors.form ?? 'This trip cannot be booked as it is.'}{' '}
								{quoteLink ? <Link to={quoteLink}>Back to the quote</Link> : <Link to="/builder">Back to the trip builder</Link>}
							</p>
						)}
					</section>

					{notice ? (
						<p role="status" className="mt-6 rounded-md bg-info-50 p-3 font-medium text-slate-900" data-testid="repriced">
							{notice}
						</p>
					) : null}

					{draft && plan ? (
						<PriceSection draft={draft} plan={plan} advancePercent={advancePercent} balanceDueDays={view.balanceDueDays} />
					) : packageTrip ? (
						<ChooseDateNote />
					) : null}
					{draft || packageTrip ? <TravellersSection view={view} actionErrors={actionErrors} errors={errors} posted={posted} /> : null}
				</Form>
			</main>
		</>
	)
}

export const ErrorBoundary = RouteErrorBoundary
