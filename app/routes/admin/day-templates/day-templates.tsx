import { ArrowDown, ArrowUp, Copy, Pencil, Plus } from 'lucide-react'
import { Form, Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { mealLabels } from '~/features/sales/domain/day-template.ts'
import { errorsOf, resultFor } from '~/lib/forms.ts'
import { islandLabel, islandSlugs } from '~/lib/islands.ts'
import { cn } from '~/lib/utils.ts'
import { plural } from '~/lib/words.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import type { Route } from './+types/day-templates'
import { DayForm } from './day-templates-form.tsx'
import { dayTemplatesAction, loadDayTemplates } from './day-templates.server.ts'

/** /admin/add-days: reusable days. `?edit=<id>` or `?new=1` opens the form; island, tag and words filter the list. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	return loadDayTemplates(new URL(request.url))
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	return dayTemplatesAction(await request.formData(), actorOf(user))
}

export const meta: Route.MetaFunction = () => [{ title: 'Day templates | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

function RowAction({
	id,
	intent,
	label,
	returnTo,
	children,
	extra,
}: {
	id: string
	intent: string
	label: string
	returnTo: string
	children: React.ReactNode
	extra?: Record<string, string>
}) {
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
	const lastResult = resultFor(actionData)
	const isDayForm = actionData?.intent === 'create' || actionData?.intent === 'update'
	const formResult = isDayForm ? lastResult : undefined
	const rowError = lastResult && !isDayForm ? Object.values(errorsOf(lastResult))[0] : null
	const showForm = mode !== null || formResult !== undefined
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

			{showForm ? (
				<DayForm
					key={editing ? `${editing.id}:${editing.updatedAt}` : 'new'}
					editing={editing}
					returnTo={returnTo}
					activities={activities}
					lastResult={formResult}
					submissionKey={loaderData.submissionKey}
				/>
			) : null}
			{rowError ? (
				<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
					{rowError}
				</p>
			) : null}

			<Form
				method="get"
				role="search"
				aria-label="Search day templates"
				className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-4"
			>
				<SelectField
					label="Island"
					name="island"
					defaultValue={filters.island ?? ''}
					options={[{ value: '', label: 'All islands' }, ...islandSlugs.map((slug) => ({ value: slug, label: islandLabel(slug) }))]}
				/>
				<SelectField
					label="Tag"
					name="tag"
					defaultValue={filters.tag ?? ''}
					options={[{ value: '', label: 'Any tag' }, ...tags.map((tag) => ({ value: tag, label: tag }))]}
				/>
				<Field label="Words" name="q" type="search" defaultValue={filters.q} />
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
									<div className="min-w-0 flex-1 basis-64">
										<h3 className="font-semibold text-slate-900">
											{day.title}{' '}
											{day.active ? null : <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Inactive</span>}
										</h3>
										<p className="mt-1 line-clamp-2 text-sm text-slate-700">{day.description}</p>
										<p className="mt-1 text-sm text-slate-700">
											{day.ferry ? `Ferry ${islandLabel(day.ferry.from)} → ${islandLabel(day.ferry.to)} · ` : ''}
											{day.meals.length ? `Meals: ${day.meals.map((meal) => mealLabels[meal].toLowerCase()).join(', ')}` : 'No meals'}
											{day.activities.length ? ` · ${day.activities.length} ${day.activities.length === 1 ? 'activity' : 'activities'}` : ''}
											{day.priced.length ? ` · ${day.priced.length} priced` : ''}
										</p>
										{day.mismatches ? (
											<p className="mt-1 text-sm font-medium text-yellow-900">
												Text names {day.mismatches === 1 ? 'an item' : `${day.mismatches} items`} the day does not include: edit to fix.
											</p>
										) : null}
										{day.tags.length ? (
											<ul className="mt-2 flex flex-wrap gap-1" aria-label="Tags">
												{day.tags.map((tag) => (
													<li key={tag}>
														<Link
															to={`/admin/add-days?tag=${encodeURIComponent(tag)}`}
															className="rounded-full bg-primary-50 px-2 py-0.5 text-xs text-primary-900 no-underline"
														>
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
												<RowAction
													id={day.id}
													intent="duplicate"
													label={`Duplicate ${day.title}`}
													returnTo={returnTo}
													extra={{ submissionKey: loaderData.submissionKey }}
												>
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
