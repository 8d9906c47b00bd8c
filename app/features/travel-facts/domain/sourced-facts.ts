import { addDays } from '~/lib/dates.ts'

/**
 * Prices, fees, age limits, seasons and opening times a page states, one value
 * each, with where it comes from and when it was read (ADR 196). A page writes
 * `{{price.cellularJailShow}}`, never the figure; `content-facts.test.ts` fails
 * when a page types a price or a clock time, and when a fact here is older than
 * its review interval.
 *
 * Where we sell the thing, the page uses our live price instead
 * (`{{ourPrice.seaWalking}}`, from the activity price table: see
 * `ourPriceTokens` and travel-facts.server.ts).
 *
 * `certainty`: `official` (the operator's or the government's own page, or a
 * news report of an official notice), `listing` (travel listings only: the
 * value says so), `ours` (our own quotes and rates, dated).
 */
export type SourcedFact = {
	key: string
	value: string
	certainty: 'official' | 'listing' | 'ours'
	source: { title: string; url: string | null }
	/** The day we read the source (YYYY-MM-DD). */
	asOf: string
	/** Days after `asOf` before the fact must be read again. */
	reviewDays: number
}

const ourQuotes = { title: 'Our own quotes and rate book for the 2026–27 season', url: null }
/** Figures the pages carried before ADR 196 with no outside source: our own estimate until someone checks them. */
const ourEstimate = { title: 'Our own estimate, not yet checked against an outside source (confirm when you book)', url: null }

