import { site } from '~/lib/site.ts'

/**
 * Business settings with their defaults (DESIGN.md §5). The rates issue adds
 * the owner's settings screen; until then these defaults apply.
 */
export const defaultSettings = {
	company: {
		name: site.name,
		phone: site.phone,
		whatsapp: site.whatsapp,
		email: site.email,
		address: site.address,
	},
	gstPercent: 5,
	markupPercent: 0,
	advancePercent: 30,
	quoteValidityDays: 7,
	/** Fee as a share of the package price by how many days before the start the traveller cancels. */
	cancellationTiers: [
		{ minDaysBefore: 30, feePercent: 10 },
		{ minDaysBefore: 15, feePercent: 50 },
		{ minDaysBefore: 0, feePercent: 100 },
	],
	childAgeBands: { infantMaxAge: 1, childMaxAge: 11 },
} as const
