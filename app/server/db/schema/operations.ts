import type { Generated } from 'kysely'

/** A vehicle, driver or guide on one island (docs/decisions/193-resources-assigned-under-the-resource-lock.md). */
export interface OpsResourcesTable {
	id: string
	/** 'vehicle', 'driver' or 'guide'. */
	kind: string
	island: string
	name: string
	phone: string | null
	/** Comma-separated, as typed ("Hindi, English, Bengali"). */
	languages: string | null
	seats: number | null
	plate: string | null
	/** Bumped by every assignment of this resource, so assignments of one resource take turns. */
	revision: Generated<number>
	archived_at: string | null
	created_at: string
	updated_at: string
}

/** Who serves one line of the day sheet (a transfer, ferry or activity component). */
export interface OpsAssignmentsTable {
	component_id: string
	booking_id: string
	date: string
	driver_id: string | null
	vehicle_id: string | null
	guide_id: string | null
	revision: Generated<number>
	updated_by: string
	updated_at: string
}

/** A driver's or guide's run sheet as it was last sent. */
export interface OpsRunSheetsTable {
	resource_id: string
	date: string
	sent_text: string
	sent_at: string
	sent_by: string
}
