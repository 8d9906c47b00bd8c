import { Download } from 'lucide-react'
import { getFormProps } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { AgentFields } from '~/features/agents/components/agent-fields.tsx'
import { FormError, Panel } from '~/components/admin/panel.tsx'
import { StateBadge, StatusButtons } from '~/components/admin/status.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { agentFormSchema, agentMachine } from '~/features/agents/domain/agent.ts'
import { addDays, formatTimestamp, formatTravelDate, isIsoDate, todayInIndia } from '~/lib/dates.ts'
import { foundOr404, invariantResponse } from '~/lib/errors.ts'
import { errorsOf, resultFor, useIsPending, useValidatedForm } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { formatPhone } from '~/lib/phone.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { changeAgentStatus, getAgentPage, updateAgent } from '~/features/agents/server/agents.server.ts'
import { agentStatement, getAgentCredit, recordAgentFunds, saveAgentTerms } from '~/features/agents/server/agent-credit.server.ts'
import { AgentCreditPanel } from '~/features/agents/components/agent-credit-panel.tsx'
import { agentTermsFormSchema } from '~/features/agents/domain/agent-pricing.ts'
import { agentFundsFormSchema } from '~/features/agents/domain/credit.ts'
import { newSubmissionKey, submissionKeyOf } from '~/server/forms.server.ts'
import { AgentUsersPanel } from '~/features/agents/components/agent-users-panel.tsx'
import { inviteAgentUser, listAgentUsers, removeAgentUser } from '~/features/agents/server/agent-users.server.ts'
import { inviteAgentUserSchema } from '~/features/agents/domain/agent-users.ts'
import { deliverNow } from '~/features/email/server/sender.server.ts'
import { env } from '~/server/env.server.ts'
import { db } from '~/server/db/index.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { statusIntent } from '~/server/status-intent.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/agent'

const missing = 'There is no agent with that id. Search the agents list.'

function rangeOf(url: URL) {
	const date = (name: string, fallback: string) => {
		const value = url.searchParams.get(name)
		return value && isIsoDate(value) ? value : fallback
	}
	const to = date('to', todayInIndia())
	const from = date('from', addDays(to, -90))
	return from <= to ? { from, to } : { from: to, to: from }
}

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	invariantResponse(params.id && isId(params.id), missing)
	const range = rangeOf(new URL(request.url))
	// The page first: the credit and statement queries throw on an unknown agency, which would be a 500, not this 404.
	const page = await foundOr404(getAgentPage(db(), params.id, range), missing)
	const [credit, account, users] = await Promise.all([getAgentCredit(db(), params.id), agentStatement(db(), params.id, range), listAgentUsers(db(), params.id)])
	return { ...page, range, credit, statement: account.statement, users, submissionKey: newSubmissionKey() }
}

type IntentArgs = { id: string; actor: Actor; here: string; submissionKey: string | null }

async function saveDetails(input: z.output<typeof agentFormSchema>, { id, actor, here }: IntentArgs) {
	await updateAgent(db(), actor, id, input)
	return redirectWithToast(here, { title: 'Agent saved' })
}

async function saveTerms(input: z.output<typeof agentTermsFormSchema>, { id, actor, here }: IntentArgs) {
	await saveAgentTerms(db(), actor, id, { rateRule: input.rateRule, marginBp: input.marginPercent, creditLimit: input.creditLimit })
	return redirectWithToast(here, { title: 'Rates and credit saved' })
}

async function receiveFunds(input: z.output<typeof agentFundsFormSchema>, { id, actor, here, submissionKey }: IntentArgs) {
	const { created } = await recordAgentFunds(db(), actor, id, input, { submissionKey: submissionKey ?? newSubmissionKey() })
	return redirectWithToast(here, {
		title: created ? `${input.kind === 'top_up' ? 'Top-up' : 'Payment'} of ${formatINR(input.amount)} recorded` : 'Already recorded',
	})
}

