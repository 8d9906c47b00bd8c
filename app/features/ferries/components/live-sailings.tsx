import { Form, Link } from 'react-router'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { ferryIslandLabels, ferryIslands } from '~/features/ferries/domain/enquiry.ts'
import { maxLiveAdults, maxLiveInfants, searchParamsOf } from '~/features/ferries/domain/live/forms.ts'
import { liveOperatorLabels, operatorErrorMessages } from '~/features/ferries/domain/live/operator.ts'
import { durationLabel, durationMinutes } from '~/features/ferries/domain/live/pricing.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import type { LiveSearchPage } from '~/features/ferries/server/live/pages.server.ts'

/** The live sailings search on /ferries: a GET form, then the sailings of every operator that answered. */
export function LiveSailings({ page, today }: { page: LiveSearchPage; today: string }) {
	const values: Record<string, string> = page.query ? Object.fromEntries(searchParamsOf(page.query)) : {}
	const islandOptions = [{ value: '', label: 'Choose an island' }, ...ferryIslands.map((island) => ({ value: island, label: ferryIslandLabels[island] }))]
	const basket = page.basket
	return (
		<section aria-labelledby="live-heading" className="rounded-xl border border-sky-200 bg-sky-50 p-4 sm:p-6">
			<h2 id="live-heading" className="text-xl font-semibold">
				{basket ? `Book seats now: leg ${basket.legs + 1} of your trip` : 'Book seats now'}
			</h2>
			{basket ? (
				basket.held ? (
					<p className="mt-1 text-slate-700">
						Held so far: {basket.route}. Choose the next sailing; every leg is for the same {basket.adults} {basket.adults === 1 ? 'traveller' : 'travellers'}
						{basket.infants ? ` and ${basket.infants} ${basket.infants === 1 ? 'infant' : 'infants'}` : ''}, and you pay once for them all.{' '}
						<Link to={`/ferries/hold/${basket.id}`}>Back to your held seats</Link>
					</p>
				) : (
					<p className="mt-1 font-medium" role="status">
						The seats held for this trip have lapsed or were let go. Search again from the first leg.
					</p>
				)
			) : (
				<p className="mt-1 text-slate-700">
					Live sailings from {page.operators.map((operator) => operator.label).join(', ')}. Return or island hopping: hold the first leg, then add the next.
					Government ships and other operators: send the enquiry below.
				</p>
			)}
			<Form method="get" action="/ferries#live-heading" className="mt-4 grid gap-4 sm:grid-cols-5" preventScrollReset>
				<input type="hidden" name="search" value="1" />
				{basket?.held ? <input type="hidden" name="basket" value={basket.id} /> : null}
				<SelectField
					label="Sail from"
					name="from"
					options={islandOptions}
					defaultValue={values.from ?? (basket?.held ? basket.next?.from : '') ?? ''}
					error={page.errors.from}
				/>
				<SelectField label="Sail to" name="to" options={islandOptions} defaultValue={values.to ?? ''} error={page.errors.to} />
				<Field
					label="Sailing date"
					name="date"
					type="date"
					min={basket?.held ? (basket.next?.date ?? today) : today}
					defaultValue={values.date ?? (basket?.held ? basket.next?.date : '') ?? ''}
					error={page.errors.date}
				/>
				{basket?.held ? (
					<>
						<input type="hidden" name="adults" value={basket.adults} />
						<input type="hidden" name="infants" value={basket.infants} />
					</>
				) : (
					<>
						<Field
							label="Adults and children"
							name="adults"
							type="number"
							min={1}
							max={maxLiveAdults}
							inputMode="numeric"
							defaultValue={values.adults ?? '2'}
							error={page.errors.adults}
						/>
						<Field
							label="Infants (under 2)"
							name="infants"
							type="number"
							min={0}
							max={maxLiveInfants}
							inputMode="numeric"
							defaultValue={values.infants ?? '0'}
							error={page.errors.infants}
						/>
					</>
				)}
				<div className="sm:col-span-5">
					<Button type="submit">Show sailings</Button>
				</div>
			</Form>
			{page.answer && page.query ? <SailingsList page={page} /> : null}
		</section>
	)
}

function SailingsList({ page }: { page: LiveSearchPage }) {
	const answer = page.answer!
	const query = page.query!
	return (
		<div className="mt-6" aria-live="polite">
			<h3 className="text-lg font-semibold">
				{ferryIslandLabels[query.from]} → {ferryIslandLabels[query.to]}, {formatTravelDate(query.date)}
			</h3>
			{answer.failures.length ? (
				<ul className="mt-2 space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
					{answer.failures.map((failure) => (
						<li key={failure.operator}>
							{liveOperatorLabels[failure.operator]}: {operatorErrorMessages[failure.kind]} Its sailings are not shown; send us an enquiry for them.
						</li>
					))}
				</ul>
			) : null}
			{answer.sailings.length === 0 ? (
				<p className="mt-3 text-slate-700">No live sailings for this day. Send us an enquiry below and we find you a seat.</p>
			) : null}
			<ul className="mt-3 space-y-3">
				{answer.sailings.map((sailing) => (
					<li key={sailing.key} className="rounded-lg border border-slate-200 bg-white p-4">
						<p className="font-semibold">
							{sailing.departs} → {sailing.arrives}{' '}
							<span className="font-normal text-slate-600">({durationLabel(durationMinutes(sailing.departs, sailing.arrives))})</span>
						</p>
						<p className="text-sm text-slate-700">
							{sailing.vessel} · {liveOperatorLabels[sailing.operator]}
						</p>
						<ul className="mt-2 divide-y divide-slate-100">
							{sailing.classes.map((cls) => {
								const params = searchParamsOf(query, page.basket?.held ? page.basket.id : null)
								params.set('operator', sailing.operator)
								params.set('sailing', sailing.key)
								params.set('class', cls.code)
								const enough = cls.seatsLeft >= query.adults
								return (
									<li key={cls.code} className="flex flex-wrap items-center justify-between gap-2 py-2">
										<span>
											<span className="font-medium">{cls.name}</span>: {cls.seatsLeft} seats left · {formatINR(cls.perAdult)} per person ·{' '}
											<span className="font-medium">{formatINR(cls.total)} in all</span>
										</span>
										{enough ? (
											<Link
												to={`/ferries/seats?${params}`}
												className={buttonClass('secondary', 'sm')}
												aria-label={`${cls.seatChoice ? 'Choose seats' : 'Hold seats'}: ${cls.name}, ${sailing.departs} ${sailing.vessel}`}
											>
												{cls.seatChoice ? 'Choose seats' : 'Hold seats'}
											</Link>
										) : (
											<span className="text-sm text-slate-600">Not enough seats</span>
										)}
									</li>
								)
							})}
						</ul>
					</li>
				))}
			</ul>
		</div>
	)
}
