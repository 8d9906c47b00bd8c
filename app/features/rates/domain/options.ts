import { islands } from '~/lib/islands.ts'

/** Choices on the rate screens, shared by the forms and the server checks. */
export const stayIslandOptions = ['port-blair', 'havelock', 'neil', 'baratang', 'diglipur', 'long-island', 'little-andaman'] as const
export const activityLocations = ['port-blair', 'havelock', 'neil', 'north-bay', 'ross', 'baratang', 'elephant-beach'] as const
export const transferIslands = ['port-blair', 'havelock', 'neil', 'baratang', 'diglipur'] as const
export const ferryIslands = ['port-blair', 'havelock', 'neil'] as const
export const maxSeasonRows = 40
export const hotelsPerPage = 20

export const rateFields = [
	['double_sell', 'double room sell'],
	['double_cost', 'double room cost'],
	['extra_adult_sell', 'extra adult sell'],
	['extra_adult_cost', 'extra adult cost'],
	['child_bed_sell', 'child with bed sell'],
	['child_bed_cost', 'child with bed cost'],
	['child_no_bed_sell', 'child without bed sell'],
	['child_no_bed_cost', 'child without bed cost'],
] as const
export type RateField = (typeof rateFields)[number][0]

export function islandName(slug: string): string {
	return islands[slug as keyof typeof islands]?.name ?? slug
}
