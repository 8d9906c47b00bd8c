import type { Insertable, Selectable, Updateable } from 'kysely'
import type { ActionCodesTable } from './schema/action-codes.ts'
import type { ActivityPricesTable } from './schema/activity-prices.ts'
import type { AgentsTable } from './schema/agents.ts'
import type { AgentLedgerTable } from './schema/agent-ledger.ts'
import type { AgentQuotesTable } from './schema/agent-quotes.ts'
import type { AgentTopUpsTable } from './schema/agent-top-ups.ts'
import type { AuditLogTable } from './schema/audit-log.ts'
import type { BookingComponentsTable } from './schema/booking-components.ts'
import type { BookingFlightsTable } from './schema/booking-flights.ts'
import type { OpsAssignmentsTable, OpsResourcesTable, OpsRunSheetsTable } from './schema/operations.ts'
import type { BookingTravellersTable } from './schema/booking-travellers.ts'
import type { BookingsTable } from './schema/bookings.ts'
import type { CancellationRequestsTable } from './schema/cancellation-requests.ts'
import type { CountersTable } from './schema/counters.ts'
import type { DayTemplatesTable } from './schema/day-templates.ts'
import type { EmailOutboxTable } from './schema/email-outbox.ts'
import type { MessageConsentsTable, MessageOutboxTable, MessageWebhookEventsTable } from './schema/messages.ts'
import type { FederatedIdentitiesTable } from './schema/federated-identities.ts'
import type { FormSubmissionsTable } from './schema/form-submissions.ts'
import type { HotelSaleTermsTable, RoomNightHoldsTable, RoomNightSalesTable, RoomNightsTable, StopSalesTable } from './schema/inventory.ts'
import type { FerrySeatClaimsTable, FerrySeatHoldsTable } from './schema/ferry-seat-holds.ts'
import type { FerryBookingsTable } from './schema/ferry-bookings.ts'
import type { FerryFaresTable } from './schema/ferry-fares.ts'
import type { FerryLeadsTable } from './schema/ferry-leads.ts'
import type { FerryPassengersTable } from './schema/ferry-passengers.ts'
import type { GatewayEventsTable } from './schema/gateway-events.ts'
import type { GatewayOrdersTable } from './schema/gateway-orders.ts'
import type { HotelRatesTable } from './schema/hotel-rates.ts'
import type { HotelsTable } from './schema/hotels.ts'
import type { ItinerariesTable } from './schema/itineraries.ts'
import type { LeadEventsTable } from './schema/lead-events.ts'
import type { LeadsTable } from './schema/leads.ts'
import type { MediaTable } from './schema/media.ts'
import type { MediaAttachmentsTable } from './schema/media-attachments.ts'
import type { MfaFactorsTable } from './schema/mfa-factors.ts'
import type { MfaRecoveryCodesTable } from './schema/mfa-recovery-codes.ts'
import type { OfflineTicketsTable } from './schema/offline-tickets.ts'
import type { PackagesTable } from './schema/packages.ts'
import type { PaymentRemindersTable } from './schema/payment-reminders.ts'
import type { PaymentRequestsTable } from './schema/payment-requests.ts'
import type { PaymentsTable } from './schema/payments.ts'
import type { QuotesTable } from './schema/quotes.ts'
import type { RateLimitsTable } from './schema/rate-limits.ts'
import type { RefreshTokensTable } from './schema/refresh-tokens.ts'
import type { RefundsTable } from './schema/refunds.ts'
import type { JobsTable } from './schema/jobs.ts'
import type { ReviewInvitationsTable, ReviewsTable } from './schema/reviews.ts'
import type { RoomTypesTable } from './schema/room-types.ts'
import type { SavedPackagesTable } from './schema/saved-packages.ts'
import type { SessionsTable } from './schema/sessions.ts'
import type { SettingsTable } from './schema/settings.ts'
import type { SupplierPaymentsTable } from './schema/supplier-payments.ts'
import type { SupplierRequestsTable } from './schema/supplier-requests.ts'
import type { SuppliersTable } from './schema/suppliers.ts'
import type { TaxDocumentsTable } from './schema/tax-documents.ts'
import type { TransferRatesTable } from './schema/transfer-rates.ts'
import type { UsersTable } from './schema/users.ts'
import type { VouchersTable } from './schema/vouchers.ts'

/**
 * The one Database interface: one file per table in ./schema/, checked against the migrated
 * database on SQLite and PostgreSQL by schema.test.ts (docs/decisions/149-hand-kept-schema-checked-against-the-database.md).
 * Columns are portable: text, integer/bigint, real. Booleans are 0/1 and JSON is text, both
 * converted at the data boundary; money is integer paise; dates are ISO text (docs/conventions.md).
 */
