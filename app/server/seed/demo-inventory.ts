/**
 * Demo hotel inventory (docs/inventory.md), in days from today so it never goes stale and stays
 * clear of the dates the browser tests book (up to about 170 days ahead).
 */
export const demoInventory = {
	/** Hotels with a contract: rooms held for us a night per room type, released 7 days before. */
	allotments: [
		{ hotel: 'Radhanagar Palm Resort', island: 'havelock', rooms: 10 },
		{ hotel: 'Kalapathar Coral Villas', island: 'havelock', rooms: 8 },
		{ hotel: 'Laxmanpur Sunset Resort', island: 'neil', rooms: 8 },
		{ hotel: 'Sitapur Coral Garden', island: 'neil', rooms: 6 },
	],
	releaseDays: 7,
	/** How far ahead the contracts run. */
	contractDays: 365,
	/** The last room: one room a night at the Neil deluxe hotel for two nights. */
	lastRoom: { hotel: 'Laxmanpur Sunset Resort', island: 'neil', roomType: 'Deluxe Room', fromDay: 190, nights: 2, rooms: 1 },
	/** A stop-sold peak week on Havelock's deluxe hotel. */
	stopSale: { hotel: 'Radhanagar Palm Resort', island: 'havelock', fromDay: 200, toDay: 206, reason: 'Peak week: the hotel is full with a wedding group' },
	/** A peak contract with a minimum stay of 3 nights on arrival. */
	minimumStay: { hotel: 'Sitapur Coral Garden', island: 'neil', fromDay: 215, toDay: 235, nights: 3 },
	/** Port Blair's standard hotels sell freely. */
	freeSale: [
		{ hotel: 'Aberdeen Bay Residency', island: 'port-blair' },
		{ hotel: 'Marina Park Inn', island: 'port-blair' },
	],
} as const
