/**
 * Vehicles, drivers and guides, their assignment to day-sheet lines, the conflicts an assignment
 * makes, and a driver's run sheet as WhatsApp text
 * (docs/decisions/193-resources-assigned-under-the-resource-lock.md). Pure functions.
 */
import { islandSlugs, type IslandSlug } from '~/lib/islands.ts'
import { plural } from '~/lib/words.ts'
import { z } from '~/lib/zod.ts'
import { compareLines, lineKindLabels, type SheetLine } from './day-sheet.ts'

export const resourceKinds = ['driver', 'vehicle', 'guide'] as const
export type ResourceKind = (typeof resourceKinds)[number]
export const resourceKindLabels: Record<ResourceKind, string> = { driver: 'Driver', vehicle: 'Vehicle', guide: 'Guide' }

export type Resource = {
	id: string
	kind: ResourceKind
	island: string
	name: string
	phone: string | null
	languages: string | null
	seats: number | null
	plate: string | null
}
export type Assignment = { componentId: string; driverId: string | null; vehicleId: string | null; guideId: string | null; revision: number }

/** Minutes one run is taken to last: a driver or vehicle with another line closer than this is in two places. */
export const runMinutes = 60

/** Lines that take a driver, vehicle or guide: every movement but the hotel desk's check-ins and check-outs. */
export const assignable = (line: Pick<SheetLine, 'kind'>) => line.kind !== 'check-in' && line.kind !== 'check-out'

const minutesOf = (time: string | null) => (time && /^\d\d:\d\d$/.test(time) ? Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) : null)

/**
 * What is wrong with one line's assignment, given every other assignment of the day: the same
 * driver, vehicle or guide on another line less than an hour apart (or at an unknown time on
 * another island), a vehicle with fewer seats than travellers, a resource from another island.
 */
export function assignmentConflicts(
	line: SheetLine,
	assignment: Omit<Assignment, 'revision' | 'componentId'>,
	others: ReadonlyArray<{ line: SheetLine; assignment: Assignment }>,
	resources: ReadonlyMap<string, Resource>,
): string[] {
	const conflicts: string[] = []
	const at = minutesOf(line.at)
	for (const [role, id] of [
		['driverId', assignment.driverId],
		['vehicleId', assignment.vehicleId],
		['guideId', assignment.guideId],
	] as const) {
		if (!id) continue
		const resource = resources.get(id)
		if (!resource) continue
		if (line.island && resource.island !== line.island) conflicts.push(`${resource.name} works on ${resource.island}, not on ${line.island}`)
		for (const other of others) {
			if (other.line.key === line.key || other.assignment[role] !== id) continue
			const there = minutesOf(other.line.at)
			const clash = at !== null && there !== null ? Math.abs(at - there) < runMinutes : other.line.island !== line.island
			if (clash)
				conflicts.push(
					`${resource.name} is also on ${other.line.reference} (${lineKindLabels[other.line.kind].toLowerCase()}${other.line.at ? ` at ${other.line.at}` : ''})`,
				)
		}
	}
	const vehicle = assignment.vehicleId ? resources.get(assignment.vehicleId) : undefined
	if (vehicle?.seats && vehicle.seats < line.travellers)
		conflicts.push(`${vehicle.name} has ${plural(vehicle.seats, 'seat')} for ${plural(line.travellers, 'traveller')}`)
	return conflicts
}

/**
 * A driver's (or guide's) run sheet for the day as WhatsApp text: each line in time order with who,
 * how many, their phone, where from, and the flight or ferry to meet.
 */
