import { ferryOperatorRules, operatorRulesFor } from './ferry-operators.ts'
import { ourPriceTokens, ourPriceUnavailable, sourcedFactValues } from './sourced-facts.ts'

/**
 * Travel facts that appear in several places (guides, /ferries, vouchers,
 * emails): one value each, here. Markdown pages use them as tokens, e.g.
 * `{{ferry.reporting.government}}`, expanded when a page is served; an unknown
 * token is an error, so a typo cannot reach a traveller.
 *
 * Each operator's reporting time is in `ferry-operators.ts`, from its own terms
 * (ADR 195). The setting below is only the fallback for an operator that
 * publishes none (Makruzz, Green Ocean, one we do not know).
 */

/** Minutes before a sailing we ask travellers to be at the jetty when the operator publishes no time: ITT Majestic, the longest-asking private operator with published terms, asks for 60. */
export const defaultReportingMinutes = 60

/** Hours as [shortest, longest]. */
type Hours = readonly [number, number]

export const ferryRoutes = [
	{ key: 'portBlairHavelock', label: 'Port Blair – Havelock (Swaraj Dweep)', names: ['Port Blair', 'Havelock'], private: [1.5, 2.5], government: [2.5, 3] },
	{ key: 'havelockNeil', label: 'Havelock – Neil (Shaheed Dweep)', names: ['Havelock', 'Neil'], private: [1, 1], government: [1, 1.5] },
	{ key: 'portBlairNeil', label: 'Port Blair – Neil (Shaheed Dweep)', names: ['Port Blair', 'Neil'], private: [1.5, 2], government: [2, 2.5] },
] as const satisfies ReadonlyArray<{ key: string; label: string; names: readonly [string, string]; private: Hours; government: Hours }>

export type FerryRouteKey = (typeof ferryRoutes)[number]['key']

function number(hours: number): string {
	return Number.isInteger(hours) ? String(hours) : hours.toFixed(1)
}

/** "about 1.5 to 2.5 hours", "about an hour", "about 2 hours". */
export function formatHours([low, high]: Hours): string {
	if (low === high) return low === 1 ? 'about an hour' : `about ${number(low)} hours`
	return `about ${number(low)} to ${number(high)} hours`
}

/** Facts with a fixed value (change them here, with the pages' review date and sources). */
const fixedFacts: Record<string, string> = {
	'distance.portBlairHavelock': 'about 40 km',
	'fares.catamaranOneWay': 'about ₹1,200 to ₹3,000',
	'season.jollyBuoy': '1 November to 15 May',
	'diving.noFlyHours': '24',
}

export type FactSettings = { ferryReportingMinutes: number }

/** "45 minutes", "2 hours", "90 minutes". */
export function formatMinutes(minutes: number): string {
	if (minutes % 60 === 0) return minutes === 60 ? '60 minutes' : `${minutes / 60} hours`
	return `${minutes} minutes`
}

/** "45 to 60 minutes", "60 minutes", "45 minutes to 2 hours". */
function minutesRange(list: readonly number[]): string {
	const low = Math.min(...list)
	const high = Math.max(...list)
	if (low === high) return formatMinutes(low)
	return high <= 60 ? `${low} to ${high} minutes` : `${formatMinutes(low)} to ${formatMinutes(high)}`
}

/** Every token and its value today. */
export function factValues(settings: FactSettings = { ferryReportingMinutes: defaultReportingMinutes }): Record<string, string> {
	const privateMinutes = ferryOperatorRules.filter((o) => o.kind === 'private').map((o) => o.reportMinutes ?? settings.ferryReportingMinutes)
	const government = ferryOperatorRules.find((o) => o.kind === 'government')!
	const values: Record<string, string> = {
		...fixedFacts,
		...sourcedFactValues(),
		...Object.fromEntries(Object.keys(ourPriceTokens).map((token) => [token, ourPriceUnavailable])),
		'ferry.reporting.fallback': formatMinutes(settings.ferryReportingMinutes),
		'ferry.reporting.private': minutesRange(privateMinutes),
		'ferry.reporting.government': formatMinutes(government.reportMinutes!),
		'ferry.gateCloses.government': formatMinutes(government.closesMinutes!),
	}
	for (const operator of ferryOperatorRules)
		if (operator.reportMinutes !== null) values[`ferry.reporting.${operator.name.split(' ')[0]!.toLowerCase()}`] = formatMinutes(operator.reportMinutes)
	for (const route of ferryRoutes) {
		values[`ferry.private.${route.key}`] = formatHours(route.private)
		values[`ferry.government.${route.key}`] = formatHours(route.government)
	}
	return values
}

