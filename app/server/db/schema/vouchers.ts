export interface VouchersTable {
	id: string
	booking_id: string
	version: number
	status: string
	booking_reference: string
	lead_name: string
	snapshot_json: string
	replaced_by: string | null
	revoke_reason: string | null
	issued_by: string | null
	issued_at: string
	updated_at: string
}
