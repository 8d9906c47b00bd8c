import { ISLANDS } from '~/features/rates/domain/pricing/constants.ts'
import type { Island } from '~/features/rates/domain/pricing/types.ts'
import { islands, type IslandSlug } from '~/lib/islands.ts'

/**
 * Activity prices are kept by activity × location (a beach or an island such as
 * North Bay or Ross, reached from Port Blair). The engine knows islands where
 * travellers stay, so a location is priced on the island it is done from, and
 * the engine's activity id carries the location: `snorkeling@north-bay`.
 */
const dayTripFrom: Record<string, Island> = {
	'north-bay': 'port-blair',
	ross: 'port-blair',
	'jolly-buoy': 'port-blair',
	'red-skin': 'port-blair',
	'elephant-beach': 'havelock',
}

export function activityIsland(location: string): Island | null {
	if (location in dayTripFrom) return dayTripFrom[location]!
	return (ISLANDS as readonly string[]).includes(location) ? (location as Island) : null
}

export function engineActivityId(activity: string, location: string): string {
	return `${activity}@${location}`
}

export function parseEngineActivityId(id: string): { activity: string; location: string } | null {
	const match = /^([a-z0-9-]{1,60})@([a-z0-9-]{1,40})$/.exec(id)
	return match ? { activity: match[1]!, location: match[2]! } : null
}

export function activityLabel(activity: string): string {
	const words = activity.replace(/-/g, ' ')
	return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The name the engine gives an activity price row ("Scuba diving at Havelock"): its lines open with it, then a comma. */
export function activityRateName(activity: string, location: string): string {
	return `${activityLabel(activity)} at ${islands[location as IslandSlug]?.name ?? location}`
}

/**
 * A lead's interest as staff read it: the builder stores engine ids
 * ("scuba-diving@havelock"), the quote form plain words; both read as words.
 */
export function interestLabel(interest: string): string {
	const parsed = parseEngineActivityId(interest)
	if (!parsed) return interest
	const place = islands[parsed.location as IslandSlug]?.name ?? activityLabel(parsed.location)
	return `${activityLabel(parsed.activity)} at ${place}`
}
