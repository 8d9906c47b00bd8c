/** Staff forms' one-time keys and the record each made (docs/decisions/166-staff-creates-once-per-submission.md). */
export interface FormSubmissionsTable {
	key: string
	entity: string
	entity_id: string
	created_at: string
}
