import { Mail, Phone } from 'lucide-react'
import { data, Form, Link, useNavigation } from 'react-router'
import { PriorityBadge, StatusBadge } from '~/features/leads/components/badges.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { AgentSelect } from '~/features/agents/components/agent-select.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { WhatsAppIcon } from '~/components/whatsapp-icon.tsx'
import { tierLabels } from '~/features/catalog/domain/packages.ts'
import { contactEventKinds, eventKindLabels, leadPriorities, leadStatuses, priorityLabels, sourceLabels, type LeadStatus } from '~/features/leads/domain/lead.ts'
import { budgetBands } from '~/features/leads/domain/quote-form.ts'
import { leadTransitions, lostReasonLabels, lostReasons, statusLabels } from '~/features/leads/domain/status.ts'
import { formatTimestamp, formatTravelDate, isIsoDate } from '~/lib/dates.ts'
import { isAppError } from '~/lib/errors.ts'
import { fieldErrors } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { islandLabel } from '~/lib/islands.ts'
import { formatPhone } from '~/lib/phone.ts'
import { site } from '~/lib/site.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { agentOptions, setLeadAgent } from '~/features/agents/server/agents.server.ts'
import { db } from '~/server/db/index.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { assignableStaff, changeLeadStatus, getLeadPage, logContact, mergeLeads, updateLeadWork } from '~/features/leads/server/desk.server.ts'
import { listItineraries } from '~/features/sales/server/itineraries.server.ts'
import { quotesForLead } from '~/features/sales/server/quotes.server.ts'
import { bookingsOfLead } from '~/features/bookings/server/trip-links.server.ts'
import { bookingStatusLabels } from '~/features/bookings/domain/booking.ts'
import { voucherStatusLabels } from '~/features/bookings/domain/voucher.ts'
import { intentFailure } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { quoteStatusLabels } from '~/features/sales/domain/quote.ts'
import { formatINR } from '~/lib/money.ts'
import type { Route } from './+types/lead'
import { plural } from '~/lib/words.ts'
import { interestLabel } from '~/features/rates/domain/activities.ts'
import { QuoteShareLink } from '~/features/sales/components/quote-share-link.tsx'
import { env } from '~/server/env.server.ts'

function notFound(): never {
	throw new Response('There is no lead with that id. It may have been merged; search the list by name or phone.', { status: 404, statusText: 'Page Not Found' })
}

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	if (!params.id || !isId(params.id)) notFound()
	try {
		const [page, staff, itineraries, quotes, bookings] = await Promise.all([
			getLeadPage(db(), params.id),
			assignableStaff(db()),
			listItineraries(db(), { q: '', leadId: params.id }),
			quotesForLead(db(), params.id),
			bookingsOfLead(db(), params.id),
		])
		return {
			...page,
			staff,
			agents: await agentOptions(db(), page.lead.agentId),
			itineraries,
			bookings,
			quotes: quotes.map((quote) => ({ id: quote.id, shareUrl: new URL(`/quote/${quote.id}`, env().SITE_URL).href, itineraryId: quote.itineraryId, version: quote.version, status: quote.status, total: quote.total })),
		}
	} catch (error) {
		if (isAppError(error) && error.code === 'not-found') notFound()
		throw error
	}
}

const optionalText = (max: number, message: string) =>
	z
		.string()
		.trim()
		.max(max, message)
		.optional()
		.transform((value) => value || null)