export const sourcedFacts: SourcedFact[] = [
	// ─── Cellular Jail ───
	{
		key: 'time.cellularJail',
		value: 'about 9 am to 12:30 pm and 1:30 pm to 4:45 pm (listings differ; some give 9 am to 5 pm)',
		certainty: 'listing',
		source: { title: 'TryTrabby: Cellular Jail tour (timings)', url: 'https://trytrabby.com/booking/sightseeing/cellular-jail-tour-port-blair-trytrabby' },
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	{
		key: 'fee.cellularJail',
		value: 'about ₹30 per person for Indian visitors, more for foreign visitors (₹100 in one listing); camera charges may apply',
		certainty: 'listing',
		source: {
			title: 'Andaman Ocean: Cellular Jail visiting time and tickets',
			url: 'https://www.andamanocean.in/destinations/cellular-jail-place-to-visit-in-port-blair-andaman/',
		},
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	{
		key: 'price.cellularJailShow',
		value: 'between about ₹100 and ₹300 per person in the listings we read (the price depends on the seat; the official booking page shows today’s)',
		certainty: 'listing',
		source: {
			title: 'Andaman Ocean (₹300) and Enchanting Andamans (about ₹100): light and sound show tickets',
			url: 'https://www.andamanocean.in/destinations/cellular-jail-place-to-visit-in-port-blair-andaman/',
		},
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	{
		key: 'time.cellularJailShow',
		value: '5.50 pm, 6.50 pm and 7.50 pm, with an extra Hindi show at 8.50 pm added for the 2025–26 peak season',
		certainty: 'official',
		source: {
			title: 'Nicobar Times, 8 November 2025: additional Hindi light and sound show at Cellular Jail (Directorate of IP&T notice)',
			url: 'https://nicobartimes.com/local-news/additional-hindi-light-sound-show-introduced-at-cellular-jail-to-meet-rising-tourist-demand/amp',
		},
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	// ─── Boats and parks ───
	{
		key: 'price.rossNorthBayBoat',
		value: 'about ₹800 to ₹1,500 per person for the combined boat (our estimate), plus entry fees',
		certainty: 'ours',
		source: ourQuotes,
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	{
		key: 'price.jollyBuoyTrip',
		value: 'about ₹1,000 to ₹2,000 per person (our estimate; the forest department sets the permit fee)',
		certainty: 'ours',
		source: ourQuotes,
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	{
		key: 'price.elephantBeachBoat',
		value: 'about ₹1,000 to ₹1,500 per person return (our estimate)',
		certainty: 'ours',
		source: ourQuotes,
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	{
		key: 'price.baratangSpeedboat',
		value: 'about ₹800 to ₹1,500 per person (our estimate; the boat co-operative at Baratang jetty sets the fare, so check there)',
		certainty: 'ours',
		source: ourQuotes,
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	// ─── Diving and water sports (where we do not sell it) ───
	{
		key: 'price.openWaterCourse',
		value: 'about ₹20,000 to ₹38,000',
		certainty: 'listing',
		source: {
			title: 'TourGrids: scuba diving at Havelock (PADI Open Water ₹20,000–30,000)',
			url: 'https://tourgrids.com/guide/andaman/activity/scuba-diving-at-havelock-swaraj-dweep',
		},
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	{
		key: 'price.funDive',
		value: 'about ₹2,500 to ₹7,000 per dive',
		certainty: 'listing',
		source: {
			title: 'TourGrids: scuba diving at Havelock (certified guided dive ₹2,500–4,000)',
			url: 'https://tourgrids.com/guide/andaman/activity/scuba-diving-at-havelock-swaraj-dweep',
		},
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	{ key: 'price.underwaterPhotos', value: 'about ₹1,000 to ₹2,500 (our estimate)', certainty: 'ours', source: ourQuotes, asOf: '2026-11-27', reviewDays: 180 },
	{
		key: 'price.gameFishing',
		value: 'about ₹15,000 to ₹45,000 per boat per day (our estimate)',
		certainty: 'ours',
		source: ourQuotes,
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	{
		key: 'price.barrenIslandTrip',
		value: 'about ₹25,000 per person on a shared boat, or about ₹1.2 lakh for the whole boat, as one Havelock operator advertises',
		certainty: 'listing',
		source: { title: 'Andaman Aquaholics: a trip to Barren Island', url: 'https://www.andamanaquaholics.com/post/a-trip-to-barren-island' },
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	// ─── Getting about, eating, packages (our own figures) ───
	{ key: 'price.scooterHire', value: 'about ₹500 to ₹800 a day (our estimate)', certainty: 'ours', source: ourQuotes, asOf: '2026-11-27', reviewDays: 180 },
	{ key: 'price.localMeal', value: 'roughly ₹150 to ₹400', certainty: 'ours', source: ourQuotes, asOf: '2026-11-27', reviewDays: 180 },
	{ key: 'price.flightsFromChennaiKolkata', value: '₹8,000 to ₹18,000', certainty: 'ours', source: ourQuotes, asOf: '2026-11-27', reviewDays: 90 },
	{ key: 'price.simpleRoom', value: '₹3,000', certainty: 'ours', source: ourQuotes, asOf: '2026-11-27', reviewDays: 180 },
	{
		key: 'price.ltcPackage5Nights',
		value: 'about ₹20,000 to ₹35,000 per person on a twin-sharing basis',
		certainty: 'ours',
		source: ourQuotes,
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	{ key: 'price.familyTrip5Nights', value: 'about ₹32,000 to ₹46,000 per adult', certainty: 'ours', source: ourQuotes, asOf: '2026-11-27', reviewDays: 180 },
	{ key: 'price.honeymoonMidRange', value: 'about ₹65,000 to ₹1,00,000 per couple', certainty: 'ours', source: ourQuotes, asOf: '2026-11-27', reviewDays: 180 },
	{ key: 'price.honeymoonPremium', value: '₹1.5 lakh to ₹3 lakh or more', certainty: 'ours', source: ourQuotes, asOf: '2026-11-27', reviewDays: 180 },
	{ key: 'time.baratangPickup', value: 'around 3 to 4 am', certainty: 'ours', source: ourQuotes, asOf: '2026-11-27', reviewDays: 180 },
	{ key: 'time.hotelCheckIn', value: '12:00', certainty: 'ours', source: ourQuotes, asOf: '2026-11-27', reviewDays: 365 },
	{ key: 'time.hotelCheckOut', value: '09:00', certainty: 'ours', source: ourQuotes, asOf: '2026-11-27', reviewDays: 365 },
	{
		key: 'season.bioluminescence',
		value: 'roughly October to May, the dry season (when our kayak partner runs most trips; the glow is never guaranteed and no official season exists)',
		certainty: 'ours',
		source: ourQuotes,
		asOf: '2026-11-27',
		reviewDays: 365,
	},
	{
		key: 'season.barrenIsland',
		value: 'roughly December to April, the calmest months (in our experience; no operator publishes a season we could check, so ask the boat or dive centre)',
		certainty: 'ours',
		source: ourQuotes,
		asOf: '2026-11-27',
		reviewDays: 365,
	},
	// ─── Things no one official publishes (hedged in the value itself) ───
	{
		key: 'age.seaWalk',
		value: 'about 7 or 8 years (operators set their own limits; none publishes one we could check, so confirm when you book)',
		certainty: 'ours',
		source: ourQuotes,
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	{
		key: 'age.snorkelling',
		value: 'about 5 to 8 years with a life jacket and a parent close by (operators set their own limits; confirm when you book)',
		certainty: 'ours',
		source: ourQuotes,
		asOf: '2026-11-27',
		reviewDays: 180,
	},
	// ─── Our own estimates (moved from the pages as they were; to be checked against sources) ───
	{ key: 'estimate.activities1', value: '₹600–1,500', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // activities.md
	{ key: 'estimate.activities2', value: '₹2,500–3,500', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // activities.md
	{ key: 'estimate.activities3', value: '₹3,000–4,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // activities.md
	{ key: 'estimate.activities4', value: '₹600–1,500', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // activities.md
	{ key: 'estimate.activities5', value: '₹2,500–4,500', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // activities.md
	{ key: 'estimate.activitiesScubaDiving1', value: '₹25,000–38,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // activities/scuba-diving.md
	{ key: 'estimate.activitiesScubaDiving2', value: '₹20,000–30,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // activities/scuba-diving.md
	{ key: 'estimate.activitiesSeaWalking1', value: '₹500–1,500', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // activities/sea-walking.md
	{ key: 'estimate.activitiesSnorkeling1', value: '₹1,500–2,500', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // activities/snorkeling.md
	{ key: 'estimate.activitiesSnorkeling2', value: '₹2,500–3,500', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // activities/snorkeling.md
	{ key: 'estimate.activitiesSnorkeling3', value: '₹500–1,500', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // activities/snorkeling.md
	{ key: 'estimate.andamanAndNicobarFood1', value: 'around ₹600 to ₹1,200', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-and-nicobar-food.md
	{ key: 'estimate.andamanTourPackageCost1', value: '₹700 – ₹1,500', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-tour-package-cost.md
	{ key: 'estimate.andamanTourPackageCost2', value: '₹17,000 – ₹24,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-tour-package-cost.md
	{ key: 'estimate.andamanTourPackageCost3', value: '₹26,000 – ₹38,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-tour-package-cost.md
	{ key: 'estimate.andamanTourPackageCost4', value: '₹50,000 – ₹95,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-tour-package-cost.md
	{ key: 'estimate.andamanTourPackageCost5', value: '₹20,000 – ₹29,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-tour-package-cost.md
	{ key: 'estimate.andamanTourPackageCost6', value: '₹32,000 – ₹46,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-tour-package-cost.md
	{ key: 'estimate.andamanTourPackageCost7', value: '₹60,000 – ₹1,15,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-tour-package-cost.md
	{ key: 'estimate.andamanTourPackageCost8', value: '₹24,000 – ₹34,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-tour-package-cost.md
	{ key: 'estimate.andamanTourPackageCost9', value: '₹38,000 – ₹55,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-tour-package-cost.md
	{ key: 'estimate.andamanTourPackageCost10', value: '₹72,000 – ₹1,40,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-tour-package-cost.md
	{ key: 'estimate.andamanTourPackageCost11', value: '₹27,000 – ₹39,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-tour-package-cost.md
	{ key: 'estimate.andamanTourPackageCost12', value: '₹44,000 – ₹64,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-tour-package-cost.md
	{ key: 'estimate.andamanTourPackageCost13', value: '₹85,000 – ₹1,65,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // andaman-tour-package-cost.md
	{ key: 'estimate.destinationsBaratangIsland1', value: '₹5,000–8,000', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // destinations/baratang-island.md
	{ key: 'estimate.destinationsBaratangIsland2', value: '₹1,500–2,500', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // destinations/baratang-island.md
	{ key: 'estimate.destinationsNorthBayIsland1', value: '₹1,500–2,500', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // destinations/north-bay-island.md
	{ key: 'estimate.destinationsNorthBayIsland2', value: '₹600–1,200', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // destinations/north-bay-island.md
	{ key: 'estimate.destinationsNorthBayIsland3', value: '₹600–1,200', certainty: 'ours', source: ourEstimate, asOf: '2026-11-27', reviewDays: 180 }, // destinations/north-bay-island.md
]

/** One fact's value, for code that states it outside a page (the seed's day templates). */
export function sourcedFact(key: string): string {
	const fact = sourcedFacts.find((f) => f.key === key)
	if (!fact) throw new Error(`Unknown sourced fact ${key}`)
	return fact.value
}

/** Token name → value for every sourced fact. */
export function sourcedFactValues(): Record<string, string> {
	return Object.fromEntries(sourcedFacts.map((fact) => [fact.key, fact.value]))
}

/** Activities we sell, by token name (`{{ourPrice.seaWalking}}`) → activity in the price table. */
export const ourPriceTokens = {
	'ourPrice.scubaDiving': 'scuba-diving',
	'ourPrice.snorkeling': 'snorkeling',
	'ourPrice.seaWalking': 'sea-walking',
	'ourPrice.bioluminescenceKayaking': 'bioluminescence-kayaking',
	'ourPrice.mangroveKayaking': 'mangrove-kayaking',
} as const

/** What a live-price token says when the price table cannot be read (a page must still render). */
export const ourPriceUnavailable = 'our current price (ask us, or see the activity’s booking page)'

/** "₹5,800 to ₹7,200 per person (our price today)" from active per-person adult sell prices in paise. */
export function ourPriceText(paise: readonly number[], format: (paise: number) => string): string {
	if (!paise.length) return ourPriceUnavailable
	const low = Math.min(...paise)
	const high = Math.max(...paise)
	return `${low === high ? format(low) : `${format(low)} to ${format(high)}`} per person (our price today, by season)`
}

/** Facts whose review interval has run out on `today`. */
export function staleFacts(today: string, facts: readonly SourcedFact[] = sourcedFacts): string[] {
	return facts
		.filter((fact) => addDays(fact.asOf, fact.reviewDays) < today)
		.map((fact) => `${fact.key}: read on ${fact.asOf}, due again after ${fact.reviewDays} days`)
}
