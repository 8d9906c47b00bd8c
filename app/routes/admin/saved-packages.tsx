import { Form, Link } from 'react-router'
import { Pager } from '~/components/pager.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { formatTimestamp } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { db } from '~/server/db/index.server.ts'
import { backTo, intent, type Posted, runIntent } from '~/server/form-intents.server.ts'
import { newSubmissionKey, submissionKeyOf } from '~/server/forms.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { duplicateSavedPackage, listSavedPackages, publishSavedPackage, setSavedPackageArchived } from '~/features/sales/server/saved-packages.server.ts'
import { packageLinks } from '~/features/catalog/server/packages.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/saved-packages'

/** /admin/saved-packages: itineraries saved for reuse. Search and pages on the server; duplicate, archive, publish a draft to the catalog. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const params = new URL(request.url).searchParams
	const pageText = params.get('page') ?? '1'
	const filters = {
		q: (params.get('q') ?? '').trim().slice(0, 100),
		archived: params.get('archived') === '1',
		page: /^\d{1,4}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1,
	}
	const result = await listSavedPackages(db(), filters)
	const packageIds = result.packages.map((pkg) => pkg.catalogPackageId).filter((id): id is string => id !== null)
	const catalog = await packageLinks(db(), packageIds)
	return {
		...result,
		filters,
		submissionKey: newSubmissionKey(),
		packages: result.packages.map((pkg) => ({
			id: pkg.id,
			title: pkg.title,
			summary: pkg.summary,
			nights: pkg.nights,
			archived: pkg.archived,
			updatedAt: pkg.updatedAt,
			catalog: catalog.find((row) => row.id === pkg.catalogPackageId) ?? null,
		})),
	}
}

function listUrl(filters: { q: string; archived: boolean; page: number }, change: Partial<{ q: string; archived: boolean; page: number }> = {}) {
	const next = { ...filters, ...change }
	const params = new URLSearchParams()
	if (next.q) params.set('q', next.q)
	if (next.archived) params.set('archived', '1')
	if (next.page > 1) params.set('page', String(next.page))
	const query = params.toString()
	return `/admin/saved-packages${query ? `?${query}` : ''}`
}

const idField = z.string({ message: 'Choose a saved package from the list.' }).refine(isId, { message: 'Choose a saved package from the list.' })
const duplicateSchema = z.object({ intent: z.literal('duplicate'), id: idField })
const archiveSchema = z.object({ intent: z.enum(['archive', 'restore']), id: idField })
const publishSchema = z.object({ intent: z.literal('publish'), id: idField })

type Context = { actor: Actor; back: string }

async function duplicate({ id }: z.output<typeof duplicateSchema>, { actor, back }: Context, { formData }: Posted) {
	const copy = await duplicateSavedPackage(db(), actor, id, { submissionKey: submissionKeyOf(formData) })
	return redirectWithToast(back, { type: 'success', title: `Copied as “${copy.title}”` })
}

async function archive({ intent, id }: z.output<typeof archiveSchema>, { actor, back }: Context) {
	const pkg = await setSavedPackageArchived(db(), actor, id, intent === 'archive')
	return redirectWithToast(back, { type: 'success', title: intent === 'archive' ? `Archived “${pkg.title}”` : `Restored “${pkg.title}”` })
}

async function publish({ id }: z.output<typeof publishSchema>, { actor }: Context) {
	const pkg = await publishSavedPackage(db(), actor, id)
	return redirectWithToast(`/test-packages?preview=${pkg.slug}`, {
		type: 'success',
		title: 'Draft catalog package made',
		description: `${pkg.title} is a draft: check it here, then publish it from the package editor.`,
	})
}

const intents = {
	duplicate: intent(duplicateSchema, duplicate),
	archive: intent(archiveSchema, archive),
	restore: intent(archiveSchema, archive),
	publish: intent(publishSchema, publish),
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const formData = await request.formData()
	return runIntent(formData, intents, {
		unknown: 'Choose what to do with the saved package.',
		context: () => ({ actor: actorOf(user), back: backTo(formData.get('returnTo'), '/admin/saved-packages') }),
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Saved packages | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

function RowAction({
	id,
	intent,
	returnTo,
	children,
	variant = 'outline',
	submissionKey,
}: {
	id: string
	intent: string
	returnTo: string
	children: React.ReactNode
	variant?: 'outline' | 'secondary'
	submissionKey?: string
}) {
	return (
		<Form method="post">
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="id" value={id} />
			<input type="hidden" name="returnTo" value={returnTo} />
			{submissionKey ? <input type="hidden" name="submissionKey" value={submissionKey} /> : null}
			<button type="submit" className={buttonClass(variant, 'sm')}>
				{children}
			</button>
		</Form>
	)
}

export default function SavedPackages({ loaderData, actionData }: Route.ComponentProps) {
	const { packages, total, pages, filters } = loaderData
	const searching = useIsPending({ formMethod: 'GET' })
	const here = listUrl(filters)
	const errors = errorsOf(resultFor(actionData))
	const message = errors.form ?? errors.id ?? errors.intent
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<header>
				<h1 className="text-2xl font-bold">Saved packages</h1>
				<p className="mt-1 text-slate-700">Itineraries saved for reuse. Start a new itinerary from one, or publish it to the catalog as a draft package.</p>
			</header>
			{message ? (
				<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
					{message}
				</p>
			) : null}
			<Form method="get" role="search" className="flex flex-wrap items-end gap-3">
				<Field label="Search by title, islands or day" name="q" defaultValue={filters.q} className="max-w-sm" />
				<label className="flex min-h-11 items-center gap-2">
					<input type="checkbox" name="archived" value="1" defaultChecked={filters.archived} className="size-5" />
					Archived
				</label>
				<Button type="submit" variant="outline" pending={searching}>
					Search
				</Button>
			</Form>
			<p role="status">
				{total === 0 ? 'No saved packages match.' : `${total} saved ${total === 1 ? 'package' : 'packages'}. Page ${filters.page} of ${pages}.`}
			</p>
			<ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
				{packages.map((pkg) => (
					<li key={pkg.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
						<div>
							<h2 className="font-semibold">{pkg.title}</h2>
							<p className="text-sm text-slate-700">
								{pkg.nights} nights · {pkg.summary} · updated {formatTimestamp(pkg.updatedAt)}
								{pkg.catalog ? ` · in the catalog (${pkg.catalog.status})` : ''}
							</p>
						</div>
						<div className="flex flex-wrap gap-2">
							{!pkg.archived ? (
								<Link
									to={`/admin/create-itinerary?from=${pkg.id}`}
									className={buttonClass('secondary', 'sm')}
									aria-label={`Start an itinerary from ${pkg.title}`}
								>
									Start itinerary
								</Link>
							) : null}
							<RowAction id={pkg.id} intent="duplicate" returnTo={here} submissionKey={loaderData.submissionKey}>
								Duplicate
							</RowAction>
							{pkg.catalog ? (
								<Link to={`/test-packages?preview=${pkg.catalog.slug}`} className={buttonClass('outline', 'sm')}>
									Preview in catalog
								</Link>
							) : !pkg.archived ? (
								<RowAction id={pkg.id} intent="publish" returnTo={here}>
									Publish to catalog (draft)
								</RowAction>
							) : null}
							<RowAction id={pkg.id} intent={pkg.archived ? 'restore' : 'archive'} returnTo={here}>
								{pkg.archived ? 'Restore' : 'Archive'}
							</RowAction>
						</div>
					</li>
				))}
			</ul>
			<Pager page={filters.page} pages={pages} href={(to) => listUrl(filters, { page: to })} />
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
