import { Form, Link, redirect } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { formatTravelDate } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { newSubmissionKey, parseForm, refuse, refuseOnAppError, submissionKeyOf } from '~/server/forms.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { catalogSlugPattern, createItinerary, listItineraries, startingPlan, startingPointFor } from '~/features/sales/server/itineraries.server.ts'
import { packagesToStartFrom } from '~/features/catalog/server/packages.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/itinerary-start'

/**
 * /admin/create-itinerary: start an itinerary from a lead (`?lead=<id>`), a
 * saved package (`?from=<id>`), a catalog package (`?package=<slug>`) or
 * nothing, then edit it at /admin/create-itinerary/<id>. Opening this page
 * never creates anything (no data change on GET): the Start button does.
 */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const params = new URL(request.url).searchParams
	const q = (params.get('q') ?? '').trim().slice(0, 100)
	const showArchived = params.get('archived') === '1'
	const { origin, problem } = await startingPointFor(db(), { leadId: params.get('lead'), savedId: params.get('from'), slug: params.get('package') })
	const [recent, catalog] = await Promise.all([
		listItineraries(db(), { q, leadId: origin.kind === 'lead' ? origin.id : null, includeArchived: showArchived }),
		packagesToStartFrom(db()),
	])
	return { origin, problem, recent, q, showArchived, catalog, submissionKey: newSubmissionKey() }
}

const startSchema = z.discriminatedUnion(
	'kind',
	[
		z.object({ kind: z.literal('blank') }),
		z.object({ kind: z.literal('lead'), id: z.string().refine(isId, { message: 'Open the itinerary from the lead’s page.' }) }),
		z.object({ kind: z.literal('saved'), id: z.string().refine(isId, { message: 'Choose a saved package from the list.' }) }),
		z.object({ kind: z.literal('catalog'), id: z.string().regex(catalogSlugPattern, 'Choose a catalog package from the list.') }),
	],
	{ message: 'Choose what the itinerary starts from.' },
)

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const form = await request.formData()
	const submission = parseForm(form, startSchema)
	if (submission.status !== 'success') return refuse(submission)
	const origin = { kind: submission.value.kind, id: 'id' in submission.value ? submission.value.id : null }
	try {
		const { plan, leadId, notes } = await startingPlan(db(), origin)
		const itinerary = await createItinerary(db(), actorOf(user), { plan, leadId, origin }, { submissionKey: submissionKeyOf(form) })
		if (notes?.length)
			return redirectWithToast(`/admin/create-itinerary/${itinerary.id}`, {
				type: 'warning',
				title: 'Check the plan against the brief',
				description: notes.join(' '),
			})
		return redirect(`/admin/create-itinerary/${itinerary.id}`)
	} catch (error) {
		return refuseOnAppError(submission, error)
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Create itinerary | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function ItineraryStart({ loaderData, actionData }: Route.ComponentProps) {
	const { origin, problem, recent, q } = loaderData
	const isPending = useIsPending()
	const errors = errorsOf(resultFor(actionData))
	const message = errors.form ?? errors.kind ?? errors.id ?? problem
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">
			<header>
				<h1 className="text-2xl font-bold">Create itinerary</h1>
				<p className="mt-1 text-slate-700">Build a day-by-day plan from day templates, price it live and send it to the lead as a quote.</p>
			</header>
			{message ? (
				<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
					{message}
				</p>
			) : null}
			<section aria-labelledby="start-heading" className="rounded-xl border border-primary-200 bg-white p-5 shadow-sm">
				<h2 id="start-heading" className="text-lg font-semibold">
					Start from {origin.label}
				</h2>
				<Form method="post" className="mt-4 flex flex-wrap gap-3">
					<input type="hidden" name="kind" value={origin.kind} />
					<input type="hidden" name="submissionKey" value={loaderData.submissionKey} />
					{origin.id ? <input type="hidden" name="id" value={origin.id} /> : null}
					<Button type="submit" pending={isPending}>
						Start itinerary
					</Button>
					{origin.kind !== 'blank' ? (
						<Link to="/admin/create-itinerary" className="self-center">
							Start a blank one instead
						</Link>
					) : null}
				</Form>
				<p className="mt-3 text-sm text-slate-600">
					Or start from a <Link to="/admin/saved-packages">saved package</Link>, a lead (open it from <Link to="/admin/leads">Leads</Link>) or a catalog
					package:
				</p>
				<Form method="get" className="mt-2 flex flex-wrap items-end gap-2">
					<SelectField
						label="Catalog package"
						name="package"
						defaultValue={origin.kind === 'catalog' ? (origin.id ?? '') : ''}
						options={loaderData.catalog.map((pkg) => ({ value: pkg.slug, label: pkg.status === 'draft' ? `${pkg.title} (draft)` : pkg.title }))}
						className="max-w-md"
					/>
					<Button type="submit" variant="outline">
						Use this package
					</Button>
				</Form>
			</section>
			<section aria-labelledby="recent-heading">
				<h2 id="recent-heading" className="text-lg font-semibold">
					{origin.kind === 'lead' ? 'This lead’s itineraries' : 'Recent itineraries'}
				</h2>
				<Form method="get" role="search" className="mt-3 flex items-end gap-2">
					{origin.kind === 'lead' && origin.id ? <input type="hidden" name="lead" value={origin.id} /> : null}
					<Field label="Search by title or reference" name="q" defaultValue={q} className="max-w-sm" />
					<label className="flex min-h-10 items-center gap-2">
						<input type="checkbox" name="archived" value="1" defaultChecked={loaderData.showArchived} className="size-5" />
						Show archived
					</label>
					<Button type="submit" variant="outline">
						Search
					</Button>
				</Form>
				{recent.length ? (
					<ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
						{recent.map((itinerary) => (
							<li key={itinerary.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
								<span>
									<Link to={`/admin/create-itinerary/${itinerary.id}`} className="font-semibold">
										{itinerary.title}
									</Link>{' '}
									{itinerary.archived ? <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800">Archived</span> : null}{' '}
									<span className="text-sm text-slate-600">
										{itinerary.reference} · {itinerary.nights} nights from {formatTravelDate(itinerary.startDate)}
										{itinerary.leadName ? ` · for ${itinerary.leadName} (${itinerary.leadReference})` : ''}
									</span>
								</span>
								<span className="font-semibold">{itinerary.total !== null ? formatINR(itinerary.total) : 'Not priced'}</span>
							</li>
						))}
					</ul>
				) : (
					<p className="mt-3 text-slate-700">{q ? 'No itinerary matches that search.' : 'No itineraries yet.'}</p>
				)}
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
