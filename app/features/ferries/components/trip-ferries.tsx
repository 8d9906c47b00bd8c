import type { TripFerryLeg } from '~/features/ferries/server/live/tickets.server.ts'
import { formatTravelDate } from '~/lib/dates.ts'

/** The trip page's live ferry legs: each sailing, where its ticket stands, the PNR and the ticket file. */
export function TripFerries({ legs, token }: { legs: readonly TripFerryLeg[]; token: string }) {
	if (!legs.length) return null
	return (
		<section aria-labelledby="ferries-heading" className="space-y-3 rounded-lg border border-slate-300 p-4">
			<h2 id="ferries-heading" className="text-xl font-semibold">
				Your ferries
			</h2>
			<ul className="space-y-3">
				{legs.map((leg) => (
					<li key={leg.id} className="space-y-1" data-testid="ferry-leg">
						<p className="font-medium">
							{leg.route}, {formatTravelDate(leg.date)}
							{leg.departs ? ` at ${leg.departs}` : ''}: {leg.vessel ?? leg.operator} ({leg.operator}), {leg.className}
						</p>
						<p>
							<span className="font-medium">{leg.stateLabel}</span>
							{leg.pnr ? (
								<>
									{' '}
									· PNR <strong data-testid="ferry-pnr">{leg.pnr}</strong>
								</>
							) : null}
							{leg.hasTicket ? (
								<>
									{' '}
									· <a href={`/trip/${token}/ferry-ticket/${leg.id}`}>Download the ticket (PDF)</a>
								</>
							) : null}
						</p>
						{leg.message ? (
							<p role="status" className="text-warning-700">
								{leg.message}
							</p>
						) : null}
					</li>
				))}
			</ul>
		</section>
	)
}
