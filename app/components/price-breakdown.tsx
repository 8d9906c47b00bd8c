import { formatINR } from '~/lib/money.ts'
import { cn } from '~/lib/utils.ts'

/** The customer-facing price lines the engine returns, frozen in quotes and shown live in the builder. */
export type PriceBreakdownFigures = {
	lines: ReadonlyArray<{ description: string; amount: number }>
	discount: number
	gstPercent: number
	gst: number
	total: number
}

/** The price breakdown table: each line, the discount if any, GST and the total. */
export function PriceBreakdown({ price, className }: { price: PriceBreakdownFigures; className?: string }) {
	const row = 'border-t border-slate-200'
	return (
		<table className={cn('w-full text-left', className)}>
			<caption className="sr-only">Price breakdown</caption>
			<tbody>
				{price.lines.map((line, index) => (
					<tr key={index} className={row}>
						<th scope="row" className="py-1.5 pr-3 font-normal">
							{line.description}
						</th>
						<td className="py-1.5 text-right tabular-nums">{formatINR(line.amount)}</td>
					</tr>
				))}
				{price.discount > 0 ? (
					<tr className={row}>
						<th scope="row" className="py-1.5 pr-3 font-normal">
							Discount
						</th>
						<td className="py-1.5 text-right tabular-nums">−{formatINR(price.discount)}</td>
					</tr>
				) : null}
				<tr className={row}>
					<th scope="row" className="py-1.5 pr-3 font-normal">
						GST ({price.gstPercent}%)
					</th>
					<td className="py-1.5 text-right tabular-nums">{formatINR(price.gst)}</td>
				</tr>
				<tr className="border-t-2 border-slate-300 font-semibold">
					<th scope="row" className="py-1.5 pr-3">
						Total
					</th>
					<td className="py-1.5 text-right font-bold tabular-nums">{formatINR(price.total)}</td>
				</tr>
			</tbody>
		</table>
	)
}
