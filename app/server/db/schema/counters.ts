/** Sequences for human references (LD-2026-00042), one row per name and year. */
export interface CountersTable {
	name: string
	year: number
	value: number
}
