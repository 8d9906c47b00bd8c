import type { Migration } from 'kysely'
import * as foundation from './20261122_0100_foundation.ts'
import * as identity from './20261122_0200_identity.ts'
import * as catalog from './20261122_0300_catalog.ts'
import * as rates from './20261122_0400_rates.ts'
import * as sales from './20261122_0500_sales.ts'
import * as bookings from './20261122_0600_bookings.ts'
import * as itinerariesQuotes from './20261122_0700_itineraries_quotes.ts'
import * as vouchers from './20261122_0800_vouchers.ts'
import * as ferriesAgents from './20261122_0900_ferries_agents.ts'
import * as dayTemplatePriced from './20261124_0600_day_template_priced.ts'
import * as actionCodes from './20261124_0700_action_codes.ts'
import * as secondFactor from './20261124_0800_second_factor.ts'
import * as invoices from './20261125_0200_invoices.ts'
import * as media from './20261125_0600_media.ts'
import * as payments from './20261125_0100_payments.ts'
import * as searchIndexes from './20261125_0500_search_indexes.ts'
import * as identityProviders from './20261125_0400_identity_providers.ts'
import * as reportIndexes from './20261125_0300_report_indexes.ts'
import * as paymentReminders from './20261126_01_0100_payment_reminders.ts'
import * as reportColumns from './20261126_02_0100_report_columns.ts'
import * as formSubmissions from './20261127_01_0100_form_submissions.ts'
import * as invoiceAmountsBigint from './20261127_11_0100_invoice_amounts_bigint.ts'
import * as hotelInventory from './20261127_14_0100_hotel_inventory.ts'
import * as suppliers from './20261127_16_0100_suppliers.ts'
import * as supplierPayables from './20261127_21_0100_supplier_payables.ts'
import * as supplierChasingAmendments from './20261127_22_0100_supplier_chasing_amendments.ts'
import * as ferrySeatHolds from './20261127_12_0100_ferry_seat_holds.ts'
import * as ferryLiveTickets from './20261127_25_0100_ferry_live_tickets.ts'
import * as bookingFlights from './20261127_18_0100_booking_flights.ts'
import * as quoteRoomHolds from './20261127_23_0100_quote_room_holds.ts'
import * as operationsResources from './20261127_19_0100_operations_resources.ts'
import * as verifiedReviews from './20261127_27_0100_verified_reviews.ts'
import * as jobs from './20261127_30_0100_jobs.ts'
import * as supplierQuestions from './20261127_31_0100_supplier_questions.ts'
import * as agentUsers from './20261128_01_0100_agent_users.ts'
import * as rateSuppliers from './20261127_33_0100_rate_suppliers.ts'
import * as agentCredit from './20261128_02_0100_agent_credit.ts'
import * as agentQuotes from './20261128_03_0100_agent_quotes.ts'
import * as agentBilling from './20261128_05_0100_agent_billing.ts'
import * as agentHolds from './20261128_06_0100_agent_holds.ts'
import * as agentQuoteRoomHolds from './20261128_07_0100_agent_quote_room_holds.ts'
import * as activityMinAge from './20261127_35_0100_activity_min_age.ts'
import * as messageOutbox from './20261127_28_0100_message_outbox.ts'
import * as messageConsents from './20261127_29_0100_message_consents.ts'
import * as ferryBaskets from './20261127_32_0100_ferry_baskets.ts'

/**
 * Every migration, by name. Listed explicitly (not read from disk) so that the
 * bundled server build carries them; names sort by timestamp.
 */
export const migrations: Record<string, Migration> = {
	'20261122_0100_foundation': foundation,
	'20261122_0200_identity': identity,
	'20261122_0300_catalog': catalog,
	'20261122_0400_rates': rates,
	'20261122_0500_sales': sales,
	'20261122_0600_bookings': bookings,
	'20261122_0700_itineraries_quotes': itinerariesQuotes,
	'20261122_0800_vouchers': vouchers,
	'20261122_0900_ferries_agents': ferriesAgents,
	'20261124_0600_day_template_priced': dayTemplatePriced,
	'20261124_0700_action_codes': actionCodes,
	'20261124_0800_second_factor': secondFactor,
	'20261125_0200_invoices': invoices,
	'20261125_0600_media': media,
	'20261125_0100_payments': payments,
	'20261125_0500_search_indexes': searchIndexes,
	'20261125_0400_identity_providers': identityProviders,
	'20261125_0300_report_indexes': reportIndexes,
	'20261126_01_0100_payment_reminders': paymentReminders,
	'20261126_02_0100_report_columns': reportColumns,
	'20261127_01_0100_form_submissions': formSubmissions,
	'20261127_11_0100_invoice_amounts_bigint': invoiceAmountsBigint,
	'20261127_14_0100_hotel_inventory': hotelInventory,
	'20261127_16_0100_suppliers': suppliers,
	'20261127_12_0100_ferry_seat_holds': ferrySeatHolds,
	'20261127_18_0100_booking_flights': bookingFlights,
	'20261127_19_0100_operations_resources': operationsResources,
	'20261127_27_0100_verified_reviews': verifiedReviews,
	'20261127_30_0100_jobs': jobs,
	'20261127_31_0100_supplier_questions': supplierQuestions,
	'20261127_33_0100_rate_suppliers': rateSuppliers,
	'20261127_35_0100_activity_min_age': activityMinAge,
	'20261127_21_0100_supplier_payables': supplierPayables,
	'20261127_22_0100_supplier_chasing_amendments': supplierChasingAmendments,
	'20261127_23_0100_quote_room_holds': quoteRoomHolds,
	'20261127_25_0100_ferry_live_tickets': ferryLiveTickets,
	'20261127_28_0100_message_outbox': messageOutbox,
	'20261127_29_0100_message_consents': messageConsents,
	'20261127_32_0100_ferry_baskets': ferryBaskets,
	'20261128_01_0100_agent_users': agentUsers,
	'20261128_02_0100_agent_credit': agentCredit,
	'20261128_03_0100_agent_quotes': agentQuotes,
	'20261128_05_0100_agent_billing': agentBilling,
	'20261128_06_0100_agent_holds': agentHolds,
	'20261128_07_0100_agent_quote_room_holds': agentQuoteRoomHolds,
}
