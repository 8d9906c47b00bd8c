import { FormError } from '~/components/admin/panel.tsx'
import { Form, Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { type NightStatus, saleModeLabels, saleModes } from '~/features/inventory/domain/availability.ts'
import { contractImportSchema, liftSchema, monthParam, rangeSchema, stopSaleSchema, termsSchema } from '~/features/inventory/domain/forms.ts'
import { importContractCsv } from '~/features/inventory/server/contract.server.ts'
import { CsvImportForm, importProblems } from '~/components/admin/csv-import.tsx'
import { refuseImport, uploadedCsv } from '~/server/csv-import.server.ts'
import { addStopSale, editRange, hotelMonth, liftStopSale, saveSaleTerms } from '~/features/inventory/server/inventory.server.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { islandName } from '~/features/rates/domain/options.ts'
import { addDays, formatLongMonth, formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { foundOr404 } from '~/lib/errors.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import type { z } from '~/lib/zod.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { db } from '~/server/db/index.server.ts'
import { intent, type Posted, runIntent } from '~/server/form-intents.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/hotel-availability'

/** A hotel's availability calendar (docs/inventory.md): a month of room types × nights, a bulk edit, stop-sales and how the hotel sells. */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	const today = todayInIndia()
	const month = monthParam(new URL(request.url).searchParams.get('month'), today)
	return { today, ...(await foundOr404(hotelMonth(db(), params.id ?? '', month, today), 'That hotel does not exist.')) }
}

type IntentArgs = { hotelId: string; actor: Actor; back: string }

async function saveTerms(input: z.output<typeof termsSchema>, { hotelId, actor, back }: IntentArgs) {
	await saveSaleTerms(db(), hotelId, { mode: input.mode, releaseDays: input.releaseDays }, actor)
	return redirectWithToast(back, { title: `Sells as: ${saleModeLabels[input.mode]}` })
}

async function saveRange(input: z.output<typeof rangeSchema>, { hotelId, actor, back }: IntentArgs) {
	const { nights } = await editRange(
		db(),
		hotelId,
		{
			roomTypeIds: input.roomTypeIds,
			first: input.first,
			last: input.last,
			weekdays: input.weekdays,
			...(input.allotment !== undefined ? { allotment: input.allotment } : {}),
			...(input.releaseDays !== undefined ? { releaseDays: input.releaseDays } : {}),
			...(input.minStay !== undefined ? { minStay: input.minStay } : {}),
			...(input.closedToArrival ? { closedToArrival: input.closedToArrival === 'yes' } : {}),
		},
		actor,
	)
	return redirectWithToast(back, { title: `Saved ${nights} room-nights` })
}

async function saveStop(input: z.output<typeof stopSaleSchema>, { hotelId, actor, back }: IntentArgs) {
	const { merged } = await addStopSale(
		db(),
		hotelId,
		{ firstNight: input.first, lastNight: input.last, reason: input.reason, roomTypeId: input.roomTypeId || null },
		actor,
	)
	return redirectWithToast(back, { title: merged ? 'Stop-sale added and merged with the one it overlaps' : 'Stop-sale added' })
}

async function lift(input: z.output<typeof liftSchema>, { hotelId, actor, back }: IntentArgs) {
	await liftStopSale(db(), hotelId, input.stopSaleId, actor)
	return redirectWithToast(back, { title: 'Stop-sale lifted' })
}

async function importContract(input: z.output<typeof contractImportSchema>, { hotelId, actor, back }: IntentArgs, { formData, submission }: Posted) {
	const upload = await uploadedCsv(formData, input.csv, submission)
	if (upload.refused) return upload.refused
	const result = await importContractCsv(db(), hotelId, upload.csv, actor)
	if (!result.ok) return refuseImport(submission, result.problems)
	return redirectWithToast(back, {
		title: `Contract imported: ${result.ranges} night ranges, ${result.stopSales} stop-sales${result.terms ? ', sale terms' : ''}`,
	})
}

const intents = {
	terms: intent(termsSchema, saveTerms),
	range: intent(rangeSchema, saveRange),
	stop: intent(stopSaleSchema, saveStop),
	lift: intent(liftSchema, lift),
	import: intent(contractImportSchema, importContract),
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const month = monthParam(new URL(request.url).searchParams.get('month'), todayInIndia())
	const hotelId = params.id ?? ''
	return runIntent(request.formData(), intents, {
		unknown: { formError: 'Choose what to save.' },
		missing: 'That hotel does not exist.',
		context: () => ({ hotelId, actor: { id: user.id, label: user.email }, back: `/admin/hotels/${hotelId}/availability?month=${month}` }),
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `Availability: ${loaderData?.hotel.name ?? 'Hotel'} | Andaman Isles Travel admin` },
	{ name: 'robots', content: 'noindex' },
]

const statusStyle: Record<NightStatus, string> = {
	free: 'bg-success-50 text-success-800 border-success-200',
	low: 'bg-warning-50 text-warning-900 border-warning-300',
	full: 'bg-error-50 text-error-800 border-error-200',
	'stop-sale': 'bg-slate-800 text-white border-slate-800',
	'on-request': 'bg-info-50 text-info-900 border-info-200',
}
const statusLabel: Record<NightStatus, string> = { free: 'free', low: 'low', full: 'full', 'stop-sale': 'stop-sale', 'on-request': 'on request' }
const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

function shiftMonth(month: string, by: number): string {
	return addDays(`${month}-15`, by * 30).slice(0, 7)
}

export default function HotelAvailability({ loaderData, actionData }: Route.ComponentProps) {
	const { hotel, terms, month, nights, rows, stopSales, today } = loaderData
	const lastResult = resultFor(actionData)
	const intentName = actionData && 'intent' in actionData ? actionData.intent : undefined
	const errors = errorsOf(lastResult)
	// A refusal with no field of its own (an allotment below rooms sold, a lifted stop-sale) shows at the top; a refused import shows by its form.
	const formError = intentName === 'import' ? undefined : errors.form
	const importing = useIsPending({ intent: 'import' })
	const leading = new Date(`${nights[0]}T00:00:00Z`).getUTCDay()
	const savingRange = useIsPending({ intent: 'range' })
	const savingStop = useIsPending({ intent: 'stop' })
	const savingTerms = useIsPending({ intent: 'terms' })
	const errorFor = (name: string, forIntent: string) => (intentName === forIntent ? errors[name] : undefined)
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6">
			<div>
				<Link to={`/admin/hotels/${hotel.id}`} className="text-sm">
					← {hotel.name}: details and rates
				</Link>
				<h1 className="mt-2 text-2xl font-semibold text-slate-900">Availability: {hotel.name}</h1>
				<p className="text-slate-700">
					{islandName(hotel.island)} · <span className="capitalize">{hotel.tier}</span> · sells as <strong>{saleModeLabels[terms.mode]}</strong>
					{terms.mode === 'allotment' ? `, rooms released ${terms.releaseDays} days before arrival` : ''}
				</p>
			</div>

			<FormError error={formError} />

			<nav aria-label="Month" className="flex items-center justify-between gap-2">
				<Link to={`?month=${shiftMonth(month, -1)}`} className="rounded-md border border-slate-300 px-3 py-2 text-sm">
					← Previous
				</Link>
				<h2 className="text-lg font-semibold">{formatLongMonth(month)}</h2>
				<Link to={`?month=${shiftMonth(month, 1)}`} className="rounded-md border border-slate-300 px-3 py-2 text-sm">
					Next →
				</Link>
			</nav>
			<ul aria-label="Legend" className="flex flex-wrap gap-2 text-xs">
				{(Object.keys(statusLabel) as NightStatus[]).map((status) => (
					<li key={status} className={`rounded border px-2 py-1 ${statusStyle[status]}`}>
						{statusLabel[status]}
					</li>
				))}
			</ul>

			{rows.length === 0 ? <p className="text-slate-700">This hotel has no room types yet: add one on its page first.</p> : null}
			{rows.map((row) => (
				<section key={row.roomType.id} aria-labelledby={`rt-${row.roomType.id}`} className="rounded-xl border border-slate-200 bg-white p-3">
					<h3 id={`rt-${row.roomType.id}`} className="font-semibold">
						{row.roomType.name}
					</h3>
					<div className="mt-2 grid grid-cols-7 gap-1 text-center text-xs" role="grid" aria-label={`${row.roomType.name}, ${formatLongMonth(month)}`}>
						{weekdayNames.map((name) => (
							<div key={name} role="columnheader" className="font-medium text-slate-700">
								{name}
							</div>
						))}
						{Array.from({ length: leading }, (_, index) => (
							<div key={`pad-${index}`} aria-hidden="true" />
						))}
						{row.cells.map((cell) => (
							<div
								key={cell.night}
								role="gridcell"
								data-night={cell.night}
								data-status={cell.status}
								title={cell.reason ?? undefined}
								aria-label={`${formatTravelDate(cell.night)}: ${statusLabel[cell.status]}${cell.left !== null && cell.status !== 'stop-sale' ? `, ${cell.left} left of ${cell.allotment}` : ''}${cell.minStay > 1 ? `, minimum ${cell.minStay} nights` : ''}${cell.closedToArrival ? ', closed to arrival' : ''}`}
								className={`min-h-12 rounded border p-1 ${statusStyle[cell.status]} ${cell.night === today ? 'ring-2 ring-primary-600' : ''}`}
							>
								<div className="font-semibold">{Number(cell.night.slice(8))}</div>
								<div>
									{cell.status === 'stop-sale' ? 'stop' : cell.left !== null ? `${cell.left}/${cell.allotment}` : cell.status === 'on-request' ? 'req' : '∞'}
								</div>
								{cell.minStay > 1 || cell.closedToArrival ? (
									<div>
										{cell.minStay > 1 ? `m${cell.minStay}` : ''}
										{cell.closedToArrival ? ' CTA' : ''}
									</div>
								) : null}
							</div>
						))}
					</div>
				</section>
			))}

			<section aria-labelledby="range-heading" className="rounded-xl border border-slate-200 bg-white p-4">
				<h2 id="range-heading" className="text-lg font-semibold">
					Edit a range of nights
				</h2>
				<p className="text-sm text-slate-700">Empty fields stay as they are. Nights without rooms yet are created only when you give an allotment.</p>
				<Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
					<fieldset className="sm:col-span-2">
						<legend className="text-sm font-medium text-slate-800">Room types</legend>
						<div className="mt-1 flex flex-wrap gap-4">
							{rows.map((row) => (
								<label key={row.roomType.id} className="flex items-center gap-2">
									<input type="checkbox" name="roomTypeIds" value={row.roomType.id} defaultChecked className="size-5" />
									{row.roomType.name}
								</label>
							))}
						</div>
						{errorFor('roomTypeIds', 'range') ? <p className="mt-1 text-sm text-error-700">{errorFor('roomTypeIds', 'range')}</p> : null}
					</fieldset>
					<Field label="First night" name="first" type="date" required defaultValue={nights[0]} error={errorFor('first', 'range')} />
					<Field label="Last night" name="last" type="date" required defaultValue={nights.at(-1)} error={errorFor('last', 'range')} />
					<fieldset className="sm:col-span-2">
						<legend className="text-sm font-medium text-slate-800">Only these weekdays (none ticked: every night)</legend>
						<div className="mt-1 flex flex-wrap gap-3">
							{weekdayNames.map((name, day) => (
								<label key={name} className="flex items-center gap-1">
									<input type="checkbox" name="weekdays" value={day} className="size-5" />
									{name}
								</label>
							))}
						</div>
					</fieldset>
					<Field
						label="Allotment (rooms a night)"
						name="allotment"
						type="number"
						inputMode="numeric"
						min={0}
						max={999}
						error={errorFor('allotment', 'range')}
					/>
					<Field
						label="Release days (empty: the hotel's)"
						name="releaseDays"
						type="number"
						inputMode="numeric"
						min={0}
						max={90}
						error={errorFor('releaseDays', 'range')}
					/>
					<Field
						label="Minimum stay (nights, on arrival)"
						name="minStay"
						type="number"
						inputMode="numeric"
						min={1}
						max={30}
						error={errorFor('minStay', 'range')}
					/>
					<SelectField
						label="Closed to arrival"
						name="closedToArrival"
						defaultValue=""
						options={[
							{ value: '', label: 'Leave as it is' },
							{ value: 'yes', label: 'Closed to arrival' },
							{ value: 'no', label: 'Open to arrival' },
						]}
					/>
					<div className="sm:col-span-2">
						<Button type="submit" name="intent" value="range" disabled={savingRange}>
							{savingRange ? 'Saving…' : 'Save the range'}
						</Button>
					</div>
				</Form>
			</section>

			<section aria-labelledby="stop-heading" className="rounded-xl border border-slate-200 bg-white p-4">
				<h2 id="stop-heading" className="text-lg font-semibold">
					Stop-sales
				</h2>
				{stopSales.length ? (
					<ul className="mt-2 space-y-2">
						{stopSales.map((stop) => (
							<li key={stop.id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-200 p-2">
								<span>
									{formatTravelDate(stop.firstNight)} to {formatTravelDate(stop.lastNight)}
									{stop.roomTypeId ? ` (${rows.find((row) => row.roomType.id === stop.roomTypeId)?.roomType.name ?? 'one room type'})` : ' (whole hotel)'}:{' '}
									{stop.reason}
								</span>
								<Form method="post">
									<input type="hidden" name="stopSaleId" value={stop.id} />
									<Button type="submit" name="intent" value="lift" variant="secondary" size="sm">
										Lift
									</Button>
								</Form>
							</li>
						))}
					</ul>
				) : (
					<p className="mt-1 text-sm text-slate-700">No stop-sale this month.</p>
				)}
				<Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
					<Field label="First night" name="first" type="date" required error={errorFor('first', 'stop')} />
					<Field label="Last night" name="last" type="date" required error={errorFor('last', 'stop')} />
					<SelectField
						label="Room type"
						name="roomTypeId"
						defaultValue=""
						options={[{ value: '', label: 'The whole hotel' }, ...rows.map((row) => ({ value: row.roomType.id, label: row.roomType.name }))]}
					/>
					<Field label="Reason" name="reason" required maxLength={200} error={errorFor('reason', 'stop')} />
					<div className="sm:col-span-2">
						<Button type="submit" name="intent" value="stop" disabled={savingStop}>
							{savingStop ? 'Adding…' : 'Add stop-sale'}
						</Button>
					</div>
				</Form>
			</section>

			<section aria-labelledby="contract-heading" className="rounded-xl border border-slate-200 bg-white p-4">
				<h2 id="contract-heading" className="text-lg font-semibold">
					Contract as CSV
				</h2>
				<p className="mt-1 text-sm text-slate-700">
					The whole contract: how the hotel sells, every contracted night (equal nights in a row as one line) and the stop-sales. Edit it in a spreadsheet and
					import it again. If any line is wrong nothing is imported and every bad line is listed; an allotment below the rooms already sold is refused with both
					numbers.
				</p>
				<a href={`/admin/hotels/${hotel.id}/contract.csv`} className={`${buttonClass('outline', 'sm')} mt-3`} download>
					Export contract (CSV)
				</a>
				<CsvImportForm
					id="contract-file"
					label="CSV file of the contract"
					button="Import contract"
					pending={importing}
					refusal={intentName === 'import' ? errors.form : undefined}
					problems={intentName === 'import' ? importProblems(errors) : []}
				/>
			</section>

			<section aria-labelledby="terms-heading" className="rounded-xl border border-slate-200 bg-white p-4">
				<h2 id="terms-heading" className="text-lg font-semibold">
					How the hotel sells to us
				</h2>
				<Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
					<SelectField
						label="Sale mode"
						name="mode"
						defaultValue={terms.mode}
						options={saleModes.map((mode) => ({ value: mode, label: saleModeLabels[mode] }))}
						error={errorFor('mode', 'terms')}
					/>
					<Field
						label="Release period (days before arrival)"
						name="releaseDays"
						type="number"
						inputMode="numeric"
						min={0}
						max={90}
						required
						defaultValue={String(terms.releaseDays)}
						error={errorFor('releaseDays', 'terms')}
					/>
					<div className="sm:col-span-2">
						<Button type="submit" name="intent" value="terms" disabled={savingTerms}>
							{savingTerms ? 'Saving…' : 'Save'}
						</Button>
					</div>
				</Form>
			</section>
		</main>
	)
}

export { RouteErrorBoundary as ErrorBoundary }