export interface Database {
	audit_log: AuditLogTable
	settings: SettingsTable
	counters: CountersTable
	packages: PackagesTable
	reviews: ReviewsTable
	review_invitations: ReviewInvitationsTable
	jobs: JobsTable
	leads: LeadsTable
	lead_events: LeadEventsTable
	day_templates: DayTemplatesTable
	itineraries: ItinerariesTable
	saved_packages: SavedPackagesTable
	quotes: QuotesTable
	activity_prices: ActivityPricesTable
	bookings: BookingsTable
	booking_travellers: BookingTravellersTable
	payments: PaymentsTable
	gateway_orders: GatewayOrdersTable
	gateway_events: GatewayEventsTable
	refunds: RefundsTable
	payment_requests: PaymentRequestsTable
	payment_reminders: PaymentRemindersTable
	cancellation_requests: CancellationRequestsTable
	booking_components: BookingComponentsTable
	vouchers: VouchersTable
	email_outbox: EmailOutboxTable
	message_outbox: MessageOutboxTable
	message_webhook_events: MessageWebhookEventsTable
	message_consents: MessageConsentsTable
	hotels: HotelsTable
	room_types: RoomTypesTable
	hotel_rates: HotelRatesTable
	ferry_fares: FerryFaresTable
	transfer_rates: TransferRatesTable
	users: UsersTable
	sessions: SessionsTable
	refresh_tokens: RefreshTokensTable
	rate_limits: RateLimitsTable
	action_codes: ActionCodesTable
	mfa_factors: MfaFactorsTable
	mfa_recovery_codes: MfaRecoveryCodesTable
	federated_identities: FederatedIdentitiesTable
	agents: AgentsTable
	agent_ledger: AgentLedgerTable
	agent_quotes: AgentQuotesTable
	agent_top_ups: AgentTopUpsTable
	ferry_leads: FerryLeadsTable
	ferry_bookings: FerryBookingsTable
	ferry_passengers: FerryPassengersTable
	offline_tickets: OfflineTicketsTable
	tax_documents: TaxDocumentsTable
	media: MediaTable
	media_attachments: MediaAttachmentsTable
	form_submissions: FormSubmissionsTable
	hotel_sale_terms: HotelSaleTermsTable
	room_nights: RoomNightsTable
	stop_sales: StopSalesTable
	room_night_sales: RoomNightSalesTable
	room_night_holds: RoomNightHoldsTable
	suppliers: SuppliersTable
	supplier_requests: SupplierRequestsTable
	supplier_payments: SupplierPaymentsTable
	ferry_seat_holds: FerrySeatHoldsTable
	ferry_seat_claims: FerrySeatClaimsTable
	booking_flights: BookingFlightsTable
	ops_resources: OpsResourcesTable
	ops_assignments: OpsAssignmentsTable
	ops_run_sheets: OpsRunSheetsTable
}

/** A row as a query returns it. */
export type Row<T extends keyof Database> = Selectable<Database[T]>
/** A row to insert: Generated columns and nullable ones may be left out. */
export type NewRow<T extends keyof Database> = Insertable<Database[T]>
/** The columns an update may set. */
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>

export type ActionCodeRow = Row<'action_codes'>
export type ActivityPriceRow = Row<'activity_prices'>
export type AgentRow = Row<'agents'>
export type BookingComponentRow = Row<'booking_components'>
export type BookingRow = Row<'bookings'>
export type NewBookingRow = NewRow<'bookings'>
export type DayTemplateRow = Row<'day_templates'>
export type EmailOutboxRow = Row<'email_outbox'>
export type MessageOutboxRow = Row<'message_outbox'>
export type FerryBookingRow = Row<'ferry_bookings'>
export type FerryFareRow = Row<'ferry_fares'>
export type TransferRateRow = Row<'transfer_rates'>
export type FerryLeadRow = Row<'ferry_leads'>
export type FerryPassengerRow = Row<'ferry_passengers'>
export type ItineraryRow = Row<'itineraries'>
export type LeadRow = Row<'leads'>
export type LeadUpdate = RowUpdate<'leads'>
export type NewLeadRow = NewRow<'leads'>
export type MediaRow = Row<'media'>
export type OfflineTicketRow = Row<'offline_tickets'>
export type NewPackageRow = NewRow<'packages'>
export type PackageRow = Row<'packages'>
export type QuoteRow = Row<'quotes'>
export type JobRow = Row<'jobs'>
export type ReviewRow = Row<'reviews'>
export type SavedPackageRow = Row<'saved_packages'>
export type SessionRow = Row<'sessions'>
export type SupplierRow = Row<'suppliers'>
export type SupplierRequestRow = Row<'supplier_requests'>
export type SupplierPaymentRow = Row<'supplier_payments'>
export type TaxDocumentRow = Row<'tax_documents'>
export type NewUserRow = NewRow<'users'>
export type UserRow = Row<'users'>
export type UserUpdate = RowUpdate<'users'>
export type VoucherRow = Row<'vouchers'>
