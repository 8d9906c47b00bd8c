import { islandSlugs, type IslandSlug } from '~/lib/islands.ts'
import { z } from '~/lib/zod.ts'
import { parseBudgetBand } from './budget-bands.ts'
import { type NightBand, nightBands, type PackageCategory, packageCategorySlugs, type PackageFilters, type PackageSort, packageSorts } from './packages.ts'

/** Filters of /packages, all in the URL. Unknown or malformed values are ignored rather than failing the page. */
export const packageFilterSchema = z.object({
	nights: z
		.enum(Object.keys(nightBands) as [NightBand, ...NightBand[]])
		.optional()
		.catch(undefined),
	budget: z
		.string()
		.refine((key) => parseBudgetBand(key) !== null)
		.optional()
		.catch(undefined),
	category: z
		.enum(packageCategorySlugs as [PackageCategory, ...PackageCategory[]])
		.optional()
		.catch(undefined),
	island: z
		.enum(islandSlugs as [IslandSlug, ...IslandSlug[]])
		.optional()
		.catch(undefined),
	sort: z
		.enum(Object.keys(packageSorts) as [PackageSort, ...PackageSort[]])
		.catch('recommended')
		.default('recommended'),
	page: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
})

export function parsePackageFilters(params: URLSearchParams): PackageFilters {
	const raw: Record<string, string> = {}
	for (const [key, value] of params) if (value !== '') raw[key] = value
	return packageFilterSchema.parse(raw)
}
