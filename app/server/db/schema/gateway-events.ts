export interface GatewayEventsTable {
	gateway: string
	event_id: string
	event_type: string
	outcome: string
	received_at: string
}
