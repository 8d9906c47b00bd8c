/**
 * Booking components (docs/product.md): what the team books with suppliers for a
 * confirmed booking — hotel stays, activities, ferries and transfers — each
 * with its own supplier status. Pure functions, no database.
 */
import { addDays, isIsoDate } from '~/lib/dates.ts'
import { islands, type IslandSlug } from '~/lib/islands.ts'
import { formList } from '~/lib/form-list.ts'
import { isId } from '~/lib/ids.ts'
import { z } from '~/lib/zod.ts'

export const componentKinds = ['hotel', 'activity', 'ferry', 'transfer'] as const
export type ComponentKind = (typeof componentKinds)[number]
export const componentKindLabels: Record<ComponentKind, string> = { hotel: 'Hotel stay', activity: 'Activity', ferry: 'Ferry', transfer: 'Transfer' }

export const supplierStatuses = ['pending', 'requested', 'confirmed', 'rejected'] as const
export type SupplierStatus = (typeof supplierStatuses)[number]
export const supplierStatusLabels: Record<SupplierStatus, string> = {
	pending: 'Not requested yet',
	requested: 'Requested from supplier',
	confirmed: 'Confirmed by supplier',
	rejected: 'Rejected by supplier',
}

/**
 * pending → requested → confirmed | rejected. When the supplier's number is
 * already known (booked on the phone, a PNR in hand) a component goes straight
 * to confirmed, from not requested or rejected too; the number is required
 * either way. A rejected request can be sent again (to the same or another
 * supplier); a confirmation can be lost (the hotel overbooked) and goes back
 * to requested. Nothing returns to pending.
 */
const transitions: Record<SupplierStatus, readonly SupplierStatus[]> = {
	pending: ['requested', 'confirmed'],
	requested: ['confirmed', 'rejected'],
	confirmed: ['requested'],
	rejected: ['requested', 'confirmed'],
}

export function canChangeSupplierStatus(from: SupplierStatus, to: SupplierStatus): boolean {
	return from === to || transitions[from].includes(to)
}

/** Why a component may not take this status (or null when it may). */
export function supplierStatusProblem(from: SupplierStatus, to: SupplierStatus, confirmationNumber: string | null): string | null {
	if (!canChangeSupplierStatus(from, to))
		return `A component that is “${supplierStatusLabels[from].toLowerCase()}” cannot become “${supplierStatusLabels[to].toLowerCase()}”.`
	if (to === 'confirmed' && !confirmationNumber?.trim()) return 'Give the supplier’s confirmation number (or PNR) to mark it confirmed.'
	return null
}

export type PlannedComponent = {
	kind: ComponentKind
	description: string
	island: IslandSlug | null
	startDate: string | null
	endDate: string | null
}

const islandName = (island: string) => islands[island as IslandSlug]?.name ?? island

/**
 * The components a booking needs, from the package's stays when it has them
 * (hotel per island with check-in/out, the ferry between islands, arrival and
 * departure transfers), otherwise from the priced line items of a builder trip
 * (hotel, ferry, transfer and activity lines as priced; GST and per-person
 * lines are not bookable).
 */
/** A quote's day, as far as dating its components needs: the date, the night's island, the ferry and what the day says it does. */
export type PlanDay = {
	date: string
	island?: string
	title?: string
	description?: string
	stay: { island: string } | null
	ferry: { from: string; to: string } | null
	activities: readonly string[]
}

/** The visits of a day plan: consecutive nights on one island, in order (Port Blair twice when the trip returns there). */
function visits(days: readonly PlanDay[]): Array<{ island: string; first: string; last: string }> {
	const runs: Array<{ island: string; first: string; last: string }> = []
	for (const day of days) {
		if (!day.stay) continue
		const current = runs.at(-1)
		if (current && current.island === day.stay.island && addDays(current.last, 1) === day.date) current.last = day.date
		else runs.push({ island: day.stay.island, first: day.date, last: day.date })
	}
	return runs
}

/**
 * Dates for components planned from priced lines, from the quote's day plan: the n-th hotel on an
 * island takes the n-th visit there (first night to the morning after the last), a ferry the day it
 * sails from its port, an activity the day on its island whose plan names it, an island's transfers
 * the first day of the n-th visit there, a departure drop the last day. What cannot be placed stays
 * undated for staff to fill in.
 */