const schema = z.discriminatedUnion(
	'intent',
	[
		z.object({
			intent: z.literal('log'),
			kind: z.enum(contactEventKinds, { message: 'Choose what kind of entry this is: note, call, WhatsApp or email.' }),
			body: z.string().trim().min(2, 'Write what was said or done.').max(4000, 'Keep the entry under 4,000 characters.'),
		}),
		z.object({
			intent: z.literal('status'),
			status: z.enum(leadStatuses, { message: 'Choose the new status.' }),
			lostReason: optionalText(40, 'Choose why the lead was lost.'),
			note: optionalText(1000, 'Keep the note under 1,000 characters.'),
		}),
		z.object({
			intent: z.literal('work'),
			assigneeId: z
				.string()
				.optional()
				.transform((value) => value || null)
				.refine((value) => value === null || isId(value), { message: 'Choose someone from the team list.' }),
			priority: z.enum(leadPriorities, { message: 'Choose a priority.' }),
			nextFollowUp: z
				.string()
				.trim()
				.optional()
				.transform((value) => value || null)
				.refine((value) => value === null || isIsoDate(value), { message: 'Enter a real date for the follow-up, or leave it empty.' }),
		}),
		z.object({
			intent: z.literal('merge'),
			duplicateId: z.string().refine(isId, { message: 'Choose a lead from the duplicates list.' }),
		}),
	],
	{ message: 'Choose what to do with the lead.' },
)

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const form = Object.fromEntries([...(await request.formData())].filter(([, value]) => typeof value === 'string'))
	const intent = typeof form.intent === 'string' ? form.intent : ''
	// Partner attribution (docs/decisions/052-agents-and-commission.md).
	if (intent === 'agent' && params.id && isId(params.id)) {
		const agentId = typeof form.agentId === 'string' && isId(form.agentId) ? form.agentId : null
		try {
			const changed = await setLeadAgent(db(), actorOf(user), params.id, agentId)
			return redirectWithToast(`/admin/leads/${params.id}`, { title: changed ? (agentId ? 'Lead attributed to the agent' : 'Agent removed from the lead') : 'Nothing changed', type: changed ? 'success' : 'info' })
		} catch (error) {
			if (isAppError(error) && error.code === 'not-found') notFound()
			return intentFailure(intent, error)
		}
	}
	const parsed = schema.safeParse(form)
	if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error.issues) }, { status: 400 })
	if (!params.id || !isId(params.id)) notFound()
	const id = params.id
	const here = `/admin/leads/${id}`
	const input = parsed.data
	try {
		switch (input.intent) {
			case 'log':
				await logContact(db(), user, id, input.kind, input.body)
				return redirectWithToast(here, { title: `${eventKindLabels[input.kind]} added to the timeline` })
			case 'status': {
				const status = await changeLeadStatus(db(), user, id, input.status, input.lostReason, input.note)
				return redirectWithToast(here, { title: `Lead is now ${statusLabels[status].toLowerCase()}` })
			}
			case 'work': {
				const changed = await updateLeadWork(db(), user, id, input)
				return redirectWithToast(here, { title: changed ? 'Lead updated' : 'Nothing changed', type: changed ? 'success' : 'info' })
			}
			case 'merge': {
				const result = await mergeLeads(db(), user, id, input.duplicateId)
				return redirectWithToast(here, { title: 'Leads merged', description: `${result.movedEvents} timeline ${result.movedEvents === 1 ? 'entry' : 'entries'} moved to this lead.` })
			}
		}
	} catch (error) {
		if (isAppError(error) && error.code === 'not-found') notFound()
		return intentFailure(intent, error)
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `${loaderData.lead.reference} ${loaderData.lead.name} | Leads | Andaman Isles Travel admin` : 'Lead | Andaman Isles Travel admin' },
	{ name: 'robots', content: 'noindex' },
]

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
	return (
		<div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
			<dt className="text-sm font-medium text-slate-700">{label}</dt>
			<dd className="text-slate-900 sm:col-span-2">{children}</dd>
		</div>
	)
}

function monthLabel(month: string) {
	return new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))
}

