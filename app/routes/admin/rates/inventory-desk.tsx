import { Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { overbookedNights, unconfirmedInReleaseWindow } from '~/features/inventory/server/contract.server.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { islandName } from '~/features/rates/domain/options.ts'
import { formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/inventory-desk'

/** /admin/inventory (docs/inventory.md): nights sold beyond their allotment, and stays inside their hotel's release period still unconfirmed. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const today = todayInIndia()
	const [overbooked, releaseWindow] = await Promise.all([overbookedNights(db(), { from: today }), unconfirmedInReleaseWindow(db(), today)])
	return { today, overbooked, releaseWindow }
}

export const meta: Route.MetaFunction = () => [{ title: 'Room inventory | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

const cell = 'px-3 py-2 text-left'

export default function InventoryDesk({ loaderData }: Route.ComponentProps) {
	const { overbooked, releaseWindow } = loaderData
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-8 px-4 py-6 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Room inventory</h1>
				<p className="mt-1 text-slate-700">Each hotel’s calendar, contract and stop-sales are on its page under Hotels. Here: what needs a call to a hotel.</p>
			</div>

			<section aria-labelledby="overbooking-heading" className="rounded-xl border border-slate-200 bg-white p-4">
				<h2 id="overbooking-heading" className="text-lg font-semibold">
					Overbooking report
				</h2>
				<p className="mt-1 text-sm text-slate-700">
					Nights from today where we have sold more rooms than the hotel holds for us: ask the hotel for the rooms, or move the travellers.
				</p>
				{overbooked.length ? (
					<div className="mt-3 overflow-x-auto">
						<table className="w-full text-sm">
							<TableHead columns={['Night', 'Hotel', 'Room type', 'Allotment', 'Sold', 'Over']} cellClassName={cell} rowClassName="border-b border-slate-200" />
							<tbody>
								{overbooked.map((row) => (
									<tr key={`${row.hotelId}-${row.roomTypeName}-${row.night}`} className="border-b border-slate-100">
										<td className={cell}>{formatTravelDate(row.night)}</td>
										<td className={cell}>
											<Link to={`/admin/hotels/${row.hotelId}/availability?month=${row.night.slice(0, 7)}`}>{row.hotelName}</Link>{' '}
											<span className="text-slate-600">({islandName(row.island)})</span>
										</td>
										<td className={cell}>{row.roomTypeName}</td>
										<td className={cell}>{row.allotment}</td>
										<td className={cell}>{row.sold}</td>
										<td className={`${cell} font-semibold text-error-700`}>{row.over}</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
				) : (
					<p className="mt-2 text-sm text-slate-700">No night is overbooked.</p>
				)}
			</section>

			<section id="release-window" aria-labelledby="release-heading" className="rounded-xl border border-slate-200 bg-white p-4">
				<h2 id="release-heading" className="text-lg font-semibold">
					Stays in the release window, unconfirmed
				</h2>
				<p className="mt-1 text-sm text-slate-700">
					The hotel takes back rooms we have not confirmed once its release period starts. Confirm these with the hotel (or get the booking paid) first.
					Earliest release first.
				</p>
				{releaseWindow.stays.length ? (
					<div className="mt-3 overflow-x-auto">
						<table className="w-full text-sm">
							<TableHead columns={['Released on', 'Booking', 'Hotel', 'Arrives', 'Why']} cellClassName={cell} rowClassName="border-b border-slate-200" />
							<tbody>
								{releaseWindow.stays.map((stay) => (
									<tr key={`${stay.bookingId}-${stay.hotelName}`} className="border-b border-slate-100">
										<td className={cell}>{formatTravelDate(stay.releasedOn)}</td>
										<td className={cell}>
											<Link to={`/admin/pending/${stay.bookingId}`}>
												{stay.reference} · {stay.name}
											</Link>
										</td>
										<td className={cell}>{stay.hotelName}</td>
										<td className={cell}>{formatTravelDate(stay.arrival)}</td>
										<td className={cell}>{stay.why}</td>
									</tr>
								))}
							</tbody>
						</table>
						{releaseWindow.count > releaseWindow.stays.length ? (
							<p className="mt-2 text-sm text-slate-700">
								The first {releaseWindow.stays.length} of {releaseWindow.count}.
							</p>
						) : null}
					</div>
				) : (
					<p className="mt-2 text-sm text-slate-700">No unconfirmed stay is inside its hotel’s release period.</p>
				)}
			</section>
		</main>
	)
}

export { RouteErrorBoundary as ErrorBoundary }
