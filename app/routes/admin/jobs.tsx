import { Form } from 'react-router'
import { ListFilter } from '~/components/admin/list-filters.tsx'
import { FormError } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { listParams } from '~/features/ferries/domain/list-params.ts'
import { requireOwner } from '~/features/identity/server/auth.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { formatTimestamp } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { z } from '~/lib/zod.ts'
import { db } from '~/server/db/index.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { listJobs, retryFailedJob } from '~/server/jobs/jobs.server.ts'
import { jobKindLabel, jobStatuses, jobStatusLabels } from '~/server/jobs/slots.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/jobs'

/** Owners: what the server did on its own (email delivery, reminders, backups…), failed jobs first, each failed one can run again (ADR 209). */
export async function loader({ request }: Route.LoaderArgs) {
	await requireOwner(request)
	const status = listParams(new URL(request.url).searchParams).pick('status', jobStatuses)
	return { jobs: await listJobs(db(), status || 'all'), status }
}

const retrySchema = z.object({
	intent: z.literal('retry'),
	jobId: z.coerce
		.number({ message: 'Choose a failed job from the list.' })
		.int('Choose a failed job from the list.')
		.positive('Choose a failed job from the list.'),
})

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireOwner(request)
	const here = `/admin/jobs${new URL(request.url).search}`
	return runIntent(
		await request.formData(),
		{
			retry: intent(retrySchema, async (input, { actor }: { actor: ReturnType<typeof actorOf> }) => {
				await retryFailedJob(db(), actor, input.jobId)
				return redirectWithToast(here, { title: 'Job queued again', description: 'It runs within a few seconds.' })
			}),
		},
		{ unknown: { formError: 'Choose Run again for a failed job.' }, context: () => ({ actor: actorOf(user) }) },
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Background jobs | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Jobs({ loaderData, actionData }: Route.ComponentProps) {
	const { jobs, status } = loaderData
	const errors = errorsOf(resultFor(actionData))
	const pending = useIsPending()
	const failed = jobs.filter((job) => job.status === 'failed').length
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Background jobs</h1>
				<p className="mt-1 text-slate-700">
					What the server does on its own: sending queued email, payment reminders and backups. Each runs once even with several servers, and is tried again
					after a wait when it fails. A job that fails every try stays here until you run it again.
				</p>
			</div>
			<ListFilter
				label="Filter jobs"
				name="status"
				value={status}
				options={[{ value: '', label: 'All jobs' }, ...jobStatuses.map((value) => ({ value, label: jobStatusLabels[value] }))]}
			/>
			<FormError error={errors.form ?? errors.jobId} />
			<p className="text-sm text-slate-700" aria-live="polite">
				{jobs.length === 0 ? 'No jobs here.' : `${jobs.length} ${jobs.length === 1 ? 'job' : 'jobs'}${failed ? `, ${failed} failed` : ''}.`}
			</p>
			<div className="overflow-x-auto">
				<table className="w-full min-w-[40rem] text-left text-sm">
					<caption className="sr-only">Background jobs, failed first</caption>
					<TableHead
						rowClassName="border-b border-slate-200"
						cellClassName="py-2 pr-3"
						columns={['Job', 'State', 'Due', 'Tries', { label: 'Last error', className: 'pr-0' }]}
					/>
					<tbody>
						{jobs.map((job) => (
							<tr key={job.id} className="border-b border-slate-100 align-top">
								<td className="py-2 pr-3 font-medium">{jobKindLabel(job.kind)}</td>
								<td className={`py-2 pr-3 ${job.status === 'failed' ? 'font-semibold text-error-700' : ''}`}>
									{jobStatusLabels[job.status]}
									{job.status === 'failed' ? (
										<Form method="post" className="mt-1">
											<input type="hidden" name="jobId" value={job.id} />
											<Button
												type="submit"
												name="intent"
												value="retry"
												size="sm"
												variant="outline"
												disabled={pending}
												aria-label={`Run ${jobKindLabel(job.kind).toLowerCase()} again`}
											>
												Run again
											</Button>
										</Form>
									) : null}
								</td>
								<td className="py-2 pr-3">{formatTimestamp(job.runAt)}</td>
								<td className="py-2 pr-3">
									{job.attempts} of {job.maxAttempts}
								</td>
								<td className="py-2 break-words text-slate-700">{job.lastError ?? ''}</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
