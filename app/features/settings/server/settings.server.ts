import type { Kysely } from 'kysely'
import { type BookingRules, defaultBookingRules } from '~/features/bookings/domain/rules.ts'
import { defaultSeasonRanges, type SeasonRange } from '~/features/rates/domain/seasons.ts'
import { defaultReportingMinutes } from '~/features/travel-facts/domain/facts.ts'
import { defaultInvoicingSettings, type InvoicingSettings } from '~/features/invoices/domain/invoice.ts'
import { defaultReminderSchedule, type ReminderSchedule } from '~/features/payments/domain/reminders.ts'
import { site } from '~/lib/site.ts'
import type { Database } from '~/server/db/schema.ts'

/**
 * Business settings with their defaults (docs/product.md). Stored one JSON value
 * per key; a key missing from the database falls back to its default. The
 * owner's settings screen (rates issue) edits them.
 */
export const defaultSettings = {
	company: {
		name: site.name,
		phone: site.phone,
		whatsapp: site.whatsapp,
		email: site.email,
		address: site.address,
	} as { name: string; phone: string; whatsapp: string; email: string; address: string },
	/** GST on tour packages: 5 % (no input tax credit, the default) or 18 % (docs/decisions/115-gst-tax-invoices.md). */
	gstPercent: 5,
	/** Supplier details, number prefixes and when bookings are invoiced (docs/decisions/115-gst-tax-invoices.md). */
	invoicing: defaultInvoicingSettings as InvoicingSettings,
	markupPercent: 0,
	advancePercent: 30,
	quoteValidityDays: 7,
	/** A sent quote holds its allotment rooms until it expires (docs/decisions/200-quotes-hold-and-take-rooms.md); off: rooms are taken only by bookings. */
	quoteHoldsRooms: false as boolean,
	/** Earliest online arrival and when the balance is due (docs/decisions/080-booking-dates-and-money-rules.md). */
	bookingRules: defaultBookingRules as BookingRules,
	/** Fee as a share of the package price by how many days before the start the traveller cancels. */
	cancellationTiers: [
		{ minDaysBefore: 30, feePercent: 10 },
		{ minDaysBefore: 15, feePercent: 50 },
		{ minDaysBefore: 0, feePercent: 100 },
	],
	childAgeBands: { infantMaxAge: 1, childMaxAge: 11 },
	/** Minutes before a sailing travellers should be at the jetty: guides, /ferries, vouchers and emails show it (app/features/travel-facts/domain). */
	ferryReportingMinutes: defaultReportingMinutes,
	/** Named date ranges, no overlaps, no gaps (docs/decisions/021-seasons-in-settings.md). */
	seasons: defaultSeasonRanges as SeasonRange[],
	/**
	 * How travellers pay; shown after booking. A method shows only when all its fields are
	 * filled in (`configuredPaymentMethods`): bank transfer stays hidden until the owner sets it.
	 */
	/** Online payments (docs/payments.md): a verified advance paid online confirms the booking by itself. */
	onlinePayments: { autoConfirm: true } as { autoConfirm: boolean },
	/** Payment reminders before the balance due date and the day after it (docs/payments.md). */
	paymentReminders: defaultReminderSchedule as ReminderSchedule,
	/** Hours a supplier has to answer a confirmation request before it is chased once, then flagged (docs/decisions/198-chasing-and-amending-supplier-requests.md). */
	supplierChaseHours: 24,
	payment: {
		upiId: 'andamanisles@upi',
		bankName: '',
		accountName: '',
		accountNumber: '',
		ifsc: '',
	},
}

export type Settings = typeof defaultSettings

export async function getSettings(db: Kysely<Database>): Promise<Settings> {
	const rows = await db.selectFrom('settings').select(['key', 'value_json']).execute()
	const stored = Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value_json)]))
	const settings = { ...defaultSettings }
	for (const key of Object.keys(defaultSettings) as Array<keyof Settings>) {
		if (key in stored) (settings as Record<string, unknown>)[key] = stored[key]
	}
	return settings
}
