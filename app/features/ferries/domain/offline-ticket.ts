import { FERRY_OPERATOR_NAMES } from '~/features/rates/domain/pricing/constants.ts'
import { isIsoDate } from '~/lib/dates.ts'
import { rupeesField } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'

/** Tickets bought outside the system (docs/product.md): what, where from, and how it was paid. */
export const ticketKinds = ['ferry', 'activity', 'entry'] as const
export const ticketKindLabels: Record<(typeof ticketKinds)[number], string> = { ferry: 'Ferry', activity: 'Activity', entry: 'Entry ticket' }
export const ticketSources = ['government_counter', 'government_portal', 'operator_counter', 'partner'] as const
export const ticketSourceLabels: Record<(typeof ticketSources)[number], string> = {
	government_counter: 'Government counter (DSS, Phoenix Bay)',
	government_portal: 'Government portal (online)',
	operator_counter: 'Operator counter',
	partner: 'Partner agency',
}
export const paymentModes = ['cash', 'upi', 'card', 'bank_transfer', 'partner_credit'] as const
export const paymentModeLabels: Record<(typeof paymentModes)[number], string> = {
	cash: 'Cash',
	upi: 'UPI',
	card: 'Card',
	bank_transfer: 'Bank transfer',
	partner_credit: 'Partner credit',
}
/** Common things bought at counters, offered as suggestions on the form. */
export const ticketSuggestions = [
	'Cellular Jail light and sound show',
	'Ross Island entry and boat',
	'North Bay boat and entry',
	'Government ferry Port Blair – Havelock',
	'Baratang permit and boat',
	...Object.values(FERRY_OPERATOR_NAMES),
]

const text = (max: number, label: string) =>
	z
		.string()
		.trim()
		.max(max, `Keep the ${label} under ${max} characters.`)
		.optional()
		.transform((value) => value || null)

const rupees = (label: string) => rupeesField(`Enter the ${label} in rupees, like 1200 or 1,200.50.`, { zero: true })

export const offlineTicketSchema = z.object({
	kind: z.enum(ticketKinds, { message: 'Choose ferry, activity or entry.' }),
	source: z.enum(ticketSources, { message: 'Choose where the ticket was bought.' }),
	operator: text(80, 'operator or venue'),
	vessel: text(80, 'vessel'),
	voyage: text(40, 'voyage number'),
	route: text(120, 'route or place'),
	travelDate: z.string().trim().refine(isIsoDate, { message: 'Enter the date of travel or the show.' }),
	travelTime: z
		.string()
		.trim()
		.optional()
		.transform((value) => value || null)
		.refine((value) => value === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), { message: 'Enter the time as HH:MM, like 17:30, or leave it empty.' }),
	class: text(40, 'class'),
	quota: text(40, 'quota'),
	pnr: text(40, 'PNR'),
	transactionNumber: text(60, 'transaction number'),
	cost: rupees('cost paid'),
	sell: rupees('sell price'),
	paymentMode: z.enum(paymentModes, { message: 'Choose how the ticket was paid for.' }),
	bookingReference: text(30, 'booking reference'),
	ferryLeadReference: text(30, 'ferry lead reference'),
})
export type OfflineTicketForm = z.infer<typeof offlineTicketSchema>