export function runSheetText(
	resource: Pick<Resource, 'name'>,
	date: string,
	lines: readonly SheetLine[],
	vehicles: ReadonlyMap<string, Resource>,
	assignments: ReadonlyMap<string, Assignment>,
): string {
	const said = [...lines].sort(compareLines).map((line) => {
		const vehicleId = assignments.get(line.componentId)?.vehicleId
		const vehicle = vehicleId ? vehicles.get(vehicleId) : undefined
		const parts = [
			`${line.at ?? 'time TBC'} ${lineKindLabels[line.kind]}: ${line.description}`,
			`${line.contactName} (${plural(line.travellers, 'pax', 'pax')}) ${line.contactPhone}`,
			line.place ? `from ${line.place}` : null,
			line.flight?.number ? `flight ${line.flight.number}${line.flight.time ? ` ${line.flight.time}` : ''}` : null,
			line.ferry?.departure ? `ferry ${line.ferry.departure}, at ${line.ferry.jetty ?? 'the jetty'} by ${line.ferry.reporting}` : null,
			vehicle ? `vehicle ${vehicle.name}${vehicle.plate ? ` ${vehicle.plate}` : ''}` : null,
			`ref ${line.reference}`,
		]
		return `• ${parts.filter(Boolean).join(' · ')}`
	})
	return [`${resource.name}, your runs on ${date} (India time):`, ...(said.length ? said : ['No runs.'])].join('\n')
}

/** Whether the driver must be told again: the sheet was sent and now reads otherwise. */
export function runSheetState(current: string, sent: { text: string; at: string } | null): 'not-sent' | 'sent' | 'changed' {
	if (!sent) return 'not-sent'
	return sent.text === current ? 'sent' : 'changed'
}

/** A wa.me link that opens WhatsApp with the text for this phone (digits only, India by default). */
export function whatsappLink(phone: string | null, text: string): string {
	const digits = (phone ?? '').replace(/\D/g, '')
	const number = digits.length === 10 ? `91${digits}` : digits
	return `https://wa.me/${number}?text=${encodeURIComponent(text)}`
}

const optionalText = (max: number, what: string) =>
	z
		.string()
		.trim()
		.max(max, `${what} has at most ${max} characters.`)
		.optional()
		.transform((value) => value || null)

/** The add-resource form on /admin/operations/resources. */
export const resourceFormSchema = z
	.object({
		kind: z.enum(resourceKinds, { message: 'Choose driver, vehicle or guide.' }),
		island: z.string().refine((value) => islandSlugs.includes(value as IslandSlug), 'Choose the island they work on.'),
		name: z.string().trim().min(2, 'Give a name (for a vehicle, e.g. “Innova, white”).').max(80, 'A name has at most 80 characters.'),
		phone: optionalText(20, 'A phone number').refine(
			(value) => value === null || /^\+?[\d\s-]{10,20}$/.test(value),
			'Give a 10-digit mobile number, or leave it empty.',
		),
		languages: optionalText(120, 'Languages'),
		seats: z
			.string()
			.optional()
			.transform((value) => (value ? Number(value) : null))
			.refine((value) => value === null || (Number.isInteger(value) && value >= 1 && value <= 60), 'Seats are a whole number from 1 to 60.'),
		plate: optionalText(20, 'A number plate'),
	})
	.refine((value) => value.kind === 'vehicle' || value.phone, { path: ['phone'], message: 'Give the phone number the driver or guide answers.' })
	.refine((value) => value.kind !== 'vehicle' || value.seats, { path: ['seats'], message: 'Give how many travellers the vehicle seats.' })
export type ResourceForm = z.infer<typeof resourceFormSchema>

const optionalId = z
	.string()
	.max(40)
	.optional()
	.transform((value) => value || null)

/** The assign form on each line of /admin/operations. `confirm` assigns in spite of the conflicts shown. */
export const assignFormSchema = z.object({
	intent: z.literal('assign'),
	componentId: z.string().min(1).max(40),
	driverId: optionalId,
	vehicleId: optionalId,
	guideId: optionalId,
	revision: z.coerce.number().int().min(0).max(1_000_000),
	confirm: z
		.string()
		.optional()
		.transform((value) => value === 'yes'),
})
export type AssignForm = z.infer<typeof assignFormSchema>
