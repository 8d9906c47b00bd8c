// The benchmark sections, in order. Each issue adds its own.
import { leadsList } from './leads.mjs'
import { lighthouseScores } from './lighthouse.mjs'
import { pageThroughput, renderCost } from './pages.mjs'
import { inventoryAvailability } from './inventory.mjs'
import { pricingEngine } from './pricing.mjs'
import { operationsDay } from './operations.mjs'
import { ferrySearch } from './ferries.mjs'
import { reports } from './reports.mjs'
import { quickSearchTimes } from './search.mjs'

export const sections = [
	{
		name: 'http',
		title:
			'HTTP throughput: our server, alone and as deployed behind nginx, against nginx serving the same bytes, with and without brotli (cached pages as deployed: goal ≥ 0.90)',
		run: pageThroughput,
	},
	{ name: 'pricing', title: 'Pricing engine: a 10-night, 3-island trip for 2 adults and 2 children', run: pricingEngine },
	{ name: 'leads', title: 'Leads list: 100,000 leads, search and filters, SQLite and PostgreSQL (goal p95 ≤ 50 ms)', run: leadsList },
	{
		name: 'search',
		title: 'Quick search: every kind at once over 100,000 leads and their bookings, quotes and tickets, SQLite and PostgreSQL (goal p95 ≤ 50 ms)',
		run: quickSearchTimes,
	},
	{
		name: 'reports',
		title: 'Reports: 100,000 bookings and leads, each query and the whole page per filter set, SQLite and PostgreSQL (goal: the whole page p95 ≤ 200 ms)',
		run: reports,
	},
	{
		name: 'operations',
		title: 'Operations day sheet: a peak day of 300 bookings in progress and about 1,000 lines, SQLite and PostgreSQL (goal: the whole page p95 ≤ 100 ms)',
		run: operationsDay,
	},
	{
		name: 'inventory',
		title: 'Hotel availability: a 10-night, 4-stay trip over 200 hotels × 365 nights, SQLite and PostgreSQL (goal p95 ≤ 5 ms)',
		run: inventoryAvailability,
	},
	{
		name: 'ferries',
		title: 'Live ferry search across the three operators’ stand-ins in parallel (goals: p95 ≤ 400 ms when all answer, ≤ 1.5 s while one never answers)',
		run: ferrySearch,
	},
	{ name: 'render', title: 'In-process render cost against a hello-world page of the same build (dynamic renders: goal ≤ 2×)', run: renderCost },
	{
		name: 'lighthouse',
		title: 'Lighthouse (mobile) on Debian Chromium: goal 100 in every category, TBT ≤ 50 ms, LCP ≤ 1.5 s, CLS 0, and JavaScript within each page’s budget',
		run: lighthouseScores,
	},
]
