/**
 * Travel facts that appear in several places (guides, /ferries, vouchers,
 * emails): one value each, here. Markdown pages use them as tokens, e.g.
 * `{{ferry.reportingMinutes}}`, expanded when a page is served; an unknown
 * token is an error, so a typo cannot reach a traveller.
 *
 * The jetty reporting time is also a setting (staff can raise it when an
 * operator changes its rules); the default below is what we advise today.
 */

/** Minutes before a sailing we ask travellers to be at the jetty. ITT Majestic asks for 60, Nautika for 45: we advise the longer. */
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

/** Every token and its value today. */
export function factValues(settings: FactSettings = { ferryReportingMinutes: defaultReportingMinutes }): Record<string, string> {
	const values: Record<string, string> = { ...fixedFacts, 'ferry.reportingMinutes': String(settings.ferryReportingMinutes) }
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

/** The line every voucher and voucher email carries for ferries. */
export function jettyReportingLine(minutes: number): string {
	return `Be at the jetty ${minutes} minutes before departure with your photo ID: some operators close check-in 30 minutes before sailing.`
}

/**
 * Minutes before this operator's sailing a traveller should be at the jetty. Today every operator
 * takes the one site-wide setting; when operators get their own reporting times, this is the one
 * function to change (vouchers, their PDF and emails all ask it).
 */
export function reportingMinutesFor(_operator: string | null, settings: FactSettings): number {
	return settings.ferryReportingMinutes
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
			return operator && /government|\bdss\b|directorate/i.test(operator) ? 'Phoenix Bay jetty, Port Blair' : 'Haddo Wharf, Port Blair'
		case 'havelock':
			return 'Havelock jetty (Swaraj Dweep)'
		case 'neil':
			return 'Neil jetty (Shaheed Dweep)'
		default:
			return null
	}
}
