/** What /admin/operations shows for a date and its filters: built here so the route stays thin. */
import { addDays } from '~/lib/dates.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { filterSheet, tripTomorrowText, type KindFilter } from '~/features/operations/domain/day-sheet.ts'
import { assignable, type Resource } from '~/features/operations/domain/resources.ts'
import { listResources, operationsDay, runSheetsOf } from './operations.server.ts'

const personOf = (resource: Resource | undefined) =>
	resource ? { id: resource.id, name: resource.name, phone: resource.phone, plate: resource.plate, seats: resource.seats } : null

export async function operationsPage(db: Executor, query: { date: string; island: string | null; kind: KindFilter | null }) {
	const day = await operationsDay(db, query.date)
	const island = query.island === 'none' ? null : query.island
	const shown = query.island === 'none' ? { ...day.sheet, groups: day.sheet.groups.filter((group) => group.island === null) } : day.sheet
	const sheet = filterSheet(shown, { island, kind: query.kind })
	const groups = sheet.groups.map((group) => ({
		...group,
		lines: group.lines.map((line) => {
			const assignment = day.assignments.get(line.componentId) ?? null
			return {
				...line,
				assignable: assignable(line),
				assignment,
				driver: personOf(assignment?.driverId ? day.resources.get(assignment.driverId) : undefined),
				vehicle: personOf(assignment?.vehicleId ? day.resources.get(assignment.vehicleId) : undefined),
				guide: personOf(assignment?.guideId ? day.resources.get(assignment.guideId) : undefined),
				conflicts: day.conflicts.get(line.key) ?? [],
			}
		}),
	}))
	// Each booking's "your trip tomorrow" message, from all its lines of the day (not only the filtered ones).
	const byBooking = new Map<string, (typeof day.sheet.groups)[number]['lines']>()
	for (const line of day.sheet.groups.flatMap((group) => group.lines)) {
		const own = byBooking.get(line.bookingId)
		if (own) own.push(line)
		else byBooking.set(line.bookingId, [line])
	}
	const messages = [...byBooking.values()]
		.map((lines) => ({
			bookingId: lines[0]!.bookingId,
			reference: lines[0]!.reference,
			contactName: lines[0]!.contactName,
			contactPhone: lines[0]!.contactPhone,
			text: tripTomorrowText(lines[0]!, query.date, lines),
		}))
		.sort((a, b) => a.reference.localeCompare(b.reference))
	return {
		...query,
		previous: addDays(query.date, -1),
		next: addDays(query.date, 1),
		groups,
		lineCount: sheet.lineCount,
		problemCount: sheet.problemCount,
		islandsOfDay: day.sheet.groups.map((group) => ({ island: group.island, label: group.label })),
		resources: await listResources(db),
		runSheets: await runSheetsOf(db, query.date, day),
		messages,
	}
}
