import { AlertTriangle, Phone } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { PrintButton } from '~/components/ui/print-button.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { SelectField } from '~/components/ui/field.tsx'
import { FilterDate, FilterSelect } from '~/components/admin/list-filters.tsx'
import { kindFilterLabels, kindFilters, lineKindLabels, partyLine, sheetQuerySchema } from '~/features/operations/domain/day-sheet.ts'
import { assignFormSchema, resourceKindLabels, whatsappLink, type Resource, type ResourceKind } from '~/features/operations/domain/resources.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { assignLine } from '~/features/operations/server/operations.server.ts'
import { operationsPage } from '~/features/operations/server/operations-page.server.ts'
import { formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { islandSlugs, islands } from '~/lib/islands.ts'
import type { z } from '~/lib/zod.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { db } from '~/server/db/index.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/operations'

/** The day sheet: every movement of a date (tomorrow unless asked), by island, with who serves it (docs/decisions/192-the-day-sheet-from-booking-components-and-flights.md). */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const parsed = sheetQuerySchema(todayInIndia()).safeParse(Object.fromEntries(new URL(request.url).searchParams))
	if (!parsed.success) throw new Response(parsed.error.issues[0]!.message, { status: 400 })
	return operationsPage(db(), parsed.data)
}

type Context = { actor: Actor; back: string; date: string }

async function assign(form: z.output<typeof assignFormSchema>, { actor, back, date }: Context) {
	const { conflicts } = await assignLine(db(), date, form, actor)
	return redirectWithToast(
		back,
		conflicts.length
			? { type: 'warning', title: 'Assigned in spite of a conflict', description: conflicts.join('. ') }
			: { title: 'Assigned', description: 'The driver’s run sheet now has this line.' },
	)
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const url = new URL(request.url)
	const query = sheetQuerySchema(todayInIndia()).safeParse(Object.fromEntries(url.searchParams))
	if (!query.success) throw new Response(query.error.issues[0]!.message, { status: 400 })
	const back = `/admin/operations${url.search}`
	return runIntent(
		await request.formData(),
		{ assign: intent(assignFormSchema, assign) },
		{ unknown: 'Choose a driver, vehicle or guide and press Assign.', context: () => ({ actor: actorOf(user), back, date: query.data.date }) },
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `Operations ${loaderData?.date ?? ''} | Andaman Isles Travel admin` },
	{ name: 'robots', content: 'noindex' },
]

const printStyle =
	'@media print { @page { size: A4; margin: 10mm } aside, header, nav, footer, .no-print { display: none !important } main { font-size: 10pt; max-width: none !important; padding: 0 !important } .island-sheet { break-after: page; border: 0 !important; padding: 0 !important } .island-sheet:last-of-type { break-after: auto } .sheet-line { break-inside: avoid; padding: 2mm 0 !important } }'

type Loaded = Route.ComponentProps['loaderData']
type Line = Loaded['groups'][number]['lines'][number]

function ResourceSelect({
	kind,
	island,
	resources,
	value,
}: {
	kind: ResourceKind
	island: string | null
	resources: readonly Resource[]
	value: string | null
}) {
	const mine = resources.filter((resource) => resource.kind === kind && (resource.island === island || resource.id === value))
	return (
		<SelectField
			label={resourceKindLabels[kind]}
			name={`${kind}Id`}
			defaultValue={value ?? ''}
			options={[
				{ value: '', label: 'None' },
				...mine.map((resource) => ({
					value: resource.id,
					label: `${resource.name}${resource.kind === 'vehicle' ? ` (${resource.seats} seats${resource.plate ? `, ${resource.plate}` : ''})` : ''}`,
				})),
			]}
		/>
	)
}

function AssignForm({
	line,
	resources,
	refused,
}: {
	line: Line
	resources: readonly Resource[]
	refused: { message: string; values: Record<string, string> } | null
}) {
	const pending = useIsPending({ intent: 'assign' })
	const posted = useNavigation().formData?.get('componentId') === line.componentId
	const values = refused?.values
	return (
		<details className="no-print mt-2" open={!!refused}>
			<summary className="cursor-pointer text-sm font-medium text-primary-700">
				{line.assignment ? 'Change driver, vehicle or guide' : 'Assign driver, vehicle or guide'}
			</summary>
			<Form method="post" className="mt-2 grid gap-2 sm:grid-cols-4 sm:items-end">
				<input type="hidden" name="intent" value="assign" />
				<input type="hidden" name="componentId" value={line.componentId} />
				<input type="hidden" name="revision" value={line.assignment?.revision ?? 0} />
				<ResourceSelect kind="driver" island={line.island} resources={resources} value={values?.driverId ?? line.assignment?.driverId ?? null} />
				<ResourceSelect kind="vehicle" island={line.island} resources={resources} value={values?.vehicleId ?? line.assignment?.vehicleId ?? null} />
				<ResourceSelect kind="guide" island={line.island} resources={resources} value={values?.guideId ?? line.assignment?.guideId ?? null} />
				<div className="flex flex-wrap gap-2">
					<Button type="submit" size="sm" pending={pending && posted}>
						Assign
					</Button>
					{refused ? (
						<Button type="submit" size="sm" variant="outline" name="confirm" value="yes">
							Assign anyway
						</Button>
					) : null}
				</div>
				{refused ? (
					<p role="alert" className="text-sm font-medium text-error-700 sm:col-span-4">
						{refused.message}
					</p>
				) : null}
			</Form>
		</details>
	)
}

