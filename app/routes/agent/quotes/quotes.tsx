import { Download } from 'lucide-react'
import { Form, Link } from 'react-router'
import { FormError } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ScrollRegion } from '~/components/ui/scroll-region.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { agentQuoteStatusLabels } from '~/features/agents/components/agent-booking-labels.ts'
import { clientQuoteFilename } from '~/features/agents/domain/agent-quote.ts'
import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { listAgencyQuotes, withdrawAgentQuote } from '~/features/agents/server/agent-quotes.server.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { errorsOf, resultFor } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { z } from '~/lib/zod.ts'
import type { Route } from './+types/quotes'

/** The agency's quotes to its clients, newest first (docs/decisions/230, 232): open, accepted or expired, with the client's link. Its own only. */
export async function loader({ request }: Route.LoaderArgs) {
	const { agency } = await requireAgentUser(request)
	return { quotes: await listAgencyQuotes(db(), agency.id, new Date()), siteUrl: env().SITE_URL.replace(/\/$/, '') }
}

async function withdrawQuote(input: { quoteId: string }, { agentId }: { agentId: string }) {
	const { already } = await withdrawAgentQuote(db(), agentId, input.quoteId)
	return redirectWithToast('/agent/quotes', {
		title: already ? 'That quote was already withdrawn' : 'Quote withdrawn',
		description: 'Your client’s link now says so, and the credit it held is free again.',
	})
}

const intents = {
	'withdraw-quote': intent(z.object({ quoteId: z.string().refine(isId, 'Choose a quote from the list.') }), withdrawQuote, {
		formError: 'Choose a quote from the list.',
	}),
}

/** The agent withdraws an open quote of its own agency (docs/decisions/233): the client can no longer accept it and its credit hold ends. */
export async function action({ request }: Route.ActionArgs) {
	const { agency } = await requireAgentUser(request)
	return runIntent(await request.formData(), intents, {
		unknown: { formError: 'Choose a quote to withdraw.' },
		context: () => ({ agentId: agency.id }),
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Quotes | Agent area' }, { name: 'robots', content: 'noindex' }]

const expiry = (iso: string) => new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })

export default function AgentQuotes({ loaderData, actionData }: Route.ComponentProps) {
	const { quotes, siteUrl } = loaderData
	const errors = errorsOf(resultFor(actionData))
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-semibold">Your quotes</h1>
				<Link to="/agent/book">Price a trip and quote it</Link>
			</div>
			<FormError error={errors.form ?? errors.quoteId} />
			{quotes.length ? (
				<ScrollRegion label="Your quotes">
					<table className="w-full border-collapse text-left text-sm">
						<TableHead
							rowClassName="border-b border-slate-300"
							cellClassName="py-2 pr-3"
							columns={[
								'Client',
								'Trip',
								{ label: 'Client’s price', className: 'text-right' },
								'Status',
								'Held until',
								'Link for your client',
								{ label: 'Actions', className: 'sr-only' },
							]}
						/>
						<tbody>
							{quotes.map((quote) => {
								const link = `${siteUrl}/client-quote/${quote.id}`
								return (
									<tr key={quote.id} className="border-b border-slate-100">
										<td className="py-2 pr-3">{quote.clientName}</td>
										<td className="py-2 pr-3">
											{quote.title}, {formatTravelDate(quote.startDate)}
										</td>
										<td className="py-2 pr-3 text-right">{formatINR(quote.client)}</td>
										<td className="py-2 pr-3">
											{agentQuoteStatusLabels[quote.status] ?? quote.status}
											{quote.booking ? (
												<>
													{': '}
													<Link to={`/agent/bookings/${quote.booking.id}`} className="font-mono">
														{quote.booking.reference}
													</Link>
												</>
											) : null}
										</td>
										<td className="py-2 pr-3">{quote.status === 'held' ? expiry(quote.expiresAt) : '—'}</td>
										<td className="py-2 pr-3">
											<a href={link} className="break-all">
												{link}
											</a>
											<a
												href={`/client-quote/${quote.id}/pdf`}
												download={clientQuoteFilename(quote)}
												aria-label={`Download the quote for ${quote.clientName} as PDF`}
												className="mt-1 flex w-fit items-center gap-1 font-medium underline"
											>
												<Download aria-hidden="true" className="size-4" />
												PDF
											</a>
										</td>
										<td className="py-2 pr-3 text-right">
											{quote.status === 'held' ? (
												<Form method="post">
													<input type="hidden" name="intent" value="withdraw-quote" />
													<input type="hidden" name="quoteId" value={quote.id} />
													<Button type="submit" size="sm" variant="outline" aria-label={`Withdraw the quote for ${quote.clientName}`}>
														Withdraw
													</Button>
												</Form>
											) : null}
										</td>
									</tr>
								)
							})}
						</tbody>
					</table>
				</ScrollRegion>
			) : (
				<p className="text-slate-700">No quotes yet. Price a trip and save a quote for your client.</p>
			)}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
