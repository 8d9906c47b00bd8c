import { Link } from 'react-router'
import { TableHead } from '~/components/ui/table-head.tsx'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'

type DueItem = {
	componentId: string
	what: 'advance' | 'balance' | 'full'
	dueOn: string
	amount: number
	outstanding: number
	description: string
	warning: string | null
	bookingId: string
	reference: string
	supplierId: string
	supplierName: string
}

const whatLabels = { advance: 'Advance', balance: 'Balance', full: 'Full payment' } as const

/**
 * Instalments still owed to suppliers, soonest first (docs/decisions/197-supplier-payables.md): the
 * due list, a supplier's page and a booking's page. Overdue rows and those due before the traveller
 * has paid us say so in words, not only in colour.
 */
export function DueTable({
	items,
	today,
	show = 'all',
	label,
}: {
	items: readonly DueItem[]
	today: string
	show?: 'all' | 'no-supplier' | 'no-booking'
	label: string
}) {
	if (!items.length) return <p className="text-slate-700">Nothing is owed to suppliers here.</p>
	const columns = [
		'Due',
		...(show === 'no-supplier' ? [] : ['Supplier']),
		...(show === 'no-booking' ? [] : ['Booking']),
		'For',
		{ label: 'Outstanding', className: 'text-right' },
		'Note',
	]
	return (
		<div className="overflow-x-auto">
			<table className="w-full text-left text-sm" aria-label={label} data-testid="due-table">
				<TableHead rowClassName="border-b border-slate-300" cellClassName="py-1 pr-3" columns={columns} />
				<tbody>
					{items.map((item) => (
						<tr key={`${item.bookingId}-${item.componentId}-${item.what}`} className="border-b border-slate-100 align-top" data-testid="due-item">
							<td className={`py-1 pr-3 whitespace-nowrap ${item.dueOn < today ? 'font-semibold text-error-700' : ''}`}>
								{formatTravelDate(item.dueOn)}
								{item.dueOn < today ? ' (overdue)' : item.dueOn === today ? ' (today)' : ''}
							</td>
							{show === 'no-supplier' ? null : (
								<td className="py-1 pr-3">
									<Link to={`/admin/suppliers/${item.supplierId}`}>{item.supplierName}</Link>
								</td>
							)}
							{show === 'no-booking' ? null : (
								<td className="py-1 pr-3 whitespace-nowrap">
									<Link to={`/admin/pending/${item.bookingId}`}>{item.reference}</Link>
								</td>
							)}
							<td className="py-1 pr-3">
								{whatLabels[item.what]}: {item.description}
							</td>
							<td className="py-1 pr-3 text-right whitespace-nowrap">
								{formatINR(item.outstanding)}
								{item.outstanding !== item.amount ? <span className="block text-xs text-slate-700">of {formatINR(item.amount)}</span> : null}
							</td>
							<td className="py-1 pr-3">
								{item.warning ? (
									<span className="font-medium text-warning-800" data-testid="pays-before-traveller">
										{item.warning}
									</span>
								) : null}
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
