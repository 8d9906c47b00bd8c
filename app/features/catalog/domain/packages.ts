import type { IslandSlug } from '~/lib/islands.ts'

/** Package categories (docs/product.md). */
export const packageCategories = {
	honeymoon: 'Honeymoon',
	family: 'Family',
	ltc: 'LTC',
	adventure: 'Adventure',
	luxury: 'Luxury',
	budget: 'Budget',
} as const
export type PackageCategory = keyof typeof packageCategories
export const packageCategorySlugs = Object.keys(packageCategories) as PackageCategory[]

export const packageStatuses = ['draft', 'published', 'archived'] as const
export type PackageStatus = (typeof packageStatuses)[number]

export const tiers = ['standard', 'deluxe', 'premium'] as const
export type Tier = (typeof tiers)[number]
export const tierLabels: Record<Tier, string> = { standard: 'Standard', deluxe: 'Deluxe', premium: 'Premium' }

export type Stay = { island: IslandSlug; nights: number }
export type PackageDay = { day: number; island: IslandSlug; title: string; description: string }
/** Demo illustrations have no focal point; the operator's own photos do (0–100 % from the left and the top). */
export type PackageImage = { src: string; alt: string; focal?: { x: number; y: number } }
export type Faq = { q: string; a: string }

export type CatalogPackage = {
	id: string
	slug: string
	title: string
	category: PackageCategory
	status: PackageStatus
	featured: boolean
	summary: string
	totalNights: number
	islands: IslandSlug[]
	stays: Stay[]
	days: PackageDay[]
	highlights: string[]
	inclusions: string[]
	exclusions: string[]
	images: PackageImage[]
	faqs: Faq[]
	seoTitle: string | null
	seoDescription: string | null
	/** Per person, twin sharing, in paise. */
	prices: Record<Tier, number | null>
	updatedAt: string
}

/** The lowest tier price: "from ₹X per person". */
export function fromPrice(pkg: Pick<CatalogPackage, 'prices'>): number | null {
	const prices = tiers.map((tier) => pkg.prices[tier]).filter((price): price is number => price !== null)
	return prices.length ? Math.min(...prices) : null
}

export const nightBands = {
	'3-4': { label: '3 to 4 nights', min: 3, max: 4 },
	'5-6': { label: '5 to 6 nights', min: 5, max: 6 },
	'7-9': { label: '7 to 9 nights', min: 7, max: 9 },
} as const
export type NightBand = keyof typeof nightBands

export const packageSorts = {
	recommended: 'Recommended',
	'price-asc': 'Price: low to high',
	'price-desc': 'Price: high to low',
	'nights-asc': 'Shortest first',
	'nights-desc': 'Longest first',
} as const
export type PackageSort = keyof typeof packageSorts

export const packagesPerPage = 9

export type PackageFilters = {
	nights?: NightBand
	/** A budget band's key (`budgetBandsFor`, `parseBudgetBand`). */
	budget?: string
	category?: PackageCategory
	island?: IslandSlug
	sort: PackageSort
	page: number
}

/** The query string for filters, without defaults, so shared URLs stay short and canonical. */
export function filtersToSearch(filters: Partial<PackageFilters>): string {
	const params = new URLSearchParams()
	if (filters.nights) params.set('nights', filters.nights)
	if (filters.budget) params.set('budget', filters.budget)
	if (filters.category) params.set('category', filters.category)
	if (filters.island) params.set('island', filters.island)
	if (filters.sort && filters.sort !== 'recommended') params.set('sort', filters.sort)
	if (filters.page && filters.page > 1) params.set('page', String(filters.page))
	const search = params.toString()
	return search ? `?${search}` : ''
}
