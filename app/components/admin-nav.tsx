import {
	BedDouble,
	BookmarkCheck,
	Car,
	CalendarClock,
	CalendarPlus,
	CalendarRange,
	ChartColumn,
	ClipboardList,
	FileCheck2,
	Handshake,
	Images,
	LayoutDashboard,
	Mail,
	ReceiptIndianRupee,
	type LucideIcon,
	Map,
	MessageSquareQuote,
	Settings,
	Ship,
	Tags,
	Truck,
	Ticket,
	TicketCheck,
	Timer,
	UserRound,
	UsersRound,
} from 'lucide-react'
import { isCurrentPath } from './client-links.ts'

export type AdminSection = {
	to: string
	label: string
	description: string
	Icon: LucideIcon
	/** Shown to owners only (docs/product.md#roles: team and settings). */
	ownerOnly?: boolean
}

/** Every section of the admin area (docs/product.md#screens), in the order the sidebar shows them. */
export const adminSections: readonly AdminSection[] = [
	{ to: '/admin', label: 'Dashboard', description: 'Today at a glance', Icon: LayoutDashboard },
	{ to: '/admin/leads', label: 'Leads', description: 'Enquiries to answer and follow up', Icon: ClipboardList },
	{ to: '/admin/create-itinerary', label: 'Itineraries', description: 'Build a day-by-day plan and price it', Icon: Map },
	{ to: '/admin/saved-packages', label: 'Saved packages', description: 'Itineraries saved for reuse', Icon: BookmarkCheck },
	{ to: '/admin/add-days', label: 'Day templates', description: 'Reusable days for each island', Icon: CalendarPlus },
	{ to: '/admin/pending', label: 'Quotes and bookings', description: 'Bookings waiting for review', Icon: FileCheck2 },
	{ to: '/admin/operations', label: 'Operations', description: 'Tomorrow’s pickups, ferries and activities, drivers and guides', Icon: CalendarClock },
	{ to: '/admin/vouchers', label: 'Vouchers', description: 'Issued, reissued and revoked vouchers', Icon: TicketCheck },
	{ to: '/admin/invoices', label: 'Invoices', description: 'GST invoices, credit notes and GSTR-1 exports', Icon: ReceiptIndianRupee, ownerOnly: true },
	{ to: '/admin/outbox', label: 'Outbox', description: 'Emails to travellers and whether they were sent', Icon: Mail },
	{ to: '/admin/hotels', label: 'Hotels', description: 'Hotels, rooms and rates', Icon: BedDouble },
	{
		to: '/admin/inventory',
		label: 'Room inventory',
		description: 'Overbooked nights and stays to confirm before the hotels release them',
		Icon: CalendarRange,
	},
	{ to: '/admin/activity-prices', label: 'Activity prices', description: 'Scuba, snorkelling, sea walks and more', Icon: Tags },
	{ to: '/admin/ferry-fares', label: 'Ferry fares', description: 'Operators, routes, classes and departures', Icon: Ship },
	{ to: '/admin/transfers', label: 'Transfers', description: 'Car rates per island', Icon: Car },
	{ to: '/admin/reviews', label: 'Reviews', description: 'Travellers’ reviews to publish or hide', Icon: MessageSquareQuote },
	{ to: '/admin/media', label: 'Photos', description: 'Your own photos for packages, hotels, activities and islands', Icon: Images },
	{ to: '/admin/reports', label: 'Reports', description: 'Bookings, revenue, leads and arrivals over time', Icon: ChartColumn },
	{ to: '/admin/agents', label: 'Agents', description: 'Partner agencies and commission', Icon: Handshake },
	{ to: '/admin/agent-credit', label: 'Agent credit', description: 'Agency bookings waiting for credit approval', Icon: Handshake },
	{ to: '/admin/suppliers', label: 'Suppliers', description: 'Hotels, operators, cabs and guides we book: contacts, bank details, terms', Icon: Truck },
	{ to: '/admin/payables', label: 'Supplier payments', description: 'What we owe suppliers and when, soonest first', Icon: ReceiptIndianRupee },
	{ to: '/admin/ferry-leads', label: 'Ferry leads', description: 'Ferry-only enquiries', Icon: Ship },
	{ to: '/admin/ferry-bookings', label: 'Ferry bookings', description: 'Tickets booked with operators', Icon: Ship },
	{ to: '/admin/offline-tickets', label: 'Offline tickets', description: 'Tickets bought at counters and portals', Icon: Ticket },
	{ to: '/admin/profile', label: 'Your account', description: 'Password and where you are signed in', Icon: UserRound },
	{ to: '/admin/team', label: 'Team', description: 'Approve accounts, roles and access', Icon: UsersRound, ownerOnly: true },
	{
		to: '/admin/jobs',
		label: 'Background jobs',
		description: 'Email delivery, reminders and backups the server runs; failed ones to run again',
		Icon: Timer,
		ownerOnly: true,
	},
	{ to: '/admin/settings', label: 'Settings', description: 'Seasons, taxes, policies and company details', Icon: Settings, ownerOnly: true },
]

export function sectionsFor(role: string): readonly AdminSection[] {
	return adminSections.filter((section) => !section.ownerOnly || role === 'owner')
}

/**
 * Whether a section's link is the current page: on its own page and the pages under it, the
 * dashboard on itself only (what `<NavLink end>` decided, without resolving a path per link).
 */
export function isCurrentSection(to: string, pathname: string): boolean {
	return isCurrentPath(to, pathname, { end: to === '/admin' })
}

export const roleLabels: Record<string, string> = { pending: 'Waiting for approval', staff: 'Staff', owner: 'Owner' }