const selectClass = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2'

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
	const { lead, events, duplicates, staff, mergedInto } = loaderData
	const pkg = loaderData.package
	const navigation = useNavigation()
	const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
	const errorsFor = (intent: string): Record<string, string> => (actionData && actionData.intent === intent ? (actionData.errors as Record<string, string>) : {})
	const statusErrors = errorsFor('status')
	const workErrors = errorsFor('work')
	const logErrors = errorsFor('log')
	const mergeErrors = errorsFor('merge')
	const next = leadTransitions[lead.status as LeadStatus] ?? []
	const firstName = lead.name.split(/\s+/)[0] ?? lead.name
	const whatsappText = `Hello ${firstName}, this is ${site.name} in Port Blair about your Andaman trip enquiry ${lead.reference}.`
	const phoneDigits = lead.phone?.replace(/\D/g, '') ?? ''
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<nav aria-label="Breadcrumb" className="text-sm">
				<Link to="/admin/leads" className="underline">
					Leads
				</Link> <span aria-hidden="true">/</span> <span className="font-mono">{lead.reference}</span>
			</nav>
			<div className="flex flex-wrap items-start justify-between gap-4">
				<div>
					<h1 className="text-2xl font-semibold text-slate-900">{lead.name}</h1>
					<p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
						<span className="font-mono">{lead.reference}</span>
						<StatusBadge status={lead.status} />
						<PriorityBadge priority={lead.priority} />
						{lead.lostReason ? <span className="text-sm">({lostReasonLabels[lead.lostReason as keyof typeof lostReasonLabels] ?? lead.lostReason})</span> : null}
					</p>
				</div>
				<div className="flex flex-wrap gap-2" aria-label="Quick actions" role="group">
					{lead.phone ? (
						<>
							<a href={`tel:${lead.phone}`} className={buttonClass('outline')}>
								<Phone aria-hidden="true" className="size-4" /> Call
							</a>
							<a href={`https://wa.me/${phoneDigits}?text=${encodeURIComponent(whatsappText)}`} className={buttonClass('outline')} target="_blank" rel="noreferrer">
								<WhatsAppIcon className="size-4" /> WhatsApp
							</a>
						</>
					) : null}
					{lead.email ? (
						<a href={`mailto:${lead.email}?subject=${encodeURIComponent(`Your Andaman trip (${lead.reference})`)}`} className={buttonClass('outline')}>
							<Mail aria-hidden="true" className="size-4" /> Email
						</a>
					) : null}
					<Link to={`/admin/create-itinerary?lead=${lead.id}`} className={buttonClass('primary')}>
						Create itinerary
					</Link>
				</div>
			</div>
			{mergedInto ? (
				<p role="status" className="rounded-md bg-yellow-50 p-3 text-yellow-900">
					This lead was merged into <Link to={`/admin/leads/${mergedInto.id}`} className="underline">{mergedInto.reference}</Link>. Work on it there.
				</p>
			) : null}

			<div className="grid gap-6 lg:grid-cols-3">
				<div className="space-y-6 lg:col-span-2">
					<section aria-labelledby="details-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
						<h2 id="details-heading" className="text-lg font-semibold">
							Enquiry
						</h2>
						<dl className="mt-2 divide-y divide-slate-100">
							<Detail label="Phone">{lead.phone ? formatPhone(lead.phone) : 'not given'}</Detail>
							<Detail label="Email">{lead.email ?? 'not given'}</Detail>
							<Detail label="Source">{sourceLabels[lead.source as keyof typeof sourceLabels] ?? lead.source}</Detail>
							<Detail label="Received">{formatTimestamp(lead.createdAt)}</Detail>
							<Detail label="When">
								{lead.travelStart ? `${formatTravelDate(lead.travelStart)}${lead.travelEnd ? ` to ${formatTravelDate(lead.travelEnd)}` : ''}` : lead.travelMonth ? monthLabel(lead.travelMonth) : 'not decided'}
							</Detail>
							<Detail label="Nights">{lead.nights ?? 'not given'}</Detail>
							<Detail label="Travellers">
								{lead.adults ?? '?'} {lead.adults === 1 ? 'adult' : 'adults'}
								{lead.childAges.length ? `, ${lead.childAges.length} ${lead.childAges.length === 1 ? 'child' : 'children'} aged ${lead.childAges.join(', ')}` : ''}
								{lead.infants ? `, ${plural(lead.infants, 'infant')}` : ''}
							</Detail>
							<Detail label="Budget">{lead.budget ? (budgetBands[lead.budget as keyof typeof budgetBands] ?? lead.budget) : 'not given'}</Detail>
							<Detail label="Hotels">{lead.tier ? (tierLabels[lead.tier as keyof typeof tierLabels] ?? lead.tier) : 'no preference'}</Detail>
							<Detail label="Islands">{lead.islands.length ? lead.islands.map(islandLabel).join(', ') : 'not given'}</Detail>
							{lead.interests.length ? <Detail label="Interests">{lead.interests.map(interestLabel).join(', ')}</Detail> : null}
							<Detail label="Package">{pkg ? <Link to={`/packages/${pkg.slug}`} className="underline">{pkg.title} ({pkg.nights} nights)</Link> : 'none'}</Detail>
							{lead.agentId ? (
								<Detail label="Agent">
									<Link to={`/admin/agents/${lead.agentId}`}>{loaderData.agents.find((agent) => agent.value === lead.agentId)?.label ?? 'Agent'}</Link>
								</Detail>
							) : null}
							<Detail label="Message">{lead.message ? <span className="whitespace-pre-line">{lead.message}</span> : 'none'}</Detail>
						</dl>
						{lead.builder ? (
							<details className="mt-3">
								<summary className="cursor-pointer font-medium">Trip builder snapshot</summary>
								<pre className="mt-2 max-h-80 overflow-auto rounded-md bg-slate-50 p-3 text-xs" data-testid="builder-snapshot">
									{JSON.stringify(lead.builder, null, 2)}
								</pre>
							</details>
						) : null}
					</section>

					{loaderData.bookings.length ? (
						<section aria-labelledby="bookings-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
							<h2 id="bookings-heading" className="text-lg font-semibold">
								Bookings
							</h2>
							<ul className="mt-3 space-y-2 [&_a]:underline">
								{loaderData.bookings.map((booking) => (
									<li key={booking.id}>
										<Link to={`/admin/pending/${booking.id}`} className="font-mono">
											{booking.reference}
										</Link>{' '}
										· {bookingStatusLabels[booking.status]} · arrives {formatTravelDate(booking.startDate)}, {booking.nights} nights · {formatINR(booking.total)}
										{booking.vouchers.length || booking.ferryBookings.length ? (
											<ul className="ml-4 text-sm">
												{booking.vouchers.map((voucher) => (
													<li key={voucher.id}>
														<a href={`/voucher/${voucher.id}`}>Voucher v{voucher.version}</a> · {voucherStatusLabels[voucher.status]}
													</li>
												))}
												{booking.ferryBookings.map((ferry) => (
													<li key={ferry.id}>
														Ferry <Link to={`/admin/ferry-bookings/${ferry.id}`}>{ferry.reference}</Link> · {ferry.route}, {formatTravelDate(ferry.date)}
													</li>
												))}
											</ul>
										) : null}
									</li>
								))}
							</ul>
						</section>
					) : null}

					<section aria-labelledby="itineraries-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
						<h2 id="itineraries-heading" className="text-lg font-semibold">
							Itineraries and quotes
						</h2>
						{loaderData.itineraries.length ? (
							<ul className="mt-3 space-y-2">
								{loaderData.itineraries.map((itinerary) => (
									<li key={itinerary.id}>
										<Link to={`/admin/create-itinerary/${itinerary.id}`}>{itinerary.title}</Link> · {itinerary.reference} · {itinerary.total !== null ? formatINR(itinerary.total) : 'not priced'}
										<ul className="ml-4 text-sm">
											{loaderData.quotes
												.filter((quote) => quote.itineraryId === itinerary.id)
												.map((quote) => (
													<li key={quote.id}>
														<Link to={`/quote/${quote.id}`}>Quote v{quote.version}</Link> · {quoteStatusLabels[quote.status]} · {formatINR(quote.total)}
														{quote.status === 'sent' || quote.status === 'viewed' ? (
															<QuoteShareLink url={quote.shareUrl} phone={loaderData.lead.phone} greeting={`Hello ${loaderData.lead.name}, here is your Andaman trip quote (version ${quote.version}):`} className="my-2" />
														) : null}
														{loaderData.bookings
															.filter((booking) => booking.quoteId === quote.id)
															.map((booking) => (
																<span key={booking.id}>
																	{' '}
																	· booked as <Link to={`/admin/pending/${booking.id}`}>{booking.reference}</Link>
																</span>
															))}
													</li>
												))}
										</ul>
									</li>
								))}
							</ul>
						) : (
							<p className="mt-2 text-slate-700">None yet.</p>
						)}
						<Link to={`/admin/create-itinerary?lead=${lead.id}`} className="mt-3 inline-block">
							Start an itinerary for this lead
						</Link>{' '}
						<Link to={`/admin/create-itinerary?lead=${lead.id}&archived=1`} className="mt-3 ml-3 inline-block text-sm">
							Show archived itineraries
						</Link>
					</section>

					<section aria-labelledby="timeline-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
						<h2 id="timeline-heading" className="text-lg font-semibold">
							Timeline
						</h2>
						<Form method="post" className="mt-3 space-y-3" aria-label="Add to the timeline">
							<input type="hidden" name="intent" value="log" />
							<div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
								<label className="block text-sm font-medium text-slate-800">
									Kind
									<select name="kind" defaultValue="note" className={selectClass}>
										{contactEventKinds.map((kind) => (
											<option key={kind} value={kind}>
												{eventKindLabels[kind]}
											</option>
										))}
									</select>
								</label>
								<label className="block text-sm font-medium text-slate-800">
									What was said or done
									<textarea
										name="body"
										rows={3}
										className={`${selectClass} text-base`}
										aria-invalid={logErrors.body ? true : undefined}
										aria-describedby={logErrors.body ? 'log-body-error' : undefined}
									/>
								</label>
							</div>
							{logErrors.body || logErrors.kind || logErrors.form ? (
								<p id="log-body-error" className="text-sm font-medium text-error-700" role="alert">
									{logErrors.body ?? logErrors.kind ?? logErrors.form}
								</p>
							) : null}
							<Button type="submit" pending={busy('log')}>
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
				</div>

				<div className="space-y-6">
					<section aria-labelledby="status-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
						<h2 id="status-heading" className="text-lg font-semibold">
							Status
						</h2>
						{next.length === 0 || mergedInto ? (
							<p className="mt-2 text-sm text-slate-700">{mergedInto ? 'Merged leads do not change status.' : 'A won lead is final.'}</p>
						) : (
							<Form method="post" className="mt-3 space-y-3">
								<input type="hidden" name="intent" value="status" />
								<label className="block text-sm font-medium text-slate-800">
									Move to
									<select name="status" className={selectClass} defaultValue={next[0]}>
										{next.map((status) => (
											<option key={status} value={status}>
												{statusLabels[status]}
											</option>
										))}
									</select>
								</label>
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
								<label className="block text-sm font-medium text-slate-800">
									Note (optional)
									<input name="note" className={selectClass} />
								</label>
								{statusErrors.lostReason || statusErrors.form || statusErrors.status ? (
									<p id="lost-reason-error" className="text-sm font-medium text-error-700" role="alert">
										{statusErrors.lostReason ?? statusErrors.form ?? statusErrors.status}
									</p>
								) : null}
								<Button type="submit" pending={busy('status')}>
									Change status
								</Button>
							</Form>
						)}
					</section>

					<section aria-labelledby="work-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
						<h2 id="work-heading" className="text-lg font-semibold">
							Who and when
						</h2>
						<Form method="post" className="mt-3 space-y-3">
							<input type="hidden" name="intent" value="work" />
							<label className="block text-sm font-medium text-slate-800">
								Assigned to
								<select name="assigneeId" defaultValue={lead.assigneeId ?? ''} className={selectClass}>
									<option value="">Nobody yet</option>
									{staff.map((person) => (
										<option key={person.id} value={person.id}>
											{person.name}
										</option>
									))}
								</select>
							</label>
							<label className="block text-sm font-medium text-slate-800">
								Priority
								<select name="priority" defaultValue={lead.priority} className={selectClass}>
									{leadPriorities.map((priority) => (
										<option key={priority} value={priority}>
											{priorityLabels[priority]}
										</option>
									))}
								</select>
							</label>
							<label className="block text-sm font-medium text-slate-800">
								Next follow-up
								<input
									type="date"
									name="nextFollowUp"
									defaultValue={lead.nextFollowUp ?? ''}
									className={selectClass}
									aria-invalid={workErrors.nextFollowUp ? true : undefined}
									aria-describedby={workErrors.nextFollowUp ? 'follow-up-error' : undefined}
								/>
							</label>
							{Object.values(workErrors).length ? (
								<p id="follow-up-error" className="text-sm font-medium text-error-700" role="alert">
									{workErrors.nextFollowUp ?? workErrors.assigneeId ?? workErrors.priority ?? workErrors.form}
								</p>
							) : null}
							<Button type="submit" pending={busy('work')}>
								Save
							</Button>
						</Form>
						<AgentSelect agents={loaderData.agents} current={lead.agentId} error={errorsFor('agent').agentId ?? errorsFor('agent').form} />
					</section>

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
												<Button type="submit" size="sm" variant="outline" pending={busy('merge') && navigation.formData?.get('duplicateId') === duplicate.id}>
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
				</div>
			</div>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
