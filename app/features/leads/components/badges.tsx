import type { LeadStatus } from '~/features/leads/domain/lead.ts'
import { statusLabels } from '~/features/leads/domain/status.ts'
import { cn } from '~/lib/utils.ts'

const badgeClass = 'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold'

/** Each badge's classes, joined once: a list draws one or two per row. */
const statusClasses: Record<LeadStatus, string> = {
	new: cn(badgeClass, 'bg-blue-100 text-blue-900'),
	contacted: cn(badgeClass, 'bg-primary-100 text-primary-900'),
	quoted: cn(badgeClass, 'bg-yellow-100 text-yellow-900'),
	on_hold: cn(badgeClass, 'bg-slate-200 text-slate-900'),
	won: cn(badgeClass, 'bg-green-100 text-green-900'),
	lost: cn(badgeClass, 'bg-red-100 text-red-900'),
}

const priorityClasses: Record<string, string> = {
	urgent: cn(badgeClass, 'bg-red-700 text-white'),
	high: cn(badgeClass, 'bg-orange-100 text-orange-900'),
	low: cn(badgeClass, 'bg-slate-100 text-slate-800'),
}

export function StatusBadge({ status }: { status: string }) {
	const known = status in statusLabels ? (status as LeadStatus) : 'new'
	return <span className={statusClasses[known]}>{statusLabels[known]}</span>
}

export function PriorityBadge({ priority }: { priority: string }) {
	if (priority === 'normal') return null
	return <span className={priorityClasses[priority] ?? priorityClasses.low}>{priority[0]!.toUpperCase() + priority.slice(1)}</span>
}
