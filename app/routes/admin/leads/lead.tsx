import { Mail, Phone } from 'lucide-react'
import { Link } from 'react-router'
import { PriorityBadge, StatusBadge } from '~/features/leads/components/badges.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { WhatsAppIcon } from '~/components/whatsapp-icon.tsx'
import { type LeadStatus } from '~/features/leads/domain/lead.ts'
import { leadTransitions, lostReasonLabels } from '~/features/leads/domain/status.ts'
import { site } from '~/lib/site.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import type { Route } from './+types/lead'
import { DuplicatesPanel, StatusPanel, TimelinePanel, WorkPanel } from './lead-forms.tsx'
import { leadAction, leadIdOf, loadLeadPage } from './lead.server.ts'
import { BookingsPanel, EnquiryPanel, ItinerariesPanel } from './lead-sections.tsx'

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	return loadLeadPage(leadIdOf(params.id))
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	return leadAction(await request.formData(), user, params.id)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title: loaderData ? `${loaderData.lead.reference} ${loaderData.lead.name} | Leads | Andaman Isles Travel admin` : 'Lead | Andaman Isles Travel admin',
	},
	{ name: 'robots', content: 'noindex' },
]

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
	const { lead, events, duplicates, staff, mergedInto } = loaderData
	const next = leadTransitions[lead.status as LeadStatus] ?? []
	const firstName = lead.name.split(/\s+/)[0] ?? lead.name
	const whatsappText = `Hello ${firstName}, this is ${site.name} in Port Blair about your Andaman trip enquiry ${lead.reference}.`
	const phoneDigits = lead.phone?.replace(/\D/g, '') ?? ''
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<nav aria-label="Breadcrumb" className="text-sm">
				<Link to="/admin/leads" className="underline">
					Leads
				</Link>{' '}
				<span aria-hidden="true">/</span> <span className="font-mono">{lead.reference}</span>
			</nav>
			<div className="flex flex-wrap items-start justify-between gap-4">
				<div>
					<h1 className="text-2xl font-semibold text-slate-900">{lead.name}</h1>
					<p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
						<span className="font-mono">{lead.reference}</span>
						<StatusBadge status={lead.status} />
						<PriorityBadge priority={lead.priority} />
						{lead.lostReason ? (
							<span className="text-sm">({lostReasonLabels[lead.lostReason as keyof typeof lostReasonLabels] ?? lead.lostReason})</span>
						) : null}
					</p>
				</div>
				<div className="flex flex-wrap gap-2" aria-label="Quick actions" role="group">
					{lead.phone ? (
						<>
							<a href={`tel:${lead.phone}`} className={buttonClass('outline')}>
								<Phone aria-hidden="true" className="size-4" /> Call
							</a>
							<a
								href={`https://wa.me/${phoneDigits}?text=${encodeURIComponent(whatsappText)}`}
								className={buttonClass('outline')}
								target="_blank"
								rel="noreferrer"
							>
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
					This lead was merged into{' '}
					<Link to={`/admin/leads/${mergedInto.id}`} className="underline">
						{mergedInto.reference}
					</Link>
					. Work on it there.
				</p>
			) : null}

			<div className="grid gap-6 lg:grid-cols-3">
				<div className="space-y-6 lg:col-span-2">
					<EnquiryPanel lead={lead} pkg={loaderData.package} agents={loaderData.agents} />
					<BookingsPanel bookings={loaderData.bookings} />
					<ItinerariesPanel lead={lead} itineraries={loaderData.itineraries} quotes={loaderData.quotes} bookings={loaderData.bookings} />
					<TimelinePanel events={events} actionData={actionData} />
				</div>

				<div className="space-y-6">
					<StatusPanel next={next} mergedInto={mergedInto} actionData={actionData} />
					<WorkPanel lead={lead} staff={staff} agents={loaderData.agents} actionData={actionData} />
					<DuplicatesPanel duplicates={duplicates} mergedInto={mergedInto} actionData={actionData} />
				</div>
			</div>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
