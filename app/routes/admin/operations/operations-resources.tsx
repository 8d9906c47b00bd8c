import { FormError } from '~/components/admin/panel.tsx'
import { Form, Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { resourceFormSchema, resourceKindLabels, resourceKinds } from '~/features/operations/domain/resources.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { addResource, archiveResource, listResources } from '~/features/operations/server/operations.server.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { islandLabel, stayIslands } from '~/lib/islands.ts'
import { z } from '~/lib/zod.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { db } from '~/server/db/index.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/operations-resources'

/** The operations desk's vehicles, drivers and guides, per island (docs/decisions/193-resources-assigned-under-the-resource-lock.md). */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	return { resources: await listResources(db()) }
}

const addSchema = resourceFormSchema.and(z.object({ intent: z.literal('add') }))
const archiveSchema = z.object({ intent: z.literal('archive'), id: z.string().refine(isId, 'That form is out of date: reload the page and try again.') })

async function add(form: z.output<typeof addSchema>, { actor }: { actor: Actor }) {
	await addResource(db(), form, actor)
	return redirectWithToast('/admin/operations/resources', {
		title: `${resourceKindLabels[form.kind]} added`,
		description: `${form.name} can now be assigned on the day sheet.`,
	})
}

async function archive(form: z.output<typeof archiveSchema>, { actor }: { actor: Actor }) {
	await archiveResource(db(), form.id, actor)
	return redirectWithToast('/admin/operations/resources', {
		title: 'Removed from the list',
		description: 'Lines already assigned keep the name until reassigned.',
	})
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	return runIntent(
		await request.formData(),
		{ add: intent(addSchema, add), archive: intent(archiveSchema, archive) },
		{ unknown: 'Choose what to do: add or remove.', context: () => ({ actor: actorOf(user) }) },
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Drivers, vehicles and guides | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function OperationsResources({ loaderData, actionData }: Route.ComponentProps) {
	const { resources } = loaderData
	const result = resultFor(actionData, 'add')
	const errors = errorsOf(result)
	const values = valuesOf(result)
	const adding = useIsPending({ intent: 'add' })
	const archiveError = errorsOf(resultFor(actionData, 'archive')).form
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
			<Link to="/admin/operations">← Operations</Link>
			<h1 className="text-2xl font-semibold">Drivers, vehicles and guides</h1>
			<FormError error={archiveError} />
			{stayIslands
				.filter((island) => resources.some((resource) => resource.island === island))
				.map((island) => (
					<section key={island} aria-label={islandLabel(island)}>
						<h2 className="text-lg font-semibold">{islandLabel(island)}</h2>
						<ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
							{resources
								.filter((resource) => resource.island === island)
								.map((resource) => (
									<li key={resource.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
										<span>
											<span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold">{resourceKindLabels[resource.kind]}</span>{' '}
											<strong>{resource.name}</strong>
											{resource.phone ? ` · ${resource.phone}` : ''}
											{resource.languages ? ` · ${resource.languages}` : ''}
											{resource.kind === 'vehicle' ? ` · ${resource.seats} seats${resource.plate ? ` · ${resource.plate}` : ''}` : ''}
										</span>
										<Form method="post">
											<input type="hidden" name="intent" value="archive" />
											<input type="hidden" name="id" value={resource.id} />
											<Button type="submit" size="sm" variant="ghost" aria-label={`Remove ${resource.name}`}>
												Remove
											</Button>
										</Form>
									</li>
								))}
						</ul>
					</section>
				))}
			{resources.length === 0 ? <p>No drivers, vehicles or guides yet: add the first below.</p> : null}
			<section aria-labelledby="add-heading" className="rounded-xl border border-slate-200 p-4">
				<h2 id="add-heading" className="text-lg font-semibold">
					Add a driver, vehicle or guide
				</h2>
				{errors.form ? (
					<p role="alert" className="mt-2 font-medium text-error-700">
						{errors.form}
					</p>
				) : null}
				<Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
					<input type="hidden" name="intent" value="add" />
					<SelectField
						label="Kind"
						name="kind"
						defaultValue={values.kind ?? 'driver'}
						error={errors.kind}
						options={resourceKinds.map((kind) => ({ value: kind, label: resourceKindLabels[kind] }))}
					/>
					<SelectField
						label="Island"
						name="island"
						defaultValue={values.island ?? 'port-blair'}
						error={errors.island}
						options={stayIslands.map((island) => ({ value: island, label: islandLabel(island) }))}
					/>
					<Field label="Name" name="name" defaultValue={values.name} error={errors.name} hint="For a vehicle, e.g. “Innova, white”." required />
					<Field label="Phone (drivers and guides)" name="phone" type="tel" defaultValue={values.phone} error={errors.phone} />
					<Field label="Languages" name="languages" defaultValue={values.languages} error={errors.languages} hint="e.g. Hindi, English, Bengali" />
					<Field label="Seats (vehicles)" name="seats" type="number" min={1} max={60} defaultValue={values.seats} error={errors.seats} />
					<Field label="Number plate (vehicles)" name="plate" defaultValue={values.plate} error={errors.plate} />
					<div className="sm:col-span-2">
						<Button type="submit" pending={adding}>
							Add
						</Button>
					</div>
				</Form>
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
