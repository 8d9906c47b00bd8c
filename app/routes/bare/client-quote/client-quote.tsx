import { Form } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { PdfLink } from '~/components/pdf-link.tsx'
import { FormError } from '~/components/admin/panel.tsx'
import { Button } from '~/components/ui/button.tsx'
import { clientQuoteFilename, clientQuoteStanding } from '~/features/agents/domain/agent-quote.ts'
import { acceptAgentQuote, getClientQuote, noClientQuote } from '~/features/agents/server/agent-quotes.server.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { foundOr404, notFound, notFoundOn } from '~/lib/errors.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { db } from '~/server/db/index.server.ts'
import { parseForm, refuseOnAppError } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/client-quote'

/**
 * /client-quote/{id}: a partner agency's quote to its client (docs/decisions/230), under the agency's brand
 * (our name only when the agency shows it) with the client's price only: never the agency's net, its markup,
 * our sell price or our cost. Unguessable id, never cached, noindex. Accepting books it for the agency on credit.
 */
export async function loader({ params }: Route.LoaderArgs) {
	if (!isId(params.id)) notFound(noClientQuote)
	return { quote: await foundOr404(getClientQuote(db(), params.id, new Date()), noClientQuote) }
}

const acceptSchema = z.object({})

export async function action({ request, params }: Route.ActionArgs) {
	if (!isId(params.id)) notFound(noClientQuote)
	const submission = parseForm(await request.formData(), acceptSchema)
	try {
		await acceptAgentQuote(db(), params.id, new Date())
		return redirectWithToast(`/client-quote/${params.id}`, { title: 'Quote accepted', description: 'Your travel agent will send your voucher.' })
	} catch (error) {
		notFoundOn(error, noClientQuote)
		return refuseOnAppError(submission, error)
	}
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' })

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Your quote: ${loaderData.quote.title} | ${loaderData.quote.brand.name}` : 'Your quote' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function ClientQuote({ loaderData, actionData }: Route.ComponentProps) {
	const { quote } = loaderData
	const { brand } = quote
	const formError = errorsOf(resultFor(actionData)).form
	const pending = useIsPending()
	return (
		<>
			<header className="border-b border-slate-200 bg-white">
				<div className="mx-auto flex max-w-3xl flex-wrap items-center gap-4 px-4 py-4">
					{quote.logo ? <img src={quote.logo.src} alt={quote.logo.alt || brand.name} className="h-12 w-auto" /> : null}
					<div>
						<p className="text-lg font-semibold" data-testid="brand-name">
							{brand.name}
						</p>
						<p className="text-sm text-slate-700">{[brand.address, brand.phone, brand.email].filter(Boolean).join(' · ')}</p>
						{brand.ours ? <p className="text-sm text-slate-700">In partnership with {brand.ours}</p> : null}
					</div>
				</div>
			</header>
			<main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8">
				<h1 className="text-3xl font-bold">{quote.title}</h1>
				<p className="text-slate-700">
					For {quote.clientName}: {quote.nights} nights from {formatTravelDate(quote.startDate)}, {quote.adults} {quote.adults === 1 ? 'adult' : 'adults'}.
				</p>
				<section aria-labelledby="price-heading" className="rounded-xl bg-slate-50 p-5">
					<h2 id="price-heading" className="text-lg font-semibold">
						Price
					</h2>
					<p className="mt-1 text-3xl font-bold" data-testid="client-price">
						{formatINR(quote.price)}
					</p>
					<p className="text-sm text-slate-700">For the whole trip, as quoted by {brand.name}.</p>
				</section>
				{quote.status === 'held' ? (
					<Form method="post" className="space-y-3">
						<FormError error={formError} />
						<p>
							This price is held until{' '}
							<strong>{new Date(quote.expiresAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })}</strong>.
						</p>
						<Button type="submit" size="lg" pending={pending}>
							Accept this quote
						</Button>
					</Form>
				) : (
					<div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 font-medium text-amber-900" data-testid="quote-status">
						{clientQuoteStanding(quote)}
					</div>
				)}
				<PdfLink href={`/client-quote/${quote.id}/pdf`} filename={clientQuoteFilename(quote)} label="Download as PDF" />
			</main>
		</>
	)
}

export const ErrorBoundary = RouteErrorBoundary