function SheetLine({
	date,
	line,
	resources,
	refused,
}: {
	date: string
	line: Line
	resources: readonly Resource[]
	refused: { message: string; values: Record<string, string> } | null
}) {
	const flagged = line.impossible.length > 0 || line.conflicts.length > 0
	return (
		<li className={`sheet-line border-b border-slate-200 py-3 last:border-0 ${flagged ? 'bg-error-50/50' : ''}`} data-testid="sheet-line" data-kind={line.kind}>
			<div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
				<span className="w-14 font-mono text-lg font-semibold">{line.at ?? '—'}</span>
				<span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-700">{lineKindLabels[line.kind]}</span>
				<span className="font-medium">{line.description}</span>
				<Link to={`/admin/pending/${line.bookingId}`} className="font-mono text-sm">
					{line.reference}
				</Link>
			</div>
			<div className="mt-1 space-y-0.5 pl-0 text-sm text-slate-800 sm:pl-[4.25rem]">
				<p>
					{partyLine(line)} ·{' '}
					<a href={`tel:${line.contactPhone}`} className="inline-flex items-center gap-1">
						<Phone aria-hidden="true" className="size-3" />
						{line.contactPhone}
					</a>
				</p>
				{line.place ? <p>Pickup: {line.place}</p> : null}
				{line.flight ? (
					<p>
						Flight {line.flight.number ?? 'not given'}
						{line.flight.time ? ` · ${line.kind === 'arrival' ? 'lands' : 'leaves'} ${line.flight.time}` : ''}{' '}
						<Link to={`/admin/operations/flights/${line.bookingId}?date=${date}`} className="no-print">
							Edit flights
						</Link>
					</p>
				) : null}
				{line.ferry ? (
					<p>
						Sails {line.ferry.departure ?? 'time to be confirmed'} · report by <strong>{line.ferry.reporting ?? '—'}</strong> at{' '}
						{line.ferry.jetty ?? 'the jetty'}
						{line.supplier ? ` · ${line.supplier}` : ''} · PNR {line.confirmationNumber ?? 'not yet'}
					</p>
				) : null}
				{line.assignable ? (
					<p data-testid="assigned">
						{line.driver ? `Driver ${line.driver.name}${line.driver.phone ? ` (${line.driver.phone})` : ''}` : 'No driver'}
						{line.vehicle ? ` · ${line.vehicle.name}${line.vehicle.plate ? ` ${line.vehicle.plate}` : ''}` : ''}
						{line.guide ? ` · Guide ${line.guide.name}` : ''}
					</p>
				) : null}
				{line.missing.length ? (
					<p className="flex flex-wrap gap-1">
						{line.missing.map((gap) => (
							<span key={gap} className="rounded bg-warning-100 px-2 py-0.5 text-xs font-medium text-warning-900">
								{gap}
							</span>
						))}
					</p>
				) : null}
				{[...line.impossible, ...line.conflicts].map((problem) => (
					<p key={problem} className="flex items-start gap-1 font-medium text-error-700">
						<AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
						{problem}
					</p>
				))}
				{line.assignable ? <AssignForm line={line} resources={resources} refused={refused} /> : null}
			</div>
		</li>
	)
}

