/** Islands by slug, with both the old and the new official names (docs/product.md). */
export const islands = {
	'port-blair': { name: 'Port Blair', officialName: 'Sri Vijaya Puram', label: 'Port Blair (Sri Vijaya Puram)', page: '/destinations/sri-vijaya-puram' },
	havelock: { name: 'Havelock', officialName: 'Swaraj Dweep', label: 'Havelock (Swaraj Dweep)', page: '/destinations/swaraj-dweep' },
	neil: { name: 'Neil', officialName: 'Shaheed Dweep', label: 'Neil (Shaheed Dweep)', page: '/destinations/neil-island' },
	ross: {
		name: 'Ross Island',
		officialName: 'Netaji Subhas Chandra Bose Dweep',
		label: 'Ross Island (Netaji Subhas Chandra Bose Dweep)',
		page: '/destinations/ross-island',
	},
	'north-bay': { name: 'North Bay', officialName: 'North Bay Island', label: 'North Bay Island', page: '/destinations/north-bay-island' },
	baratang: { name: 'Baratang', officialName: 'Baratang', label: 'Baratang', page: '/destinations/baratang-island' },
	diglipur: { name: 'Diglipur', officialName: 'Diglipur', label: 'Diglipur', page: null },
	'long-island': { name: 'Long Island', officialName: 'Long Island', label: 'Long Island', page: null },
	'little-andaman': { name: 'Little Andaman', officialName: 'Little Andaman', label: 'Little Andaman', page: null },
} as const

export type IslandSlug = keyof typeof islands
export const islandSlugs = Object.keys(islands) as IslandSlug[]

/** Islands where travellers stay overnight in packages (and the pricing engine has hotels). */
export const stayIslands = ['port-blair', 'havelock', 'neil', 'baratang', 'diglipur', 'long-island', 'little-andaman'] as const satisfies readonly IslandSlug[]

export function islandLabel(slug: string): string {
	return islands[slug as IslandSlug]?.label ?? slug
}
