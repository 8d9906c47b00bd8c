import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { Button, Spinner } from '~/components/ui/button.tsx'
import type { Machine } from '~/lib/state-machine.ts'
import { useIsPending } from '~/lib/forms.ts'
import { cn } from '~/lib/utils.ts'

/** A record's status and the moves its state machine allows: ferry leads, ferry bookings, offline tickets and agents. */

const badgeColours: Record<string, string> = {
	new: 'bg-info-100 text-info-900',
	applied: 'bg-info-100 text-info-900',
	requested: 'bg-info-100 text-info-900',
	fare_quoted: 'bg-yellow-100 text-yellow-900',
	payment_pending: 'bg-yellow-100 text-yellow-900',
	purchased: 'bg-yellow-100 text-yellow-900',
	booked: 'bg-success-100 text-success-900',
	confirmed: 'bg-success-100 text-success-900',
	delivered: 'bg-success-100 text-success-900',
	approved: 'bg-success-100 text-success-900',
	rescheduled: 'bg-secondary-100 text-secondary-900',
}

export function StateBadge<S extends string>({ machine, status }: { machine: Machine<S>; status: S }) {
	return (
		<span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold', badgeColours[status] ?? 'bg-slate-200 text-slate-800')}>
			{machine.labels[status] ?? status}
		</span>
	)
}

/** Buttons for every status the record may move to now (the server checks again). */
export function StatusButtons<S extends string>({ machine, status, children }: { machine: Machine<S>; status: S; children?: ReactNode }) {
	const next = machine.transitions[status] ?? []
	const busy = useIsPending({ intent: 'status' })
	if (!next.length) return <p className="text-sm text-slate-700">{machine.labels[status]} is final.</p>
	return (
		<Form method="post" className="flex flex-wrap items-center gap-2">
			<input type="hidden" name="intent" value="status" />
			{children}
			{next.map((to) => (
				<Button
					key={to}
					type="submit"
					name="status"
					value={to}
					size="sm"
					variant={['lost', 'failed', 'cancelled', 'refunded', 'rejected', 'suspended', 'unavailable'].includes(to) ? 'outline' : 'primary'}
					disabled={busy}
				>
					Mark {machine.labels[to].toLowerCase()}
				</Button>
			))}
			{busy ? <Spinner label="Saving" /> : null}
		</Form>
	)
}
