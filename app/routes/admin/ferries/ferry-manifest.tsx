import { TableHead } from '~/components/ui/table-head.tsx'
import { Form, Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { PrintButton } from '~/components/ui/print-button.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { classLabel, ferryIslandLabels, operatorLabel } from '~/features/ferries/domain/enquiry.ts'
import { idTypeLabels } from '~/features/ferries/domain/passengers.ts'
import { ferryBookingMachine, type FerryBookingStatus } from '~/features/ferries/domain/status.ts'
import { formatTravelDate, isIsoDate, todayInIndia } from '~/lib/dates.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { ferryManifest, manifestNeighbours } from '~/features/ferries/server/ferries.server.ts'
import type { Route } from './+types/ferry-manifest'

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const requested = new URL(request.url).searchParams.get('date')
	const date = requested && isIsoDate(requested) ? requested : todayInIndia()
	return { date, ...manifestNeighbours(date), sailings: await ferryManifest(db(), date) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `Ferry manifest ${loaderData?.date ?? ''} | Andaman Isles Travel admin` },
	{ name: 'robots', content: 'noindex' },
]

const island = (slug: string) => ferryIslandLabels[slug as keyof typeof ferryIslandLabels] ?? slug

export default function FerryManifest({ loaderData }: Route.ComponentProps) {
	const { date, previous, next, sailings } = loaderData
	const total = sailings.reduce((sum, sailing) => sum + sailing.passengers.length, 0)
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 print:max-w-none print:p-0">
			<style>{'@media print { aside, header, nav, .no-print { display: none !important } main { font-size: 11pt } section { break-inside: avoid } }'}</style>
			<div className="no-print flex flex-wrap items-end justify-between gap-3">
				<span className="flex flex-wrap gap-3">
					<Link to="/admin/ferry-bookings">← Ferry bookings</Link>
					<Link to={`/admin/operations?date=${date}&kind=ferries`}>This day’s ferries on the operations sheet</Link>
				</span>
				<Form method="get" className="flex items-end gap-2">
					<label className="block text-sm font-medium text-slate-800">
						Date
						<input type="date" name="date" defaultValue={date} className="mt-1 block rounded-md border border-slate-400 px-2 py-2 text-sm" />
					</label>
					<Button type="submit" variant="outline">
						Show
					</Button>
					<Link to={`?date=${previous}`} className={buttonClass('ghost')}>
						Previous day
					</Link>
					<Link to={`?date=${next}`} className={buttonClass('ghost')}>
						Next day
					</Link>
					<PrintButton />
				</Form>
			</div>
			<h1 className="text-2xl font-semibold">Ferry manifest, {formatTravelDate(date)}</h1>
			<p className="text-slate-700">
				{total} {total === 1 ? 'passenger' : 'passengers'} on {sailings.length} {sailings.length === 1 ? 'sailing' : 'sailings'} (requested, confirmed and
				rescheduled bookings).
			</p>
			{sailings.map((sailing) => (
				<section
					key={sailing.key}
					aria-label={`${operatorLabel(sailing.operator)} ${sailing.departureTime ?? ''}`}
					className="rounded-xl border border-slate-200 bg-white p-4 print:border-slate-400"
				>
					<h2 className="text-lg font-semibold">
						{sailing.departureTime ?? 'Time to be confirmed'} · {operatorLabel(sailing.operator)}
						{sailing.vessel ? ` (${sailing.vessel})` : ''} · {island(sailing.from)} → {island(sailing.to)}
					</h2>
					<table className="mt-2 w-full border-collapse text-left text-sm">
						<TableHead
							rowClassName="border-b border-slate-300"
							cellClassName="py-1 pr-2"
							columns={['#', 'Passenger', 'Age / gender', 'Nationality', 'ID', 'Class', 'PNR', 'Booking']}
						/>
						<tbody>
							{sailing.passengers.map((passenger, index) => (
								<tr key={`${passenger.bookingId}-${index}`} className="border-b border-slate-100">
									<td className="py-1 pr-2">{index + 1}</td>
									<td className="py-1 pr-2 font-medium">
										{passenger.name}
										{passenger.age <= 1 ? ' (infant)' : ''}
									</td>
									<td className="py-1 pr-2">
										{passenger.age} / {passenger.gender.charAt(0).toUpperCase()}
									</td>
									<td className="py-1 pr-2">{passenger.nationality === 'foreign' ? 'Foreign' : 'Indian'}</td>
									<td className="py-1 pr-2">
										{idTypeLabels[passenger.idType as keyof typeof idTypeLabels]?.split(' (')[0] ?? passenger.idType} {passenger.idNumber}
										{passenger.passportExpiry ? ` (exp. ${passenger.passportExpiry})` : ''}
									</td>
									<td className="py-1 pr-2">{classLabel(passenger.class)}</td>
									<td className="py-1 pr-2 font-mono">{passenger.pnr ?? '—'}</td>
									<td className="py-1 pr-2">
										<Link to={`/admin/ferry-bookings/${passenger.bookingId}`} className="font-mono">
											{passenger.reference}
										</Link>{' '}
										{passenger.status !== 'confirmed' ? `(${ferryBookingMachine.labels[passenger.status as FerryBookingStatus]})` : ''}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</section>
			))}
			{sailings.length === 0 ? <p className="text-slate-700">Nobody is booked to sail on this date.</p> : null}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