export function dateComponentsFromDays(
	components: readonly PlannedComponent[],
	days: readonly PlanDay[],
	startDate: string,
	nights: number,
): PlannedComponent[] {
	if (!days.length) return [...components]
	const end = addDays(startDate, nights)
	const runs = visits(days)
	const taken = new Map<string, number>()
	const nthVisit = (kind: ComponentKind, island: string | null) => {
		const key = `${kind}:${island}`
		const n = taken.get(key) ?? 0
		taken.set(key, n + 1)
		const onIsland = runs.filter((run) => run.island === island)
		return onIsland[Math.min(n, onIsland.length - 1)]
	}
	return components.map((component) => {
		if (component.startDate) return component
		switch (component.kind) {
			case 'hotel': {
				const visit = nthVisit('hotel', component.island)
				return visit ? { ...component, startDate: visit.first, endDate: addDays(visit.last, 1) } : component
			}
			case 'ferry': {
				const [from, to] = component.description
					.replace(/^Ferry\s+/, '')
					.split(/[,:]/)[0]!
					.split('→')
					.map((name) => name.trim())
				const sailing = days.find((day) => day.ferry && islandName(day.ferry.from) === from && (!to || islandName(day.ferry.to) === to))
				return sailing ? { ...component, startDate: sailing.date } : component
			}
			case 'activity': {
				// "Scuba diving at Havelock, Havelock: 2 adults" → "scuba diving"
				const name = component.description
					.split(/,| at /)[0]!
					.trim()
					.toLowerCase()
				const says = (day: PlanDay) =>
					[day.title, day.description, ...day.activities].some((text) => !!text && (text.toLowerCase().includes(name) || name.startsWith(text.toLowerCase())))
				const onIsland = (day: PlanDay) => !component.island || day.island === component.island || day.stay?.island === component.island
				const named = name ? (days.find((day) => onIsland(day) && says(day)) ?? days.find(says)) : undefined
				return named ? { ...component, startDate: named.date } : component
			}
			case 'transfer': {
				if (/departure|drop/i.test(component.description)) return { ...component, startDate: end }
				const visit = nthVisit('transfer', component.island)
				return { ...component, startDate: visit?.first ?? startDate }
			}
		}
	})
}

export function plannedComponents(input: {
	startDate: string
	nights: number
	stays: ReadonlyArray<{ island: string; nights: number }> | null
	/** `dates` when the engine priced the line: a hotel's nights, a ferry's or an activity's day. */
	lines: ReadonlyArray<{ label: string; dates?: readonly string[] }>
	/** A booked quote's day plan, to date the components planned from its lines that carry no dates. */
	days?: readonly PlanDay[]
}): PlannedComponent[] {
	if (input.stays?.length) {
		const planned: PlannedComponent[] = [
			{
				kind: 'transfer',
				description: 'Arrival pickup: Veer Savarkar airport to the Port Blair hotel',
				island: 'port-blair',
				startDate: input.startDate,
				endDate: null,
			},
		]
		let day = input.startDate
		let previous: string = 'port-blair'
		for (const stay of input.stays) {
			if (stay.island !== previous)
				planned.push({
					kind: 'ferry',
					description: `Ferry ${islandName(previous)} → ${islandName(stay.island)}`,
					island: previous as IslandSlug,
					startDate: day,
					endDate: null,
				})
			const out = addDays(day, stay.nights)
			planned.push({
				kind: 'hotel',
				description: `Hotel in ${islandName(stay.island)}, ${stay.nights} ${stay.nights === 1 ? 'night' : 'nights'}`,
				island: stay.island as IslandSlug,
				startDate: day,
				endDate: out,
			})
			day = out
			previous = stay.island
		}
		if (previous !== 'port-blair')
			planned.push({
				kind: 'ferry',
				description: `Ferry ${islandName(previous)} → ${islandName('port-blair')}`,
				island: previous as IslandSlug,
				startDate: day,
				endDate: null,
			})
		planned.push({
			kind: 'transfer',
			description: 'Departure drop: hotel to Veer Savarkar airport',
			island: 'port-blair',
			startDate: addDays(input.startDate, input.nights),
			endDate: null,
		})
		return planned
	}
	const fromLines = input.lines.flatMap((line): PlannedComponent[] => {
		const label = line.label
		// The island named first (a ferry's port of departure, a hotel's or activity's island).
		const found = (Object.keys(islands) as IslandSlug[]).map((slug) => [slug, label.indexOf(islands[slug].name)] as const).filter(([, at]) => at >= 0)
		const island = found.sort((a, b) => a[1] - b[1])[0]?.[0] ?? null
		const base = { description: label, island, startDate: null, endDate: null }
		// A priced line's own dates: a hotel from its first night to the morning after its last, a ferry or an activity on its day.
		const first = line.dates?.[0] ?? null
		const dated = first ? { ...base, startDate: first } : base
		if (/^GST\b/.test(label) || /^(Adults|Children|Infants)\b/.test(label)) return []
		if (/^Ferry\b/.test(label)) return [{ ...dated, kind: 'ferry' }]
		if (/transfer|Cab at disposal/i.test(label)) return [{ ...base, kind: 'transfer' }]
		if (/\bnights?\b/.test(label) && /room/.test(label)) return [{ ...dated, kind: 'hotel', endDate: first ? addDays(line.dates!.at(-1)!, 1) : null }]
		return [{ ...dated, kind: 'activity' }]
	})
	return dateComponentsFromDays(fromLines, input.days ?? [], input.startDate, input.nights)
}

