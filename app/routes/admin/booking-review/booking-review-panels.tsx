import { Form, Link } from 'react-router'
import { TableHead } from '~/components/ui/table-head.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { genders, idTypes } from '~/features/bookings/domain/book-now.ts'
import { statusLabels as leadStatusLabels } from '~/features/leads/domain/status.ts'
import { voucherStatusLabels } from '~/features/bookings/domain/voucher.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { useIsPending } from '~/lib/forms.ts'
import type { Route } from './+types/booking-review'

type LoaderData = Route.ComponentProps['loaderData']

/** Everyone on the booking, with the ids the ferries and hotels ask for. */
export function TravellersSection({ travellers }: { travellers: LoaderData['travellers'] }) {
	return (
		<section aria-labelledby="travellers-heading">
			<h2 id="travellers-heading" className="text-lg font-semibold">
				Travellers ({travellers.length})
			</h2>
			<div className="overflow-x-auto">
				<table className="mt-2 w-full min-w-[40rem] text-left text-sm">
					<TableHead rowClassName="border-b border-slate-300" cellClassName="py-1 pr-3" columns={['Name', 'Age', 'Gender', 'Nationality', 'ID']} />
					<tbody>
						{travellers.map((traveller) => (
							<tr key={traveller.id} className="border-b border-slate-100">
								<td className="py-1 pr-3">{traveller.name}</td>
								<td className="py-1 pr-3">{traveller.age}</td>
								<td className="py-1 pr-3">{genders[traveller.gender as keyof typeof genders] ?? traveller.gender}</td>
								<td className="py-1 pr-3">{traveller.nationality}</td>
								<td className="py-1 pr-3 font-mono">
									{idTypes[traveller.id_type as keyof typeof idTypes] ?? traveller.id_type} {traveller.id_number}
									{traveller.passport_expiry ? ` (expires ${formatTravelDate(traveller.passport_expiry)})` : ''}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</section>
	)
}

/** The booking's vouchers, and issuing the first one once the booking is confirmed. */
export function VouchersSection({
	booking,
	vouchers,
	unconfirmed,
	isOwner,
}: {
	booking: LoaderData['booking']
	vouchers: LoaderData['vouchers']
	unconfirmed: string[]
	isOwner: boolean
}) {
	return (
		<section aria-labelledby="vouchers-heading" className="rounded-lg border border-slate-200 p-4">
			<h2 id="vouchers-heading" className="text-lg font-semibold">
				Vouchers
			</h2>
			{vouchers.length ? (
				<ul className="mt-2 space-y-1">
					{vouchers.map((voucher) => (
						<li key={voucher.id}>
							<a href={`/voucher/${voucher.id}`} target="_blank" rel="noreferrer">
								Version {voucher.version}
							</a>{' '}
							· {voucherStatusLabels[voucher.status]} · issued {formatTimestamp(voucher.issuedAt)}
						</li>
					))}
				</ul>
			) : (
				<p className="text-slate-700">No voucher yet.</p>
			)}
			{booking.status === 'confirmed' && !vouchers.some((voucher) => voucher.status === 'issued') ? (
				<IssueVoucher bookingId={booking.id} unconfirmed={unconfirmed} isOwner={isOwner} />
			) : (
				<p className="mt-2 text-sm">
					<Link to={`/admin/vouchers?q=${encodeURIComponent(booking.reference)}`}>Reissue or revoke in Vouchers</Link>
				</p>
			)}
		</section>
	)
}

/** Where this booking came from and what hangs off it: lead, itinerary, quote and ferry bookings. */
export function TripLinks({ links }: { links: LoaderData['links'] }) {
	const items = [
		links.lead ? (
			<li key="lead">
				Lead <Link to={`/admin/leads/${links.lead.id}`}>{links.lead.reference}</Link> ({links.lead.name}, {leadStatusLabels[links.lead.status].toLowerCase()})
			</li>
		) : null,
		links.itinerary ? (
			<li key="itinerary">
				Itinerary <Link to={`/admin/create-itinerary/${links.itinerary.id}`}>{links.itinerary.reference}</Link>
			</li>
		) : null,
		links.quote ? (
			<li key="quote">
				<Link to={`/quote/${links.quote.id}`}>Quote v{links.quote.version}</Link>
			</li>
		) : null,
		...links.ferryBookings.map((ferry) => (
			<li key={ferry.id}>
				Ferry <Link to={`/admin/ferry-bookings/${ferry.id}`}>{ferry.reference}</Link> ({ferry.route}, {formatTravelDate(ferry.date)}
				{ferry.pnr ? `, PNR ${ferry.pnr}` : ''})
			</li>
		)),
	].filter(Boolean)
	if (!items.length) return null
	return (
		<nav aria-label="This trip" className="mt-2">
			<ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm [&_a]:underline">{items}</ul>
		</nav>
	)
}

/**
 * Issuing a voucher: allowed when every part is confirmed with its number. Otherwise staff see what is
 * missing, and an owner may issue with a reason (the unconfirmed lines print "pending confirmation").
 */
function IssueVoucher({ bookingId, unconfirmed, isOwner }: { bookingId: string; unconfirmed: string[]; isOwner: boolean }) {
	const pending = useIsPending({ intent: 'issue', formAction: '/admin/vouchers', state: 'submitting' })
	return (
		<div className="mt-3 space-y-3">
			{unconfirmed.length ? (
				<div className="rounded-md bg-warning-50 p-3 text-sm text-slate-900" data-testid="voucher-blockers">
					<p className="font-semibold">Not confirmed yet, so no voucher:</p>
					<ul className="mt-1 list-disc pl-5">
						{unconfirmed.map((part) => (
							<li key={part}>{part}</li>
						))}
					</ul>
					<p className="mt-1">
						Mark each one confirmed with its confirmation number or PNR above
						{isOwner ? ', or issue with an override below.' : '. An owner can issue before that, with a reason.'}
					</p>
				</div>
			) : null}
			{!unconfirmed.length ? (
				<Form method="post" action="/admin/vouchers">
					<input type="hidden" name="intent" value="issue" />
					<input type="hidden" name="bookingId" value={bookingId} />
					<input type="hidden" name="back" value="booking" />
					<Button type="submit" pending={pending}>
						Issue voucher
					</Button>
				</Form>
			) : isOwner ? (
				<Form method="post" action="/admin/vouchers" className="flex flex-wrap items-end gap-3" aria-label="Issue with an owner’s override">
					<input type="hidden" name="intent" value="issue" />
					<input type="hidden" name="bookingId" value={bookingId} />
					<input type="hidden" name="back" value="booking" />
					<input type="hidden" name="override" value="yes" />
					<Field
						label="Why issue before everything is confirmed"
						name="overrideReason"
						className="min-w-72"
						hint="Recorded in the audit log; those lines print “pending confirmation”."
					/>
					<Button type="submit" variant="outline" pending={pending}>
						Issue with pending confirmation
					</Button>
				</Form>
			) : null}
		</div>
	)
}
