import { Form, Link, useNavigation } from 'react-router'
import { StatusBadge } from '~/features/leads/components/badges.tsx'
import { AgentSelect } from '~/features/agents/components/agent-select.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { contactEventKinds, eventKindLabels, leadPriorities, priorityLabels, type LeadStatus } from '~/features/leads/domain/lead.ts'
import { lostReasonLabels, lostReasons, statusLabels } from '~/features/leads/domain/status.ts'
import { formatTimestamp } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { formatPhone } from '~/lib/phone.ts'
import type { Route } from './+types/lead'

/** The lead page's forms: each posts its own intent and shows only its own errors (`resultFor`). */

type LeadPageData = Route.ComponentProps['loaderData']
type ActionData = Route.ComponentProps['actionData']

const selectClass = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2'

export function TimelinePanel({ events, actionData }: { events: LeadPageData['events']; actionData: ActionData }) {
	const logErrors = errorsOf(resultFor(actionData, 'log'))
	const pending = useIsPending({ intent: 'log' })
	return (
		<section aria-labelledby="timeline-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
			<h2 id="timeline-heading" className="text-lg font-semibold">
				Timeline
			</h2>
			<Form method="post" className="mt-3 space-y-3" aria-label="Add to the timeline">
				<input type="hidden" name="intent" value="log" />
				<div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
					<SelectField
						label="Kind"
						name="kind"
						defaultValue="note"
						error={logErrors.kind}
						options={contactEventKinds.map((kind) => ({ value: kind, label: eventKindLabels[kind] ?? kind }))}
					/>
					<TextareaField label="What was said or done" name="body" rows={3} error={logErrors.body} />
				</div>
				{logErrors.form ? (
					<p className="text-sm font-medium text-error-700" role="alert">
						{logErrors.form}
					</p>
				) : null}
				<Button type="submit" pending={pending}>
					Add to timeline
				</Button>
			</Form>
			<ol className="mt-5 space-y-3" aria-label="Timeline entries">
				{events.map((event) => (
					<li key={event.id} className="rounded-md border-l-4 border-primary-200 bg-slate-50 px-3 py-2">
						<p className="text-sm text-slate-700">
							<span className="font-semibold text-slate-900">{eventKindLabels[event.kind] ?? event.kind}</span> · {event.by} ·{' '}
							<time dateTime={event.at}>{formatTimestamp(event.at)}</time>
						</p>
						<p className="mt-1 whitespace-pre-line text-slate-900">{event.body}</p>
					</li>
				))}
			</ol>
		</section>
	)
}

export function StatusPanel({ next, mergedInto, actionData }: { next: readonly LeadStatus[]; mergedInto: LeadPageData['mergedInto']; actionData: ActionData }) {
	const statusErrors = errorsOf(resultFor(actionData, 'status'))
	const pending = useIsPending({ intent: 'status' })
	return (
		<section aria-labelledby="status-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
			<h2 id="status-heading" className="text-lg font-semibold">
				Status
			</h2>
			{next.length === 0 || mergedInto ? (
				<p className="mt-2 text-sm text-slate-700">{mergedInto ? 'Merged leads do not change status.' : 'A won lead is final.'}</p>
			) : (
				<Form method="post" className="mt-3 space-y-3">
					<input type="hidden" name="intent" value="status" />
					<SelectField label="Move to" name="status" defaultValue={next[0]} options={next.map((status) => ({ value: status, label: statusLabels[status] }))} />
					{next.includes('lost') ? (
						<label className="block text-sm font-medium text-slate-800">
							Reason, if lost
							<select
								name="lostReason"
								className={selectClass}
								defaultValue=""
								aria-invalid={statusErrors.lostReason ? true : undefined}
								aria-describedby={statusErrors.lostReason ? 'lost-reason-error' : undefined}
							>
								<option value="">Choose a reason</option>
								{lostReasons.map((reason) => (
									<option key={reason} value={reason}>
										{lostReasonLabels[reason]}
									</option>
								))}
							</select>
						</label>
					) : null}
					<Field label="Note (optional)" name="note" />
					{statusErrors.lostReason || statusErrors.form || statusErrors.status ? (
						<p id="lost-reason-error" className="text-sm font-medium text-error-700" role="alert">
							{statusErrors.lostReason ?? statusErrors.form ?? statusErrors.status}
						</p>
					) : null}
					<Button type="submit" pending={pending}>
						Change status
					</Button>
				</Form>
			)}
		</section>
	)
}