/** The names a page may use, e.g. `ferry.reportingMinutes`. */
export const factNames: ReadonlySet<string> = new Set(Object.keys(factValues()))

const tokenPattern = /\{\{\s*([a-zA-Z0-9.]+)\s*\}\}/g

/** Token names used in a text. */
export function factTokens(text: string): string[] {
	return [...text.matchAll(tokenPattern)].map((match) => match[1]!)
}

/** Tokens in a text that name no fact. */
export function unknownFactTokens(text: string): string[] {
	return factTokens(text).filter((name) => !factNames.has(name))
}

/** Replaces every token; throws on an unknown one (a page must never show `{{…}}`). */
export function expandFacts(text: string, values: Record<string, string>): string {
	return text.replace(tokenPattern, (whole, name: string) => {
		const value = values[name]
		if (value === undefined) throw new Error(`Unknown travel fact ${whole}`)
		return value
	})
}

/**
 * The line every voucher and voucher email carries for ferries, given the reporting minutes of its
 * sailings (one per sailing, from `reportingMinutesFor`). One time when they agree; otherwise the range,
 * as each sailing's own line gives its clock time.
 */
export function jettyReportingLine(minutes: readonly number[]): string {
	const gate = ferryOperatorRules.find((o) => o.kind === 'government')!
	const dss = minutes.includes(gate.reportMinutes!)
		? ` Government ships (DSS) close the gate ${formatMinutes(gate.closesMinutes!)} before sailing.`
		: ' Operators close check-in or boarding 20 to 30 minutes before sailing.'
	const when =
		new Set(minutes).size <= 1
			? `${formatMinutes(minutes[0] ?? defaultReportingMinutes)} before departure`
			: `${minutesRange(minutes)} before departure, as each sailing above says`
	return `Be at the jetty ${when}, with your photo ID: each operator sets its own time.${dss} Late passengers are not boarded.`
}

/**
 * Minutes before this operator's sailing a traveller should be at the jetty: the operator's own
 * published time (ferry-operators.ts), or the site-wide fallback setting when it publishes none.
 */
export function reportingMinutesFor(operator: string | null, settings: FactSettings): number {
	return operatorRulesFor(operator)?.reportMinutes ?? settings.ferryReportingMinutes
}

/** Minutes before sailing this operator closes its gate, check-in or boarding, with what closes; null when it publishes none. */
export function closingFor(operator: string | null): { minutes: number; what: string } | null {
	const rules = operatorRulesFor(operator)
	return rules?.closesMinutes && rules.closes ? { minutes: rules.closesMinutes, what: rules.closes } : null
}

/** "07:00" less 60 minutes → "06:00" (the clock time to be at the jetty); null when the departure is not an HH:MM time. */
export function reportingTime(departure: string | null, minutes: number): string | null {
	const match = departure ? /^([01]\d|2[0-3]):([0-5]\d)$/.exec(departure) : null
	if (!match) return null
	const at = (((Number(match[1]) * 60 + Number(match[2]) - minutes) % 1440) + 1440) % 1440
	return `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`
}

/**
 * The jetty a sailing leaves from. In Port Blair the private catamarans (Makruzz, Nautika, Green
 * Ocean, ITT Majestic) leave from Haddo Wharf and the government (DSS) ferries from Phoenix Bay;
 * Havelock and Neil each have one jetty. Null for a port we do not know.
 */
export function departureJetty(port: string | null, operator: string | null): string | null {
	switch (port) {
		case 'port-blair':
			return operatorRulesFor(operator)?.kind === 'government' ? 'Phoenix Bay jetty, Port Blair' : 'Haddo Wharf, Port Blair'
		case 'havelock':
			return 'Havelock jetty (Swaraj Dweep)'
		case 'neil':
			return 'Neil jetty (Shaheed Dweep)'
		default:
			return null
	}
}
