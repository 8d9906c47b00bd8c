import { ArrowDown, ArrowUp, Copy, Pencil, Plus } from 'lucide-react'
import { data, Form, Link, useNavigation } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { useState } from 'react'
import { ISLAND_SHORT_NAMES } from '~/features/rates/domain/pricing/constants.ts'
import { type DayTemplate, dayTemplateFormInput, dayTemplateSchema, ferryPorts, type Meal, mealLabels, meals, type TemplateMismatch, templateMismatches } from '~/features/sales/domain/day-template.ts'
import { isAppError } from '~/lib/errors.ts'
import { fieldErrors } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { plural } from '~/lib/words.ts'
import { islandLabel, islandSlugs } from '~/lib/islands.ts'
import { useInlineValidation } from '~/lib/use-inline-validation.ts'
import { cn } from '~/lib/utils.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import {
	createDayTemplate,
	dayTemplateTags,
	duplicateDayTemplate,
	getDayTemplate,
	listDayTemplates,
	moveDayTemplate,
	setDayTemplateArchived,
	updateDayTemplate,
} from '~/features/sales/server/day-templates.server.ts'
import { activityOptions } from '~/features/rates/server/builder.server.ts'
import { getPricing } from '~/features/rates/server/rate-book.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/day-templates'

/** /admin/add-days: reusable days. `?edit=<id>` or `?new=1` opens the form; island, tag and words filter the list. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const params = new URL(request.url).searchParams
	const island = params.get('island')
	const filters = {
		island: island && (islandSlugs as string[]).includes(island) ? island : null,
		tag: (params.get('tag') ?? '').trim().toLowerCase().slice(0, 30) || null,
		q: (params.get('q') ?? '').trim().slice(0, 100),
		archived: params.get('archived') === '1',
	}
	const editId = params.get('edit')
	const [templates, tags, editing, pricing] = await Promise.all([
		listDayTemplates(db(), filters),
		dayTemplateTags(db()),
		editId && isId(editId) ? getDayTemplate(db(), editId).catch(() => null) : Promise.resolve(null),
		getPricing(db()),
	])
	const mode = editing ? 'edit' : params.get('new') === '1' ? 'new' : null
	return {
		templates: templates.map((template) => ({ ...template, mismatches: templateMismatches(template).length })),
		tags,
		filters,
		editing,
		mode,
		returnTo: listUrl(filters),
		activities: activityOptions(pricing.book),
	}
}

function listUrl(filters: { island: string | null; tag: string | null; q: string; archived: boolean }) {
	const params = new URLSearchParams()
	if (filters.island) params.set('island', filters.island)
	if (filters.tag) params.set('tag', filters.tag)
	if (filters.q) params.set('q', filters.q)
	if (filters.archived) params.set('archived', '1')
	const query = params.toString()
	return `/admin/add-days${query ? `?${query}` : ''}`
}

const idField = z.string().refine(isId, { message: 'Choose a day from the list.' })
const actionSchema = z.discriminatedUnion(
	'intent',
	[
		z.object({ intent: z.literal('create') }),
		z.object({ intent: z.literal('update'), id: idField }),
		z.object({ intent: z.literal('duplicate'), id: idField }),
		z.object({ intent: z.literal('archive'), id: idField }),
		z.object({ intent: z.literal('restore'), id: idField }),
		z.object({ intent: z.literal('move'), id: idField, direction: z.enum(['up', 'down'], { message: 'Move a day up or down.' }) }),
	],
	{ message: 'Choose what to do with the day.' },
)

function backTo(value: FormDataEntryValue | null) {
	return typeof value === 'string' && value.startsWith('/admin/add-days') && !value.startsWith('//') ? value : '/admin/add-days'
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	const parsed = actionSchema.safeParse({ intent, id: form.get('id') ?? undefined, direction: form.get('direction') ?? undefined })
	if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error.issues), values: null }, { status: 400 })
	const input = parsed.data
	const actor = actorOf(user)
	const back = backTo(form.get('returnTo'))
	try {
		switch (input.intent) {
			case 'create':
			case 'update': {
				const fields = dayTemplateFormInput(form)
				const day = dayTemplateSchema.safeParse(fields)
				if (!day.success) return data({ intent, errors: fieldErrors(day.error.issues), values: fields }, { status: 400 })
				const saved = input.intent === 'create' ? await createDayTemplate(db(), actor, day.data) : await updateDayTemplate(db(), actor, input.id, day.data)
				const title = input.intent === 'create' ? `Added “${saved.title}”` : `Saved “${saved.title}”`
				// Saved, but the text promises what the items do not include: back to the editor, which lists what to fix.
				if (templateMismatches(saved).length) return redirectWithToast(`${back}${back.includes('?') ? '&' : '?'}edit=${saved.id}`, { type: 'warning', title, description: 'The text names activities or meals the day does not include: see the list above the form.' })
				return redirectWithToast(back, { title })
			}
			case 'duplicate': {
				const copy = await duplicateDayTemplate(db(), actor, input.id)
				return redirectWithToast(`/admin/add-days?edit=${copy.id}`, { title: 'Copy made', description: 'It stays inactive until you check it and tick Active.' })
			}
			case 'archive':
			case 'restore': {
				const day = await setDayTemplateArchived(db(), actor, input.id, input.intent === 'archive')
				return redirectWithToast(back, { title: input.intent === 'archive' ? `Archived “${day.title}”` : `Restored “${day.title}”` })
			}
			case 'move': {
				const moved = await moveDayTemplate(db(), actor, input.id, input.direction)
				return redirectWithToast(back, { title: moved ? `Moved ${input.direction}` : `Already at the ${input.direction === 'up' ? 'top' : 'bottom'}`, type: moved ? 'success' : 'info' })
			}
		}
	} catch (error) {
		if (isAppError(error) && error.status < 500) return data({ intent, errors: { form: error.message }, values: null }, { status: error.status })
		throw error
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Day templates | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

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

function DayForm({ editing, returnTo, errors: serverErrors, values, activities }: { editing: DayTemplate | null; returnTo: string; errors?: Record<string, string>; values: Record<string, string | string[]> | null; activities: ActivityOption[] }) {
	const navigation = useNavigation()
	const { errors, formProps } = useInlineValidation(dayTemplateSchema, dayTemplateFormInput, serverErrors)
	const value = (name: string, fallback: string) => (values ? String(values[name] ?? '') : fallback)
	const chosenMeals = new Set<string>(values ? ((values.meals as string[] | undefined) ?? []) : (editing?.meals ?? ['breakfast', 'dinner']))
	const chosenPriced = new Set<string>(values ? ((values.priced as string[] | undefined) ?? []) : (editing?.priced ?? []))
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
				noValidate
				{...formProps}
				onChange={(event) => {
					formProps.onChange(event)
					setFound(formMismatches(new FormData(event.currentTarget)))
				}}
			>
				<Mismatches found={found} />
				<input type="hidden" name="intent" value={editing ? 'update' : 'create'} />
				{editing ? <input type="hidden" name="id" value={editing.id} /> : null}
				<input type="hidden" name="returnTo" value={returnTo} />
				<SelectField label="Island" name="island" defaultValue={value('island', editing?.island ?? 'port-blair')} error={errors.island} options={islandSlugs.map((slug) => ({ value: slug, label: islandLabel(slug) }))} />
				<Field label="Title" name="title" required defaultValue={value('title', editing?.title ?? '')} error={errors.title} />
				<TextareaField label="Description" name="description" required rows={4} defaultValue={value('description', editing?.description ?? '')} error={errors.description} className="sm:col-span-2" hint="What travellers read in their day plan" />
				<TextareaField label="Default activities" name="activities" rows={4} defaultValue={value('activities', editing?.activities.join('\n') ?? '')} error={errors.activities} hint="One per line" />
				<TextareaField label="Transfers" name="transfers" rows={4} defaultValue={value('transfers', editing?.transfers.join('\n') ?? '')} error={errors.transfers} hint="One per line, e.g. Hotel → jetty (cab)" />
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
					<p className="text-sm text-slate-600">What the day includes and a quote charges for. Choose only activities done from the day’s island; anything else the text names should say it is optional and paid there.</p>
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
				<Field label="Tags" name="tags" defaultValue={value('tags', editing?.tags.join(', ') ?? '')} error={errors.tags} hint="Separated by commas, e.g. beach, snorkelling" />
				<label className="flex min-h-11 items-center gap-2 sm:col-span-2">
					<input type="checkbox" name="active" defaultChecked={activeChecked} className="size-5" />
					<span>Active: offered when building itineraries</span>
				</label>
				<div className="flex flex-wrap gap-3 sm:col-span-2">
					<Button type="submit" pending={navigation.state === 'submitting' && ['create', 'update'].includes(String(navigation.formData?.get('intent')))}>
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

function RowAction({ id, intent, label, returnTo, children, extra }: { id: string; intent: string; label: string; returnTo: string; children: React.ReactNode; extra?: Record<string, string> }) {
	return (
		<Form method="post">
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="id" value={id} />
			<input type="hidden" name="returnTo" value={returnTo} />
			{Object.entries(extra ?? {}).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<button type="submit" className={cn(buttonClass('outline', 'sm'), 'min-w-9')} aria-label={label} title={label}>
				{children}
			</button>
		</Form>
	)
}

export default function DayTemplates({ loaderData, actionData }: Route.ComponentProps) {
	const { templates, tags, filters, editing, mode, returnTo, activities } = loaderData
	const formErrors = actionData && ['create', 'update'].includes(actionData.intent) ? (actionData.errors as Record<string, string>) : undefined
	const rowError = actionData && !['create', 'update'].includes(actionData.intent) ? Object.values(actionData.errors as Record<string, string>)[0] : null
	const showForm = mode !== null || formErrors !== undefined
	const byIsland = new Map<string, typeof templates>()
	for (const template of templates) byIsland.set(template.island, [...(byIsland.get(template.island) ?? []), template])
	const withParam = (name: string, value: string) => {
		const params = new URLSearchParams(returnTo.split('?')[1] ?? '')
		params.set(name, value)
		return `/admin/add-days?${params.toString()}`
	}
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div className="flex flex-wrap items-end justify-between gap-3">
				<div>
					<h1 className="text-2xl font-semibold text-slate-900">Day templates</h1>
					<p className="mt-1 text-slate-700">Reusable days for itineraries. Itineraries copy a day, so editing here never changes a quote already sent.</p>
				</div>
				<Link to={withParam('new', '1')} className={buttonClass('primary')}>
					<Plus aria-hidden="true" className="size-4" /> New day
				</Link>
			</div>

			{showForm ? <DayForm key={editing ? `${editing.id}:${editing.updatedAt}` : 'new'} editing={editing} returnTo={returnTo} activities={activities} errors={formErrors} values={(actionData?.values as Record<string, string | string[]> | null) ?? null} /> : null}
			{rowError ? (
				<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
					{rowError}
				</p>
			) : null}

			<Form method="get" role="search" aria-label="Search day templates" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-4">
				<label className="block text-sm font-medium text-slate-800">
					Island
					<select name="island" defaultValue={filters.island ?? ''} className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-2">
						<option value="">All islands</option>
						{islandSlugs.map((slug) => (
							<option key={slug} value={slug}>
								{islandLabel(slug)}
							</option>
						))}
					</select>
				</label>
				<label className="block text-sm font-medium text-slate-800">
					Tag
					<select name="tag" defaultValue={filters.tag ?? ''} className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-2">
						<option value="">Any tag</option>
						{tags.map((tag) => (
							<option key={tag} value={tag}>
								{tag}
							</option>
						))}
					</select>
				</label>
				<label className="block text-sm font-medium text-slate-800">
					Words
					<input type="search" name="q" defaultValue={filters.q} className="mt-1 block w-full rounded-md border border-slate-400 px-2 py-2" />
				</label>
				<div className="flex flex-wrap items-end gap-3">
					<label className="flex min-h-10 items-center gap-2 text-sm">
						<input type="checkbox" name="archived" value="1" defaultChecked={filters.archived} className="size-5" /> Archived
					</label>
					<Button type="submit" variant="outline">
						Search
					</Button>
				</div>
			</Form>

			<p className="text-sm text-slate-700" aria-live="polite">
				{templates.length} {templates.length === 1 ? 'day' : 'days'}
				{filters.archived ? ' in the archive' : ''}
			</p>

			{[...byIsland.entries()].map(([island, days]) => (
				<section key={island} aria-labelledby={`island-${island}`}>
					<h2 id={`island-${island}`} className="text-lg font-semibold">
						{islandLabel(island)}: {plural(days.length, 'day')}
					</h2>
					<ol className="mt-2 space-y-2">
						{days.map((day, index) => (
							<li key={day.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={day.title}>
								<div className="flex flex-wrap items-start justify-between gap-3">
									<div className="min-w-0 flex-1">
										<h3 className="font-semibold text-slate-900">
											{day.title} {day.active ? null : <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Inactive</span>}
										</h3>
										<p className="mt-1 line-clamp-2 text-sm text-slate-700">{day.description}</p>
										<p className="mt-1 text-sm text-slate-700">
											{day.ferry ? `Ferry ${islandLabel(day.ferry.from)} → ${islandLabel(day.ferry.to)} · ` : ''}
											{day.meals.length ? `Meals: ${day.meals.map((meal) => mealLabels[meal].toLowerCase()).join(', ')}` : 'No meals'}
											{day.activities.length ? ` · ${day.activities.length} ${day.activities.length === 1 ? 'activity' : 'activities'}` : ''}
											{day.priced.length ? ` · ${day.priced.length} priced` : ''}
										</p>
										{day.mismatches ? <p className="mt-1 text-sm font-medium text-yellow-900">Text names {day.mismatches === 1 ? 'an item' : `${day.mismatches} items`} the day does not include: edit to fix.</p> : null}
										{day.tags.length ? (
											<ul className="mt-2 flex flex-wrap gap-1" aria-label="Tags">
												{day.tags.map((tag) => (
													<li key={tag}>
														<Link to={`/admin/add-days?tag=${encodeURIComponent(tag)}`} className="rounded-full bg-primary-50 px-2 py-0.5 text-xs text-primary-900 no-underline">
															{tag}
														</Link>
													</li>
												))}
											</ul>
										) : null}
									</div>
									<div className="flex flex-wrap gap-1">
										{filters.archived ? (
											<RowAction id={day.id} intent="restore" label={`Restore ${day.title}`} returnTo={returnTo}>
												Restore
											</RowAction>
										) : (
											<>
												<RowAction id={day.id} intent="move" label={`Move ${day.title} up`} returnTo={returnTo} extra={{ direction: 'up' }}>
													<ArrowUp aria-hidden="true" className={cn('size-4', index === 0 && 'opacity-40')} />
												</RowAction>
												<RowAction id={day.id} intent="move" label={`Move ${day.title} down`} returnTo={returnTo} extra={{ direction: 'down' }}>
													<ArrowDown aria-hidden="true" className={cn('size-4', index === days.length - 1 && 'opacity-40')} />
												</RowAction>
												<Link to={withParam('edit', day.id)} className={buttonClass('outline', 'sm')} aria-label={`Edit ${day.title}`}>
													<Pencil aria-hidden="true" className="size-4" /> Edit
												</Link>
												<RowAction id={day.id} intent="duplicate" label={`Duplicate ${day.title}`} returnTo={returnTo}>
													<Copy aria-hidden="true" className="size-4" />
												</RowAction>
												<RowAction id={day.id} intent="archive" label={`Archive ${day.title}`} returnTo={returnTo}>
													Archive
												</RowAction>
											</>
										)}
									</div>
								</div>
							</li>
						))}
					</ol>
				</section>
			))}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
