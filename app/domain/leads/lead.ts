/** Lead sources and states (DESIGN.md §5, Sales). */
export const leadSources = [
	'quote_form',
	'contact_form',
	'builder',
	'package_page',
	'book_now',
	'ferry_form',
	'phone',
	'whatsapp',
	'agent',
	'walk_in',
] as const
export type LeadSource = (typeof leadSources)[number]

export const leadStatuses = ['new', 'contacted', 'quoted', 'on_hold', 'won', 'lost'] as const
export type LeadStatus = (typeof leadStatuses)[number]

export type NewLead = {
	source: LeadSource
	name: string
	phone: string | null
	email: string | null
	travelStart?: string | null
	travelEnd?: string | null
	travelMonth?: string | null
	nights?: number | null
	adults?: number | null
	childAges?: number[]
	infants?: number | null
	budget?: string | null
	tier?: string | null
	islands?: string[]
	interests?: string[]
	message?: string | null
	packageId?: string | null
	builder?: unknown
}
