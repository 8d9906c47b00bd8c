/**
 * A record's status as a small state machine: its states, their labels, the moves allowed from each,
 * and what the record is called in messages ("ferry booking"). Pure, so every allowed and forbidden move
 * is unit-tested where each machine is declared (agents, ferry leads, ferry bookings, counter tickets).
 */
export type Machine<S extends string> = { states: readonly S[]; labels: Record<S, string>; transitions: Record<S, readonly S[]>; noun: string }

export type Transition<S extends string> = { ok: true; status: S } | { ok: false; error: string }

export function transition<S extends string>(machine: Machine<S>, from: S, to: S): Transition<S> {
	const label = (status: S) => machine.labels[status].toLowerCase()
	if (from === to) return { ok: false, error: `The ${machine.noun} is already ${label(to)}.` }
	if (!machine.transitions[from]?.includes(to)) {
		const allowed = machine.transitions[from] ?? []
		return {
			ok: false,
			error: allowed.length
				? `A ${label(from)} ${machine.noun} cannot become ${label(to)}. It can become ${allowed.map(label).join(', ')}.`
				: `A ${label(from)} ${machine.noun} is final and cannot change status.`,
		}
	}
	return { ok: true, status: to }
}
