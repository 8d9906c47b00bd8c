export interface SettingsTable {
	key: string
	value_json: string
	updated_at: string
}
