import type { LeadStatus } from '~/features/leads/domain/lead.ts'
import { statusLabels } from '~/features/leads/domain/status.ts'
import { cn } from '~/lib/utils.ts'

const statusStyles: Record<LeadStatus, string> = {
	new: 'bg-blue-100 text-blue-900',
	contacted: 'bg-primary-100 text-primary-900',
	quoted: 'bg-yellow-100 text-yellow-900',
	on_hold: 'bg-slate-200 text-slate-900',
	won: 'bg-green-100 text-green-900',
	lost: 'bg-red-100 text-red-900',
}

export function StatusBadge({ status }: { status: string }) {
	const known = status in statusLabels ? (status as LeadStatus) : 'new'
	return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', statusStyles[known])}>{statusLabels[known]}</span>
}

export function PriorityBadge({ priority }: { priority: string }) {
	if (priority === 'normal') return null
	const style = priority === 'urgent' ? 'bg-red-700 text-white' : priority === 'high' ? 'bg-orange-100 text-orange-900' : 'bg-slate-100 text-slate-800'
	return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', style)}>{priority[0]!.toUpperCase() + priority.slice(1)}</span>
}
