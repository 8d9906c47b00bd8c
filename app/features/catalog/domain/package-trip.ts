import { describeCancellationTiers, type CancellationTier } from '~/features/bookings/domain/cancellation.ts'
import { type PaymentPlan, paymentPlan } from '~/features/bookings/domain/rules.ts'
import { mealPlanNames } from '~/features/rates/domain/builder.ts'
import { FERRY_OPERATOR_NAMES, ISLAND_SHORT_NAMES } from '~/features/rates/domain/pricing/constants.ts'
import type { LineItem, Quote } from '~/features/rates/domain/pricing/types.ts'
import { ferryRoutes, formatHours } from '~/features/travel-facts/domain/facts.ts'
import { addDays } from '~/lib/dates.ts'
import { z } from '~/lib/zod.ts'
import { tiers } from '~/features/catalog/domain/packages.ts'

/** A night-by-night stay of a package as priced for a date: the hotel, its room and meals. */
export type TripStay = {
	hotelId: string
	hotelName: string
	island: string
	roomType: string
	mealPlan: string
	nights: number
	firstNight: string
	checkOut: string
}
/** A ferry leg of a package as priced for a date: who sails it and for about how long. */
export type TripFerry = { date: string; from: string; to: string; operator: string; ferryClass: string; duration: string | null }

/**
 * The stays and ferry legs of a package as the engine priced them for a date (docs/decisions/216-price-calendar.md):
 * the hotels are the ones the price is made of (the cheapest of the category that can be priced for those nights).
 */
export function tripOfQuote(quote: Pick<Quote, 'lines'>): { stays: TripStay[]; ferries: TripFerry[] } {
	const stays: TripStay[] = []
	const ferries: TripFerry[] = []
	for (const line of quote.lines) {
		if (line.kind === 'hotel') stays.push(stayOf(line))
		else if (line.kind === 'ferry') {
			const { from, to, operator } = line.details
			ferries.push({
				date: line.dates[0] ?? '',
				from: ISLAND_SHORT_NAMES[from],
				to: ISLAND_SHORT_NAMES[to],
				operator: FERRY_OPERATOR_NAMES[operator],
				ferryClass: line.details.class,
				duration: ferryDuration(ISLAND_SHORT_NAMES[from], ISLAND_SHORT_NAMES[to], operator === 'government'),
			})
		}
	}
	return { stays, ferries }
}

function stayOf(line: Extract<LineItem, { kind: 'hotel' }>): TripStay {
	const first = line.dates[0]!
	return {
		hotelId: line.details.hotelId,
		hotelName: line.details.hotelName,
		island: ISLAND_SHORT_NAMES[line.island!] ?? line.island ?? '',
		roomType: line.details.roomTypeName,
		mealPlan: mealPlanNames[line.details.mealPlan],
		nights: line.dates.length,
		firstNight: first,
		checkOut: addDays(first, line.dates.length),
	}
}

/** "about 1.5 to 2.5 hours" for a crossing our travel facts know, either way round; null otherwise. */
export function ferryDuration(from: string, to: string, government: boolean): string | null {
	const route = ferryRoutes.find((one) => (one.names[0] === from && one.names[1] === to) || (one.names[0] === to && one.names[1] === from))
	return route ? formatHours(government ? route.government : route.private) : null
}

/** What a traveller pays and when: the booking's payment plan for a priced date (booked today), and the cancellation tiers as rows. */
export type PaymentTerms = {
	advancePercent: number
	balanceDueDaysBefore: number
	plan: PaymentPlan | null
	cancellation: Array<{ when: string; feePercent: number }>
}

/** The "what you pay and when" block from the booking settings and the real cancellation tiers, never typed. */
export function paymentTerms(input: {
	total: number | null
	startDate: string | null
	today: string
	advancePercent: number
	balanceDueDaysBefore: number
	cancellationTiers: readonly CancellationTier[]
}): PaymentTerms {
	return {
		advancePercent: input.advancePercent,
		balanceDueDaysBefore: input.balanceDueDaysBefore,
		plan:
			input.total !== null && input.startDate
				? paymentPlan({
						total: input.total,
						advancePercent: input.advancePercent,
						startDate: input.startDate,
						bookedOn: input.today,
						daysBefore: input.balanceDueDaysBefore,
					})
				: null,
		cancellation: describeCancellationTiers(input.cancellationTiers),
	}
}

/**
 * The package page's query: the hotel category and the month chosen on its price calendar. They only
 * choose what the page shows, so a value the page cannot show is read as no choice (the default calendar).
 */
export const packageViewSchema = z.object({
	tier: z.enum(tiers).optional().catch(undefined),
	month: z
		.string()
		.regex(/^\d{4}-(0[1-9]|1[0-2])$/)
		.optional()
		.catch(undefined),
})
export type PackageViewChoice = z.infer<typeof packageViewSchema>
