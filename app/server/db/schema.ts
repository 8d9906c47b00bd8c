import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/**
 * The one Database interface. Columns are portable across SQLite and
 * PostgreSQL: text, integer/bigint, real. Booleans are 0/1 and JSON is text,
 * both converted at the data boundary (docs/conventions.md).
 */
export interface Database {
	audit_log: AuditLogTable
	settings: SettingsTable
	counters: CountersTable
	packages: PackagesTable
	reviews: ReviewsTable
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
	cancellation_requests: CancellationRequestsTable
	booking_components: BookingComponentsTable
	vouchers: VouchersTable
	email_outbox: EmailOutboxTable
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
	ferry_leads: FerryLeadsTable
	ferry_bookings: FerryBookingsTable
	ferry_passengers: FerryPassengersTable
	offline_tickets: OfflineTicketsTable
	tax_documents: TaxDocumentsTable
	media: MediaTable
	media_attachments: MediaAttachmentsTable
}

export interface AuditLogTable {
	id: Generated<number>
	at: string
	actor_id: string | null
	actor_label: string
	action: string
	entity: string
	entity_id: string
	before_json: string | null
	after_json: string | null
}
export type AuditRow = Selectable<AuditLogTable>
export type NewAuditRow = Insertable<AuditLogTable>

export interface SettingsTable {
	key: string
	value_json: string
	updated_at: string
}
export type SettingRow = Selectable<SettingsTable>
export type SettingUpdate = Updateable<SettingsTable>

/** Sequences for human references (LD-2026-00042), one row per name and year. */
export interface CountersTable {
	name: string
	year: number
	value: number
}

export interface PackagesTable {
	id: string
	slug: string
	title: string
	category: string
	status: string
	featured: number
	summary: string
	total_nights: number
	/** Delimited ",havelock,neil," so an island filter is one portable LIKE. */
	islands: string
	stays_json: string
	days_json: string
	highlights_json: string
	inclusions_json: string
	exclusions_json: string
	images_json: string
	faqs_json: string
	seo_title: string | null
	seo_description: string | null
	price_standard: number | null
	price_deluxe: number | null
	price_premium: number | null
	/** Not shown as a package tier yet; computed with the others. */
	price_luxury: number | null
	/** The travel date the tier prices were computed for (docs/decisions/022-package-prices-from-rates.md). */
	prices_as_of: string | null
	created_by: string | null
	created_at: string
	updated_at: string
}
export type PackageRow = Selectable<PackagesTable>
export type NewPackageRow = Insertable<PackagesTable>
export type PackageUpdate = Updateable<PackagesTable>

export interface ReviewsTable {
	id: string
	name: string
	city: string | null
	trip: string
	package_id: string | null
	rating: number
	title: string
	body: string
	travelled_on: string
	published: number
	created_at: string
}
export type ReviewRow = Selectable<ReviewsTable>
export type NewReviewRow = Insertable<ReviewsTable>

export interface LeadsTable {
	id: string
	reference: string
	submission_key: string | null
	source: string
	status: Generated<string>
	name: string
	phone: string | null
	email: string | null
	travel_start: string | null
	travel_end: string | null
	travel_month: string | null
	nights: number | null
	adults: number | null
	child_ages_json: Generated<string>
	infants: number | null
	budget: string | null
	tier: string | null
	islands_json: Generated<string>
	interests_json: Generated<string>
	message: string | null
	package_id: string | null
	builder_json: string | null
	agent_id: string | null
	assignee_id: string | null
	priority: Generated<string>
	next_follow_up: string | null
	lost_reason: string | null
	/** Lower-cased name, phone, email and reference: what the list's search matches. */
	search_text: Generated<string>
	/** Set when this lead was merged into another (a duplicate). */
	merged_into_id: string | null
	/** When the lead's first quote was sent (kept for the reports; app/features/reports/server/lead-progress.server.ts). */
	first_quote_sent_at: Generated<string | null>
	/** The lead's furthest booking: 0 none or cancelled, 1 booked, 2 confirmed or completed (kept for the reports). */
	booking_stage: Generated<number>
	created_at: string
	updated_at: string
}
export type LeadRow = Selectable<LeadsTable>
export type NewLeadRow = Insertable<LeadsTable>
export type LeadUpdate = Updateable<LeadsTable>

