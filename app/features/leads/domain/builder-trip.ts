/**
 * The trip a visitor priced in the builder, as staff read it on the lead page: the islands and
 * nights in order, the hotel category, meals, cars and the price the builder showed. The lead
 * keeps the builder's snapshot as JSON; one written by an older version of the builder may lack
 * fields, so each is read on its own and anything unreadable is left out. Pure.
 */
import { mealPlanNames, tierNames, transferNames } from '~/features/rates/domain/builder.ts'
import { islandLabel } from '~/lib/islands.ts'
import { z } from '~/lib/zod.ts'

const stored = z.object({
	config: z
		.object({
			stays: z.array(z.object({ island: z.string(), nights: z.number().int().positive() })).catch([]),
			tier: z.string().catch(''),
			meal: z.string().catch(''),
			transfers: z.string().catch(''),
			activities: z.array(z.string()).catch([]),
		})
		.catch({ stays: [], tier: '', meal: '', transfers: '', activities: [] }),
	query: z.string().optional().catch(undefined),
	pricedOn: z.string().optional().catch(undefined),
	price: z
		.object({
			ok: z.boolean(),
			total: z.number().optional(),
			perPerson: z.number().optional(),
			payingTravellers: z.number().optional(),
			problems: z.array(z.string()).optional(),
		})
		.optional()
		.catch(undefined),
})

export type BuilderTrip = {
	stays: Array<{ island: string; nights: number }>
	nights: number
	hotels: string | null
	meals: string | null
	cars: string | null
	activities: number
	/** What the builder showed the visitor, or why it could not price the trip. */
	price: { total: number; perPerson: number | null; payingTravellers: number | null } | null
	problems: string[]
	pricedOn: string | null
	/** The builder with the same choices, to price it again today. */
	builderPath: string | null
}

const named = <Key extends string>(names: Record<Key, string>, key: string): string | null => (Object.hasOwn(names, key) ? names[key as Key] : null)

export function builderTripOf(snapshot: unknown): BuilderTrip | null {
	if (snapshot === null || typeof snapshot !== 'object') return null
	const parsed = stored.safeParse(snapshot)
	if (!parsed.success) return null
	const { config, price, pricedOn, query } = parsed.data
	return {
		stays: config.stays.map((stay) => ({ island: islandLabel(stay.island), nights: stay.nights })),
		nights: config.stays.reduce((sum, stay) => sum + stay.nights, 0),
		hotels: named(tierNames, config.tier),
		meals: named(mealPlanNames, config.meal),
		cars: named(transferNames, config.transfers),
		activities: config.activities.length,
		price:
			price?.ok && typeof price.total === 'number'
				? { total: price.total, perPerson: price.perPerson ?? null, payingTravellers: price.payingTravellers ?? null }
				: null,
		problems: price && !price.ok ? (price.problems ?? []) : [],
		pricedOn: pricedOn ?? null,
		builderPath: query ? `/builder?${query}` : null,
	}
}
