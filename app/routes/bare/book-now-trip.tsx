import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { priceLineLabel } from '~/features/bookings/domain/rules.ts'
import { formatINR } from '~/lib/money.ts'
import { addDays, formatTravelDate } from '~/lib/dates.ts'
import { tierLabels, tiers } from '~/features/catalog/domain/packages.ts'
import type { Route } from './+types/book-now'

export type TripLoaderData = Exclude<Route.ComponentProps['loaderData'], { start: unknown }>
type Draft = NonNullable<TripLoaderData['draft']>

/** The package's trip (hotels, date, party) as a GET form: changing it reloads the price and the traveller rows. */
export function TripForm({ pkg, values, errors }: { pkg: NonNullable<TripLoaderData['pkg']>; values: Record<string, string>; errors: Record<string, string> }) {
	return (
		<Form method="get" className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2" aria-label="Trip details">
			<input type="hidden" name="package" value={pkg.slug} />
			<SelectField
				label="Hotel category"
				name="tier"
				defaultValue={values.tier}
				error={errors.tier}
				options={tiers.filter((tier) => pkg.prices[tier] !== null).map((tier) => ({ value: tier, label: `${tierLabels[tier]} (from ${formatINR(pkg.prices[tier]!)} per person)` }))}
			/>
			<Field label="Arrival date in Port Blair" name="startDate" type="date" defaultValue={values.startDate} error={errors.startDate} />
			<Field label="Adults" name="adults" type="number" min={1} max={12} inputMode="numeric" defaultValue={values.adults} error={errors.adults} />
			<Field label="Children’s ages (2 to 17)" name="childAges" defaultValue={values.childAges} error={errors.childAges} hint="Separated by commas, e.g. 5, 9. Leave empty if none." />
			<Field label="Infants under 2" name="infants" type="number" min={0} max={4} inputMode="numeric" defaultValue={values.infants} error={errors.infants} />
			<div className="flex items-end">
				<Button type="submit" variant="secondary">
					Update price and travellers
				</Button>
			</div>
		</Form>
	)
}

/** The price for these dates, what is due now and later. */
export function PriceSection({ draft, plan, advancePercent, balanceDueDays }: { draft: Draft; plan: NonNullable<TripLoaderData['plan']>; advancePercent: number; balanceDueDays: number }) {
	const price = draft.price
	return (
		<section aria-labelledby="price-heading" className="mt-8 rounded-xl bg-slate-50 p-5">
			<h2 id="price-heading" className="text-xl font-semibold">
				2. Price for {formatTravelDate(draft.startDate)} to {formatTravelDate(addDays(draft.startDate, draft.nights))}
			</h2>
			<table className="mt-3 w-full text-left">
				<caption className="sr-only">Price breakdown</caption>
				<tbody>
					{price.lines.map((line) => (
						<tr key={line.label} className="border-b border-slate-200">
							<th scope="row" className="py-2 font-normal">
								{priceLineLabel(line)}
							</th>
							<td className="py-2 text-right">{formatINR(line.amount)}</td>
						</tr>
					))}
					<tr>
						<th scope="row" className="py-2 font-semibold">
							Total, including GST
						</th>
						<td className="py-2 text-right text-lg font-bold">{formatINR(price.total)}</td>
					</tr>
					<tr>
						<th scope="row" className="py-1 font-normal">
							{plan!.fullNow ? 'Due now to confirm (the full amount)' : `Advance to confirm (${advancePercent}%)`}
						</th>
						<td className="py-1 text-right font-semibold">{formatINR(plan!.dueNow)}</td>
					</tr>
					{plan!.balance > 0 ? (
						<tr>
							<th scope="row" className="py-1 font-normal">
								Balance, due by {formatTravelDate(plan!.balanceDueDate)}
							</th>
							<td className="py-1 text-right">{formatINR(plan!.balance)}</td>
						</tr>
					) : null}
				</tbody>
			</table>
			{plan!.fullNow ? (
				<p className="mt-3 font-medium" data-testid="full-payment-note">
					You arrive within {balanceDueDays} days, when hotels and ferries are paid in full, so the whole amount is due now to confirm.
				</p>
			) : null}
			<p className="mt-3 text-sm text-slate-700">Single rooms and special requests are priced by your planner before you pay.</p>
		</section>
	)
}