/** A lead's timeline: notes, calls, WhatsApp messages, emails and the changes staff made. */
export interface LeadEventsTable {
	id: string
	lead_id: string
	kind: string
	body: string
	meta_json: string | null
	actor_id: string | null
	actor_label: string
	at: string
}
export type LeadEventRow = Selectable<LeadEventsTable>
export type NewLeadEventRow = Insertable<LeadEventsTable>

/** Reusable days for itineraries (/admin/add-days). */
export interface DayTemplatesTable {
	id: string
	island: string
	title: string
	description: string
	activities_json: string
	/** Engine activity ids the day includes and a quote prices, JSON array. */
	priced_json: Generated<string>
	transfers_json: string
	ferry_json: string | null
	meals_json: string
	/** Delimited ",beach,snorkelling," so a tag filter is one portable LIKE. */
	tags: string
	position: number
	active: number
	archived_at: string | null
	created_at: string
	updated_at: string
}
export type DayTemplateRow = Selectable<DayTemplatesTable>
export type NewDayTemplateRow = Insertable<DayTemplatesTable>
export type DayTemplateUpdate = Updateable<DayTemplatesTable>

/** A working day-by-day plan priced by the engine (/admin/create-itinerary). */
export interface ItinerariesTable {
	id: string
	reference: string
	lead_id: string | null
	title: string
	origin: string
	origin_id: string | null
	start_date: string
	nights: number
	plan_json: string
	price_json: string | null
	total: number | null
	revision: Generated<number>
	archived_at: string | null
	created_by: string | null
	created_at: string
	updated_at: string
}
export type ItineraryRow = Selectable<ItinerariesTable>
export type NewItineraryRow = Insertable<ItinerariesTable>
export type ItineraryUpdate = Updateable<ItinerariesTable>

/** A plan saved for reuse (/admin/saved-packages). */
export interface SavedPackagesTable {
	id: string
	title: string
	summary: string
	nights: number
	islands: string
	search_text: string
	plan_json: string
	source_itinerary_id: string | null
	catalog_package_id: string | null
	archived_at: string | null
	created_by: string | null
	created_at: string
	updated_at: string
}
export type SavedPackageRow = Selectable<SavedPackagesTable>
export type NewSavedPackageRow = Insertable<SavedPackagesTable>

/** A frozen, versioned quote sent to a lead (/quote/{id}). */
export interface QuotesTable {
	id: string
	itinerary_id: string
	lead_id: string
	version: number
	status: string
	snapshot_json: string
	total: number
	per_person: number
	valid_until: string
	sent_at: string | null
	viewed_at: string | null
	accepted_at: string | null
	declined_at: string | null
	superseded_by_id: string | null
	created_by: string | null
	created_at: string
	updated_at: string
}
export type QuoteRow = Selectable<QuotesTable>
export type NewQuoteRow = Insertable<QuotesTable>

export interface ActivityPricesTable {
	id: Generated<number>
	activity: string
	location: string
	provider: string | null
	season: string
	unit: string
	group_size: number | null
	adult_sell: number
	adult_cost: number
	child_sell: number
	child_cost: number
	duration: string | null
	notes: string | null
	active: Generated<number>
	updated_at: string
}
export type ActivityPriceRow = Selectable<ActivityPricesTable>
export type NewActivityPriceRow = Insertable<ActivityPricesTable>
/** Staff accounts (docs/identity-api.md user record plus role). Booleans are 0/1; see app/features/identity/server/users.server.ts for the domain shape. */
export interface UsersTable {
	id: string
	email: string
	email_lower: string
	email_verified: number
	display_name: string | null
	photo_url: string | null
	phone_number: string | null
	role: string
	disabled: number
	password_hash: string | null
	password_updated_at: string | null
	token_version: number
	created_at: string
	updated_at: string
	last_sign_in_at: string | null
	approved_at: string | null
	approved_by: string | null
}
export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>

/** Web sessions: the id is the SHA-256 of the cookie token. */
export interface SessionsTable {
	id: string
	user_id: string
	created_at: string
	last_seen_at: string
	idle_expires_at: string
	absolute_expires_at: string
	user_agent: string | null
	ip: string | null
	ended_reason: string | null
}
export type SessionRow = Selectable<SessionsTable>
export type NewSessionRow = Insertable<SessionsTable>
export type SessionUpdate = Updateable<SessionsTable>

/** Refresh tokens of the identity REST API, stored hashed and rotated on use. */
export interface RefreshTokensTable {
	id: string
	family_id: string
	user_id: string
	created_at: string
	signed_in_at: string
	expires_at: string
	used_at: string | null
}
export type RefreshTokenRow = Selectable<RefreshTokensTable>
export type NewRefreshTokenRow = Insertable<RefreshTokensTable>
export type RefreshTokenUpdate = Updateable<RefreshTokensTable>

