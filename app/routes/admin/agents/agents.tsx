import { Pager } from '~/components/pager.tsx'
import { getFormProps } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { AgentFields } from '~/features/agents/components/agent-fields.tsx'
import { FilterSelect, SearchBar } from '~/components/admin/list-filters.tsx'
import { FormError, Panel } from '~/components/admin/panel.tsx'
import { StateBadge } from '~/components/admin/status.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { agentFormSchema, agentMachine, agentStatuses } from '~/features/agents/domain/agent.ts'
import { listParams, listQuery } from '~/features/ferries/domain/list-params.ts'
import { errorsOf, resultFor, useIsPending, useValidatedForm } from '~/lib/forms.ts'
import { formatPhone } from '~/lib/phone.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { createAgent, listAgents } from '~/features/agents/server/agents.server.ts'
import { db } from '~/server/db/index.server.ts'
import { newSubmissionKey, parseForm, refuse, submissionKeyOf } from '~/server/forms.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/agents'

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const params = listParams(new URL(request.url).searchParams)
	const filters = { q: params.q, status: params.pick('status', agentStatuses), page: params.page }
	return { ...(await listAgents(db(), filters)), filters, submissionKey: newSubmissionKey() }
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const form = await request.formData()
	const submission = parseForm(form, agentFormSchema)
	if (submission.status !== 'success') return refuse(submission)
	const id = await createAgent(db(), actorOf(user), submission.value, { submissionKey: submissionKeyOf(form) })
	return redirectWithToast(`/admin/agents/${id}`, {
		title: `${submission.value.company} added`,
		description: 'Approve the agency once its documents are checked.',
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Agents | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Agents({ loaderData, actionData }: Route.ComponentProps) {
	const { agents, total, page, pages, filters } = loaderData
	const lastResult = resultFor(actionData)
	const [form] = useValidatedForm(agentFormSchema, { id: 'new-agent', lastResult, defaultValue: { commissionPercent: '10' } })
	const errors = errorsOf(form.allErrors)
	const isPending = useIsPending()
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Agents</h1>
				<p className="mt-1 text-slate-700">Partner travel agencies, the leads and bookings they bring, and their commission.</p>
			</div>
			<SearchBar label="Search and filter agents" placeholder="Company, person, phone, city, PAN or GSTIN" q={filters.q} clearTo="/admin/agents">
				<FilterSelect
					label="Status"
					name="status"
					value={filters.status}
					options={[{ value: '', label: 'Any status' }, ...agentStatuses.map((status) => ({ value: status, label: agentMachine.labels[status] }))]}
				/>
			</SearchBar>
			<p className="text-sm text-slate-700" aria-live="polite">
				{total === 0 ? 'No agents match.' : `${total} ${total === 1 ? 'agent' : 'agents'}. Page ${page} of ${pages}.`}
			</p>
			<ul className="space-y-2" aria-label="Agents">
				{agents.map((agent) => (
					<li key={agent.id} className="rounded-xl border border-slate-200 bg-white shadow-sm hover:border-primary-500">
						<Link to={`/admin/agents/${agent.id}`} className="flex flex-wrap items-center justify-between gap-2 p-4 text-slate-900 no-underline">
							<span>
								<span className="font-semibold">{agent.company}</span> <StateBadge machine={agentMachine} status={agent.status} />
								<span className="block text-sm text-slate-700">
									{agent.contactPerson} · {formatPhone(agent.phone)}
									{agent.city ? ` · ${agent.city}` : ''}
								</span>
							</span>
							<span className="text-sm text-slate-700">{agent.commissionBp / 100}% commission</span>
						</Link>
					</li>
				))}
			</ul>
			<Pager page={page} pages={pages} href={(to) => `/admin/agents${listQuery(filters, { page: to })}`} />
			<Panel title="Add an agency" id="new-agent-heading">
				<FormError error={errors.form} />
				<Form method="post" className="mt-3 space-y-4" {...getFormProps(form)}>
					<input type="hidden" name="submissionKey" value={loaderData.submissionKey} />
					<AgentFields fields={form.getFieldset()} />
					<Button type="submit" pending={isPending}>
						Add agency
					</Button>
				</Form>
			</Panel>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
