import type { HotelTier, Island } from '~/features/rates/domain/pricing/types.ts'

/** Demo saved packages (/admin/saved-packages): real Andaman plans made of the demo day templates, by title. */
export type DemoSavedPackage = { title: string; tier: HotelTier; days: Array<{ template: string; sleepsOn?: Island }> }

export const demoSavedPackages: DemoSavedPackage[] = [
	{
		title: 'Classic Havelock and Neil, 5 nights',
		tier: 'deluxe',
		days: [
			{ template: 'Arrival in Port Blair, Cellular Jail and light-and-sound show' },
			{ template: 'Ferry to Havelock and Radhanagar beach sunset' },
			{ template: 'Elephant Beach snorkelling' },
			{ template: 'Ferry Havelock to Neil, Laxmanpur sunset and the natural bridge' },
			{ template: 'Ferry Neil to Port Blair', sleepsOn: 'port-blair' },
			{ template: 'Ross Island and North Bay' },
			{ template: 'Departure from Port Blair' },
		],
	},
	{
		title: 'Havelock honeymoon, 4 nights',
		tier: 'premium',
		days: [
			{ template: 'Arrival in Port Blair, Cellular Jail and light-and-sound show' },
			{ template: 'Ferry to Havelock and Radhanagar beach sunset' },
			{ template: 'Night kayaking in bioluminescence (Havelock)' },
			{ template: 'Ferry Havelock to Port Blair', sleepsOn: 'port-blair' },
			{ template: 'Departure from Port Blair' },
		],
	},
	{
		title: 'Port Blair short break, 3 nights',
		tier: 'standard',
		days: [
			{ template: 'Arrival in Port Blair, Cellular Jail and light-and-sound show' },
			{ template: 'Ross Island and North Bay' },
			{ template: 'Baratang limestone caves and mud volcano' },
			{ template: 'Departure from Port Blair' },
		],
	},
]