/** Email action codes, stored as the SHA-256 of the emailed code (app/features/identity/server/action-codes.server.ts). */
export interface ActionCodesTable {
	id: string
	user_id: string
	purpose: string
	email_lower: string
	continue_url: string | null
	created_at: string
	expires_at: string
	used_at: string | null
}
export type ActionCodeRow = Selectable<ActionCodesTable>

/** TOTP second factors (app/features/identity/server/second-factor.server.ts). */
export interface MfaFactorsTable {
	id: string
	user_id: string
	display_name: string | null
	secret_sealed: string
	last_used_step: number | null
	created_at: string
}
export type MfaFactorRow = Selectable<MfaFactorsTable>

/** One-time recovery codes for the second factor, stored as SHA-256. */
export interface MfaRecoveryCodesTable {
	id: string
	user_id: string
	created_at: string
	used_at: string | null
}

/** Accounts linked to a company OpenID Connect provider (app/features/identity/server/federated.server.ts). */
export interface FederatedIdentitiesTable {
	id: string
	provider_id: string
	subject: string
	user_id: string
	email: string
	display_name: string | null
	created_at: string
	last_sign_in_at: string
}
export type FederatedIdentityRow = Selectable<FederatedIdentitiesTable>

/** Fixed-window counters shared by every server instance (app/server/rate-limit.server.ts). */
export interface RateLimitsTable {
	key: string
	window_start: string
	window_end: string
	count: number
}
export type RateLimitRow = Selectable<RateLimitsTable>
export type NewRateLimitRow = Insertable<RateLimitsTable>
export type RateLimitUpdate = Updateable<RateLimitsTable>

export interface BookingsTable {
	id: string
	reference: string
	submission_key: string | null
	quote_id: string | null
	package_id: string | null
	lead_id: string | null
	status: string
	tier: string | null
	start_date: string
	nights: number
	adults: number
	child_ages_json: string
	infants: number
	rooms: number
	title: string
	price_json: string
	total: number
	advance_due: number
	contact_name: string
	contact_phone: string
	contact_email: string | null
	special_requests: string | null
	cancel_reason: string | null
	cancellation_fee: number | null
	refund_due: number | null
	confirmed_at: string | null
	cancelled_at: string | null
	/** The partner agency the booking came through (docs/decisions/052-agents-and-commission.md). */
	agent_id: Generated<string | null>
	completed_at: string | null
	/** The traveller's trip page is /trip/{trip_token} (docs/decisions/110-online-payments.md). */
	trip_token: string
	/** Supplier cost in paise, GST excluded, for margin; null when unknown (docs/decisions/118-reports-and-charts.md). */
	cost: Generated<number | null>
	created_at: string
	updated_at: string
}
export type BookingRow = Selectable<BookingsTable>
export type NewBookingRow = Insertable<BookingsTable>

export interface BookingTravellersTable {
	id: string
	booking_id: string
	position: number
	name: string
	age: number
	gender: string
	nationality: string
	id_type: string
	id_number: string
	passport_expiry: string | null
}
export type BookingTravellerRow = Selectable<BookingTravellersTable>

export interface PaymentsTable {
	id: string
	booking_id: string
	amount: number
	method: string
	reference: string
	paid_on: string
	verified: number
	recorded_by: string | null
	created_at: string
	/** staff, traveller (a UPI reference typed on the trip page) or gateway. */
	source: Generated<string>
	gateway: string | null
	gateway_payment_id: string | null
	gateway_order_id: string | null
	/** Why a person must look at it (e.g. the amount does not match the order). */
	flag: string | null
}
export type PaymentRow = Selectable<PaymentsTable>
/** Rate tables (docs/product.md Rates). Money in paise; booleans 0/1; seasons are named in settings. */

/** Online payments (docs/decisions/110-online-payments.md). Money in paise. */
export interface GatewayOrdersTable {
	id: string
	booking_id: string
	gateway: string
	gateway_order_id: string
	amount: number
	currency: string
	status: string
	payment_request_id: string | null
	last_error: string | null
	created_at: string
	updated_at: string
}
export type GatewayOrderRow = Selectable<GatewayOrdersTable>

export interface GatewayEventsTable {
	gateway: string
	event_id: string
	event_type: string
	outcome: string
	received_at: string
}