const optionalText = (max: number) =>
	z
		.string()
		.trim()
		.max(max, `At most ${max} characters.`)
		.optional()
		.transform((value) => value || null)
const optionalDate = (message: string) =>
	z
		.string()
		.optional()
		.transform((value) => value || null)
		.refine((value) => value === null || isIsoDate(value), message)

/** The add/edit component form on /admin/pending/{id}. */
export const componentFormSchema = z
	.object({
		kind: z.enum(componentKinds, { message: 'Choose what this is: hotel stay, activity, ferry or transfer.' }),
		description: z.string().trim().min(3, 'Describe it, e.g. “Sea Shell Havelock, Deluxe room, 2 nights”.').max(300, 'At most 300 characters.'),
		startDate: optionalDate('Give the date as a calendar date, or leave it empty.'),
		endDate: optionalDate('Give the check-out date as a calendar date, or leave it empty.'),
		time: z
			.string()
			.optional()
			.transform((value) => value || null)
			.refine((value) => value === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), 'Give the time as HH:MM (24-hour), or leave it empty.'),
		supplier: optionalText(120),
		supplierStatus: z.enum(supplierStatuses, { message: 'Choose the supplier status.' }),
		confirmationNumber: optionalText(80),
		notes: optionalText(1000),
	})
	.refine((value) => !value.startDate || !value.endDate || value.endDate >= value.startDate, {
		path: ['endDate'],
		message: 'The end (check-out) date cannot be before the start date.',
	})
	.refine((value) => value.supplierStatus !== 'confirmed' || value.confirmationNumber, {
		path: ['confirmationNumber'],
		message: 'Give the supplier’s confirmation number (or PNR) to mark it confirmed.',
	})
export type ComponentForm = z.infer<typeof componentFormSchema>

/** Most components one bulk confirmation takes: a long trip has about twenty. */
export const maxBulkConfirmations = 60

/**
 * “Confirm with supplier numbers” on /admin/pending/{id}: each component not confirmed yet has a
 * number field (posted in the order of the component ids); those with a number are confirmed
 * together, those left empty stay as they are.
 */
export const confirmComponentsSchema = z
	.object({
		intent: z.literal('confirm-components'),
		componentId: formList(z.array(z.string().refine(isId, 'That form is out of date: reload the page and try again.')).max(maxBulkConfirmations)),
		confirmationNumber: formList(z.array(z.string().trim().max(80, 'A confirmation number has at most 80 characters.')).max(maxBulkConfirmations)),
	})
	.refine((value) => value.componentId.length === value.confirmationNumber.length, {
		path: ['form'],
		message: 'That form is out of date: reload the page and try again.',
	})
	.transform(({ intent, componentId, confirmationNumber }) => ({
		intent,
		confirmations: componentId.flatMap((id, index) => (confirmationNumber[index] ? [{ componentId: id, confirmationNumber: confirmationNumber[index] }] : [])),
	}))
	.refine((value) => value.confirmations.length > 0, {
		path: ['form'],
		message: 'Type the supplier’s confirmation number (or PNR) next to each one to confirm.',
	})
