/**
 * Demo rate tables for 2026–27 (seasons in app/features/rates/domain/seasons.ts). Hotel
 * names are invented but named after the real beaches and neighbourhoods;
 * rates are plausible contract rates in rupees, stored as paise. Cost prices:
 * hotels and cars 80% of sell, private ferries 90% (agent commission),
 * government ferries 100%.
 */
type Tier = 'standard' | 'deluxe' | 'premium' | 'luxury'
type RoomSpec = { name: string; maxAdults: number; maxChildren: number; extraBed: boolean; isDefault?: boolean; factor: number }
export type DemoHotel = {
	name: string
	island: string
	tier: Tier
	stars: number
	address: string
	phone: string
	email: string
	/** CP double-room sell in ₹ per night in high season: [double, extra adult, child with bed, child without bed]. */
	high: [number, number, number, number]
	rooms: RoomSpec[]
}

const standardRooms: RoomSpec[] = [{ name: 'Standard Room', maxAdults: 3, maxChildren: 2, extraBed: true, isDefault: true, factor: 1 }]
const deluxeRooms: RoomSpec[] = [
	{ name: 'Deluxe Room', maxAdults: 3, maxChildren: 2, extraBed: true, isDefault: true, factor: 1 },
	{ name: 'Family Suite', maxAdults: 4, maxChildren: 3, extraBed: true, factor: 1.5 },
]
const premiumRooms: RoomSpec[] = [
	{ name: 'Premium Cottage', maxAdults: 3, maxChildren: 2, extraBed: true, isDefault: true, factor: 1 },
	{ name: 'Sea View Villa', maxAdults: 3, maxChildren: 2, extraBed: true, factor: 1.35 },
]
const luxuryRooms: RoomSpec[] = [
	{ name: 'Garden Villa', maxAdults: 3, maxChildren: 2, extraBed: true, isDefault: true, factor: 1 },
	{ name: 'Beach Pool Villa', maxAdults: 3, maxChildren: 1, extraBed: true, factor: 1.6 },
]

function hotel(name: string, island: string, tier: Tier, stars: number, address: string, high: DemoHotel['high']): DemoHotel {
	const rooms = { standard: standardRooms, deluxe: deluxeRooms, premium: premiumRooms, luxury: luxuryRooms }[tier]
	const slug = name.toLowerCase().replace(/[^a-z]+/g, '')
	return { name, island, tier, stars, address, phone: '+913192230000', email: `reservations@${slug.slice(0, 20)}.example.in`, high, rooms }
}

export const demoHotels: DemoHotel[] = [
	hotel('Aberdeen Bay Residency', 'port-blair', 'standard', 2, 'Aberdeen Bazaar, Sri Vijaya Puram 744101', [3200, 1000, 800, 450]),
	hotel('Marina Park Inn', 'port-blair', 'standard', 3, 'Marine Hill, near Rajiv Gandhi Water Sports Complex, Sri Vijaya Puram 744101', [3500, 1100, 900, 500]),
	hotel("Corbyn's Cove Sea View", 'port-blair', 'deluxe', 3, "Corbyn's Cove Road, Sri Vijaya Puram 744112", [5800, 1700, 1400, 750]),
	hotel('Haddo Heritage Resort', 'port-blair', 'premium', 4, 'Haddo Wharf Road, Sri Vijaya Puram 744102', [8800, 2600, 2100, 1100]),
	hotel('Sri Vijaya Bay Palace', 'port-blair', 'luxury', 5, 'South Point, Sri Vijaya Puram 744106', [15500, 4200, 3400, 1700]),
	hotel('Govind Nagar Beach Huts', 'havelock', 'standard', 2, 'Beach No. 3, Govind Nagar, Swaraj Dweep 744211', [3800, 1200, 950, 500]),
	hotel('Vijay Nagar Palms', 'havelock', 'standard', 3, 'Beach No. 5, Vijay Nagar, Swaraj Dweep 744211', [4200, 1300, 1000, 550]),
	hotel('Radhanagar Palm Resort', 'havelock', 'deluxe', 3, 'Radhanagar Road, Swaraj Dweep 744211', [7000, 2000, 1600, 850]),
	hotel('Kalapathar Coral Villas', 'havelock', 'premium', 4, 'Kalapathar Beach Road, Swaraj Dweep 744211', [11500, 3300, 2700, 1400]),
	hotel('Swaraj Dweep Reef Retreat', 'havelock', 'luxury', 5, 'Beach No. 7 (Radhanagar), Swaraj Dweep 744211', [22000, 5500, 4400, 2200]),
	hotel('Bharatpur Beach Cottages', 'neil', 'standard', 2, 'Bharatpur Beach, Shaheed Dweep 744104', [3400, 1050, 850, 450]),
	hotel('Laxmanpur Sunset Resort', 'neil', 'deluxe', 3, 'Laxmanpur Beach No. 1, Shaheed Dweep 744104', [6200, 1800, 1450, 750]),
	hotel('Sitapur Coral Garden', 'neil', 'premium', 4, 'Sitapur Beach Road, Shaheed Dweep 744104', [9800, 2900, 2300, 1200]),
	hotel('Shaheed Dweep Lagoon Villas', 'neil', 'luxury', 5, 'Ramnagar, Shaheed Dweep 744104', [17500, 4600, 3700, 1900]),
	hotel('Baratang Mangrove Lodge', 'baratang', 'standard', 2, 'Nilambur Jetty Road, Baratang 744202', [2800, 900, 700, 400]),
	hotel('Baratang Forest Retreat', 'baratang', 'deluxe', 3, 'Adajig, Baratang 744202', [4200, 1300, 1000, 550]),
	hotel('Ross and Smith View Lodge', 'diglipur', 'standard', 2, 'Kalipur, Diglipur 744202', [3000, 950, 750, 400]),
	hotel('Saddle Peak Eco Resort', 'diglipur', 'deluxe', 3, 'Kalipur Beach, Diglipur 744202', [4600, 1400, 1100, 600]),
]

