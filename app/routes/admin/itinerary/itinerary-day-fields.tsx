import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react'
import { buttonClass } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { HOTEL_TIERS, MEAL_PLANS } from '~/features/rates/domain/pricing/constants.ts'
import { activityIsland, parseEngineActivityId } from '~/features/rates/domain/activities.ts'
import { mealPlanNames, tierNames } from '~/features/rates/domain/builder.ts'
import { ferryPorts, mealLabels, meals } from '~/features/sales/domain/day-template.ts'
import { dayAnchor, dayDate, type FormValues, type ItineraryDay, nightIsland } from '~/features/sales/domain/itinerary.ts'
import { type SubmissionResult, valuesOf } from '~/lib/forms.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { islandLabel, islandSlugs, stayIslands } from '~/lib/islands.ts'
import type { Route } from './+types/itinerary'

/** One day of the itinerary editor (app/routes/admin/itinerary/itinerary.tsx): its fields, its night's stay, and Up, Down and Remove. */

export type LoaderData = Route.ComponentProps['loaderData']

/**
 * The values a refused post sent back (null after an accepted one): `valuesOf` for the single fields, plus
 * the ticked checkbox groups (a day's meals and priced activities), which come back as lists.
 */
export function echoedValues(result: SubmissionResult<string[]> | undefined): FormValues | null {
	if (!result?.initialValue) return null
	const lists: FormValues = {}
	for (const [name, value] of Object.entries(result.initialValue)) if (Array.isArray(value)) lists[name] = value.filter((item) => typeof item === 'string')
	return { ...lists, ...valuesOf(result) }
}

export function pick(values: FormValues | null, name: string, fallback: string): string {
	if (!values) return fallback
	const value = values[name]
	return Array.isArray(value) ? (value[0] ?? '') : (value ?? '')
}
function picks(values: FormValues | null, name: string, fallback: string[]): string[] {
	if (!values) return fallback
	const value = values[name]
	return value === undefined ? [] : Array.isArray(value) ? value : [value]
}