export interface RefundsTable {
	id: string
	booking_id: string
	payment_id: string | null
	amount: number
	method: string
	reference: string
	gateway: string | null
	gateway_refund_id: string | null
	status: string
	recorded_by: string | null
	created_at: string
	processed_at: string | null
}
export type RefundRow = Selectable<RefundsTable>

export interface PaymentRequestsTable {
	id: string
	booking_id: string
	amount: number
	note: string | null
	submission_key: string | null
	created_by: string | null
	created_at: string
	paid_at: string | null
}
export type PaymentRequestRow = Selectable<PaymentRequestsTable>

export interface CancellationRequestsTable {
	booking_id: string
	reason: string
	quoted_fee: number
	quoted_refund: number
	created_at: string
}
/** Rate tables (docs/product.md Rates). Money in paise; booleans 0/1; seasons are named in settings. */
export interface HotelsTable {
	id: string
	name: string
	island: string
	tier: string
	stars: number | null
	address: string | null
	phone: string | null
	email: string | null
	check_in: string
	check_out: string
	active: number
	notes: string | null
	created_at: string
	updated_at: string
}
export type HotelRow = Selectable<HotelsTable>

export interface RoomTypesTable {
	id: string
	hotel_id: string
	name: string
	max_adults: number
	max_children: number
	extra_bed: number
	is_default: number
	created_at: string
	updated_at: string
}
export type RoomTypeRow = Selectable<RoomTypesTable>

export interface HotelRatesTable {
	id: Generated<number>
	hotel_id: string
	room_type_id: string
	meal_plan: string
	season: string
	double_sell: number
	double_cost: number
	extra_adult_sell: number
	extra_adult_cost: number
	child_bed_sell: number
	child_bed_cost: number
	child_no_bed_sell: number
	child_no_bed_cost: number
	updated_at: string
}
export type HotelRateRow = Selectable<HotelRatesTable>

export interface FerryFaresTable {
	id: Generated<number>
	operator: string
	from_island: string
	to_island: string
	class: string
	adult_sell: number
	adult_cost: number
	child_sell: number | null
	child_cost: number | null
	infant_sell: number
	infant_cost: number
	departures_json: string
	active: Generated<number>
	updated_at: string
}
export type FerryFareRow = Selectable<FerryFaresTable>

export interface TransferRatesTable {
	id: Generated<number>
	island: string
	vehicle: string
	unit: string
	sell: number
	cost: number
	notes: string | null
	active: Generated<number>
	updated_at: string
}
export type TransferRateRow = Selectable<TransferRatesTable>

/** Partner travel agencies (docs/product.md Agents). Commission in basis points (1000 = 10%). */
export interface AgentsTable {
	id: string
	company: string
	contact_person: string
	phone: string
	email: string | null
	city: string | null
	pan: string | null
	gstin: string | null
	commission_bp: number
	status: string
	notes: string | null
	search_text: string
	created_at: string
	updated_at: string
}
export type AgentRow = Selectable<AgentsTable>
export type NewAgentRow = Insertable<AgentsTable>
export type AgentUpdate = Updateable<AgentsTable>

/** Ferry-only enquiries (docs/product.md Ferries). Legs are JSON text; `routes` is ",from>to," for a portable LIKE. */
export interface FerryLeadsTable {
	id: string
	reference: string
	submission_key: string | null
	lead_id: string | null
	status: string
	trip_type: string
	legs_json: string
	first_date: string
	routes: string
	adults: number
	infants: number
	indians: number
	foreigners: number
	name: string
	phone: string
	email: string | null
	message: string | null
	fare_quoted: number | null
	quote_note: string | null
	search_text: string
	created_at: string
	updated_at: string
}
export type FerryLeadRow = Selectable<FerryLeadsTable>
export type NewFerryLeadRow = Insertable<FerryLeadsTable>
export type FerryLeadUpdate = Updateable<FerryLeadsTable>

/** One sailing booked with an operator. Fare breakdown JSON in paise; the ticket file is a path under STORAGE_DIR. */
export interface FerryBookingsTable {
	id: string
	reference: string
	ferry_lead_id: string | null
	leg_index: number | null
	booking_id: string | null
	status: string
	operator: string
	vessel: string | null
	from_island: string
	to_island: string
	travel_date: string
	departure_time: string | null
	class: string
	pnr: string | null
	fare_json: string
	total: number
	contact_name: string
	contact_phone: string
	ticket_file: string | null
	ticket_mime: string | null
	ticket_name: string | null
	search_text: string
	created_at: string
	updated_at: string
}
export type FerryBookingRow = Selectable<FerryBookingsTable>
export type NewFerryBookingRow = Insertable<FerryBookingsTable>
export type FerryBookingUpdate = Updateable<FerryBookingsTable>

