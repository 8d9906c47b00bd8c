import type { CalendarMonth } from '~/features/rates/domain/price-calendar.ts'
import { cheapestMonth } from '~/features/rates/domain/price-calendar.ts'
import { formatTravelDate, formatTravelMonth } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'

/**
 * Twelve months, each its cheapest start and per-person price (docs/decisions/216-price-calendar.md), as plain
 * links: choosing a month is loading `hrefFor(month)`, which sets the dates. No JavaScript; a month that cannot
 * be sold says why instead of linking.
 */
/** `narrow`: the calendar sits in a side column on wide screens (the builder), so it keeps two months a row there. */
export function PriceCalendar({
	calendar,
	selected,
	hrefFor,
	label,
	narrow = false,
}: {
	calendar: readonly CalendarMonth[]
	selected?: string | null
	hrefFor: (month: { month: string; startDate: string }) => string
	label: string
	narrow?: boolean
}) {
	const cheapest = cheapestMonth(calendar)
	return (
		<ol aria-label={label} className={`grid grid-cols-2 gap-2 sm:grid-cols-3 ${narrow ? 'lg:grid-cols-2' : 'lg:grid-cols-4'}`} data-testid="price-calendar">
			{calendar.map((entry) => {
				const name = formatTravelMonth(entry.month)
				if (entry.startDate === null)
					return (
						<li key={entry.month} className="rounded-lg border border-dashed border-slate-300 p-2 text-sm text-slate-700">
							<span className="block font-medium text-slate-900">{name}</span>
							<span className="block">Not on sale</span>
							<span className="block text-xs">{entry.problem}</span>
						</li>
					)
				const current = entry.month === selected
				return (
					<li key={entry.month}>
						<a
							href={hrefFor({ month: entry.month, startDate: entry.startDate })}
							aria-current={current ? 'true' : undefined}
							className={`flex flex-wrap items-baseline justify-between gap-x-1 rounded-lg border p-2 text-sm no-underline hover:border-primary-700 focus-visible:outline-2 focus-visible:outline-primary-700 ${current ? 'border-primary-700 bg-primary-50 ring-1 ring-primary-700' : 'border-slate-200'}`}
						>
							{/* One wrapping row for the month and its badge, then full-width lines: no wrapper elements (a calendar is 12 of these). */}
							<span className="font-medium whitespace-nowrap text-slate-900">{name}</span>
							{entry.month === cheapest ? <span className="rounded bg-success-50 px-1 text-xs font-semibold text-success-700">Cheapest</span> : null}
							<span className="basis-full text-base font-bold text-primary-900">{formatINR(entry.perPerson)}</span>
							<span className="basis-full text-xs text-slate-700">{`arrive ${formatTravelDate(entry.startDate)}`}</span>
						</a>
					</li>
				)
			})}
		</ol>
	)
}
