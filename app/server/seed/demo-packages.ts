import { sourcedFact } from '~/features/travel-facts/domain/sourced-facts.ts'
import { factValues } from '~/features/travel-facts/domain/facts.ts'
import type { PackageInput } from '~/features/catalog/server/packages.server.ts'

/**
 * Demo packages: real Andaman routes and places, prices per person on twin
 * sharing in paise for 2026–27, GST included. Ferry times and the Jolly
 * Buoy season come from the travel facts (app/features/travel-facts/domain), the same
 * values the guides and /ferries show.
 */
const facts = factValues()
const neilToPortBlair = facts['ferry.private.portBlairNeil']!
const jollyBuoySeason = facts['season.jollyBuoy']!

const baseExclusions = [
	'Flights to and from Port Blair (Sri Vijaya Puram)',
	'Camera and video camera fees at monuments and parks',
	'Personal expenses such as laundry, phone calls, tips and room service',
	'Travel insurance',
	'Extra costs from weather delays, ferry cancellations or flight changes beyond our control',
]

const support = '24×7 support from our Port Blair team throughout the trip'

export const demoPackages: PackageInput[] = [
	// Honeymoon
	{
		slug: 'havelock-neil-honeymoon-5-nights',
		title: 'Havelock & Neil Honeymoon: 5 Nights of Beaches and Sunsets',
		category: 'honeymoon',
		status: 'published',
		featured: true,
		summary:
			"Two nights on Havelock for Radhanagar's sunset and the Elephant Beach reef, a quiet night on Neil and an evening at the Cellular Jail. A candle-light dinner on the beach and a decorated room are part of the plan.",
		stays: [
			{ island: 'port-blair', nights: 1 },
			{ island: 'havelock', nights: 2 },
			{ island: 'neil', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: "Arrival, Corbyn's Cove and the Cellular Jail show",
				description:
					"Our team meets you at Veer Savarkar International Airport and drives you to your hotel in a private AC car. After lunch, unwind at the palm-fringed Corbyn's Cove beach, then walk through the Cellular Jail National Memorial in the late afternoon. Stay on for the evening light and sound show, which tells the story of the freedom fighters once imprisoned here.",
			},
			{
				day: 2,
				island: 'havelock',
				title: 'Catamaran to Havelock, sunset at Radhanagar',
				description:
					"A morning private catamaran from Haddo Wharf takes 1.5 to 2.5 hours to Havelock (Swaraj Dweep). After check-in, drive to Radhanagar Beach, one of Asia's most celebrated beaches, for a swim in calm water and the sun setting over the sea. Your room is decorated with flowers for the evening.",
			},
			{
				day: 3,
				island: 'havelock',
				title: 'Elephant Beach snorkelling and a beach dinner',
				description:
					'A shared speedboat reaches Elephant Beach in about 20 to 30 minutes for guided snorkelling over the shallow reef, included in this package. Sea walking and a beginner try dive run here too as optional extras. In the evening, your resort sets up a private candle-light dinner by the sea.',
			},
			{
				day: 4,
				island: 'neil',
				title: 'Kalapathar at dawn, then on to Neil',
				description:
					'Start early at Kalapathar Beach, where black rocks frame a quiet stretch of sand on the east coast. A catamaran of about an hour brings you to Neil (Shaheed Dweep), a small, unhurried island of paddy fields and coconut palms. In the afternoon see the natural rock formation at Laxmanpur, best at low tide, and stay for sunset on Laxmanpur beach.',
			},
			{
				day: 5,
				island: 'port-blair',
				title: 'Sitapur sunrise and back to Port Blair',
				description: `Watch the sunrise at Sitapur Beach on Neil's eastern tip, then swim in the clear shallows of Bharatpur beach near the jetty. A catamaran of ${neilToPortBlair} returns you to Port Blair, with the evening free for Aberdeen Bazaar or a stroll at Marina Park.`,
			},
			{
				day: 6,
				island: 'port-blair',
				title: 'Departure',
				description:
					'After breakfast, our car drops you at Veer Savarkar International Airport in good time for your flight. Keeping the last night in Port Blair means a weather delay on the ferry never puts your flight at risk.',
			},
		],
		highlights: [
			'Sunset at Radhanagar Beach on Havelock',
			'Guided snorkelling at Elephant Beach, boat included',
			'Private candle-light dinner by the sea',
			'Natural rock formation and sunset at Laxmanpur, Neil',
			'Cellular Jail light and sound show',
		],
		inclusions: [
			'5 hotel nights with daily breakfast: 1 in Port Blair, 2 on Havelock, 1 on Neil and 1 in Port Blair',
			'One private candle-light dinner at your Havelock resort',
			'Flower bed decoration and a honeymoon cake on the first night on Havelock',
			'Private catamaran tickets for all 3 sectors: base class for Standard, premium class for Deluxe and Premium',
			'Airport and jetty transfers by private AC car',
			'Sightseeing as per the itinerary by private AC car',
			'Shared speedboat to Elephant Beach and guided snorkelling there',
			'Cellular Jail entry and light and sound show tickets',
			support,
		],
		exclusions: [
			'Lunch, and dinners other than the candle-light dinner',
			'Sea walking, scuba diving, jet ski and other water sports apart from the included snorkelling',
			...baseExclusions,
		],
		images: [
			{ src: '/images/honeymoon.jpg', alt: "A couple walking hand in hand along the water's edge on a quiet Havelock beach at sunset" },
			{ src: '/images/radhanagar-beach.jpg', alt: 'Golden evening light over the wide white sand and turquoise shallows of Radhanagar Beach' },
			{ src: '/images/laxmanpur-beach.jpg', alt: 'The natural rock arch at Laxmanpur on Neil Island, standing on exposed coral at low tide' },
		],
		faqs: [
			{
				q: 'Can we add a try dive or sea walk at Elephant Beach?',
				a: 'Yes. Both run at Elephant Beach on the same boat trip, and we can pre-book a slot for you. A try dive costs about ₹5,500 to ₹7,500 per person and sea walking about ₹3,500 to ₹4,500. Diving is on day 3, so you are well clear of the 24-hour no-fly rule.',
			},
			{
				q: 'What if it rains on the night of our candle-light dinner?',
				a: 'The resort moves the dinner to a covered deck or its restaurant, or we shift it to the next evening on Neil. Either way you do not lose it.',
			},
			{
				q: 'Can we spend a second night on Neil instead of Port Blair?',
				a: 'Yes, but you would take the ferry to Port Blair on your flight day, which we only suggest for flights after about 2 pm outside the monsoon. Ask us and we will check the ferry timings for your dates.',
			},
		],
		seoTitle: 'Havelock & Neil Honeymoon Package: 5 Nights',
		seoDescription:
			'A 5-night Andaman honeymoon: Radhanagar sunset, Elephant Beach snorkelling, a candle-light dinner and a night on Neil. Ferries and transfers included.',
		prices: { standard: 2_900_000, deluxe: 4_050_000, premium: 5_800_000 },
	},
	{
		slug: 'havelock-honeymoon-escape-4-nights',
		title: 'Havelock Honeymoon Escape: 4 Nights with Two on Swaraj Dweep',
		category: 'honeymoon',
		status: 'published',
		featured: false,
		summary:
			'A short honeymoon for couples with little leave: two unhurried nights on Havelock for Radhanagar Beach and the Elephant Beach reef, with the Cellular Jail show and Ross Island in Port Blair.',
		stays: [
			{ island: 'port-blair', nights: 1 },
			{ island: 'havelock', nights: 2 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: 'Arrival and the Cellular Jail light and sound show',
				description:
					'We meet you at Veer Savarkar International Airport and take you to your hotel in a private AC car. Rest after the flight, then visit the Cellular Jail in the late afternoon and stay for the evening light and sound show in the old courtyard.',
			},
			{
				day: 2,
				island: 'havelock',
				title: 'Ferry to Havelock and Radhanagar sunset',
				description:
					'Board a morning private catamaran to Havelock (Swaraj Dweep), a crossing of 1.5 to 2.5 hours. Settle into your room, decorated with flowers for your arrival. In the late afternoon, head to Radhanagar Beach to swim and watch the sun go down.',
			},
			{
				day: 3,
				island: 'havelock',
				title: 'Elephant Beach and a candle-light dinner',
				description:
					'A shared speedboat takes you to Elephant Beach, where the reef starts a few metres from the sand, for guided snorkelling. Come back for a slow afternoon by the pool or on the beach. Dinner tonight is a private candle-light table arranged by your resort.',
			},
			{
				day: 4,
				island: 'port-blair',
				title: 'Back to Port Blair and Ross Island',
				description:
					'Take a morning catamaran back to Port Blair. After lunch, a short boat ride from Aberdeen Jetty brings you to Ross Island (Netaji Subhas Chandra Bose Dweep), with British-era ruins wrapped in tree roots, deer and peacocks. Ross Island is usually closed on Wednesdays, when we take you to Chidiya Tapu for sunset instead.',
			},
			{
				day: 5,
				island: 'port-blair',
				title: 'Departure',
				description: 'Breakfast, check-out and a transfer to Veer Savarkar International Airport for your flight home.',
			},
		],
		highlights: [
			'Two nights on Havelock (Swaraj Dweep)',
			'Radhanagar Beach at sunset',
			'Guided snorkelling at Elephant Beach',
			'Candle-light dinner and flower-decorated room',
			'Ross Island ruins, deer and peacocks',
		],
		inclusions: [
			'4 hotel nights with daily breakfast: 1 in Port Blair, 2 on Havelock and 1 in Port Blair',
			'One private candle-light dinner at your Havelock resort',
			'Flower bed decoration on arrival at Havelock',
			'Private catamaran tickets Port Blair–Havelock–Port Blair: base class for Standard, premium class for Deluxe and Premium',
			'Airport and jetty transfers by private AC car',
			'Sightseeing as per the itinerary by private AC car',
			'Shared speedboat to Elephant Beach and guided snorkelling there',
			'Cellular Jail entry and light and sound show tickets, Ross Island boat and entry tickets',
			support,
		],
		exclusions: ['Lunch, and dinners other than the candle-light dinner', 'Water sports apart from the included snorkelling', ...baseExclusions],
		images: [
			{ src: '/images/hero-havelock-beach.jpg', alt: 'Turquoise water lapping a curve of white sand on Havelock Island under a clear blue sky' },
			{ src: '/images/elephant-beach.jpg', alt: 'Snorkellers in life jackets floating over the shallow reef just off Elephant Beach' },
			{ src: '/images/ross-island.jpg', alt: 'Red-brick ruins of a British-era building on Ross Island, half covered by giant tree roots' },
		],
		faqs: [
			{
				q: 'Is four nights enough for a honeymoon in the Andamans?',
				a: 'It is enough to enjoy Havelock properly without rushing, which is what most couples come for. If you can add a night, we suggest a second Port Blair day for North Bay or a night on Neil.',
			},
			{
				q: 'Which Havelock hotels do you use for this package?',
				a: 'Standard uses clean, well-reviewed cottages a short walk or drive from the beach, Deluxe uses resorts with a pool, and Premium uses beachfront resorts close to Radhanagar. We send the exact hotel names with your quote.',
			},
			{
				q: 'What if our flight lands late in the afternoon?',
				a: 'We move the Cellular Jail visit to your last afternoon and keep day 1 for a later light and sound show, or for a quiet evening at your hotel.',
			},
		],
		seoTitle: 'Havelock Honeymoon Package: 4 Nights, Andaman',
		seoDescription:
			'A 4-night Andaman honeymoon with two nights on Havelock: Radhanagar sunset, Elephant Beach snorkelling, a candle-light dinner and the Cellular Jail show.',
		prices: { standard: 2_390_000, deluxe: 3_350_000, premium: 4_790_000 },
	},
	{
		slug: 'andaman-romantic-honeymoon-7-nights',
		title: 'Andaman Romantic Honeymoon: 7 Nights, Three on Havelock',
		category: 'honeymoon',
		status: 'published',
		featured: false,
		summary:
			'The unhurried honeymoon: three nights on Havelock with a free day, a night on Neil, and two in Port Blair for Ross Island, North Bay and the Chidiya Tapu sunset.',
		stays: [
			{ island: 'port-blair', nights: 2 },
			{ island: 'havelock', nights: 3 },
			{ island: 'neil', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: "Arrival, Corbyn's Cove and the light and sound show",
				description:
					"Airport pick-up at Veer Savarkar International Airport and check-in. Spend the afternoon at Corbyn's Cove, then see the Cellular Jail and its evening light and sound show.",
			},
			{
				day: 2,
				island: 'port-blair',
				title: 'Ross Island and North Bay',
				description:
					'Boats leave from Aberdeen Jetty for Ross Island, with its colonial ruins, tame deer and sea views, and then North Bay, the lighthouse island of the old ₹20 note. Look at the coral from a glass-bottom boat, included, or try sea walking as an optional extra. The evening is free.',
			},
			{
				day: 3,
				island: 'havelock',
				title: 'Catamaran to Havelock and Radhanagar sunset',
				description:
					'A morning catamaran takes 1.5 to 2.5 hours to Havelock (Swaraj Dweep), where your room is decorated with flowers. Drive to Radhanagar Beach in the afternoon for a swim and the sunset.',
			},
			{
				day: 4,
				island: 'havelock',
				title: 'Snorkelling at Elephant Beach',
				description:
					'A shared speedboat to Elephant Beach and guided snorkelling over the reef, included. Sea walking and try dives are on offer at the same beach. Back at your resort, a private candle-light dinner is set up for the two of you.',
			},
			{
				day: 5,
				island: 'havelock',
				title: 'A free day on Havelock',
				description:
					'Walk Kalapathar Beach early before the day-trippers arrive, rent a scooter, or simply stay by the sea. On a dark, moonless night, an optional guided kayak on the creek shows the water lighting up with bioluminescent plankton.',
			},
			{
				day: 6,
				island: 'neil',
				title: 'On to Neil and the Laxmanpur rock formation',
				description:
					'An hour by catamaran to Neil (Shaheed Dweep). Visit the natural rock formation at Laxmanpur at low tide, then watch the sunset from Laxmanpur beach.',
			},
			{
				day: 7,
				island: 'port-blair',
				title: 'Sitapur sunrise, back to Port Blair, Chidiya Tapu sunset',
				description: `Catch the sunrise at Sitapur and swim at Bharatpur beach before a catamaran of ${neilToPortBlair} to Port Blair. In the late afternoon drive south to Chidiya Tapu, the 'bird island', for one of the best sunsets near the capital.`,
			},
			{
				day: 8,
				island: 'port-blair',
				title: 'Departure',
				description: 'Transfer to Veer Savarkar International Airport for your flight, with a bag full of sand and memories.',
			},
		],
		highlights: [
			'Three nights on Havelock, with a free day',
			'Ross Island and a glass-bottom boat at North Bay',
			'Snorkelling at Elephant Beach',
			'Candle-light dinner and flower-decorated rooms',
			'Sunrise at Sitapur and sunset at Chidiya Tapu',
		],
		inclusions: [
			'7 hotel nights with daily breakfast: 2 in Port Blair, 3 on Havelock, 1 on Neil and 1 in Port Blair',
			'One private candle-light dinner at your Havelock resort',
			'Flower bed decoration on arrival at Havelock and Neil',
			'Private catamaran tickets for all 3 sectors: base class for Standard, premium class for Deluxe and Premium',
			'Airport and jetty transfers by private AC car',
			'Sightseeing as per the itinerary by private AC car',
			'Ross Island and North Bay boat tickets, Ross Island entry and a glass-bottom boat ride at North Bay',
			'Shared speedboat to Elephant Beach and guided snorkelling there',
			'Cellular Jail entry and light and sound show tickets',
			support,
		],
		exclusions: [
			'Lunch, and dinners other than the candle-light dinner',
			'Sea walking, scuba diving, bioluminescence kayaking and other water sports not listed as included',
			...baseExclusions,
		],
		images: [
			{ src: '/images/honeymoon.jpg', alt: 'A couple sitting together on the sand watching the sun set over the Andaman Sea' },
			{ src: '/images/north-bay.jpg', alt: 'The white lighthouse of North Bay Island rising above green forest and a coral-fringed shore' },
			{ src: '/images/neil-island.jpg', alt: 'Coconut palms leaning over a quiet, clear-water beach on Neil Island' },
			{ src: '/images/chidiya-tapu.jpg', alt: 'Silhouetted trees on the shore at Chidiya Tapu as the sky turns orange at sunset' },
		],
		faqs: [
			{
				q: 'Why does this honeymoon start with two nights in Port Blair?',
				a: 'It gets Ross Island and North Bay done while you are fresh, and the boats to both leave from Port Blair in the morning. It also leaves your Havelock days free for the beach.',
			},
			{
				q: 'When is the best time to see bioluminescence on Havelock?',
				a: 'On dark nights around the new moon, usually from about October to May. Bright moonlight hides the glow, so we plan the kayak for the darkest evening of your stay.',
			},
			{
				q: 'Can we upgrade just the Havelock hotel?',
				a: 'Yes. Many couples keep Standard hotels in Port Blair and choose a Premium beachfront resort on Havelock. Tell us when you ask for a quote and we will price the mix.',
			},
		],
		seoTitle: 'Andaman Honeymoon Package: 7 Nights, 3 on Havelock',
		seoDescription:
			'A 7-night Andaman honeymoon with three nights on Havelock, a night on Neil, Ross Island, North Bay and a candle-light dinner. Hotels and ferries included.',
		prices: { standard: 3_990_000, deluxe: 5_590_000, premium: 7_990_000 },
	},

	// Family
	{
		slug: 'andaman-family-holiday-6-nights',
		title: 'Andaman Family Holiday: 6 Nights in Port Blair, Havelock & Neil',
		category: 'family',
		status: 'published',
		featured: true,
		summary:
			'Our most popular family route, paced for children and grandparents alike: Ross Island and North Bay, two beach days on Havelock, a night on Neil and the Cellular Jail show.',
		stays: [
			{ island: 'port-blair', nights: 2 },
			{ island: 'havelock', nights: 2 },
			{ island: 'neil', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: "Arrival, Corbyn's Cove and the Cellular Jail",
				description:
					"We meet the family at Veer Savarkar International Airport and drive you to your hotel. After a rest, spend an hour at Corbyn's Cove, then visit the Cellular Jail. The evening light and sound show brings its history to life, and older children usually find it gripping.",
			},
			{
				day: 2,
				island: 'port-blair',
				title: 'Ross Island and North Bay',
				description:
					'A short boat ride from Aberdeen Jetty to Ross Island, where deer and peacocks wander among the British-era ruins. Continue to North Bay to see the coral from a glass-bottom boat, included for everyone. Sea walking is an optional extra for children from about 7 years.',
			},
			{
				day: 3,
				island: 'havelock',
				title: 'Ferry to Havelock and Radhanagar Beach',
				description:
					"A morning private catamaran to Havelock (Swaraj Dweep) takes 1.5 to 2.5 hours. In the afternoon, Radhanagar Beach's gentle slope and soft sand are ideal for children to play in the shallows while the sun sets.",
			},
			{
				day: 4,
				island: 'havelock',
				title: 'Elephant Beach and Kalapathar',
				description:
					'A shared speedboat takes you to Elephant Beach, where guides take even first-timers snorkelling in life jackets. In the late afternoon, drive to Kalapathar Beach, whose black rocks and calm water make for easy family photographs.',
			},
			{
				day: 5,
				island: 'neil',
				title: 'Neil Island and the natural rock formation',
				description:
					'About an hour by catamaran to Neil (Shaheed Dweep). Walk out to the natural rock formation at Laxmanpur at low tide, where children love spotting crabs and small fish in the rock pools, and stay for the sunset.',
			},
			{
				day: 6,
				island: 'port-blair',
				title: 'Bharatpur beach and back to Port Blair',
				description: `Early risers can see the sunrise at Sitapur. Then swim at Bharatpur beach, whose calm, shallow water suits younger children, before the catamaran of ${neilToPortBlair} to Port Blair. Evening at Marina Park on the waterfront.`,
			},
			{
				day: 7,
				island: 'port-blair',
				title: 'Departure',
				description:
					'After breakfast we drop you at Veer Savarkar International Airport. If your flight is late, we can store your bags and show you the Samudrika Naval Marine Museum on the way.',
			},
		],
		highlights: [
			'Glass-bottom boat at North Bay for the whole family',
			'Deer and peacocks among the ruins of Ross Island',
			'Snorkelling in life jackets at Elephant Beach',
			'Shallow, safe swimming at Radhanagar and Bharatpur',
			'Cellular Jail light and sound show',
		],
		inclusions: [
			'6 hotel nights with daily breakfast: 2 in Port Blair, 2 on Havelock, 1 on Neil and 1 in Port Blair',
			'Private catamaran tickets for all 3 sectors: base class for Standard, premium class for Deluxe and Premium',
			'Airport and jetty transfers by private AC car (a larger vehicle for families of five or more)',
			'Sightseeing as per the itinerary by private AC car',
			'Ross Island and North Bay boat tickets, Ross Island entry and a glass-bottom boat ride at North Bay',
			'Shared speedboat to Elephant Beach',
			'Cellular Jail entry and light and sound show tickets',
			support,
		],
		exclusions: ['Lunch and dinner', 'Snorkelling, sea walking, scuba diving and other water sports', ...baseExclusions],
		images: [
			{ src: '/images/family-trip.jpg', alt: 'Parents and two children building a sandcastle on a sunny Andaman beach' },
			{ src: '/images/north-bay.jpg', alt: 'A glass-bottom boat floating over clear green water near North Bay Island' },
			{ src: '/images/radhanagar-beach.jpg', alt: 'Families paddling in the shallow, calm water of Radhanagar Beach in the afternoon' },
		],
		faqs: [
			{
				q: 'How are children priced on this package?',
				a: 'Children under 5 sharing your bed usually travel free apart from ferry tickets. Children from 5 to 11 sharing your room pay a reduced child rate, and with an extra bed a little more. We show every child separately on your quote.',
			},
			{
				q: 'Is this trip easy enough for grandparents?',
				a: 'Yes. Walks are short and on level ground, apart from the gentle path round Ross Island and a short walk on uneven rock at Laxmanpur, which can be skipped. The catamarans have air-conditioned seating.',
			},
			{
				q: 'From what age can children snorkel or sea walk?',
				a: 'Most snorkelling guides take children from about 5 to 8 years in a life jacket with a parent close by. Sea walking is usually allowed from about 7 years. The glass-bottom boat suits any age.',
			},
		],
		seoTitle: 'Andaman Family Package: 6 Nights, Havelock & Neil',
		seoDescription:
			'A 6-night Andaman family holiday: Ross Island, a glass-bottom boat at North Bay, two nights on Havelock, one on Neil and the Cellular Jail show.',
		prices: { standard: 2_990_000, deluxe: 4_190_000, premium: 5_990_000 },
	},
	{
		slug: 'port-blair-havelock-family-5-nights',
		title: 'Port Blair & Havelock Family Break: 5 Nights at an Easy Pace',
		category: 'family',
		status: 'published',
		featured: false,
		summary:
			'Just two ferry crossings and plenty of beach time: two nights in Port Blair for Ross Island and North Bay, and two on Havelock for Radhanagar and Elephant Beach.',
		stays: [
			{ island: 'port-blair', nights: 2 },
			{ island: 'havelock', nights: 2 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: 'Arrival and the Cellular Jail',
				description:
					"Airport pick-up at Veer Savarkar International Airport and a private AC car to your hotel. In the afternoon, paddle at Corbyn's Cove, then visit the Cellular Jail and stay for the evening light and sound show.",
			},
			{
				day: 2,
				island: 'port-blair',
				title: 'Ross Island and North Bay',
				description:
					'Boats from Aberdeen Jetty take you to Ross Island and its deer, peacocks and colonial ruins, then on to North Bay. The children can watch reef fish from a glass-bottom boat, included, and older ones can sea walk as an optional extra.',
			},
			{
				day: 3,
				island: 'havelock',
				title: 'Ferry to Havelock and Radhanagar Beach',
				description:
					'A private catamaran of 1.5 to 2.5 hours to Havelock (Swaraj Dweep). After lunch and a rest, spend the late afternoon at Radhanagar Beach until sunset.',
			},
			{
				day: 4,
				island: 'havelock',
				title: 'A morning at Elephant Beach',
				description:
					'Take a shared speedboat to Elephant Beach for swimming and optional snorkelling, sea walking or a glass-bottom boat ride. Boats return by early afternoon, leaving time for a nap before an evening walk on the beach near your hotel.',
			},
			{
				day: 5,
				island: 'port-blair',
				title: 'Back to Port Blair, Chidiya Tapu sunset',
				description:
					'A morning catamaran back to Port Blair. After lunch, drive about 25 km south to Chidiya Tapu for bird calls in the forest and a wide sunset over the sea.',
			},
			{
				day: 6,
				island: 'port-blair',
				title: 'Departure',
				description: 'Breakfast and a transfer to Veer Savarkar International Airport for your flight home.',
			},
		],
		highlights: [
			'Only two ferry crossings, ideal with small children',
			'Glass-bottom boat at North Bay',
			'Radhanagar Beach at sunset',
			'Elephant Beach by speedboat',
			'Chidiya Tapu sunset',
		],
		inclusions: [
			'5 hotel nights with daily breakfast: 2 in Port Blair, 2 on Havelock and 1 in Port Blair',
			'Private catamaran tickets Port Blair–Havelock–Port Blair: base class for Standard, premium class for Deluxe and Premium',
			'Airport and jetty transfers by private AC car',
			'Sightseeing as per the itinerary by private AC car',
			'Ross Island and North Bay boat tickets, Ross Island entry and a glass-bottom boat ride at North Bay',
			'Shared speedboat to Elephant Beach',
			'Cellular Jail entry and light and sound show tickets',
			support,
		],
		exclusions: ['Lunch and dinner', 'Snorkelling, sea walking and other water sports', ...baseExclusions],
		images: [
			{ src: '/images/family-trip.jpg', alt: 'A family with young children walking along the tideline of a wide Andaman beach' },
			{ src: '/images/elephant-beach.jpg', alt: 'Speedboats moored off the white sand of Elephant Beach, with forest behind' },
			{ src: '/images/cellular-jail.jpg', alt: 'The three-storey wings of the Cellular Jail seen from the central watchtower' },
		],
		faqs: [
			{
				q: 'Why no Neil Island on this trip?',
				a: 'Leaving out Neil saves a ferry crossing and a check-in, which makes a big difference with toddlers. If your children are older, our 6-night family holiday adds a night on Neil.',
			},
			{
				q: 'Can we get a family room or connecting rooms?',
				a: 'Yes. Most of our Port Blair hotels and several Havelock resorts have family rooms or connecting rooms. Ask when you request your quote and we will price them.',
			},
			{
				q: 'Do the catamarans allow pushchairs?',
				a: 'Yes, folded pushchairs go with the luggage. Porters help at the jetties, and our drivers meet you at the gangway.',
			},
		],
		seoTitle: 'Port Blair & Havelock Family Package: 5 Nights',
		seoDescription:
			'A 5-night family trip with only two ferry crossings: Ross Island, a glass-bottom boat at North Bay, Radhanagar Beach and Elephant Beach on Havelock.',
		prices: { standard: 2_450_000, deluxe: 3_450_000, premium: 4_890_000 },
	},
	{
		slug: 'andaman-family-explorer-8-nights',
		title: 'Andaman Family Explorer: 8 Nights with Jolly Buoy and Neil',
		category: 'family',
		status: 'draft',
		featured: false,
		summary:
			'A longer family holiday for the dry season: three nights in Port Blair with a day at the Jolly Buoy reef, three on Havelock and one on Neil, with plenty of time to rest between outings.',
		stays: [
			{ island: 'port-blair', nights: 3 },
			{ island: 'havelock', nights: 3 },
			{ island: 'neil', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: 'Arrival and the light and sound show',
				description:
					'We meet you at Veer Savarkar International Airport and take you to your hotel. Rest, then visit the Cellular Jail in the late afternoon and stay for the evening light and sound show.',
			},
			{
				day: 2,
				island: 'port-blair',
				title: 'Ross Island and North Bay',
				description:
					'Morning boats from Aberdeen Jetty to Ross Island, with its deer and ruins, and North Bay for a glass-bottom boat ride over the coral, included. Sea walking is available as an optional extra for children from about 7 years.',
			},
			{
				day: 3,
				island: 'port-blair',
				title: 'Wandoor and Jolly Buoy',
				description: `Drive about an hour to Wandoor, the gateway to the Mahatma Gandhi Marine National Park, and take the permit boat to Jolly Buoy, open from ${jollyBuoySeason}. The reef is shallow and clear, perfect for glass-bottom viewing and snorkelling. Plastic bottles are not allowed on the island, so we give everyone refillable bottles.`,
			},
			{
				day: 4,
				island: 'havelock',
				title: 'Catamaran to Havelock and Radhanagar',
				description:
					'A private catamaran of 1.5 to 2.5 hours to Havelock (Swaraj Dweep). Afternoon and sunset at Radhanagar Beach, where the water stays shallow a long way out.',
			},
			{
				day: 5,
				island: 'havelock',
				title: 'Elephant Beach by speedboat',
				description:
					'A shared speedboat to Elephant Beach for swimming and optional snorkelling or sea walking. Back at the hotel by early afternoon for a rest.',
			},
			{
				day: 6,
				island: 'havelock',
				title: 'Kalapathar and a free afternoon',
				description:
					'A relaxed morning at Kalapathar Beach, with its black rocks and calm water. The afternoon is free: the pool, a cycle ride through the villages or an optional guided kayak through the mangroves.',
			},
			{
				day: 7,
				island: 'neil',
				title: 'Neil Island and Laxmanpur',
				description:
					'An hour by catamaran to Neil (Shaheed Dweep). At low tide, explore the rock pools around the natural rock formation at Laxmanpur, then watch the sunset from Laxmanpur beach.',
			},
			{
				day: 8,
				island: 'port-blair',
				title: 'Bharatpur beach and back to Port Blair',
				description: `Sunrise at Sitapur for early risers and a last swim at Bharatpur beach. The catamaran of ${neilToPortBlair} brings you back to Port Blair for an easy evening at Marina Park.`,
			},
			{
				day: 9,
				island: 'port-blair',
				title: 'Departure',
				description: 'Transfer to Veer Savarkar International Airport for your flight home.',
			},
		],
		highlights: [
			'Jolly Buoy reef in the Mahatma Gandhi Marine National Park',
			'Glass-bottom boat at North Bay',
			'Three unhurried nights on Havelock',
			'Rock pools at Laxmanpur on Neil',
			'Cellular Jail light and sound show',
			'A rest day built in for younger children',
		],
		inclusions: [
			'8 hotel nights with daily breakfast: 3 in Port Blair, 3 on Havelock, 1 on Neil and 1 in Port Blair',
			'Private catamaran tickets for all 3 sectors: base class for Standard, premium class for Deluxe and Premium',
			'Airport and jetty transfers by private AC car',
			'Sightseeing as per the itinerary by private AC car',
			'Ross Island and North Bay boat tickets, Ross Island entry and a glass-bottom boat ride at North Bay',
			'Jolly Buoy boat and Mahatma Gandhi Marine National Park permit',
			'Shared speedboat to Elephant Beach',
			'Cellular Jail entry and light and sound show tickets',
			support,
		],
		exclusions: ['Lunch and dinner', 'Snorkelling, sea walking, kayaking and other water sports', ...baseExclusions],
		images: [
			{ src: '/images/family-trip.jpg', alt: 'Two children in life jackets laughing at the edge of clear, shallow sea' },
			{ src: '/images/snorkeling.jpg', alt: 'A young snorkeller floating face-down over bright coral and small reef fish' },
			{ src: '/images/kalapathar-beach.jpg', alt: 'Dark volcanic-looking rocks along the calm shore of Kalapathar Beach on Havelock' },
			{ src: '/images/ferry.jpg', alt: 'A white private catamaran arriving at the jetty on Havelock Island' },
		],
		faqs: [
			{
				q: 'What if we travel when Jolly Buoy is closed?',
				a: `Jolly Buoy is open only from ${jollyBuoySeason}, in recent official notices. Outside those months we swap it for Red Skin Island when it is open, or a half day at Chidiya Tapu and the Anthropological Museum.`,
			},
			{
				q: 'Is the day at Jolly Buoy tiring for small children?',
				a: 'It is a half-day outing: about an hour by road to Wandoor and about an hour by boat each way. We carry snacks and water and you are back in Port Blair by mid-afternoon.',
			},
			{
				q: 'Can we shorten this trip to 7 nights?',
				a: 'Yes. The easiest change is to drop the free day on Havelock, or to skip Jolly Buoy outside its season.',
			},
		],
		seoTitle: 'Andaman Family Package: 8 Nights with Jolly Buoy',
		seoDescription:
			'An 8-night Andaman family holiday with Ross Island, North Bay, the Jolly Buoy reef, three nights on Havelock and a night on Neil, paced for young children.',
		prices: { standard: 3_890_000, deluxe: 5_450_000, premium: 7_790_000 },
	},

	// LTC
	{
		slug: 'andaman-ltc-package-5-nights',
		title: 'Andaman LTC Package: 5 Nights in Port Blair, Havelock & Neil',
		category: 'ltc',
		status: 'published',
		featured: true,
		summary:
			'A good-value land package for central government employees on LTC, planned around the flights you book through your authorised agent. Covers the Cellular Jail, Havelock, Neil and Ross Island.',
		stays: [
			{ island: 'port-blair', nights: 1 },
			{ island: 'havelock', nights: 2 },
			{ island: 'neil', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: 'Arrival and the Cellular Jail',
				description:
					'We meet you at Veer Savarkar International Airport, whatever time your LTC flight lands, and drive you to your hotel. Visit the Cellular Jail National Memorial in the afternoon and stay for the evening light and sound show.',
			},
			{
				day: 2,
				island: 'havelock',
				title: 'Ferry to Havelock, Radhanagar sunset',
				description:
					'A morning private catamaran to Havelock (Swaraj Dweep), about 1.5 to 2.5 hours. In the afternoon, drive to Radhanagar Beach for a swim and sunset.',
			},
			{
				day: 3,
				island: 'havelock',
				title: 'Elephant Beach',
				description:
					'A shared speedboat to Elephant Beach, included. Swim from the beach, or add snorkelling, sea walking or a glass-bottom ride on the spot. Evening at leisure in the market near the jetty.',
			},
			{
				day: 4,
				island: 'neil',
				title: 'Neil Island and the natural rock formation',
				description:
					'A catamaran of about an hour to Neil (Shaheed Dweep). See the natural rock formation at Laxmanpur at low tide and the sunset from Laxmanpur beach.',
			},
			{
				day: 5,
				island: 'port-blair',
				title: 'Sitapur sunrise, return and Ross Island',
				description: `Sunrise at Sitapur Beach, then a catamaran of ${neilToPortBlair} to Port Blair. If the ferry timing allows, an afternoon boat to Ross Island; otherwise we show you the Anthropological Museum and Samudrika Naval Marine Museum.`,
			},
			{
				day: 6,
				island: 'port-blair',
				title: 'Departure',
				description: 'Transfer to Veer Savarkar International Airport for your return flight. Remember to keep your boarding passes for your LTC claim.',
			},
		],
		highlights: [
			'Planned around your LTC flight times',
			'Cellular Jail light and sound show',
			'Radhanagar Beach and Elephant Beach on Havelock',
			'Natural rock formation at Laxmanpur, Neil',
			"GST invoice in the lead traveller's name",
		],
		inclusions: [
			'5 hotel nights with daily breakfast: 1 in Port Blair, 2 on Havelock, 1 on Neil and 1 in Port Blair',
			'Private catamaran tickets for all 3 sectors: base class for Standard, premium class for Deluxe and Premium',
			'Airport and jetty transfers by private AC car',
			'Sightseeing as per the itinerary by private AC car',
			'Shared speedboat to Elephant Beach',
			'Cellular Jail entry and light and sound show tickets, Ross Island boat and entry tickets',
			"GST invoice in the lead traveller's name",
			support,
		],
		exclusions: [
			'Air or ship tickets to Port Blair, which must be booked through your authorised LTC channel',
			'Lunch and dinner',
			'Snorkelling, sea walking and other water sports',
			...baseExclusions.slice(1),
		],
		images: [
			{ src: '/images/ltc-travel.jpg', alt: 'A family with suitcases walking towards the terminal at Port Blair airport on a sunny day' },
			{ src: '/images/cellular-jail.jpg', alt: 'The long corridor of cells at the Cellular Jail, lit by afternoon sun' },
			{ src: '/images/neil-island.jpg', alt: 'Calm turquoise water and a quiet stretch of sand on Neil Island' },
		],
		faqs: [
			{
				q: 'Can you book our LTC air tickets?',
				a: 'No. LTC air tickets must be booked through an authorised channel such as Balmer Lawrie, Ashok Travels & Tours or IRCTC, as your department order says. Book them first, send us the times and we fit the package around them.',
			},
			{
				q: 'Does LTC reimburse this package?',
				a: 'Generally no. LTC covers the fare to your place of visit and back, not hotels or sightseeing. That is why this package is kept simple and good value. Check your department order for the current rules.',
			},
			{
				q: 'Can we come by ship instead of flying?',
				a: 'Yes. If you sail from Chennai, Kolkata or Visakhapatnam, we meet you at Haddo Wharf instead of the airport. Ship schedules change often, so let us know your sailing as soon as it is confirmed.',
			},
		],
		seoTitle: 'Andaman LTC Package: 5 Nights, Havelock & Neil',
		seoDescription:
			'A 5-night Andaman LTC package for government employees, planned around flights from your authorised agent: Cellular Jail, Havelock, Neil and Ross Island.',
		prices: { standard: 2_250_000, deluxe: 3_150_000, premium: 4_490_000 },
	},
	{
		slug: 'andaman-ltc-complete-7-nights',
		title: 'Complete Andaman LTC Tour: 7 Nights with Baratang and Ross Island',
		category: 'ltc',
		status: 'published',
		featured: false,
		summary:
			'For LTC travellers who want to see it all once: Ross Island, North Bay, the Baratang limestone caves, Havelock, Neil and a Chidiya Tapu sunset, with the last night in Port Blair to protect your flight.',
		stays: [
			{ island: 'port-blair', nights: 3 },
			{ island: 'havelock', nights: 2 },
			{ island: 'neil', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: "Arrival, Corbyn's Cove and the light and sound show",
				description:
					"We meet you at Veer Savarkar International Airport and drive you to your hotel. If your flight lands by midday, there is time for Corbyn's Cove before the Cellular Jail and its evening light and sound show.",
			},
			{
				day: 2,
				island: 'port-blair',
				title: 'Ross Island and North Bay',
				description:
					'Boats from Aberdeen Jetty to Ross Island, the old British headquarters, and North Bay for coral, a glass-bottom boat ride, included, and optional sea walking. Evening free in Aberdeen Bazaar.',
			},
			{
				day: 3,
				island: 'port-blair',
				title: 'Baratang limestone caves and mud volcano',
				description:
					'An early start, around 4 am, to join the convoy through the Jarawa Tribal Reserve, where stopping and photography are not allowed. From Nilambur jetty a speedboat winds through mangrove creeks to the limestone caves, followed by a stop at the mud volcano. It is a long day of 12 to 14 hours, back in Port Blair by evening.',
			},
			{
				day: 4,
				island: 'havelock',
				title: 'Ferry to Havelock and Radhanagar sunset',
				description: 'A morning private catamaran of 1.5 to 2.5 hours to Havelock (Swaraj Dweep), then the afternoon and sunset at Radhanagar Beach.',
			},
			{
				day: 5,
				island: 'havelock',
				title: 'Elephant Beach',
				description:
					'A shared speedboat to Elephant Beach, included, for swimming and optional snorkelling or sea walking. In the late afternoon, a walk along Kalapathar Beach.',
			},
			{
				day: 6,
				island: 'neil',
				title: 'Neil Island and Laxmanpur',
				description: 'An hour by catamaran to Neil (Shaheed Dweep). Visit the natural rock formation at low tide and watch the sunset from Laxmanpur beach.',
			},
			{
				day: 7,
				island: 'port-blair',
				title: 'Back to Port Blair and Chidiya Tapu',
				description: `Sunrise at Sitapur, then a catamaran of ${neilToPortBlair} to Port Blair. In the late afternoon, drive to Chidiya Tapu for the sunset.`,
			},
			{
				day: 8,
				island: 'port-blair',
				title: 'Departure',
				description: 'Transfer to Veer Savarkar International Airport. Keep your boarding passes and e-tickets together for your LTC claim.',
			},
		],
		highlights: [
			'Baratang limestone caves and mud volcano',
			'Ross Island and a glass-bottom boat at North Bay',
			'Radhanagar and Elephant Beach on Havelock',
			'Laxmanpur rock formation on Neil',
			'Cellular Jail show and Chidiya Tapu sunset',
		],
		inclusions: [
			'7 hotel nights with daily breakfast: 3 in Port Blair, 2 on Havelock, 1 on Neil and 1 in Port Blair',
			'Private catamaran tickets for all 3 sectors: base class for Standard, premium class for Deluxe and Premium',
			'Airport and jetty transfers by private AC car',
			'Sightseeing as per the itinerary by private AC car, including the Baratang day trip',
			'Baratang speedboat to the limestone caves and forest permit',
			'Ross Island and North Bay boat tickets, Ross Island entry and a glass-bottom boat ride at North Bay',
			'Shared speedboat to Elephant Beach',
			'Cellular Jail entry and light and sound show tickets',
			"GST invoice in the lead traveller's name",
			support,
		],
		exclusions: [
			'Air or ship tickets to Port Blair, which must be booked through your authorised LTC channel',
			'Lunch and dinner',
			'Snorkelling, sea walking and other water sports',
			...baseExclusions.slice(1),
		],
		images: [
			{ src: '/images/ltc-travel.jpg', alt: 'Travellers with luggage outside Port Blair airport, ready for their island holiday' },
			{ src: '/images/baratang-caves.jpg', alt: 'A guide lighting the stalactites inside the limestone caves of Baratang' },
			{ src: '/images/ross-island.jpg', alt: 'A spotted deer grazing beside old brick walls on Ross Island' },
		],
		faqs: [
			{
				q: 'Is the Baratang day too tiring for older parents?',
				a: 'It is a long day, mostly in the car, with a walk of about 1.5 km each way to the caves on a boardwalk and forest path. If that is too much, we replace it with Jolly Buoy in season or a relaxed Chidiya Tapu day.',
			},
			{
				q: 'Which documents do we need for Baratang?',
				a: 'Carry a government photo ID for every adult. It is checked at the Jirkatang check post and when the forest permit for the caves is issued at the Baratang jetty. We arrange the permit.',
			},
			{
				q: 'Can we use hometown LTC conversion for this trip?',
				a: 'Under the DoPT special scheme, eligible employees have been able to convert a hometown LTC to visit Andaman & Nicobar. The last extension we could confirm ran to 25 September 2026, and when we checked in November 2026 we had not seen a newer order, so ask your establishment section whether the scheme covers your dates.',
			},
		],
		seoTitle: 'Andaman LTC Tour: 7 Nights with Baratang',
		seoDescription:
			'A 7-night Andaman LTC tour: Ross Island, North Bay, Baratang caves, Havelock, Neil and Chidiya Tapu, planned around flights booked through your LTC agent.',
		prices: { standard: 3_090_000, deluxe: 4_290_000, premium: 6_190_000 },
	},

	// Adventure
	{
		slug: 'havelock-neil-scuba-adventure-6-nights',
		title: 'Havelock & Neil Scuba Adventure: 6 Nights with Two Try Dives',
		category: 'adventure',
		status: 'published',
		featured: false,
		summary:
			'For first-time divers and water lovers: two beginner try dives with a PADI dive centre, snorkelling at Elephant Beach and a mangrove kayak, timed so your last dive is well over 24 hours before your flight.',
		stays: [
			{ island: 'port-blair', nights: 1 },
			{ island: 'havelock', nights: 3 },
			{ island: 'neil', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: 'Arrival and the Cellular Jail show',
				description:
					'Airport pick-up at Veer Savarkar International Airport and check-in. Visit the Cellular Jail in the late afternoon and stay for the light and sound show.',
			},
			{
				day: 2,
				island: 'havelock',
				title: 'Catamaran to Havelock, Radhanagar sunset',
				description:
					'A morning private catamaran of 1.5 to 2.5 hours to Havelock (Swaraj Dweep). Meet your dive centre for a short briefing and the medical form, then spend the evening at Radhanagar Beach.',
			},
			{
				day: 3,
				island: 'havelock',
				title: 'Your first try dive',
				description:
					'After a theory session and practice in shallow water, dive with an instructor at a sheltered Havelock site such as Nemo Reef or a reef near Elephant Beach. Expect 30 to 45 minutes underwater at 5 to 12 metres, among parrotfish, clownfish and hard corals. Afternoon at Kalapathar Beach.',
			},
			{
				day: 4,
				island: 'havelock',
				title: 'Elephant Beach snorkelling and mangrove kayaking',
				description:
					'A shared speedboat to Elephant Beach for guided snorkelling over the reef. Later, paddle a kayak with a guide through the quiet mangrove creeks, timed to the tide. On a dark night, an optional bioluminescence kayak can be added.',
			},
			{
				day: 5,
				island: 'neil',
				title: 'Ferry to Neil and your second dive',
				description:
					"An hour's catamaran to Neil (Shaheed Dweep), then a second try dive with the dive centre's Neil team on one of the island's coral reefs. Watch the sunset from Laxmanpur beach in the evening.",
			},
			{
				day: 6,
				island: 'port-blair',
				title: 'Sitapur, Laxmanpur rocks and back to Port Blair',
				description: `Sunrise at Sitapur and a walk to the natural rock formation at Laxmanpur at low tide. A catamaran of ${neilToPortBlair} returns you to Port Blair, with time for the Chidiya Tapu sunset.`,
			},
			{
				day: 7,
				island: 'port-blair',
				title: 'Departure',
				description: 'Transfer to Veer Savarkar International Airport. Your last dive was well over 24 hours earlier, so flying is safe.',
			},
		],
		highlights: [
			'Two beginner try dives, at Havelock and Neil',
			'Guided snorkelling at Elephant Beach',
			'Mangrove kayaking in the Havelock creeks',
			'Three nights on Havelock',
			'Dive plan that respects the 24-hour no-fly rule',
		],
		inclusions: [
			'6 hotel nights with daily breakfast: 1 in Port Blair, 3 on Havelock, 1 on Neil and 1 in Port Blair',
			'Two try dives with a PADI dive centre, with instructor, equipment and boat',
			'Shared speedboat to Elephant Beach and guided snorkelling there',
			'Guided mangrove kayaking on Havelock',
			'Private catamaran tickets for all 3 sectors: base class for Standard, premium class for Deluxe and Premium',
			'Airport and jetty transfers by private AC car',
			'Sightseeing as per the itinerary by private AC car',
			'Cellular Jail entry and light and sound show tickets',
			support,
		],
		exclusions: [
			'Lunch and dinner',
			'Underwater photos and video from the dive centre',
			'Bioluminescence kayaking, sea walking, jet ski and other water sports not listed as included',
			...baseExclusions,
		],
		images: [
			{ src: '/images/scuba-diving.jpg', alt: 'A beginner diver and instructor hovering above a coral reef in clear blue water' },
			{ src: '/images/snorkeling.jpg', alt: 'A snorkeller looking down at branching coral and a shoal of small fish' },
			{ src: '/images/elephant-beach.jpg', alt: 'Boats at anchor in the turquoise shallows of Elephant Beach on Havelock' },
		],
		faqs: [
			{
				q: 'Do I need to know how to swim for a try dive?',
				a: 'No. Most dive centres accept non-swimmers who are relaxed in the water, and the instructor stays beside you throughout. You fill in a medical form first, and some conditions need a note from a doctor.',
			},
			{
				q: 'What is the minimum age for the try dives?',
				a: 'Usually 10 years, and some centres ask for 12, with shallower depth limits for children. The snorkelling and kayaking suit most ages from about 8.',
			},
			{
				q: 'Can I do a full Open Water course instead?',
				a: 'Yes. The PADI Open Water course takes 3 to 4 days on Havelock, so we add a night and replace the try dives with the course. Ask us for the price.',
			},
		],
		seoTitle: 'Havelock & Neil Scuba Package: 6 Nights, 2 Dives',
		seoDescription:
			'A 6-night Andaman scuba adventure with two beginner try dives at Havelock and Neil, Elephant Beach snorkelling and mangrove kayaking. All ferries included.',
		prices: { standard: 3_850_000, deluxe: 5_190_000, premium: 7_290_000 },
	},
	{
		slug: 'north-south-andaman-adventure-9-nights',
		title: 'North to South Andaman Adventure: 9 Nights from Diglipur to Havelock',
		category: 'adventure',
		status: 'published',
		featured: false,
		summary:
			'A road and sea journey for curious travellers: the Baratang caves and Parrot Island, the twin islands of Ross and Smith off Diglipur, then Havelock and Neil for reefs and beaches.',
		stays: [
			{ island: 'port-blair', nights: 1 },
			{ island: 'baratang', nights: 1 },
			{ island: 'diglipur', nights: 2 },
			{ island: 'port-blair', nights: 1 },
			{ island: 'havelock', nights: 2 },
			{ island: 'neil', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: 'Arrival and the Cellular Jail',
				description:
					'Airport pick-up at Veer Savarkar International Airport and check-in. Visit the Cellular Jail in the late afternoon and stay for the light and sound show. Early night: tomorrow starts before dawn.',
			},
			{
				day: 2,
				island: 'baratang',
				title: 'Jarawa reserve convoy, limestone caves and Parrot Island',
				description:
					'Leave around 4 am to join the convoy at Jirkatang through the Jarawa Tribal Reserve, where stopping and photography are forbidden. A speedboat from Nilambur jetty winds through mangrove creeks to the limestone caves, then visit the mud volcano. At dusk, a boat trip to Parrot Island to watch flocks of parakeets come in to roost.',
			},
			{
				day: 3,
				island: 'diglipur',
				title: 'Up the Andaman Trunk Road to Diglipur',
				description:
					'Drive north through Middle Andaman with stops at the Dhani Nallah mangrove boardwalk and Amkunj Beach near Rangat, then on through Mayabunder. The journey takes most of the day. Reach Diglipur in time for an evening walk on Kalipur Beach, where sea turtles nest in season.',
			},
			{
				day: 4,
				island: 'diglipur',
				title: 'Ross and Smith twin islands',
				description:
					'A boat from Aerial Bay jetty reaches Ross and Smith, two islands joined by a narrow white sandbar, in about 30 to 45 minutes. The forest permit is included. Swim in the clear water and snorkel off the sandbar. Strong walkers can swap this day for the full-day Saddle Peak trek to the highest point in the islands, about 730 m.',
			},
			{
				day: 5,
				island: 'port-blair',
				title: 'The long road back to Port Blair',
				description:
					'A full day of about 10 to 12 hours by road to Port Blair, crossing the Jarawa reserve again in convoy. The car is air-conditioned and we stop for meals on the way. Evening at leisure.',
			},
			{
				day: 6,
				island: 'havelock',
				title: 'Catamaran to Havelock, Radhanagar sunset',
				description:
					'A morning private catamaran of 1.5 to 2.5 hours to Havelock (Swaraj Dweep). After the road days, unwind at Radhanagar Beach until sunset.',
			},
			{
				day: 7,
				island: 'havelock',
				title: 'Elephant Beach snorkelling',
				description:
					'A shared speedboat to Elephant Beach for guided snorkelling, included. Add a try dive or sea walk if you like, or walk back to the road on the forest trail of about 2 km.',
			},
			{
				day: 8,
				island: 'neil',
				title: 'Neil Island and Laxmanpur',
				description:
					'An hour by catamaran to Neil (Shaheed Dweep). Hire a bicycle to explore the villages, see the natural rock formation at Laxmanpur at low tide and watch the sunset from Laxmanpur beach.',
			},
			{
				day: 9,
				island: 'port-blair',
				title: 'Sitapur sunrise and back to Port Blair',
				description: `Sunrise at Sitapur, a swim at Bharatpur beach and a catamaran of ${neilToPortBlair} to Port Blair. Evening at Aberdeen Bazaar for last-minute shopping.`,
			},
			{
				day: 10,
				island: 'port-blair',
				title: 'Departure',
				description: 'Transfer to Veer Savarkar International Airport for your flight home.',
			},
		],
		highlights: [
			'Baratang limestone caves, mud volcano and Parrot Island',
			'Ross and Smith twin islands joined by a sandbar',
			'Optional Saddle Peak trek, the highest point in the islands',
			'Mangrove boardwalk at Dhani Nallah',
			'Snorkelling at Elephant Beach, Havelock',
			'Natural rock formation at Laxmanpur, Neil',
		],
		inclusions: [
			'9 hotel nights with daily breakfast: 1 in Port Blair, 1 in Baratang, 2 in Diglipur, 1 in Port Blair, 2 on Havelock, 1 on Neil and 1 in Port Blair',
			'Dinner on the nights in Baratang and Diglipur, where restaurants are few',
			'Private AC car with driver for the whole north Andaman road journey',
			'Baratang speedboat to the limestone caves and forest permit, and the Parrot Island boat',
			'Ross and Smith boat and forest permit, or the Saddle Peak trek permit and guide',
			'Private catamaran tickets for all 3 sectors: base class for Standard, premium class for Deluxe and Premium',
			'Airport and jetty transfers by private AC car',
			'Shared speedboat to Elephant Beach and guided snorkelling there',
			'Cellular Jail entry and light and sound show tickets',
			support,
		],
		exclusions: [
			'Lunch, and dinners other than in Baratang and Diglipur',
			'Scuba diving, sea walking and other water sports not listed as included',
			...baseExclusions,
		],
		images: [
			{ src: '/images/baratang-caves.jpg', alt: 'Rippled limestone walls and hanging stalactites inside the Baratang caves' },
			{ src: '/images/radhanagar-beach.jpg', alt: 'A long, empty stretch of Radhanagar Beach backed by tall forest trees' },
			{ src: '/images/ferry.jpg', alt: 'A catamaran crossing calm blue water between Port Blair and Havelock' },
		],
		faqs: [
			{
				q: 'How much time is spent on the road?',
				a: 'Three long road days: Port Blair to Baratang (about 3 hours plus the caves), Baratang to Diglipur (most of a day with stops) and Diglipur back to Port Blair (10 to 12 hours). The roads are mostly good, but there are convoy waits at the Jarawa reserve.',
			},
			{
				q: 'What are the hotels like in Baratang and Diglipur?',
				a: 'Simple and clean, with fewer choices than Havelock. Deluxe and Premium get the best rooms available there, and the tier difference shows mostly on Havelock and Neil.',
			},
			{
				q: 'When can we see turtles at Kalipur?',
				a: 'Turtles nest on Kalipur Beach mainly from about December to March. Sightings are never guaranteed, and the forest staff sometimes restrict access at night to protect the nests.',
			},
		],
		seoTitle: 'North to South Andaman Tour: 9 Nights, Diglipur',
		seoDescription:
			'A 9-night Andaman adventure: Baratang caves and Parrot Island, Ross and Smith twin islands at Diglipur, then Havelock and Neil for snorkelling and beaches.',
		prices: { standard: 4_990_000, deluxe: 6_990_000, premium: 9_490_000 },
	},

	// Luxury
	{
		slug: 'havelock-luxury-retreat-5-nights',
		title: 'Havelock Luxury Retreat: 5 Nights with Three at a Beachfront Resort',
		category: 'luxury',
		status: 'published',
		featured: false,
		summary:
			'Three nights at a beachfront resort near Radhanagar, a private speedboat to Elephant Beach and a guided bioluminescence kayak, with private transfers and top-class catamaran seats throughout.',
		stays: [
			{ island: 'port-blair', nights: 1 },
			{ island: 'havelock', nights: 3 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: 'Arrival and a private heritage evening',
				description:
					'A chauffeur meets you at Veer Savarkar International Airport. Check in to a sea-view hotel, then tour the Cellular Jail with a private guide before the evening light and sound show.',
			},
			{
				day: 2,
				island: 'havelock',
				title: 'Top-class catamaran to Havelock',
				description:
					'Travel in the top class of the private catamaran, a crossing of 1.5 to 2.5 hours, to Havelock (Swaraj Dweep). Your resort lies near Radhanagar Beach, so sunset is a short walk from your villa.',
			},
			{
				day: 3,
				island: 'havelock',
				title: 'Private speedboat to Elephant Beach',
				description:
					'Leave early by private speedboat, ahead of the day-trip crowds, for guided snorkelling at Elephant Beach. Return for lunch and an afternoon at the resort spa.',
			},
			{
				day: 4,
				island: 'havelock',
				title: 'Kalapathar morning and a bioluminescence kayak',
				description:
					'A quiet morning at Kalapathar Beach. After dark, a guide takes you kayaking on a calm creek where the plankton light up with every paddle stroke, best on moonless nights.',
			},
			{
				day: 5,
				island: 'port-blair',
				title: 'Return to Port Blair and Chidiya Tapu',
				description: 'A late-morning catamaran back to Port Blair. In the afternoon, drive to Chidiya Tapu for the sunset over the sea.',
			},
			{
				day: 6,
				island: 'port-blair',
				title: 'Departure',
				description: 'Your chauffeur drops you at Veer Savarkar International Airport for your flight.',
			},
		],
		highlights: [
			'Three nights at a beachfront resort near Radhanagar',
			'Private speedboat to Elephant Beach',
			'Guided bioluminescence kayaking',
			'Top-class catamaran seats',
			'Private guide at the Cellular Jail',
		],
		inclusions: [
			'5 nights in luxury hotels and resorts: 1 in Port Blair, 3 on Havelock and 1 in Port Blair',
			'Breakfast daily, and dinner daily on Havelock',
			'Private catamaran tickets in the top class offered, such as Makruzz Royal',
			'Private chauffeur-driven AC car for all transfers and sightseeing',
			'Private speedboat to Elephant Beach with guided snorkelling',
			'Guided bioluminescence kayaking on Havelock',
			'Private guide, entry and light and sound show tickets at the Cellular Jail',
			support,
		],
		exclusions: ['Lunch, and dinner in Port Blair', 'Spa treatments, scuba diving and water sports not listed as included', ...baseExclusions],
		images: [
			{ src: '/images/hero-havelock-beach.jpg', alt: 'Clear turquoise sea and soft white sand in front of a beachfront resort on Havelock' },
			{ src: '/images/radhanagar-beach.jpg', alt: 'Sunset colours reflected on wet sand at Radhanagar Beach' },
			{ src: '/images/bioluminescence.jpg', alt: 'A kayak paddle stirring glowing blue plankton on a dark creek at night' },
		],
		faqs: [
			{
				q: 'Which resorts do you use on Havelock?',
				a: 'We choose from a small group of beachfront and forest-edge luxury resorts near Radhanagar and along the east coast, based on your dates and room type. We name the resort on your quote before you pay.',
			},
			{
				q: 'Why is there no Standard or Deluxe price?',
				a: 'This package is built around luxury resorts only. For a lower budget, our 5-night honeymoon and family packages follow similar routes with Standard and Deluxe hotels.',
			},
			{
				q: 'Do we have to share the speedboat to Elephant Beach?',
				a: 'No. This package includes a private speedboat, so you choose when to leave and how long to stay, within the permitted boat hours.',
			},
		],
		seoTitle: 'Havelock Luxury Package: 5 Nights, Beachfront Resort',
		seoDescription:
			'A 5-night luxury Andaman holiday with three nights at a beachfront Havelock resort, a private speedboat to Elephant Beach and bioluminescence kayaking.',
		prices: { standard: null, deluxe: null, premium: 8_490_000 },
	},
	{
		slug: 'andaman-luxury-islands-7-nights',
		title: 'Andaman Luxury Islands: 7 Nights of Beach Villas on Havelock & Neil',
		category: 'luxury',
		status: 'published',
		featured: true,
		summary:
			'Our finest island journey: three nights in a Havelock beach villa, two slow days on Neil, private speedboats and guides, and dinners included at every island resort.',
		stays: [
			{ island: 'port-blair', nights: 1 },
			{ island: 'havelock', nights: 3 },
			{ island: 'neil', nights: 2 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: 'Arrival and the Cellular Jail with a private guide',
				description:
					'A chauffeur meets you at Veer Savarkar International Airport. After check-in, a private guide shows you the Cellular Jail before the evening light and sound show.',
			},
			{
				day: 2,
				island: 'havelock',
				title: 'To your Havelock beach villa',
				description:
					'Travel in the top class of the private catamaran, 1.5 to 2.5 hours, to Havelock (Swaraj Dweep). Settle into your villa and walk to Radhanagar Beach for sunset.',
			},
			{
				day: 3,
				island: 'havelock',
				title: 'Private boat to Elephant Beach',
				description:
					'A private speedboat to Elephant Beach early in the morning for guided snorkelling on a quiet reef. A try dive with a private instructor can be added. Afternoon at the spa or the pool.',
			},
			{
				day: 4,
				island: 'havelock',
				title: 'Kalapathar and the glowing creek',
				description:
					'A slow morning at Kalapathar Beach and a lazy lunch. After dark, a guided bioluminescence kayak on a sheltered creek, best on moonless nights.',
			},
			{
				day: 5,
				island: 'neil',
				title: 'On to Neil',
				description: 'An hour by catamaran to Neil (Shaheed Dweep). Check in to your beach resort and walk to Laxmanpur beach for sunset.',
			},
			{
				day: 6,
				island: 'neil',
				title: 'Sitapur sunrise and the natural rock formation',
				description:
					"Sunrise at Sitapur Beach, then the natural rock formation at Laxmanpur at low tide with a naturalist guide. Spend the afternoon as you like: Bharatpur beach's glass-bottom boats, a cycle ride past the paddy fields or your resort's hammocks.",
			},
			{
				day: 7,
				island: 'port-blair',
				title: 'Back to Port Blair and Ross Island',
				description: `A morning catamaran of ${neilToPortBlair} to Port Blair. After lunch, a private boat to Ross Island to wander the overgrown ruins. Ross Island is reported to close on Wednesdays; on that day we go to Chidiya Tapu for sunset instead.`,
			},
			{
				day: 8,
				island: 'port-blair',
				title: 'Departure',
				description: 'Your chauffeur drops you at Veer Savarkar International Airport for your flight home.',
			},
		],
		highlights: [
			'Three nights in a Havelock beach villa',
			'Two slow days on Neil',
			'Private speedboat and snorkelling guide at Elephant Beach',
			'Guided bioluminescence kayaking',
			'Private guide at the Cellular Jail and a private boat to Ross Island',
		],
		inclusions: [
			'7 nights in luxury hotels and resorts: 1 in Port Blair, 3 on Havelock, 2 on Neil and 1 in Port Blair',
			'Breakfast daily, and dinner daily on Havelock and Neil',
			'Private catamaran tickets for all 3 sectors in the top class offered, such as Makruzz Royal',
			'Private chauffeur-driven AC car for all transfers and sightseeing',
			'Private speedboat to Elephant Beach with guided snorkelling',
			'Guided bioluminescence kayaking on Havelock',
			'Private boat to Ross Island with entry tickets',
			'Private guide, entry and light and sound show tickets at the Cellular Jail',
			support,
		],
		exclusions: ['Lunch, and dinner in Port Blair', 'Spa treatments, scuba diving and water sports not listed as included', ...baseExclusions],
		images: [
			{ src: '/images/hero-havelock-beach.jpg', alt: 'A palm-lined beach on Havelock with calm turquoise water at midday' },
			{ src: '/images/neil-island.jpg', alt: 'Morning light on the quiet shore of Neil Island with coconut palms behind' },
			{ src: '/images/laxmanpur-beach.jpg', alt: 'Sunset over the rocky shore of Laxmanpur Beach on Neil Island' },
			{ src: '/images/bioluminescence.jpg', alt: 'Blue bioluminescent glow trailing behind a kayak on a dark night' },
		],
		faqs: [
			{
				q: 'Is there a seaplane between the islands?',
				a: 'Seaplane services have run only intermittently, so we plan this trip on the catamarans, in the top class offered. If a scheduled seaplane is operating on your dates, we can quote it as an upgrade.',
			},
			{
				q: 'Can you arrange a private dive on Havelock?',
				a: 'Yes. We can book a try dive or fun dives for certified divers with a private instructor. Plan diving for day 3 or 4 so you are well clear of the 24-hour no-fly rule.',
			},
			{
				q: 'Are Christmas and New Year dates available?',
				a: 'Yes, but luxury resorts often have minimum stays and gala-dinner supplements between about 20 December and 5 January. Book early, and we will show any supplement on your quote.',
			},
		],
		seoTitle: 'Andaman Luxury Package: 7 Nights, Havelock & Neil',
		seoDescription:
			'A 7-night luxury Andaman holiday: a Havelock beach villa, two nights on Neil, private speedboats and guides, bioluminescence kayaking and island dinners.',
		prices: { standard: null, deluxe: null, premium: 11_490_000 },
	},

	// Budget
	{
		slug: 'andaman-budget-getaway-3-nights',
		title: 'Andaman Budget Getaway: 3 Nights in Port Blair & Havelock',
		category: 'budget',
		status: 'published',
		featured: false,
		summary:
			'The shortest sensible Andaman trip: the Cellular Jail show, a night on Havelock with the Radhanagar sunset, and a morning on Kalapathar Beach, in clean, simple hotels.',
		stays: [
			{ island: 'port-blair', nights: 1 },
			{ island: 'havelock', nights: 1 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: "Arrival, Corbyn's Cove and the Cellular Jail",
				description:
					"Airport pick-up at Veer Savarkar International Airport. Spend the afternoon at Corbyn's Cove, then see the Cellular Jail and its evening light and sound show.",
			},
			{
				day: 2,
				island: 'havelock',
				title: 'Ferry to Havelock, Radhanagar sunset',
				description:
					'A morning catamaran in economy class, 1.5 to 2.5 hours, to Havelock (Swaraj Dweep). In the afternoon, Radhanagar Beach for a swim and the sunset.',
			},
			{
				day: 3,
				island: 'port-blair',
				title: 'Kalapathar and back to Port Blair',
				description: 'A morning walk on Kalapathar Beach, then a midday catamaran back to Port Blair. Evening at Marina Park and Aberdeen Bazaar.',
			},
			{
				day: 4,
				island: 'port-blair',
				title: 'Departure',
				description: 'Transfer to Veer Savarkar International Airport for your flight home.',
			},
		],
		highlights: [
			'Cellular Jail light and sound show',
			'Sunset at Radhanagar Beach',
			"Kalapathar Beach and Corbyn's Cove",
			'Clean, simple hotels with breakfast',
		],
		inclusions: [
			'3 hotel nights with daily breakfast: 1 in Port Blair, 1 on Havelock and 1 in Port Blair',
			'Private catamaran tickets Port Blair–Havelock–Port Blair in economy class',
			'Airport and jetty transfers by AC car',
			'Sightseeing as per the itinerary by AC car',
			'Cellular Jail entry and light and sound show tickets',
			support,
		],
		exclusions: ['Lunch and dinner', 'Boat to Elephant Beach and all water sports', ...baseExclusions],
		images: [
			{ src: '/images/radhanagar-beach.jpg', alt: 'Visitors watching the sun go down from the sand at Radhanagar Beach' },
			{ src: '/images/port-blair.jpg', alt: 'The Port Blair waterfront at dusk, with boats moored in the harbour' },
		],
		faqs: [
			{
				q: 'Is three nights too short for the Andamans?',
				a: 'It is short, but it covers the two things most first-timers want: the Cellular Jail and Radhanagar Beach. If you can add two nights, our 5-night budget trip adds Ross Island, North Bay and Elephant Beach.',
			},
			{
				q: 'Can we visit Elephant Beach on this trip?',
				a: `Only by leaving early on day 3 and catching a later ferry, which depends on that season's timetable. We can add the shared boat, ${sourcedFact('price.elephantBeachBoat')}, if the timings work.`,
			},
			{
				q: 'What are the budget hotels like?',
				a: 'Clean rooms with AC, an attached bathroom and breakfast, chosen for location and reviews rather than facilities. On Havelock they are a short drive from the beach.',
			},
		],
		seoTitle: 'Andaman Budget Package: 3 Nights with Havelock',
		seoDescription:
			'A 3-night budget Andaman trip: the Cellular Jail show, a night on Havelock with the Radhanagar sunset and Kalapathar Beach. Clean hotels, ferries and transfers.',
		prices: { standard: 1_290_000, deluxe: 1_790_000, premium: null },
	},
	{
		slug: 'andaman-budget-islands-5-nights',
		title: 'Andaman on a Budget: 5 Nights with Havelock, Ross & North Bay',
		category: 'budget',
		status: 'published',
		featured: false,
		summary:
			'Everything a first visit needs at a sensible price: Ross Island and North Bay, two nights on Havelock with Elephant Beach, and the Chidiya Tapu sunset, in clean, well-located hotels.',
		stays: [
			{ island: 'port-blair', nights: 2 },
			{ island: 'havelock', nights: 2 },
			{ island: 'port-blair', nights: 1 },
		],
		days: [
			{
				day: 1,
				island: 'port-blair',
				title: 'Arrival and the Cellular Jail',
				description:
					"Airport pick-up at Veer Savarkar International Airport. Afternoon at Corbyn's Cove, then the Cellular Jail and its evening light and sound show.",
			},
			{
				day: 2,
				island: 'port-blair',
				title: 'Ross Island and North Bay',
				description:
					'Boats from Aberdeen Jetty to Ross Island, with its British-era ruins and deer, and North Bay, where the coral starts close to shore. Sea walking and glass-bottom rides are optional extras at North Bay.',
			},
			{
				day: 3,
				island: 'havelock',
				title: 'Ferry to Havelock and Radhanagar',
				description: 'An economy-class catamaran of 1.5 to 2.5 hours to Havelock (Swaraj Dweep). Afternoon at Radhanagar Beach until sunset.',
			},
			{
				day: 4,
				island: 'havelock',
				title: 'Elephant Beach',
				description: 'A shared speedboat to Elephant Beach, included, for swimming and optional snorkelling. Late afternoon at Kalapathar Beach.',
			},
			{
				day: 5,
				island: 'port-blair',
				title: 'Back to Port Blair, Chidiya Tapu sunset',
				description: 'A morning catamaran back to Port Blair. In the late afternoon, drive to Chidiya Tapu for birdsong and the sunset.',
			},
			{
				day: 6,
				island: 'port-blair',
				title: 'Departure',
				description: 'Transfer to Veer Savarkar International Airport for your flight home.',
			},
		],
		highlights: [
			'Ross Island and North Bay',
			'Radhanagar Beach at sunset',
			'Shared speedboat to Elephant Beach',
			'Chidiya Tapu sunset',
			'Cellular Jail light and sound show',
		],
		inclusions: [
			'5 hotel nights with daily breakfast: 2 in Port Blair, 2 on Havelock and 1 in Port Blair',
			'Private catamaran tickets Port Blair–Havelock–Port Blair in economy class',
			'Airport and jetty transfers by AC car',
			'Sightseeing as per the itinerary by AC car',
			'Ross Island and North Bay boat tickets and Ross Island entry',
			'Shared speedboat to Elephant Beach',
			'Cellular Jail entry and light and sound show tickets',
			support,
		],
		exclusions: ['Lunch and dinner', 'Snorkelling, sea walking, glass-bottom boats and other water sports', ...baseExclusions],
		images: [
			{ src: '/images/north-bay.jpg', alt: 'Small boats anchored off the green, lighthouse-topped coast of North Bay Island' },
			{ src: '/images/kalapathar-beach.jpg', alt: 'Black rocks and pale sand along the shoreline of Kalapathar Beach on Havelock' },
			{ src: '/images/ferry.jpg', alt: 'Passengers boarding a private catamaran at Haddo Wharf in Port Blair' },
		],
		faqs: [
			{
				q: 'How do you keep this package affordable?',
				a: 'We use clean, well-reviewed 2 and 3 star hotels, economy catamaran seats and a shared boat to Elephant Beach, and leave the paid activities for you to choose. Travelling in February, March or November keeps the price lower still.',
			},
			{
				q: 'Can we add Neil Island?',
				a: 'Yes. Replacing a Havelock night with a night on Neil adds one ferry sector, usually about ₹1,500 to ₹2,500 per person. Ask us for the exact price.',
			},
			{
				q: 'Is the sea rough in the monsoon?',
				a: 'From about mid-May to September ferries and boats can be delayed or cancelled. This plan keeps the last night in Port Blair so that a delay does not cost you your flight.',
			},
		],
		seoTitle: 'Andaman Budget Package: 5 Nights with Havelock',
		seoDescription:
			'A 5-night budget Andaman trip: Ross Island, North Bay, two nights on Havelock with Elephant Beach and Radhanagar, and the Chidiya Tapu sunset. Ferries included.',
		prices: { standard: 2_050_000, deluxe: 2_870_000, premium: null },
	},
]
