import { useId } from 'react'

/**
 * Bar charts drawn as SVG on the server (docs/decisions/118-reports-and-charts.md):
 * no chart library and no client code. Bars run across, one row per
 * category, so the chart keeps its size on a phone; every bar carries its
 * value in text, and the same numbers stand in a table beside the chart.
 */
export type ChartSeries = { name: string; values: readonly number[]; tone: 'primary' | 'accent' | 'muted' }

/** Fill colours with at least 3:1 contrast on white (WCAG non-text contrast). */
const fills: Record<ChartSeries['tone'], string> = { primary: '#0f766e', accent: '#b45309', muted: '#475569' }

const width = 360
const labelWidth = 78
const valueWidth = 62
const barHeight = 13
const barGap = 3
const rowGap = 10
const axisTop = 6

/** ₹1.05 L, ₹2.3 Cr: short enough to print beside a bar. */
export function compactINR(paise: number): string {
	const rupees = paise / 100
	const sign = rupees < 0 ? '−' : ''
	const abs = Math.abs(rupees)
	if (abs >= 1_00_00_000) return `${sign}₹${trim(abs / 1_00_00_000)} Cr`
	if (abs >= 1_00_000) return `${sign}₹${trim(abs / 1_00_000)} L`
	if (abs >= 1_000) return `${sign}₹${trim(abs / 1_000)} k`
	return `${sign}₹${Math.round(abs)}`
}

function trim(value: number): string {
	return (value >= 100 ? Math.round(value) : Math.round(value * 10) / 10).toString()
}

export function BarChart({
	title,
	description,
	categories,
	series,
	shortValue = (value) => value.toLocaleString('en-IN'),
	fullValue = shortValue,
	categoryHeading,
}: {
	title: string
	/** What the chart shows, in a sentence (read by screen readers as the SVG's description). */
	description: string
	categories: readonly string[]
	series: readonly ChartSeries[]
	/** The value printed beside a bar. */
	shortValue?: (value: number) => string
	/** The value in the table. */
	fullValue?: (value: number) => string
	categoryHeading: string
}) {
	const id = useId()
	const all = series.flatMap((s) => s.values)
	const low = Math.min(0, ...all)
	const high = Math.max(0, ...all)
	const span = high - low || 1
	const barArea = width - labelWidth - valueWidth
	const x = (value: number) => labelWidth + ((value - low) / span) * barArea
	const rowHeight = series.length * (barHeight + barGap) - barGap + rowGap
	const height = axisTop + categories.length * rowHeight + 4
	const empty = all.every((value) => value === 0)
	return (
		<figure className="grid gap-4 lg:grid-cols-2" aria-labelledby={`${id}-caption`}>
			<figcaption id={`${id}-caption`} className="lg:col-span-2">
				<span className="block font-semibold text-slate-900">{title}</span>
				<span className="block text-sm text-slate-700">{description}</span>
			</figcaption>
			<div>
				{series.length > 1 ? (
					<ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800" aria-hidden="true">
						{series.map((s) => (
							<li key={s.name} className="flex items-center gap-1.5">
								<span className="inline-block size-3 rounded-sm" style={{ backgroundColor: fills[s.tone] }} />
								{s.name}
							</li>
						))}
					</ul>
				) : null}
				<svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="h-auto w-full max-w-md" data-chart={title}>
					<title id={`${id}-title`}>{title}</title>
					<desc id={`${id}-desc`}>{empty ? `${description} Nothing to show for this period.` : description}</desc>
					<line x1={x(0)} x2={x(0)} y1={axisTop - 4} y2={height - 2} stroke="#94a3b8" strokeWidth="1" />
					{categories.map((category, row) => {
						const top = axisTop + row * rowHeight
						return (
							<g key={category}>
								<text x={labelWidth - 6} y={top + (rowHeight - rowGap) / 2} dominantBaseline="middle" textAnchor="end" fontSize="11" fill="#1e293b">
									{category}
								</text>
								{series.map((s, i) => {
									const value = s.values[row] ?? 0
									const y = top + i * (barHeight + barGap)
									const start = Math.min(x(0), x(value))
									const end = Math.max(x(0), x(value))
									return (
										<g key={s.name}>
											<rect x={start} y={y} width={Math.max(value === 0 ? 0 : 1, end - start)} height={barHeight} rx="2" fill={fills[s.tone]} />
											<text x={Math.max(end, x(0)) + 4} y={y + barHeight / 2} dominantBaseline="middle" fontSize="10.5" fill="#1e293b">
												{shortValue(value)}
											</text>
										</g>
									)
								})}
							</g>
						)
					})}
				</svg>
			</div>
			<div className="overflow-x-auto">
				<table className="w-full text-sm">
					<caption className="sr-only">{title}: the numbers</caption>
					<thead>
						<tr className="border-b border-slate-300 text-left">
							<th scope="col" className="py-1 pr-3 font-semibold">
								{categoryHeading}
							</th>
							{series.map((s) => (
								<th key={s.name} scope="col" className="py-1 pl-3 text-right font-semibold">
									{s.name}
								</th>
							))}
						</tr>
					</thead>
					<tbody>
						{categories.map((category, row) => (
							<tr key={category} className="border-b border-slate-100">
								<th scope="row" className="py-1 pr-3 text-left font-normal">
									{category}
								</th>
								{series.map((s) => (
									<td key={s.name} className="py-1 pl-3 text-right tabular-nums">
										{fullValue(s.values[row] ?? 0)}
									</td>
								))}
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</figure>
	)
}