export function DayFields({
	day,
	index,
	count,
	startDate,
	values,
	errors,
	loader,
}: {
	day: ItineraryDay
	index: number
	count: number
	startDate: string
	values: FormValues | null
	errors: Record<string, string>
	loader: LoaderData
}) {
	const n = `d${index}_`
	const v = (name: string, fallback: string) => pick(values, n + name, fallback)
	const last = index === count - 1
	const stayIsland = v('stayIsland', day.stay?.island ?? nightIsland(day.island))
	const hotel = v('hotel', day.stay?.hotel ?? 'tier:deluxe')
	const hotelRow = loader.hotels.find((row) => row.id === hotel)
	const dayIsland = v('island', day.island)
	const pricedHere = loader.activities.filter((activity) => {
		const parsed = parseEngineActivityId(activity.id)
		const island = parsed ? activityIsland(parsed.location) : null
		return island === nightIsland(dayIsland) || island === stayIsland
	})
	const chosenPriced = new Set(picks(values, `${n}priced`, day.priced))
	const chosenMeals = new Set(picks(values, `${n}meals`, day.meals))
	const date = /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? formatTravelDate(dayDate(startDate, index)) : ''
	return (
		<fieldset
			id={dayAnchor(index + 1)}
			data-day-key={day.key}
			tabIndex={-1}
			className="scroll-mt-20 rounded-xl border border-slate-300 bg-white p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
			aria-labelledby={`day-${index}-legend`}
		>
			<legend id={`day-${index}-legend`} className="px-1 text-lg font-semibold">
				Day {index + 1}
				{date ? ` · ${date}` : ''}
				{last ? ' · departure' : ''}
			</legend>
			<input type="hidden" name={`${n}key`} value={day.key} />
			<input type="hidden" name={`${n}templateId`} value={day.templateId ?? ''} />
			<div className="grid gap-3 sm:grid-cols-2">
				<Field label={`Day ${index + 1} title`} name={`${n}title`} defaultValue={v('title', day.title)} error={errors[`${n}title`]} />
				<SelectField
					label="Island"
					name={`${n}island`}
					defaultValue={dayIsland}
					error={errors[`${n}island`]}
					options={islandSlugs.map((slug) => ({ value: slug, label: islandLabel(slug) }))}
				/>
				<TextareaField
					label="Description"
					name={`${n}description`}
					rows={3}
					defaultValue={v('description', day.description)}
					error={errors[`${n}description`]}
					className="sm:col-span-2"
				/>
				<TextareaField
					label="Activities"
					name={`${n}activities`}
					rows={3}
					defaultValue={v('activities', day.activities.join('\n'))}
					error={errors[`${n}activities`]}
					hint="One per line, as the traveller reads them"
				/>
				<TextareaField
					label="Transfers"
					name={`${n}transfers`}
					rows={3}
					defaultValue={v('transfers', day.transfers.join('\n'))}
					error={errors[`${n}transfers`]}
					hint="One per line"
				/>
				<SelectField
					label="Ferry from"
					name={`${n}ferryFrom`}
					defaultValue={v('ferryFrom', day.ferry?.from ?? '')}
					error={errors[`${n}ferryFrom`]}
					options={[{ value: '', label: 'No ferry this day' }, ...ferryPorts.map((port) => ({ value: port, label: islandLabel(port) }))]}
				/>
				<SelectField
					label="Ferry to"
					name={`${n}ferryTo`}
					defaultValue={v('ferryTo', day.ferry?.to ?? '')}
					error={errors[`${n}ferryTo`]}
					options={[{ value: '', label: 'No ferry this day' }, ...ferryPorts.map((port) => ({ value: port, label: islandLabel(port) }))]}
				/>
				<fieldset>
					<legend className="text-sm font-medium text-slate-800">Meals the day expects</legend>
					<p className="text-sm text-slate-600">
						The quote shows the meals of the meal plan; a meal ticked here that the plan does not include is flagged under the price.
					</p>
					<div className="mt-1 flex flex-wrap gap-3">
						{meals.map((meal) => (
							<label key={meal} className="flex min-h-11 items-center gap-2">
								<input type="checkbox" name={`${n}meals`} value={meal} defaultChecked={chosenMeals.has(meal)} className="size-5" />
								{mealLabels[meal]}
							</label>
						))}
					</div>
				</fieldset>
				<fieldset>
					<legend className="text-sm font-medium text-slate-800">Priced activities</legend>
					{pricedHere.length ? (
						<div className="mt-1 grid gap-1">
							{pricedHere.map((activity) => (
								<label key={activity.id} className="flex min-h-9 items-center gap-2">
									<input type="checkbox" name={`${n}priced`} value={activity.id} defaultChecked={chosenPriced.has(activity.id)} className="size-5" />
									{activity.name}
								</label>
							))}
						</div>
					) : (
						<p className="mt-1 text-sm text-slate-600">No priced activities on this island.</p>
					)}
					{errors[`${n}priced`] ? <p className="text-sm font-medium text-error-700">{errors[`${n}priced`]}</p> : null}
				</fieldset>
			</div>
			{last ? (
				<p className="mt-3 text-sm text-slate-700">Departure day: no night’s stay.</p>
			) : (
				<fieldset className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-4">
					<legend className="px-1 text-sm font-semibold">Night {index + 1} stay</legend>
					<SelectField
						label="Sleeps on"
						name={`${n}stayIsland`}
						defaultValue={stayIsland}
						error={errors[`${n}stayIsland`]}
						options={stayIslands.map((slug) => ({ value: slug, label: islandLabel(slug) }))}
					/>
					<SelectField
						label="Hotel"
						name={`${n}hotel`}
						defaultValue={hotel}
						error={errors[`${n}hotel`]}
						options={[
							...HOTEL_TIERS.map((tier) => ({ value: `tier:${tier}`, label: `Cheapest ${tierNames[tier]}` })),
							...loader.hotels.filter((row) => row.island === stayIsland).map((row) => ({ value: row.id, label: `${row.name} (${row.tier})` })),
						]}
					/>
					<SelectField
						label="Room type"
						name={`${n}roomType`}
						defaultValue={v('roomType', day.stay?.roomTypeId ?? '')}
						hint={hotelRow ? undefined : 'For a named hotel'}
						options={[{ value: '', label: 'Default room' }, ...(hotelRow?.rooms ?? []).map((room) => ({ value: room.id, label: room.name }))]}
					/>
					<SelectField
						label="Meal plan"
						name={`${n}mealPlan`}
						defaultValue={v('mealPlan', day.stay?.mealPlan ?? 'CP')}
						error={errors[`${n}mealPlan`]}
						options={MEAL_PLANS.map((plan) => ({ value: plan, label: mealPlanNames[plan] }))}
					/>
				</fieldset>
			)}
			<div className="mt-3 flex flex-wrap gap-2">
				<button
					type="submit"
					name="intent"
					value="move"
					formAction={`?day=${index}&direction=up`}
					data-control="up"
					disabled={index === 0}
					className={buttonClass('outline', 'sm')}
					aria-label={`Move day ${index + 1} up`}
				>
					<ArrowUp aria-hidden className="size-4" /> Up
				</button>
				<button
					type="submit"
					name="intent"
					value="move"
					formAction={`?day=${index}&direction=down`}
					data-control="down"
					disabled={last}
					className={buttonClass('outline', 'sm')}
					aria-label={`Move day ${index + 1} down`}
				>
					<ArrowDown aria-hidden className="size-4" /> Down
				</button>
				<button
					type="submit"
					name="intent"
					value="remove"
					formAction={`?day=${index}`}
					data-control="remove"
					className={buttonClass('outline', 'sm')}
					aria-label={`Remove day ${index + 1}`}
				>
					<Trash2 aria-hidden className="size-4" /> Remove
				</button>
			</div>
		</fieldset>
	)
}
