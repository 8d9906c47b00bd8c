import { Printer } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClass } from '~/components/ui/button.tsx'
import type { VoucherSnapshot } from '~/features/bookings/domain/voucher.ts'
import { jettyReportingLine } from '~/features/travel-facts/domain/facts.ts'
import { formatTravelDate } from '~/lib/dates.ts'

/** A voucher section: its title labels it, and it is never split across printed pages. */
export function TitledSection({ title, children }: { title: string; children: ReactNode }) {
	const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`
	return (
		<section aria-labelledby={id} className="voucher-section break-inside-avoid-page">
			<h2 id={id} className="border-b border-slate-300 pb-1 text-lg font-semibold text-primary-900">
				{title}
			</h2>
			<div className="mt-2">{children}</div>
		</section>
	)
}

/** A4 pages without the buttons and links that only work on screen. */
export const printCss = `
@page { size: A4; margin: 12mm; }
@media print {
	html, body { background: #fff !important; font-size: 10.5pt; }
	.no-print { display: none !important; }
	.voucher { max-width: none !important; padding: 0 !important; }
	.voucher-section { break-inside: avoid; }
	a { color: inherit; text-decoration: none; }
}`

export function PrintButton() {
	return (
		<button type="button" className={buttonClass('outline')} onClick={() => window.print()}>
			<Printer aria-hidden="true" className="size-4" /> Print
		</button>
	)
}

const when = (date: string | null, time?: string | null) => [date ? formatTravelDate(date) : null, time].filter(Boolean).join(', ') || 'Date to be confirmed'

/** What the trip books, section by section: hotels, ferries (with the jetty reporting time), the operator's own sections, activities and pickups. */
export function VoucherServices({ snapshot: s, reportingMinutes }: { snapshot: VoucherSnapshot; reportingMinutes: number }) {
	return (
		<>
			{s.hotels.length ? (
				<TitledSection title="Hotels">
					<ul className="space-y-2">
						{s.hotels.map((hotel, index) => (
							<li key={index}>
								<p className="font-semibold">{hotel.name}</p>
								<p className="text-sm">
									{hotel.island ? `${hotel.island} · ` : ''}Check-in {hotel.checkIn ? formatTravelDate(hotel.checkIn) : 'to be confirmed'} · check-out {hotel.checkOut ? formatTravelDate(hotel.checkOut) : 'to be confirmed'} ·{' '}
									{hotel.confirmation ? <>Confirmation <strong className="font-mono">{hotel.confirmation}</strong></> : hotel.status}
								</p>
							</li>
						))}
					</ul>
				</TitledSection>
			) : null}

			{s.ferries.length ? (
				<TitledSection title="Ferries">
					<ul className="space-y-2">
						{s.ferries.map((ferry, index) => (
							<li key={index}>
								<p className="font-semibold">{ferry.description}</p>
								<p className="text-sm">
									{when(ferry.date, ferry.time)}
									{ferry.operator ? ` · ${ferry.operator}` : ''} · {ferry.pnr ? <>PNR <strong className="font-mono">{ferry.pnr}</strong></> : ferry.status}. {jettyReportingLine(reportingMinutes)}
								</p>
							</li>
						))}
					</ul>
				</TitledSection>
			) : null}

			{s.sections.map((section) => (
				<TitledSection key={section.title} title={section.title}>
					<ul className="space-y-2">
						{section.items.map((item, index) => (
							<li key={index}>
								<p className="font-semibold">{item.heading}</p>
								{item.lines.map((line, n) => (
									<p key={n} className="text-sm">
										{line}
									</p>
								))}
							</li>
						))}
					</ul>
				</TitledSection>
			))}

			{s.activities.length || s.transfers.length ? (
				<TitledSection title="Activities and pickups">
					<ul className="space-y-2">
						{s.activities.map((activity, index) => (
							<BookedService key={`a${index}`} service={activity} extra={activity.pickup ? ` · Pickup: ${activity.pickup}` : ''} />
						))}
						{s.transfers.map((transfer, index) => (
							<BookedService key={`t${index}`} service={transfer} extra={transfer.notes ? ` · ${transfer.notes}` : ''} />
						))}
					</ul>
				</TitledSection>
			) : null}
		</>
	)
}

/** An activity or a transfer: when, the detail that matters for it (`extra`), then its confirmation or its status. */
function BookedService({ service, extra }: { service: { description: string; date: string | null; time: string | null; confirmation?: string | null; status: string }; extra: string }) {
	return (
		<li>
			<p className="font-semibold">{service.description}</p>
			<p className="text-sm">
				{when(service.date, service.time)}
				{extra}
				{service.confirmation ? ` · Confirmation ${service.confirmation}` : ` · ${service.status}`}
			</p>
		</li>
	)
}
