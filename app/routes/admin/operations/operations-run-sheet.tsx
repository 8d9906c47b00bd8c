import { Form, Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { PrintButton } from '~/components/ui/print-button.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { lineKindLabels, partyLine } from '~/features/operations/domain/day-sheet.ts'
import { resourceKindLabels, whatsappLink } from '~/features/operations/domain/resources.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { markRunSheetSent, runSheet } from '~/features/operations/server/operations.server.ts'
import { addDays, formatTimestamp, formatTravelDate, isIsoDate, todayInIndia } from '~/lib/dates.ts'
import { foundOr404 } from '~/lib/errors.ts'
import { useIsPending } from '~/lib/forms.ts'
import { db } from '~/server/db/index.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/operations-run-sheet'

function dateOf(request: Request): string {
	const date = new URL(request.url).searchParams.get('date')
	if (date === null || date === '') return addDays(todayInIndia(), 1)
	if (!isIsoDate(date)) throw new Response('Give the date as a calendar date (YYYY-MM-DD).', { status: 400 })
	return date
}

/** One driver's or guide's runs of a day: printable, and as the WhatsApp text (docs/decisions/193-resources-assigned-under-the-resource-lock.md). */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	return foundOr404(runSheet(db(), params.id, dateOf(request)), 'That driver, vehicle or guide does not exist.')
}

/** “Mark as sent”: keeps the text sent, so a later change flags the sheet. Posting again after a change re-sends. */
export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const date = dateOf(request)
	await foundOr404(markRunSheetSent(db(), params.id, date, actorOf(user)), 'That driver, vehicle or guide does not exist.')
	return redirectWithToast(`/admin/operations/run-sheet/${params.id}?date=${date}`, {
		title: 'Marked as sent',
		description: 'A later change to these runs will be flagged.',
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `Run sheet ${loaderData?.resource.name ?? ''} | Andaman Isles Travel admin` },
	{ name: 'robots', content: 'noindex' },
]

export default function RunSheet({ loaderData }: Route.ComponentProps) {
	const { resource, date, lines, text, state, sentAt } = loaderData
	const sending = useIsPending({ state: 'submitting' })
	return (
		<main id="main" className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6 print:max-w-none print:p-0">
			<style>
				{'@media print { @page { size: A4; margin: 12mm } aside, header, nav, footer, .no-print { display: none !important } li { break-inside: avoid } }'}
			</style>
			<Link to={`/admin/operations?date=${date}`} className="no-print">
				← Operations, {formatTravelDate(date)}
			</Link>
			<h1 className="text-2xl font-semibold">
				{resource.name}, {formatTravelDate(date)}
			</h1>
			<p className="text-slate-700">
				{resourceKindLabels[resource.kind]}
				{resource.phone ? ` · ${resource.phone}` : ''} · {lines.length} {lines.length === 1 ? 'run' : 'runs'} · times in India time (IST)
			</p>
			{state === 'changed' ? (
				<p role="alert" className="no-print rounded-md bg-error-50 p-3 font-medium text-error-700">
					These runs changed after the sheet was sent{sentAt ? ` (${formatTimestamp(sentAt)})` : ''}: send it again.
				</p>
			) : state === 'sent' && sentAt ? (
				<p className="no-print text-success-800">Sent {formatTimestamp(sentAt)}; nothing changed since.</p>
			) : null}
			<ol className="divide-y divide-slate-200 rounded-xl border border-slate-200">
				{lines.map((line) => (
					<li key={line.key} className="p-3">
						<p className="font-semibold">
							<span className="font-mono">{line.at ?? 'time TBC'}</span> {lineKindLabels[line.kind]}: {line.description}
						</p>
						<p className="text-sm">
							{partyLine(line)} · {line.contactPhone} · {line.reference}
							{line.place ? ` · from ${line.place}` : ''}
							{line.flight?.number ? ` · flight ${line.flight.number}${line.flight.time ? ` ${line.flight.time}` : ''}` : ''}
							{line.ferry?.departure ? ` · ferry ${line.ferry.departure}, at ${line.ferry.jetty ?? 'the jetty'} by ${line.ferry.reporting}` : ''}
						</p>
					</li>
				))}
				{lines.length === 0 ? <li className="p-3">No runs on this day.</li> : null}
			</ol>
			<section aria-labelledby="text-heading" className="no-print space-y-2">
				<h2 id="text-heading" className="text-lg font-semibold">
					WhatsApp text
				</h2>
				<label className="block text-sm font-medium text-slate-800">
					Copy this to the driver
					<textarea
						readOnly
						rows={Math.min(16, lines.length + 3)}
						value={text}
						className="mt-1 block w-full rounded-md border border-slate-300 p-2 font-mono text-xs"
						data-testid="run-sheet-text"
					/>
				</label>
				<div className="flex flex-wrap gap-2">
					<a href={whatsappLink(resource.phone, text)} target="_blank" rel="noreferrer" className={buttonClass('outline')}>
						Open in WhatsApp
					</a>
					<Form method="post">
						<Button type="submit" pending={sending}>
							{state === 'changed' ? 'Mark as sent again' : 'Mark as sent'}
						</Button>
					</Form>
					<PrintButton variant="ghost" />
				</div>
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