/** Season multipliers on the high-season rate. */
export const seasonFactors: Record<string, number> = { low: 0.8, high: 1, peak: 1.3 }

/** Meal-plan supplements relative to CP in ₹ per person per night: [adult, child]. */
export const mealSupplements: Record<'EP' | 'CP' | 'MAP' | 'AP', [number, number]> = { EP: [-250, -100], CP: [0, 0], MAP: [750, 400], AP: [1300, 700] }

/** [operator, class, adult ₹, infant ₹, child ₹ or null, departures there, departures back] */
type FareRow = [string, string, number, number, number | null, string[], string[]]

export const demoFerryRoutes: Array<[string, string, FareRow[]]> = [
	[
		'port-blair',
		'havelock',
		[
			['makruzz', 'premium', 1700, 400, null, ['07:00', '13:30'], ['09:45', '16:00']],
			['makruzz', 'deluxe', 2150, 400, null, ['07:00', '13:30'], ['09:45', '16:00']],
			['makruzz', 'royal', 3350, 400, null, ['07:00'], ['16:00']],
			['nautika', 'economy', 1600, 350, null, ['07:15', '14:00'], ['10:00', '16:30']],
			['nautika', 'premium', 2250, 350, null, ['07:15', '14:00'], ['10:00', '16:30']],
			['green-ocean', 'economy', 1350, 300, null, ['06:30', '11:00'], ['09:00', '13:30']],
			['green-ocean', 'premium', 1600, 300, null, ['06:30', '11:00'], ['09:00', '13:30']],
			['itt-majestic', 'premium', 1500, 300, null, ['06:15'], ['12:30']],
			['itt-majestic', 'deluxe', 1800, 300, null, ['06:15'], ['12:30']],
			['government', 'economy', 550, 0, 275, ['06:20', '14:00'], ['09:00', '14:00']],
			['government', 'deluxe', 1100, 0, 550, ['06:20'], ['14:00']],
		],
	],
	[
		'havelock',
		'neil',
		[
			['makruzz', 'premium', 1300, 300, null, ['09:45'], ['10:45']],
			['makruzz', 'deluxe', 1600, 300, null, ['09:45'], ['10:45']],
			['nautika', 'economy', 1250, 300, null, ['10:00'], ['11:30']],
			['green-ocean', 'economy', 1050, 250, null, ['09:00'], ['10:15']],
			['green-ocean', 'premium', 1250, 250, null, ['09:00'], ['10:15']],
			['itt-majestic', 'premium', 1200, 250, null, ['09:30'], ['11:00']],
			['government', 'economy', 400, 0, 200, ['14:00'], ['07:30']],
		],
	],
	[
		'port-blair',
		'neil',
		[
			['makruzz', 'premium', 1600, 400, null, ['08:00'], ['16:30']],
			['makruzz', 'deluxe', 2000, 400, null, ['08:00'], ['16:30']],
			['nautika', 'economy', 1500, 350, null, ['08:30'], ['15:30']],
			['green-ocean', 'economy', 1300, 300, null, ['06:45'], ['11:30']],
			['green-ocean', 'premium', 1500, 300, null, ['06:45'], ['11:30']],
			['itt-majestic', 'premium', 1450, 300, null, ['07:45'], ['15:00']],
			['government', 'economy', 500, 0, 250, ['06:30'], ['09:00']],
		],
	],
]

/** ₹ per transfer and per day by vehicle (sedan ≤3, SUV ≤6, tempo traveller ≤12). */
export const demoTransfers: Array<[string, 'per_transfer' | 'per_day', Partial<Record<'sedan' | 'suv' | 'tempo-traveller', number>>, string]> = [
	['port-blair', 'per_transfer', { sedan: 1500, suv: 2200, 'tempo-traveller': 3500 }, 'Airport, hotel and Haddo/Phoenix Bay jetty transfers'],
	['port-blair', 'per_day', { sedan: 3000, suv: 4000, 'tempo-traveller': 6000 }, 'Up to 8 hours and 80 km of sightseeing'],
	['havelock', 'per_transfer', { sedan: 1500, suv: 2200, 'tempo-traveller': 3500 }, 'Jetty to hotel or hotel to jetty'],
	['havelock', 'per_day', { sedan: 3500, suv: 4500, 'tempo-traveller': 6500 }, 'Radhanagar, Kalapathar and Elephant Beach trailhead'],
	['neil', 'per_transfer', { sedan: 1200, suv: 1800 }, 'No tempo travellers on Neil'],
	['neil', 'per_day', { sedan: 3000, suv: 4000 }, 'Natural Bridge, Laxmanpur, Bharatpur and Sitapur'],
	['baratang', 'per_transfer', { sedan: 5500, suv: 7500, 'tempo-traveller': 9500 }, 'From Port Blair by the trunk road convoy (about 100 km)'],
	['baratang', 'per_day', { sedan: 6500, suv: 8500, 'tempo-traveller': 11000 }, 'Limestone caves and mud volcano day'],
	['diglipur', 'per_transfer', { sedan: 11000, suv: 14000, 'tempo-traveller': 18000 }, 'From Port Blair by road (about 300 km)'],
	['diglipur', 'per_day', { sedan: 4500, suv: 6000, 'tempo-traveller': 8000 }, 'Ross and Smith, Kalipur and Saddle Peak trailhead'],
]
