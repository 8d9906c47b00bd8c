import type { ReactNode } from 'react'
import { cn } from '~/lib/utils.ts'

/** A header cell: its name, or its name and the classes only it has (alignment, hiding on a phone). */
export type Column = string | { label: ReactNode; className?: string }

/**
 * A table's header row from its list of columns, each a `<th scope="col">`: screen readers announce
 * a cell with its column's name, and the browser tests find cells by it. `cellClassName` is what
 * every header cell shares (usually the padding of the table's cells).
 */
export function TableHead({
	columns,
	cellClassName,
	rowClassName,
	className,
}: {
	columns: readonly Column[]
	cellClassName?: string
	rowClassName?: string
	className?: string
}) {
	return (
		<thead className={className}>
			<tr className={rowClassName}>
				{columns.map((column, index) => {
					const { label, className: own } = typeof column === 'string' ? { label: column, className: undefined } : column
					return (
						<th key={index} scope="col" className={cn(cellClassName, own) || undefined}>
							{label}
						</th>
					)
				})}
			</tr>
		</thead>
	)
}
