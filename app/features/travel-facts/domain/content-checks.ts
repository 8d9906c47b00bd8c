import { addDays } from '~/lib/dates.ts'
import { ferryRoutes } from './facts.ts'
import { ferryOperatorRules } from './ferry-operators.ts'

/**
 * Checks that keep editorial pages honest: a page with time-sensitive facts
 * names its sources and was checked within a year, and a fact repeated on
 * several pages has one value everywhere.
 */

/** Kinds of fact that go out of date. A page declares the ones it carries (`topics:` in its front matter). */
export const timeSensitiveTopics = ['permits', 'ltc', 'ferries', 'timings', 'fares', 'closures', 'emergency', 'diving'] as const
export type TimeSensitiveTopic = (typeof timeSensitiveTopics)[number]

/** How long a check stays good. */
export const reviewValidDays = 365

/** Words that show a page carries a topic, so a writer cannot forget to declare it. */
const topicSignals: Record<TimeSensitiveTopic, RegExp> = {
	permits: /Restricted Area Permit|\bRAP\b/,
	ltc: /DoPT|Balmer Lawrie|LTC (?:rules|scheme)|authorised travel agents?/i,
	ferries: /\{\{\s*ferry\.|minutes before (?:departure|sailing)|baggage (?:limit|allowance)/i,
	timings: /\b(?:opens?|closed|closes) (?:on|every) (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b/i,
	fares: /\{\{\s*fares\./,
	closures: /\{\{\s*season\.jollyBuoy|weekly closures?/i,
	emergency: /\b112\b.*emergency|recompression chamber/i,
	diving: /\{\{\s*diving\.|fly(?:ing)? (?:within|after)[^.]{0,40}div/i,
}

/** A page's served HTML as text for the checks: table cells and rows keep their separators, other tags go. */
export function plainText(html: string): string {
	return html
		.replace(/<\/t[dh]>/g, ' | ')
		.replace(/<\/(?:tr|p|li|h\d)>/g, '\n')
		.replace(/<[^>]+>/g, '')
		.replace(/&amp;/g, '&')
		.replace(/&#39;|&rsquo;/g, '’')
		.replace(/&quot;/g, '"')
}

export function detectTopics(text: string): TimeSensitiveTopic[] {
	return timeSensitiveTopics.filter((topic) => topicSignals[topic].test(text))
}

export type ReviewedPage = { path: string; reviewed: string; topics: readonly string[]; sources: ReadonlyArray<{ title: string; url: string; as_of: string }> }

/** What is wrong with a page's review on `today` (YYYY-MM-DD): no sources for its facts, or a check older than a year. */
export function reviewProblems(page: ReviewedPage, today: string): string[] {
	const problems: string[] = []
	if (page.reviewed > today) problems.push(`${page.path}: reviewed ${page.reviewed} is after today (${today})`)
	for (const source of page.sources) if (source.as_of > today) problems.push(`${page.path}: source "${source.title}" is dated ${source.as_of}, after today`)
	if (!page.topics.length) return problems
	if (!page.sources.length) problems.push(`${page.path}: carries time-sensitive facts (${page.topics.join(', ')}) but lists no sources`)
	if (addDays(page.reviewed, reviewValidDays) < today)
		problems.push(`${page.path}: last checked on ${page.reviewed}, more than a year before ${today}; check its facts again`)
	return problems
}

// ─── Repeated facts agree ────────────────────────────────────────────────────

const islandNames = [
	'Port Blair',
	'Sri Vijaya Puram',
	'Havelock',
	'Swaraj Dweep',
	'Neil',
	'Shaheed Dweep',
	'Ross',
	'North Bay',
	'Baratang',
	'Diglipur',
	'Rangat',
	'Long Island',
	'Little Andaman',
]
const nextIsland = new RegExp(`\\b(?:${islandNames.join('|')})\\b`)
const between = String.raw`(?:\s*\([^)\d]*\))?\s*(?:to|–|-|and|back to|→)\s*`
const durationPattern = /\ban hour\b|(\d+(?:\.\d+)?)\s*(?:(?:–|-|to)\s*(\d+(?:\.\d+)?))?\s*(?:h\b|hours?\b)/g

type Range = readonly [number, number]
const sameRange = (a: Range, b: Range) => a[0] === b[0] && a[1] === b[1]

/** Sailing times stated after "A to B" (either way round), up to the next island named. */
function durationClaims(text: string) {
	const claims: Array<{ route: string; range: Range; quote: string }> = []
	for (const route of ferryRoutes) {
		const [a, b] = route.names
		for (const [first, second] of [
			[a, b],
			[b, a],
		]) {
			const pair = new RegExp(`${first}${between}${second}(?:\\s*\\([^)\\d]*\\))?`, 'g')
			for (const match of text.matchAll(pair)) {
				let rest = text.slice(match.index + match[0].length, match.index + match[0].length + 90).split(/\n|\.\s/)[0]!
				const stop = nextIsland.exec(rest)
				if (stop) rest = rest.slice(0, stop.index)
				for (const duration of rest.matchAll(durationPattern)) {
					const low = duration[1] === undefined ? 1 : Number(duration[1])
					const high = duration[2] === undefined ? low : Number(duration[2])
					claims.push({ route: route.key, range: [low, high], quote: `${match[0]}${rest}`.trim() })
				}
			}
		}
	}
	return claims
}

/**
 * Statements in a page's served text that contradict the one value each fact
 * has: the jetty reporting time, sailing times, the Jolly Buoy season and
 * the direction of the flying-after-diving rule.
 */
export function factConflicts(text: string, values: Record<string, string>): string[] {
	const problems: string[] = []
	// A reporting time must be one an operator publishes, or the fallback we advise when it publishes none.
	const advised = new Set([
		...ferryOperatorRules.flatMap((o) => (o.reportMinutes === null ? [] : [o.reportMinutes])),
		parseInt(values['ferry.reporting.fallback'] ?? '60', 10),
	])
	for (const match of text.matchAll(/(\d+)\s*(minutes?|hours?)\s+(?:before|ahead of|prior to)\s+(?:the\s+|your\s+)?(?:departure|sailing)/gi)) {
		if (/clos/i.test(text.slice(Math.max(0, match.index - 40), match.index))) continue
		const minutes = Number(match[1]) * (/hour/i.test(match[2]!) ? 60 : 1)
		if (!advised.has(minutes)) problems.push(`"${match[0]}" but no operator asks for that (${[...advised].join(', ')} minutes)`)
	}
	for (const claim of durationClaims(text)) {
		const route = ferryRoutes.find((r) => r.key === claim.route)!
		if (!sameRange(claim.range, route.private) && !sameRange(claim.range, route.government))
			problems.push(`"${claim.quote}" disagrees with the sailing times for ${route.label}`)
	}
	for (const sentence of text.split(/(?<=[.!?])\s+/)) {
		if (/Jolly Buoy/.test(sentence) && /mid-(?:May|October)/i.test(sentence) && !sentence.includes(values['season.jollyBuoy']!))
			problems.push(`"${sentence.trim()}": state the Jolly Buoy season as the official dates`)
		if (/\bdiv(?:e|ing)\b[^.]{0,20}\b(?:within|in the)\s+\d+\s+hours\s+(?:of|before)\s+(?:a|your)\s+flight/i.test(sentence))
			problems.push(`"${sentence.trim()}": the rule is not to fly soon after diving`)
	}
	return problems
}

// ─── One price, one place (ADR 196) ──────────────────────────────────────────

/**
 * Figures a page must not type: each comes from a token (sourced-facts.ts, or
 * our live price), so a change is made once. The ₹20 note is a note, not a price.
 */
const typedFigurePatterns: Array<{ kind: string; pattern: RegExp }> = [
	{ kind: 'price', pattern: /(?:₹|\bRs\.?\s?|\bINR\s?)\d[\d,.]*(?!\d*\s*note)(?:\s*(?:lakh|crore))?/gi },
	{ kind: 'clock time', pattern: /\b\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm)\b|\b(?:[01]?\d|2[0-3]):[0-5]\d\b/gi },
	{ kind: 'age limit', pattern: /\b\d+(?:\s*(?:–|-|to|or)\s*\d+)?\s*years?\s+old\b|\bminimum age\s+(?:of\s+)?\d+|\bages?\s+\d+\s*(?:–|-|to)\s*\d+\b/gi },
]

/** Typed prices, clock times and age limits in a page's Markdown source (front matter included), outside tokens. */
export function typedFigures(source: string): string[] {
	const text = source.replace(/\{\{[^}]*\}\}/g, '').replace(/^\s*(?:url|as_of|reviewed|updated):.*$/gm, '')
	const found: string[] = []
	for (const { kind, pattern } of typedFigurePatterns) {
		for (const match of text.matchAll(pattern)) {
			if (kind === 'price' && /^₹20\b/.test(match[0]) && /note/.test(text.slice(match.index, match.index + 30))) continue
			found.push(`${kind} "${match[0].trim()}" in "…${text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 20).replace(/\s+/g, ' ')}…"`)
		}
	}
	return found
}
