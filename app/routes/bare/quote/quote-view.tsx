import { isbot } from 'isbot'
import { Printer } from 'lucide-react'
import { Form, Link, redirect } from 'react-router'
import { BareHeader } from '~/components/bare-header.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { PriceBreakdown } from '~/components/price-breakdown.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { WhatsAppIcon } from '~/components/whatsapp-icon.tsx'
import { mealPlanNames } from '~/features/rates/domain/builder.ts'
import { mealLabels } from '~/features/sales/domain/day-template.ts'
import { quoteStatusLabels } from '~/features/sales/domain/quote.ts'
import { formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { foundOr404, notFound, notFoundOn } from '~/lib/errors.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { islandLabel } from '~/lib/islands.ts'
import { formatINR } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { getOptionalUser } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { acceptQuote, declineQuote, getQuote, recordQuoteView } from '~/features/sales/server/quotes.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/quote-view'

const noQuote = 'There is no quote at this link. Check the link, or ask your planner to send it again.'

/**
 * /quote/{id}: a sent quote, for the traveller (no layout, unguessable id,
 * never cached, noindex). The first view by a person marks it viewed; bots
 * and signed-in staff previewing it do not.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
	if (!isId(params.id)) notFound(noQuote)
	const today = todayInIndia()
	let quote = await foundOr404(getQuote(db(), params.id, today), noQuote)
	const userAgent = request.headers.get('User-Agent') ?? ''
	const staff = await getOptionalUser(request)
	// Only a first view (or a lapse to record) writes; later views just read.
	const changes = quote.storedStatus === 'sent' || quote.status !== quote.storedStatus
	if (changes && !staff && userAgent && !isbot(userAgent)) quote = await recordQuoteView(db(), quote.id, today)
	const newer = quote.supersededById ? await getQuote(db(), quote.supersededById, today).catch(() => null) : null
	return {
		quote: { id: quote.id, version: quote.version, status: quote.status, validUntil: quote.validUntil, snapshot: quote.snapshot },
		newer: newer ? { id: newer.id, version: newer.version } : null,
		// The public address from the configuration, never the request's Host header (which a client chooses).
		shareUrl: new URL(`/quote/${quote.id}`, env().SITE_URL).href,
	}
}

/** Accepting or declining carries nothing but the intent: each is its own (empty) form. */
const answerSchema = z.object({})

async function acceptIntent(quoteId: string) {
	await acceptQuote(db(), quoteId)
	return redirect(`/book-now?quote=${quoteId}`)
}

async function declineIntent(quoteId: string) {
	await declineQuote(db(), quoteId)
	return redirectWithToast(`/quote/${quoteId}`, {
		type: 'info',
		title: 'Quote declined',
		description: 'Thank you for telling us. Your planner will be in touch if you want another option.',
	})
}

const answers: Record<string, (quoteId: string) => Promise<Response>> = { accept: acceptIntent, decline: declineIntent }

export async function action({ request, params }: Route.ActionArgs) {
	if (!isId(params.id)) notFound(noQuote)
	const form = await request.formData()
	const intent = form.get('intent')
	const submission = parseForm(form, answerSchema)
	const answer = typeof intent === 'string' && Object.hasOwn(answers, intent) ? answers[intent] : undefined
	if (!answer) return refuse(submission, { formError: 'Choose “Accept and book” or “Decline”.' })
	try {
		return await answer(params.id)
	} catch (error) {
		notFoundOn(error, noQuote)
		return refuseOnAppError(submission, error)
	}
}

/** Per quote and with a form: never stored by the page cache or a shared cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' })

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Your quote: ${loaderData.quote.snapshot.title} | Andaman Isles Travel` : 'Your quote | Andaman Isles Travel' },
	{ name: 'description', content: 'Your Andaman trip quote: the day-by-day plan, hotels, what is included and the price per person, with accept and book.' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

const closedMessages: Partial<Record<string, string>> = {
	superseded: 'This quote was replaced by a newer version.',
	expired: 'This quote has expired: prices change with the season. Ask your planner for a fresh quote.',
	declined: 'You declined this quote. Ask your planner if you would like another option.',
	accepted: 'You accepted this quote.',
}

export default function QuoteView({ loaderData, actionData }: Route.ComponentProps) {
	const { quote, newer, shareUrl } = loaderData
	const s = quote.snapshot
	const formError = errorsOf(resultFor(actionData)).form
	const accepting = useIsPending({ intent: 'accept', state: 'submitting' })
	const declining = useIsPending({ intent: 'decline', state: 'submitting' })
	const open = quote.status === 'sent' || quote.status === 'viewed'
	const whatsapp = `https://wa.me/?text=${encodeURIComponent(`Our Andaman trip quote: ${s.title} — ${shareUrl}`)}`
	const planner = `https://wa.me/${s.company.whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(`About my quote ${s.reference}: `)}`
	const children = s.party.childAges.length
	return (
		<>
			<BareHeader whatsappMessage={`About my quote ${s.reference}: `} />
			<main id="main" className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0 print:text-sm">
				<p className="text-sm text-slate-600">
					{s.company.name} · Quote {s.reference}
				</p>
				<h1 className="mt-1 text-3xl font-bold">{s.title}</h1>
				<p className="mt-2 text-slate-700">
					For {s.leadName}: {s.nights} nights, {formatTravelDate(s.startDate)} to {formatTravelDate(s.endDate)}, {s.party.adults}{' '}
					{s.party.adults === 1 ? 'adult' : 'adults'}
					{children ? `, ${children} ${children === 1 ? 'child' : 'children'} (aged ${s.party.childAges.join(', ')})` : ''}
					{s.party.infants ? `, ${s.party.infants} ${s.party.infants === 1 ? 'infant' : 'infants'}` : ''}, {s.party.rooms}{' '}
					{s.party.rooms === 1 ? 'room' : 'rooms'}.
				</p>

				{!open ? (
					<div role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 font-medium text-amber-900">
						<p>
							Status: {quoteStatusLabels[quote.status]}. {closedMessages[quote.status]}
						</p>
						{quote.status === 'superseded' && newer ? (
							<p className="mt-1">
								<Link to={`/quote/${newer.id}`}>Open the newer version (version {newer.version})</Link>
							</p>
						) : null}
						{quote.status === 'accepted' ? (
							<p className="mt-1">
								<Link to={`/book-now?quote=${quote.id}`}>Continue to booking</Link>
							</p>
						) : null}
					</div>
				) : (
					<p className="mt-3 text-slate-700">
						Valid until <strong>{formatTravelDate(quote.validUntil)}</strong>. Version {quote.version}.
					</p>
				)}

				<section aria-labelledby="price-heading" className="mt-6 rounded-xl bg-slate-50 p-5 print:break-inside-avoid print:bg-white print:p-0">
					<h2 id="price-heading" className="text-xl font-semibold">
						Price
					</h2>
					<p className="mt-2 text-2xl font-bold">
						{formatINR(s.total)} <span className="text-base font-normal text-slate-700">total, including GST</span>
					</p>
					<p className="font-semibold">
						{formatINR(s.perPerson)} per person{' '}
						<span className="font-normal text-slate-700">({s.payingTravellers} paying travellers; infants travel free)</span>
					</p>
					<PriceBreakdown price={s} className="mt-3" />
				</section>

				<section aria-labelledby="plan-heading" className="mt-8">
					<h2 id="plan-heading" className="text-xl font-semibold">
						Day by day
					</h2>
					<ol className="mt-3 space-y-4">
						{s.days.map((day, index) => (
							<li key={index} className="rounded-xl border border-slate-200 p-4 print:break-inside-avoid">
								<h3 className="font-semibold">
									Day {index + 1} · {formatTravelDate(day.date)} · {day.title}
								</h3>
								<p className="text-sm text-slate-600">{islandLabel(day.island)}</p>
								{day.description ? <p className="mt-2">{day.description}</p> : null}
								{day.activities.length ? (
									<ul className="mt-2 list-disc pl-5">
										{day.activities.map((activity) => (
											<li key={activity}>{activity}</li>
										))}
									</ul>
								) : null}
								{day.ferry ? (
									<p className="mt-2 text-sm">
										Ferry: {islandLabel(day.ferry.from)} → {islandLabel(day.ferry.to)}
									</p>
								) : null}
								{day.transfers.length ? <p className="mt-1 text-sm">Transfers: {day.transfers.join('; ')}</p> : null}
								{day.meals.length ? <p className="mt-1 text-sm">Meals: {day.meals.map((meal) => mealLabels[meal]).join(', ')}</p> : null}
								{day.stay ? (
									<p className="mt-2 text-sm font-medium">
										Night: {day.stay.hotelName}, {day.stay.roomTypeName}, {mealPlanNames[day.stay.mealPlan]} · {islandLabel(day.stay.island)}
									</p>
								) : null}
							</li>
						))}
					</ol>
				</section>

				<section aria-labelledby="incl-heading" className="mt-8 grid gap-6 sm:grid-cols-2 print:break-inside-avoid">
					<div>
						<h2 id="incl-heading" className="text-xl font-semibold">
							Included
						</h2>
						<ul className="mt-2 list-disc pl-5">
							{s.inclusions.map((item) => (
								<li key={item}>{item}</li>
							))}
						</ul>
					</div>
					<div>
						<h2 className="text-xl font-semibold">Not included</h2>
						<ul className="mt-2 list-disc pl-5">
							{s.exclusions.map((item) => (
								<li key={item}>{item}</li>
							))}
						</ul>
					</div>
				</section>

				<section aria-labelledby="terms-heading" className="mt-8 text-sm print:break-inside-avoid">
					<h2 id="terms-heading" className="text-xl font-semibold">
						Terms
					</h2>
					<ul className="mt-2 list-disc pl-5">
						<li>
							Prices hold until {formatTravelDate(quote.validUntil)}; hotels and ferries are confirmed once the {s.advancePercent}% advance reaches us.
						</li>
						{s.cancellation.map((tier) => (
							<li key={tier.when}>
								Cancelling {tier.when.charAt(0).toLowerCase() + tier.when.slice(1)}: {tier.feePercent}% of the package price.
							</li>
						))}
						<li>
							Full <Link to="/terms">booking terms</Link> and <Link to="/cancellation">cancellation policy</Link>.
						</li>
					</ul>
					<p className="mt-2">
						Questions? Call {s.company.phone} or email {s.company.email}.
					</p>
				</section>

				{formError ? (
					<p role="alert" className="mt-6 rounded-md bg-error-50 p-3 font-medium text-error-700">
						{formError}
					</p>
				) : null}

				<div className="mt-8 flex flex-wrap gap-3 print:hidden">
					{open ? (
						<>
							<Form method="post">
								<input type="hidden" name="intent" value="accept" />
								<Button type="submit" size="lg" pending={accepting}>
									Accept and book
								</Button>
							</Form>
							<Form method="post">
								<input type="hidden" name="intent" value="decline" />
								<Button type="submit" size="lg" variant="outline" pending={declining}>
									Decline
								</Button>
							</Form>
						</>
					) : null}
					<a href={whatsapp} className={buttonClass('outline', 'lg')} target="_blank" rel="noreferrer">
						<WhatsAppIcon className="size-5" /> Share on WhatsApp
					</a>
					<a href={planner} className={buttonClass('ghost', 'lg')} target="_blank" rel="noreferrer">
						Ask your planner
					</a>
					<button type="button" className={buttonClass('ghost', 'lg')} onClick={() => window.print()}>
						<Printer aria-hidden className="size-5" /> Print
					</button>
				</div>
			</main>
		</>
	)
}

export const ErrorBoundary = RouteErrorBoundary