/** Passengers of a ferry booking or of an offline ticket (one of the two ids is set). */
export interface FerryPassengersTable {
	id: string
	ferry_booking_id: string | null
	offline_ticket_id: string | null
	position: number
	name: string
	age: number
	gender: string
	nationality: string
	id_type: string
	id_number: string
	passport_expiry: string | null
}
export type FerryPassengerRow = Selectable<FerryPassengersTable>
export type NewFerryPassengerRow = Insertable<FerryPassengersTable>

/** Tickets bought outside the system: counters, portals, partners (docs/product.md Ferries). */
export interface OfflineTicketsTable {
	id: string
	reference: string
	submission_key: string | null
	status: string
	kind: string
	source: string
	operator: string | null
	vessel: string | null
	voyage: string | null
	route: string | null
	travel_date: string
	travel_time: string | null
	class: string | null
	quota: string | null
	pnr: string | null
	transaction_number: string | null
	cost: number
	sell: number
	payment_mode: string
	booking_id: string | null
	ferry_lead_id: string | null
	issued_by: string | null
	file: string | null
	file_mime: string | null
	file_name: string | null
	search_text: string
	created_at: string
	updated_at: string
}
export type OfflineTicketRow = Selectable<OfflineTicketsTable>
export type NewOfflineTicketRow = Insertable<OfflineTicketsTable>
export type OfflineTicketUpdate = Updateable<OfflineTicketsTable>
export interface BookingComponentsTable {
	id: string
	booking_id: string
	position: number
	kind: string
	description: string
	island: string | null
	start_date: string | null
	end_date: string | null
	time: string | null
	supplier: string | null
	supplier_status: string
	confirmation_number: string | null
	notes: string | null
	created_at: string
	updated_at: string
}
export type BookingComponentRow = Selectable<BookingComponentsTable>
export type NewBookingComponentRow = Insertable<BookingComponentsTable>
export type BookingComponentUpdate = Updateable<BookingComponentsTable>

export interface VouchersTable {
	id: string
	booking_id: string
	version: number
	status: string
	booking_reference: string
	lead_name: string
	snapshot_json: string
	replaced_by: string | null
	revoke_reason: string | null
	issued_by: string | null
	issued_at: string
	updated_at: string
}
export type VoucherRow = Selectable<VouchersTable>
export type NewVoucherRow = Insertable<VouchersTable>
export type VoucherUpdate = Updateable<VouchersTable>

export interface EmailOutboxTable {
	id: Generated<number>
	dedupe_key: string
	kind: string
	booking_id: string | null
	to_address: string
	subject: string
	body_text: string
	status: string
	attempts: number
	last_error: string | null
	next_attempt_at: string
	sent_at: string | null
	created_at: string
}
export type EmailOutboxRow = Selectable<EmailOutboxTable>
export type NewEmailOutboxRow = Insertable<EmailOutboxTable>
export type EmailOutboxUpdate = Updateable<EmailOutboxTable>

/** GST tax invoices and credit notes: inserted once, never updated (docs/decisions/115-gst-tax-invoices.md). */
export interface TaxDocumentsTable {
	id: string
	kind: string
	number: string
	financial_year: number
	sequence: number
	booking_id: string
	invoice_id: string | null
	source_key: string | null
	issue_date: string
	buyer_name: string
	buyer_gstin: string | null
	place_of_supply: string
	tax_kind: string
	rate_basis_points: number
	taxable: number
	cgst: number
	sgst: number
	utgst: number
	igst: number
	total: number
	snapshot_json: string
	issued_by: string | null
	issued_at: string
}
export type TaxDocumentRow = Selectable<TaxDocumentsTable>

/** The operator's photo library (docs/decisions/132-media-library.md). */
export interface MediaTable {
	id: string
	storage_key: string
	sha256: string
	width: number
	height: number
	bytes: number
	original_name: string
	alt: string
	focal_x: number
	focal_y: number
	created_by: string | null
	created_at: string
	updated_at: string
}
export type MediaRow = Selectable<MediaTable>

/** A library photo shown for a package, hotel, activity or island; position 0 is the cover. */
export interface MediaAttachmentsTable {
	id: string
	media_id: string
	subject_kind: string
	subject_key: string
	position: number
	created_at: string
}
