/** A row of labelled figures (the booking's margin, a supplier's totals): a description list, one card each. */
export function Figures({
	figures,
	testId,
	className = 'sm:grid-cols-4',
}: {
	figures: ReadonlyArray<readonly [string, string]>
	testId: string
	className?: string
}) {
	return (
		<dl className={`grid gap-3 ${className}`} data-testid={testId}>
			{figures.map(([label, value]) => (
				<div key={label} className="rounded-lg border border-slate-200 p-3">
					<dt className="text-sm text-slate-700">{label}</dt>
					<dd className="font-semibold">{value}</dd>
				</div>
			))}
		</dl>
	)
}
