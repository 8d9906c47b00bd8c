/** Lead sources and states (docs/product.md, Sales): each source with its label, in the order the filters list them. */
export const sourceLabels = {
	quote_form: 'Quote form',
	contact_form: 'Contact form',
	builder: 'Trip builder',
	package_page: 'Package page',
	book_now: 'Book now',
	ferry_form: 'Ferry form',
	phone: 'Phone call',
	whatsapp: 'WhatsApp',
	agent: 'Agent',
	walk_in: 'Walk-in',
}
export type LeadSource = keyof typeof sourceLabels
export const leadSources = Object.keys(sourceLabels) as readonly LeadSource[] as readonly [LeadSource, ...LeadSource[]]

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
	agentId?: string | null
	builder?: unknown
}

export const leadPriorities = ['low', 'normal', 'high', 'urgent'] as const
export type LeadPriority = (typeof leadPriorities)[number]
export const priorityLabels: Record<LeadPriority, string> = { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' }

/** Timeline entries staff write by hand; the rest (status, assignment, merge, created) the system writes. */
export const contactEventKinds = ['note', 'call', 'whatsapp', 'email'] as const
export type ContactEventKind = (typeof contactEventKinds)[number]
export const eventKindLabels: Record<string, string> = {
	note: 'Note',
	call: 'Call',
	whatsapp: 'WhatsApp',
	email: 'Email',
	status: 'Status',
	assignment: 'Assignment',
	details: 'Details',
	merge: 'Merge',
	created: 'Enquiry',
	quote: 'Quote',
	booking: 'Booking',
	payment: 'Payment',
	voucher: 'Voucher',
}

/** The one lower-cased line the list's search matches: name, phone (E.164), email and reference. */
export function leadSearchText(lead: { name: string; phone: string | null; email: string | null; reference: string }): string {
	return [lead.name, lead.phone ?? '', lead.email ?? '', lead.reference].join(' ').toLowerCase()
}