/** Staff invite the agency's people (ADR 221): the email's link sets their password. */
async function inviteUser(input: z.output<typeof inviteAgentUserSchema>, { id, actor, here }: IntentArgs) {
	const { user, outboxKey } = await inviteAgentUser(db(), actor, id, input, { siteUrl: env().SITE_URL, apiKey: env().IDENTITY_API_KEY })
	deliverNow(db(), outboxKey)
	return redirectWithToast(here, { title: `Invitation sent to ${user.email}`, description: 'The link in it works for 7 days.' })
}

async function removeUser(input: { userId: string }, { id, actor, here }: IntentArgs) {
	const user = await removeAgentUser(db(), actor, id, input.userId)
	return redirectWithToast(here, { title: `${user.displayName ?? user.email} removed`, description: 'They are signed out and cannot sign in any more.' })
}

const intents = {
	status: statusIntent(agentMachine, changeAgentStatus),
	details: intent(agentFormSchema, saveDetails),
	'invite-user': intent(inviteAgentUserSchema, inviteUser),
	terms: intent(agentTermsFormSchema, saveTerms),
	funds: intent(agentFundsFormSchema, receiveFunds),
	'remove-user': intent(z.object({ userId: z.string().refine(isId, 'Choose a user from the list.') }), removeUser, {
		formError: 'Choose a user from the list.',
	}),
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const formData = await request.formData()
	const id = params.id
	invariantResponse(id && isId(id), missing)
	return runIntent(formData, intents, {
		unknown: { formError: 'Choose what to do with the agent.' },
		missing,
		context: () => ({ id, actor: actorOf(user), here: `/admin/agents/${id}`, submissionKey: submissionKeyOf(formData) }),
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `${loaderData.agent.company} | Agents | Andaman Isles Travel admin` : 'Agent | Andaman Isles Travel admin' },
	{ name: 'robots', content: 'noindex' },
]

export default function Agent({ loaderData, actionData }: Route.ComponentProps) {
	const { agent, leads, bookings, commission, range, users } = loaderData
	const pageErrors = errorsOf(resultFor(actionData))
	const lastResult = resultFor(actionData, 'details')
	const saved = {
		company: agent.company,
		contactPerson: agent.contactPerson,
		phone: agent.phone,
		email: agent.email ?? '',
		city: agent.city ?? '',
		pan: agent.pan ?? '',
		gstin: agent.gstin ?? '',
		billingAddress: agent.billingAddress ?? '',
		stateCode: agent.stateCode ?? '',
		commissionPercent: String(agent.commissionBp / 100),
		notes: agent.notes ?? '',
	}
	const [form] = useValidatedForm(agentFormSchema, { id: 'agent-details', lastResult, defaultValue: saved })
	const isPending = useIsPending({ intent: 'details' })
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<p>
				<Link to="/admin/agents">← Agents</Link>
			</p>
			<div className="flex flex-wrap items-center gap-3">
				<h1 className="text-2xl font-semibold">{agent.company}</h1>
				<StateBadge machine={agentMachine} status={agent.status} />
			</div>
			<p className="text-slate-700">
				{agent.contactPerson} · <a href={`tel:${agent.phone}`}>{formatPhone(agent.phone)}</a>
				{agent.email ? ` · ${agent.email}` : ''}
				{agent.city ? ` · ${agent.city}` : ''} · {agent.commissionBp / 100}% commission{agent.pan ? ` · PAN ${agent.pan}` : ''}
				{agent.gstin ? ` · GSTIN ${agent.gstin}` : ''}
			</p>
			<FormError error={pageErrors.form} />
			<Panel title="Status" id="status-heading">
				<StatusButtons machine={agentMachine} status={agent.status} />
			</Panel>
			<AgentUsersPanel users={users} actionData={actionData} canInvite={agent.status === 'approved'} />
			<Panel title="Leads, bookings and commission" id="commission-heading">
				<Form method="get" className="flex flex-wrap items-end gap-3">
					<label className="block text-sm font-medium text-slate-800">
						From
						<input type="date" name="from" defaultValue={range.from} className="mt-1 block rounded-md border border-slate-400 px-2 py-2 text-sm" />
					</label>
					<label className="block text-sm font-medium text-slate-800">
						Until
						<input type="date" name="to" defaultValue={range.to} className="mt-1 block rounded-md border border-slate-400 px-2 py-2 text-sm" />
					</label>
					<Button type="submit" variant="outline">
						Show
					</Button>
					<a href={`/admin/agents/${agent.id}/commission.csv?from=${range.from}&to=${range.to}`} className={buttonClass('ghost')} download>
						<Download aria-hidden="true" className="size-4" /> Download CSV
					</a>
				</Form>
				<dl className="mt-4 grid gap-3 sm:grid-cols-3">
					<div className="rounded-lg bg-slate-50 p-3">
						<dt className="text-sm text-slate-700">Commission earned</dt>
						<dd className="text-xl font-semibold" data-testid="commission-earned">
							{formatINR(commission.earned)}
						</dd>
					</div>
					<div className="rounded-lg bg-slate-50 p-3">
						<dt className="text-sm text-slate-700">Commission due (completed trips)</dt>
						<dd className="text-xl font-semibold">{formatINR(commission.due)}</dd>
					</div>
					<div className="rounded-lg bg-slate-50 p-3">
						<dt className="text-sm text-slate-700">Leads / bookings</dt>
						<dd className="text-xl font-semibold">
							{leads.length} / {bookings.length}
						</dd>
					</div>
				</dl>
				<h3 className="mt-6 font-semibold">Bookings</h3>
				{bookings.length ? (
					<table className="mt-2 w-full border-collapse text-left text-sm">
						<TableHead
							rowClassName="border-b border-slate-300"
							cellClassName="py-1 pr-2"
							columns={[
								'Booking',
								'Traveller',
								'Trip',
								'Status',
								{ label: 'Total', className: 'text-right' },
								{ label: 'Commission', className: 'text-right' },
							]}
						/>
						<tbody>
							{bookings.map((booking) => (
								<tr key={booking.id} className="border-b border-slate-100">
									<td className="py-1 pr-2 font-mono">
										<Link to={`/admin/pending/${booking.id}`}>{booking.reference}</Link>
									</td>
									<td className="py-1 pr-2">{booking.contactName}</td>
									<td className="py-1 pr-2">
										{booking.title}, {formatTravelDate(booking.startDate)}
									</td>
									<td className="py-1 pr-2">{booking.status.replace('_', ' ')}</td>
									<td className="py-1 pr-2 text-right">{formatINR(booking.total)}</td>
									<td className="py-1 pr-2 text-right">{formatINR(booking.commission)}</td>
								</tr>
							))}
						</tbody>
					</table>
				) : (
					<p className="mt-2 text-sm text-slate-700">No bookings in these dates. Attribute a booking to this agent on its booking page.</p>
				)}
				<h3 className="mt-6 font-semibold">Leads</h3>
				{leads.length ? (
					<ul className="mt-2 space-y-1 text-sm">
						{leads.map((lead) => (
							<li key={lead.id}>
								<Link to={`/admin/leads/${lead.id}`} className="font-mono">
									{lead.reference}
								</Link>{' '}
								{lead.name} · {lead.status} · {formatTimestamp(lead.createdAt)}
							</li>
						))}
					</ul>
				) : (
					<p className="mt-2 text-sm text-slate-700">No leads in these dates. Attribute a lead to this agent on its lead page.</p>
				)}
			</Panel>
			<AgentCreditPanel
				agentId={agent.id}
				commissionPercent={agent.commissionBp / 100}
				credit={loaderData.credit}
				statement={loaderData.statement}
				range={range}
				submissionKey={loaderData.submissionKey}
				actionData={actionData}
			/>
			<Panel title="Agency details" id="details-heading">
				<Form method="post" className="space-y-3" {...getFormProps(form)}>
					<input type="hidden" name="intent" value="details" />
					<AgentFields fields={form.getFieldset()} />
					<Button type="submit" pending={isPending}>
						Save agency
					</Button>
				</Form>
			</Panel>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
