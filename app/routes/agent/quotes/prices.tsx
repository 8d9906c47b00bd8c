import { Form, Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { MarkupFields } from '~/features/agents/components/markup-fields.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { markupFormSchema } from '~/features/agents/domain/agent-pricing.ts'
import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { agencyPriceList } from '~/features/agents/server/agent-portal.server.ts'
import { tierLabels } from '~/features/catalog/domain/packages.ts'
import { addDays, formatTravelDate, isIsoDate, todayInIndia } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/prices'

/**
 * Instant prices for the agency (docs/decisions/231-agent-net-from-our-cost-and-instant-prices.md): every published
 * package in every hotel category, for one arrival date and party, at the agency's net and, with the agent's markup,
 * the client's price. Priced by the same engine and rate rule as /agent/book, which each row opens with the trip
 * filled in. Our sell price and cost are never in the page or its data.
 */
const querySchema = z.object({
	startDate: z.string().trim().max(10).default(''),
	adults: z.string().trim().max(3).default('2'),
	childAges: z.string().trim().max(40).default(''),
	markupKind: z.string().trim().max(10).default('percent'),
	markupValue: z.string().trim().max(20).default('10'),
})

export async function loader({ request }: Route.LoaderArgs) {
	const { agency } = await requireAgentUser(request)
	const parsed = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	if (!parsed.success)
		return { values: querySchema.parse({}), rows: null, problem: 'Check the arrival date, the party and your markup, then show the prices again.' }
	// Prices at once: without a date, a month from today (a common lead time for an Andaman trip).
	const values = { ...parsed.data, startDate: parsed.data.startDate || addDays(todayInIndia(), 30) }
	if (!isIsoDate(values.startDate)) return { values, rows: null, problem: 'Enter the arrival date as a date, like 2027-01-15.' }
	const markup = markupFormSchema.safeParse(values)
	if (!markup.success) return { values, rows: null, problem: markup.error.issues.map((issue) => issue.message).join(' ') }
	const rows = await agencyPriceList(db(), agency.id, { startDate: values.startDate, adults: values.adults, childAges: values.childAges }, markup.data)
	return { values, rows, problem: null }
}

export const meta: Route.MetaFunction = () => [{ title: 'Instant prices | Agent area' }, { name: 'robots', content: 'noindex' }]

/** The /agent/book address that prices this package and category with the list's date, party and markup. */
function bookHref(values: Route.ComponentProps['loaderData']['values'], slug: string, tier: string) {
	const params = new URLSearchParams({ package: slug, tier, startDate: values.startDate, adults: values.adults })
	if (values.childAges) params.set('childAges', values.childAges)
	params.set('markupKind', values.markupKind)
	params.set('markupValue', values.markupValue)
	return `/agent/book?${params}`
}

export default function AgentPrices({ loaderData }: Route.ComponentProps) {
	const { values, rows, problem } = loaderData
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold">Instant prices</h1>
			<p className="text-slate-700">
				Every package in every hotel category for your arrival date and party: your agency’s net and, with your markup, what your client pays.
			</p>
			<Form method="get" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-3">
				<Field label="Arrival date" name="startDate" type="date" defaultValue={values.startDate} required />
				<Field label="Adults" name="adults" inputMode="numeric" defaultValue={values.adults} />
				<Field label="Children’s ages" name="childAges" hint="Like 4, 9; leave empty for none." defaultValue={values.childAges} />
				<MarkupFields kind={values.markupKind} value={values.markupValue} />
				<div className="self-end">
					<Button type="submit" variant="outline">
						Show prices
					</Button>
				</div>
			</Form>
			{problem ? (
				<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
					{problem}
				</p>
			) : null}
			{rows ? (
				<section aria-labelledby="list-heading" className="space-y-3">
					<h2 id="list-heading" className="text-lg font-semibold">
						Arriving {formatTravelDate(values.startDate)}
					</h2>
					{rows.length === 0 ? <p>No packages are on sale.</p> : null}
					<div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
						<table className="w-full text-left text-sm">
							<thead className="bg-slate-50 text-slate-700">
								<tr>
									<th scope="col" className="p-3">
										Package
									</th>
									<th scope="col" className="p-3">
										Hotels
									</th>
									<th scope="col" className="p-3 text-right">
										Your net
									</th>
									<th scope="col" className="p-3 text-right">
										Your client pays
									</th>
									<th scope="col" className="p-3">
										<span className="sr-only">Price and book</span>
									</th>
								</tr>
							</thead>
							<tbody>
								{rows.flatMap((pkg) =>
									pkg.tiers.map((row, index) => (
										<tr key={`${pkg.slug}-${row.tier}`} className="border-t border-slate-200 align-top">
											<th scope="row" className="p-3 font-medium">
												{index === 0 ? (
													<>
														{pkg.title} <span className="font-normal text-slate-700">({pkg.nights} nights)</span>
													</>
												) : (
													<span className="sr-only">{pkg.title}</span>
												)}
											</th>
											<td className="p-3">{tierLabels[row.tier as keyof typeof tierLabels] ?? row.tier}</td>
											{'problem' in row ? (
												<td colSpan={3} className="p-3 text-slate-700">
													{row.problem}
												</td>
											) : (
												<>
													<td className="p-3 text-right font-semibold" data-testid="list-net">
														{formatINR(row.net)}
													</td>
													<td className="p-3 text-right">
														<span data-testid="list-client">{formatINR(row.client)}</span>
														<span className="block text-xs text-slate-700">{formatINR(row.perPerson)} per person</span>
													</td>
													<td className="p-3">
														<Link to={bookHref(values, pkg.slug, row.tier)} className="font-medium whitespace-nowrap underline">
															Price and book
															<span className="sr-only">
																: {pkg.title}, {tierLabels[row.tier as keyof typeof tierLabels]}
															</span>
														</Link>
													</td>
												</>
											)}
										</tr>
									)),
								)}
							</tbody>
						</table>
					</div>
				</section>
			) : null}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
