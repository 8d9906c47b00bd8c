import { formatTravelDate } from '~/lib/dates.ts'

/** A trip's days as the traveller reads them, on the trip page and the voucher alike. */
export function DayPlan({
	days,
	className,
}: {
	days: ReadonlyArray<{ day: number; date: string; island: string; title: string; description: string }>
	className?: string
}) {
	return (
		<ol className={`space-y-2 ${className ?? ''}`}>
			{days.map((day) => (
				<li key={day.day}>
					<p className="font-semibold">
						Day {day.day}, {formatTravelDate(day.date)} · {day.island}: {day.title}
					</p>
					<p className="text-sm text-slate-700">{day.description}</p>
				</li>
			))}
		</ol>
	)
}
