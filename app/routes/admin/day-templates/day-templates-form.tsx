import { getFormProps } from '@conform-to/react'
import { useState } from 'react'
import { Form, Link } from 'react-router'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { ISLAND_SHORT_NAMES } from '~/features/rates/domain/pricing/constants.ts'
import {
	type DayTemplate,
	dayTemplateFormSchema,
	ferryPorts,
	type Meal,
	mealLabels,
	meals,
	type TemplateMismatch,
	templateMismatches,
} from '~/features/sales/domain/day-template.ts'
import { errorsOf, type SubmissionResult, useIsPending, useValidatedForm, valuesOf } from '~/lib/forms.ts'
import { islandLabel, islandSlugs } from '~/lib/islands.ts'

/** The day templates page's form (/admin/add-days?new=1 or ?edit=<id>). */

type ActivityOption = { id: string; name: string; island: string }

/** What the text names that the items do not include, from the form as it stands. */
function formMismatches(form: FormData): TemplateMismatch[] {
	const text = (name: string) => String(form.get(name) ?? '')
	return templateMismatches({
		title: text('title'),
		description: text('description'),
		activities: text('activities').split(/\r?\n/),
		priced: form.getAll('priced').map(String),
		meals: form.getAll('meals').map(String) as Meal[],
	})
}

function Mismatches({ found }: { found: TemplateMismatch[] }) {
	return (
		<div aria-live="polite" className="sm:col-span-2">
			{found.length ? (
				<div className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-yellow-900">
					<p className="font-semibold">The text and the items disagree</p>
					<ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
						{found.map((mismatch) => (
							<li key={`${mismatch.kind}:${mismatch.item}`}>{mismatch.message}</li>
						))}
					</ul>
				</div>
			) : null}
		</div>
	)
}

/** The posted list of a checkbox group: one ticked box comes back as a single value. */
function postedList(value: unknown): string[] {
	return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((item): item is string => typeof item === 'string')
}

