import type { CalendarMonth } from '~/features/rates/domain/price-calendar.ts'
import { PriceCalendar } from './price-calendar.tsx'

/**
 * The builder's price by month (docs/decisions/216-price-calendar.md): each month links to the builder with the
 * same choices and that month's cheapest arrival as the start date. A live region, so the calendar follows the
 * choices as the price does.
 */
export function BuilderPriceCalendar({ calendar, query, start }: { calendar: readonly CalendarMonth[] | null; query: string; start: string }) {
	// The query read once, not once a month: every month's link is the same choices with its own start.
	const params = new URLSearchParams(query)
	params.delete('start')
	const rest = params.size ? `&${params.toString()}` : ''
	const hrefFor = ({ startDate }: { startDate: string }) => `/builder?start=${encodeURIComponent(startDate)}${rest}#builder-calendar`
	return (
		<section
			id="builder-calendar"
			data-live-region=""
			aria-labelledby="builder-calendar-heading"
			className="content-auto scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
		>
			<h2 id="builder-calendar-heading" className="text-xl font-semibold">
				Price by month
			</h2>
			{calendar ? (
				<>
					<p className="mt-1 mb-3 text-sm text-slate-700">
						This trip per person, GST included, at the cheapest arrival in each month. Choose a month to set your dates.
					</p>
					<PriceCalendar calendar={calendar} selected={start.slice(0, 7)} hrefFor={hrefFor} label="Price per person by month" narrow />
				</>
			) : (
				<p className="mt-1 text-sm text-slate-700">Fix the highlighted choices to see the price month by month.</p>
			)}
		</section>
	)
}
