import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { priceLineLabel } from '~/features/bookings/domain/rules.ts'
import { formatINR } from '~/lib/money.ts'
import { addDays, formatTravelDate } from '~/lib/dates.ts'
import { describeParty } from '~/lib/words.ts'
import { tierLabels, tiers } from '~/features/catalog/domain/packages.ts'
import type { Route } from './+types/book-now'

export type TripLoaderData = Extract<Route.ComponentProps['loaderData'], { start: null }>
/** What the page shows of the trip: the loader's, or the one a post priced again. */
export type TripViewData = Omit<TripLoaderData, 'submissionKey'>
type Draft = NonNullable<TripViewData['draft']>

/** The package trip's choices that price it, in the order the address carries them. */
export const tripFieldNames = ['package', 'tier', 'startDate', 'adults', 'childAges', 'infants'] as const

/**
 * The package's trip (hotels, date, party): fields of the booking form itself, so the booking is always
 * the trip as last chosen. With JavaScript a change reprices the page at once (book-now.tsx); without it
 * "Update price and travellers" does, keeping everything typed below.
 */
export function TripFields({ view, values, errors }: { view: TripViewData; values: Record<string, string | undefined>; errors: Record<string, string> }) {
	const pkg = view.pkg!
	return (
		<div role="group" aria-labelledby="trip-heading" className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2">
			<input type="hidden" name="package" value={pkg.slug} />
			<SelectField
				label="Hotel category"
				name="tier"
				defaultValue={values.tier}
				error={errors.tier}
				options={tiers
					.filter((tier) => pkg.prices[tier] !== null)
					.map((tier) => ({ value: tier, label: `${tierLabels[tier]} (from ${formatINR(pkg.prices[tier]!)} per person)` }))}
			/>
			{pkg.unsold.length ? (
				<ul className="text-sm text-slate-700 sm:col-span-2" data-testid="unsold-tiers">
					{pkg.unsold.map((reason) => (
						<li key={reason}>{reason}</li>
					))}
				</ul>
			) : null}
			<Field
				label="Arrival date in Port Blair"
				name="startDate"
				type="date"
				min={view.earliest}
				defaultValue={values.startDate ?? ''}
				error={errors.startDate}
				hint={`From ${formatTravelDate(view.earliest)}. Arriving within ${view.balanceDueDays} days, the whole price is due when you book.`}
			/>
			<Field
				label={`Adults (${view.ageRule.adultFrom} and over)`}
				name="adults"
				type="number"
				min={1}
				max={12}
				inputMode="numeric"
				defaultValue={values.adults}
				error={errors.adults}
			/>
			<Field label={view.ageRule.label} name="childAges" defaultValue={values.childAges} error={errors.childAges} hint={view.ageRule.hint} />
			<Field
				label={`Infants under ${view.ageRule.min}`}
				name="infants"
				type="number"
				min={0}
				max={4}
				inputMode="numeric"
				defaultValue={values.infants}
				error={errors.infants}
			/>
			<div className="flex items-end">
				<Button type="submit" variant="secondary" name="intent" value="update">
					Update price and travellers
				</Button>
			</div>
		</div>
	)
}

/** The price for these dates, what is due now and later. */
export function PriceSection({
	draft,
	plan,
	advancePercent,
	balanceDueDays,
}: {
	draft: Draft
	plan: NonNullable<TripViewData['plan']>
	advancePercent: number
	balanceDueDays: number
}) {
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
							{plan.fullNow ? 'Due now to confirm (the full amount)' : `Advance to confirm (${advancePercent}%)`}
						</th>
						<td className="py-1 text-right font-semibold">{formatINR(plan.dueNow)}</td>
					</tr>
					{plan.balance > 0 ? (
						<tr>
							<th scope="row" className="py-1 font-normal">
								Balance, due by {formatTravelDate(plan.balanceDueDate)}
							</th>
							<td className="py-1 text-right">{formatINR(plan.balance)}</td>
						</tr>
					) : null}
				</tbody>
			</table>
			{plan.fullNow ? (
				<p className="mt-3 font-medium" data-testid="full-payment-note">
					You arrive within {balanceDueDays} days, when hotels and ferries are paid in full, so the whole amount is due now to confirm.
				</p>
			) : null}
			{draft.availability?.length ? (
				<ul className="mt-3 space-y-1 rounded-md bg-warning-50 p-3 text-slate-900" data-testid="availability">
					{draft.availability.map((note) => (
						<li key={note}>{note}</li>
					))}
				</ul>
			) : null}
			<p className="mt-3 text-sm text-slate-700">Single rooms and special requests are priced by your planner before you pay.</p>
		</section>
	)
}

/** A package trip with no date yet: nothing is priced or assumed until the traveller picks one. */
export function ChooseDateNote() {
	return (
		<section aria-labelledby="price-heading" className="mt-8 rounded-xl bg-slate-50 p-5">
			<h2 id="price-heading" className="text-xl font-semibold">
				2. Price
			</h2>
			<p className="mt-2" data-testid="choose-date">
				Choose your arrival date above to see the price, what is due now and later, and what cancelling would cost for those dates. You see all three before you
				book.
			</p>
		</section>
	)
}

/** The trip being paid for, said again beside the button that books it. */
export function TripRestated({ draft, plan }: { draft: Draft; plan: NonNullable<TripViewData['plan']> }) {
	const hotels = draft.source === 'quote' ? 'hotels as quoted' : `${tierLabels[draft.tier as keyof typeof tierLabels] ?? draft.tier} hotels`
	return (
		<div className="rounded-lg border border-primary-200 bg-primary-50 p-4" data-testid="trip-restated" aria-live="polite">
			<p className="font-semibold">You are booking</p>
			<p className="mt-1">
				{draft.title}, {hotels}, {formatTravelDate(draft.startDate)} to {formatTravelDate(addDays(draft.startDate, draft.nights))}, for {describeParty(draft)}.
			</p>
			<p className="mt-1">
				Total <strong>{formatINR(draft.price.total)}</strong>
				{plan.fullNow ? (
					', all due now to confirm.'
				) : (
					<>
						: <strong>{formatINR(plan.dueNow)}</strong> due now to confirm, {formatINR(plan.balance)} by {formatTravelDate(plan.balanceDueDate)}.
					</>
				)}
			</p>
		</div>
	)
}