/** Adds or edits a day; checked in the browser with the schema the server uses (`useValidatedForm`). */
export function DayForm({
	editing,
	returnTo,
	lastResult,
	activities,
	submissionKey,
}: {
	editing: DayTemplate | null
	returnTo: string
	lastResult: SubmissionResult | undefined
	activities: ActivityOption[]
	submissionKey: string
}) {
	const intent = editing ? 'update' : 'create'
	const [form] = useValidatedForm(dayTemplateFormSchema, { id: 'day-form', lastResult })
	const errors = errorsOf(form.allErrors)
	const isPending = useIsPending({ intent })
	const posted = lastResult?.initialValue
	const values = posted ? valuesOf(lastResult) : null
	const value = (name: string, fallback: string) => (values ? (values[name] ?? '') : fallback)
	const chosenMeals = new Set<string>(posted ? postedList(posted.meals) : (editing?.meals ?? ['breakfast', 'dinner']))
	const chosenPriced = new Set<string>(posted ? postedList(posted.priced) : (editing?.priced ?? []))
	// Checked on the server after a save (the saved day), and in the browser as staff type.
	const [found, setFound] = useState<TemplateMismatch[]>(() => (editing && !values ? templateMismatches(editing) : []))
	const byIsland = new Map<string, ActivityOption[]>()
	for (const activity of activities) byIsland.set(activity.island, [...(byIsland.get(activity.island) ?? []), activity])
	const activeChecked = values ? values.active === 'on' : (editing?.active ?? true)
	return (
		<section aria-labelledby="day-form-heading" className="rounded-xl border border-primary-200 bg-white p-5 shadow-sm">
			<h2 id="day-form-heading" className="text-lg font-semibold">
				{editing ? `Edit “${editing.title}”` : 'New day'}
			</h2>
			{errors.form ? (
				<p role="alert" className="mt-3 rounded-md bg-error-50 p-3 font-medium text-error-700">
					{errors.form}
				</p>
			) : null}
			<Form
				method="post"
				className="mt-4 grid gap-4 sm:grid-cols-2"
				{...getFormProps(form)}
				onChange={(event) => setFound(formMismatches(new FormData(event.currentTarget)))}
			>
				<Mismatches found={found} />
				<input type="hidden" name="intent" value={intent} />
				{editing ? <input type="hidden" name="id" value={editing.id} /> : <input type="hidden" name="submissionKey" value={submissionKey} />}
				<input type="hidden" name="returnTo" value={returnTo} />
				<SelectField
					label="Island"
					name="island"
					defaultValue={value('island', editing?.island ?? 'port-blair')}
					error={errors.island}
					options={islandSlugs.map((slug) => ({ value: slug, label: islandLabel(slug) }))}
				/>
				<Field label="Title" name="title" required defaultValue={value('title', editing?.title ?? '')} error={errors.title} />
				<TextareaField
					label="Description"
					name="description"
					required
					rows={4}
					defaultValue={value('description', editing?.description ?? '')}
					error={errors.description}
					className="sm:col-span-2"
					hint="What travellers read in their day plan"
				/>
				<TextareaField
					label="Default activities"
					name="activities"
					rows={4}
					defaultValue={value('activities', editing?.activities.join('\n') ?? '')}
					error={errors.activities}
					hint="One per line"
				/>
				<TextareaField
					label="Transfers"
					name="transfers"
					rows={4}
					defaultValue={value('transfers', editing?.transfers.join('\n') ?? '')}
					error={errors.transfers}
					hint="One per line, e.g. Hotel → jetty (cab)"
				/>
				<SelectField
					label="Ferry from (optional)"
					name="ferryFrom"
					defaultValue={value('ferryFrom', editing?.ferry?.from ?? '')}
					error={errors.ferryFrom}
					options={[{ value: '', label: 'No ferry this day' }, ...ferryPorts.map((port) => ({ value: port, label: islandLabel(port) }))]}
				/>
				<SelectField
					label="Ferry to (optional)"
					name="ferryTo"
					defaultValue={value('ferryTo', editing?.ferry?.to ?? '')}
					error={errors.ferryTo}
					options={[{ value: '', label: 'No ferry this day' }, ...ferryPorts.map((port) => ({ value: port, label: islandLabel(port) }))]}
				/>
				<fieldset>
					<legend className="text-sm font-medium text-slate-800">Meals included</legend>
					<div className="mt-2 flex flex-wrap gap-3">
						{meals.map((meal) => (
							<label key={meal} className="flex min-h-11 items-center gap-2">
								<input type="checkbox" name="meals" value={meal} defaultChecked={chosenMeals.has(meal)} className="size-5" />
								{mealLabels[meal]}
							</label>
						))}
					</div>
					{errors.meals ? <p className="text-sm font-medium text-error-700">{errors.meals}</p> : null}
				</fieldset>
				<fieldset className="sm:col-span-2">
					<legend className="text-sm font-medium text-slate-800">Priced activities</legend>
					<p className="text-sm text-slate-600">
						What the day includes and a quote charges for. Choose only activities done from the day’s island; anything else the text names should say it is
						optional and paid there.
					</p>
					<div className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-3">
						{[...byIsland.entries()].map(([island, options]) => (
							<fieldset key={island}>
								<legend className="text-sm font-semibold text-slate-800">From {ISLAND_SHORT_NAMES[island as keyof typeof ISLAND_SHORT_NAMES] ?? island}</legend>
								{options.map((activity) => (
									<label key={activity.id} className="flex min-h-9 items-center gap-2">
										<input type="checkbox" name="priced" value={activity.id} defaultChecked={chosenPriced.has(activity.id)} className="size-5" />
										{activity.name}
									</label>
								))}
							</fieldset>
						))}
					</div>
					{errors.priced ? <p className="text-sm font-medium text-error-700">{errors.priced}</p> : null}
				</fieldset>
				<Field
					label="Tags"
					name="tags"
					defaultValue={value('tags', editing?.tags.join(', ') ?? '')}
					error={errors.tags}
					hint="Separated by commas, e.g. beach, snorkelling"
				/>
				<label className="flex min-h-11 items-center gap-2 sm:col-span-2">
					<input type="checkbox" name="active" defaultChecked={activeChecked} className="size-5" />
					<span>Active: offered when building itineraries</span>
				</label>
				<div className="flex flex-wrap gap-3 sm:col-span-2">
					<Button type="submit" pending={isPending}>
						{editing ? 'Save day' : 'Add day'}
					</Button>
					<Link to={returnTo} className={buttonClass('ghost')}>
						Cancel
					</Link>
				</div>
			</Form>
		</section>
	)
}