export default function Operations({ loaderData, actionData }: Route.ComponentProps) {
	const { date, island, kind, previous, next, groups, lineCount, problemCount, islandsOfDay, resources, runSheets, messages } = loaderData
	const result = resultFor(actionData, 'assign')
	const values = valuesOf(result)
	const formError = errorsOf(result).form ?? Object.values(errorsOf(result))[0]
	const refusedFor = (line: Line) => (formError && values.componentId === line.componentId ? { message: formError, values } : null)
	const keep = (to: string) => `?${new URLSearchParams({ date: to, ...(island ? { island } : {}), ...(kind ? { kind } : {}) })}`
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6">
			<style>{printStyle}</style>
			<div className="no-print flex flex-wrap items-center justify-between gap-2 text-sm">
				<div className="flex flex-wrap gap-3">
					<Link to="/admin/operations/resources">Drivers, vehicles and guides</Link>
					<Link to={`/admin/ferry-bookings/manifest?date=${date}`}>Ferry manifest</Link>
				</div>
			</div>
			<h1 className="text-2xl font-semibold">Operations, {formatTravelDate(date)}</h1>
			<Form method="get" className="no-print grid grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap">
				<FilterDate label="Date" name="date" value={date} />
				<FilterSelect
					label="Island"
					name="island"
					value={island}
					options={[
						{ value: '', label: 'All islands' },
						...islandSlugs.map((slug) => ({ value: slug, label: islands[slug].name })),
						{ value: 'none', label: 'Island not set' },
					]}
				/>
				<FilterSelect
					label="Kind"
					name="kind"
					value={kind}
					options={[
						{ value: '', label: 'Everything' },
						...(Object.keys(kindFilters) as Array<keyof typeof kindFilters>).map((value) => ({ value, label: kindFilterLabels[value] })),
					]}
				/>
				<Button type="submit" variant="outline">
					Show
				</Button>
				<Link to={keep(previous)} className={buttonClass('ghost')}>
					Previous day
				</Link>
				<Link to={keep(next)} className={buttonClass('ghost')}>
					Next day
				</Link>
				<PrintButton />
			</Form>
			<p className="text-slate-700" data-testid="sheet-summary">
				{lineCount} {lineCount === 1 ? 'line' : 'lines'}
				{problemCount ? `, ${problemCount} need attention` : ''}. Times are India time (IST).
				{islandsOfDay.length > 1 && !island ? ` Islands: ${islandsOfDay.map((group) => group.label.split(' (')[0]).join(', ')}.` : ''}
			</p>
			{groups.length === 0 ? (
				<p className="rounded-lg border border-slate-200 p-4">Nothing moves on this day{island || kind ? ' with these filters' : ''}.</p>
			) : null}
			{groups.map((group) => (
				<section key={group.island ?? 'none'} aria-label={group.label} className="island-sheet rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
					<h2 className="text-lg font-semibold">
						{group.label} <span className="hidden text-sm font-normal print:inline">· {formatTravelDate(date)}</span>
					</h2>
					<ol className="mt-1">
						{group.lines.map((line) => (
							<SheetLine key={line.key} date={date} line={line} resources={resources} refused={refusedFor(line)} />
						))}
					</ol>
				</section>
			))}
			{runSheets.length ? (
				<section aria-labelledby="runs-heading" className="no-print">
					<h2 id="runs-heading" className="text-lg font-semibold">
						Run sheets
					</h2>
					<ul className="mt-2 space-y-1">
						{runSheets.map((row) => (
							<li key={row.resource.id} className="flex flex-wrap items-center gap-2">
								<Link to={`/admin/operations/run-sheet/${row.resource.id}?date=${date}`}>
									{row.resource.name} ({resourceKindLabels[row.resource.kind].toLowerCase()}), {row.runs} {row.runs === 1 ? 'run' : 'runs'}
								</Link>
								<span
									className={`rounded px-2 py-0.5 text-xs font-semibold ${row.state === 'changed' ? 'bg-error-100 text-error-800' : row.state === 'sent' ? 'bg-success-100 text-success-800' : 'bg-slate-100 text-slate-700'}`}
								>
									{row.state === 'changed' ? 'Changed since sent: tell the driver again' : row.state === 'sent' ? 'Sent' : 'Not sent yet'}
								</span>
							</li>
						))}
					</ul>
				</section>
			) : null}
			{messages.length ? (
				<section aria-labelledby="messages-heading" className="no-print">
					<h2 id="messages-heading" className="text-lg font-semibold">
						Messages to travellers
					</h2>
					<div className="mt-2 space-y-2">
						{messages.map((message) => (
							<details key={message.bookingId} className="rounded-lg border border-slate-200 p-3">
								<summary className="cursor-pointer font-medium">
									{message.reference}, {message.contactName}
								</summary>
								<label className="mt-2 block text-sm font-medium text-slate-800">
									“Your trip tomorrow” message
									<textarea readOnly rows={6} value={message.text} className="mt-1 block w-full rounded-md border border-slate-300 p-2 font-mono text-xs" />
								</label>
								<a href={whatsappLink(message.contactPhone, message.text)} className={`${buttonClass('outline', 'sm')} mt-2`} target="_blank" rel="noreferrer">
									Open in WhatsApp
								</a>
							</details>
						))}
					</div>
				</section>
			) : null}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