export function WorkPanel({
	lead,
	staff,
	agents,
	actionData,
}: Pick<LeadPageData, 'lead' | 'staff' | 'agents'> & {
	actionData: ActionData
}) {
	const workErrors = errorsOf(resultFor(actionData, 'work'))
	const agentErrors = errorsOf(resultFor(actionData, 'agent'))
	const pending = useIsPending({ intent: 'work' })
	return (
		<section aria-labelledby="work-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
			<h2 id="work-heading" className="text-lg font-semibold">
				Who and when
			</h2>
			<Form method="post" className="mt-3 space-y-3">
				<input type="hidden" name="intent" value="work" />
				<SelectField
					label="Assigned to"
					name="assigneeId"
					defaultValue={lead.assigneeId ?? ''}
					error={workErrors.assigneeId}
					options={[{ value: '', label: 'Nobody yet' }, ...staff.map((person) => ({ value: String(person.id), label: person.name }))]}
				/>
				<SelectField
					label="Priority"
					name="priority"
					defaultValue={lead.priority}
					error={workErrors.priority}
					options={leadPriorities.map((priority) => ({ value: priority, label: priorityLabels[priority] }))}
				/>
				<Field label="Next follow-up" name="nextFollowUp" type="date" defaultValue={lead.nextFollowUp ?? ''} error={workErrors.nextFollowUp} />
				{workErrors.form ? (
					<p className="text-sm font-medium text-error-700" role="alert">
						{workErrors.form}
					</p>
				) : null}
				<Button type="submit" pending={pending}>
					Save
				</Button>
			</Form>
			<AgentSelect agents={agents} current={lead.agentId} error={agentErrors.agentId ?? agentErrors.form} />
		</section>
	)
}

export function DuplicatesPanel({
	duplicates,
	mergedInto,
	actionData,
}: Pick<LeadPageData, 'duplicates' | 'mergedInto'> & {
	actionData: ActionData
}) {
	const mergeErrors = errorsOf(resultFor(actionData, 'merge'))
	const merging = useIsPending({ intent: 'merge' })
	const mergingId = useNavigation().formData?.get('duplicateId')
	return (
		<section aria-labelledby="duplicates-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
			<h2 id="duplicates-heading" className="text-lg font-semibold">
				Possible duplicates ({duplicates.length})
			</h2>
			{duplicates.length === 0 ? (
				<p className="mt-2 text-sm text-slate-700">No other lead has this phone or email.</p>
			) : (
				<ul className="mt-3 space-y-3">
					{duplicates.map((duplicate) => (
						<li key={duplicate.id} className="rounded-md border border-slate-200 p-3">
							<p>
								<Link to={`/admin/leads/${duplicate.id}`} className="font-mono underline">
									{duplicate.reference}
								</Link>{' '}
								{duplicate.name} <StatusBadge status={duplicate.status} />
							</p>
							<p className="text-sm text-slate-700">
								{duplicate.phone ? formatPhone(duplicate.phone) : ''} {duplicate.email ?? ''} · {formatTimestamp(duplicate.createdAt)}
							</p>
							{mergedInto ? null : (
								<Form method="post" className="mt-2">
									<input type="hidden" name="intent" value="merge" />
									<input type="hidden" name="duplicateId" value={duplicate.id} />
									<Button type="submit" size="sm" variant="outline" pending={merging && mergingId === duplicate.id}>
										Merge {duplicate.reference} into this lead
									</Button>
								</Form>
							)}
						</li>
					))}
				</ul>
			)}
			{mergeErrors.form || mergeErrors.duplicateId ? (
				<p className="mt-2 text-sm font-medium text-error-700" role="alert">
					{mergeErrors.form ?? mergeErrors.duplicateId}
				</p>
			) : null}
		</section>
	)
}
