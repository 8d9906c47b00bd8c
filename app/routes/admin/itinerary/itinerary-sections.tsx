import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { FERRY_OPERATOR_NAMES, FERRY_OPERATORS, TRANSFER_MODES } from '~/features/rates/domain/pricing/constants.ts'
import { transferNames } from '~/features/rates/domain/builder.ts'
import type { ItineraryPlan } from '~/features/sales/domain/itinerary.ts'
import { islandLabel, islandSlugs } from '~/lib/islands.ts'
import type { LoaderData } from './itinerary-day-fields.tsx'

/** The itinerary editor's sections around the days (app/routes/admin/itinerary/itinerary.tsx): the trip, adding days, inclusions. */

type SectionProps = { plan: ItineraryPlan; errors: Record<string, string>; v: (name: string, fallback: string) => string }

export function TripSection({ plan, errors, v, ferryClasses, defaultMarkup }: SectionProps & { ferryClasses: string[]; defaultMarkup: number }) {
	return (
		<section aria-labelledby="trip-heading" className="grid gap-3 rounded-xl border border-slate-300 bg-white p-4 sm:grid-cols-3">
			<h2 id="trip-heading" className="text-lg font-semibold sm:col-span-3">
				Trip and travellers
			</h2>
			<Field label="Title" name="title" defaultValue={v('title', plan.title)} error={errors.title} className="sm:col-span-2" />
			<Field
				label="Arrival date"
				name="startDate"
				type="date"
				defaultValue={v('startDate', plan.startDate)}
				error={errors.startDate}
				hint="Day dates follow it"
			/>
			<Field label="Adults" name="adults" inputMode="numeric" defaultValue={v('adults', String(plan.adults))} error={errors.adults} />
			<Field label="Children’s ages" name="childAges" defaultValue={v('childAges', plan.childAges.join(', '))} error={errors.childAges} hint="e.g. 5, 9" />
			<Field label="Infants under 2" name="infants" inputMode="numeric" defaultValue={v('infants', String(plan.infants))} error={errors.infants} />
			<Field label="Rooms" name="rooms" inputMode="numeric" defaultValue={v('rooms', String(plan.rooms))} error={errors.rooms} />
			<SelectField
				label="Ground transport"
				name="transfers"
				defaultValue={v('transfers', plan.transfers)}
				error={errors.transfers}
				options={TRANSFER_MODES.map((mode) => ({ value: mode, label: transferNames[mode] }))}
			/>
			<SelectField
				label="Ferry operator"
				name="ferryOperator"
				defaultValue={v('ferryOperator', plan.ferryOperator)}
				error={errors.ferryOperator}
				options={[
					{ value: '', label: 'Cheapest available' },
					...FERRY_OPERATORS.map((operator) => ({ value: operator, label: FERRY_OPERATOR_NAMES[operator] })),
				]}
			/>
			<SelectField
				label="Ferry class"
				name="ferryClass"
				defaultValue={v('ferryClass', plan.ferryClass)}
				error={errors.ferryClass}
				options={[{ value: '', label: 'Any class' }, ...ferryClasses.map((name) => ({ value: name, label: name }))]}
			/>
			<Field
				label="Markup % (override)"
				name="markupPercent"
				inputMode="decimal"
				defaultValue={v('markupPercent', plan.markupPercent === null ? '' : String(plan.markupPercent))}
				error={errors.markupPercent}
				hint={`Empty: ${defaultMarkup}% from settings. Changes are audited.`}
			/>
			<Field
				label="Discount ₹"
				name="discount"
				inputMode="decimal"
				defaultValue={v('discount', plan.discount ? String(plan.discount / 100) : '')}
				error={errors.discount}
				hint="Before GST. Changes are audited."
			/>
		</section>
	)
}

export function AddDaysSection({
	templates,
	errors,
	busyIntent,
}: {
	templates: LoaderData['templates']
	errors: Record<string, string>
	busyIntent: string | null
}) {
	const templatesByIsland = islandSlugs
		.map((island) => ({ island, templates: templates.filter((template) => template.island === island) }))
		.filter((group) => group.templates.length)
	return (
		<section aria-labelledby="add-heading" className="rounded-xl border border-primary-200 bg-white p-4">
			<h2 id="add-heading" className="text-lg font-semibold">
				Add days
			</h2>
			<p className="text-sm text-slate-700">Tick day templates (they are copied, then editable here) and add them at the end, in the order shown.</p>
			{errors.template ? <p className="font-medium text-error-700">{errors.template}</p> : null}
			<div className="mt-3 grid gap-4 sm:grid-cols-2">
				{templatesByIsland.map((group) => (
					<fieldset key={group.island}>
						<legend className="font-semibold">{islandLabel(group.island)}</legend>
						{group.templates.map((template) => (
							<label key={template.id} className="flex min-h-9 items-center gap-2">
								<input type="checkbox" name="template" value={template.id} className="size-5" />
								{template.title}
							</label>
						))}
					</fieldset>
				))}
			</div>
			<div className="mt-3 flex flex-wrap gap-2">
				<Button type="submit" name="intent" value="add-templates" variant="secondary" pending={busyIntent === 'add-templates'}>
					Add selected days
				</Button>
				<Button type="submit" name="intent" value="add-blank" variant="outline" pending={busyIntent === 'add-blank'}>
					Add a blank day
				</Button>
			</div>
		</section>
	)
}

export function TermsSection({ plan, errors, v }: SectionProps) {
	return (
		<section aria-labelledby="terms-heading" className="grid gap-3 rounded-xl border border-slate-300 bg-white p-4 sm:grid-cols-2">
			<h2 id="terms-heading" className="text-lg font-semibold sm:col-span-2">
				Inclusions and exclusions
			</h2>
			<TextareaField
				label="Inclusions"
				name="inclusions"
				rows={5}
				defaultValue={v('inclusions', plan.inclusions.join('\n'))}
				error={errors.inclusions}
				hint="One per line"
			/>
			<TextareaField
				label="Exclusions"
				name="exclusions"
				rows={5}
				defaultValue={v('exclusions', plan.exclusions.join('\n'))}
				error={errors.exclusions}
				hint="One per line"
			/>
		</section>
	)
}
