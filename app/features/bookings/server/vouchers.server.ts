import type { Kysely, Transaction } from 'kysely'
import type { BookingPrice } from '~/features/bookings/domain/book-now.ts'
import { balanceDue, tripEndDate } from '~/features/bookings/domain/balance.ts'
import { balanceDueDate } from '~/features/bookings/domain/rules.ts'
import { supplierStatusLabels, type SupplierStatus } from '~/features/bookings/domain/components.ts'
import { voucherIssuedEmail } from '~/features/email/domain/emails.ts'
import { clientBrandOf } from '~/features/agents/domain/agent-quote.ts'
import { getMedia } from '~/features/media/server/media.server.ts'
import {
	brandedForAgency,
	andamanEmergencyNumbers,
	changeProblem,
	confirmationGap,
	type HotelFacts,
	hotelDetails,
	hotelLineParts,
	issueProblem,
	pendingConfirmationLabel,
	type TripPart,
	unconfirmedParts,
	type VoucherOverride,
	type VoucherSection,
	type VoucherSnapshot,
	type VoucherStatus,
	withSection,
	voucherReportingMinutes,
} from '~/features/bookings/domain/voucher.ts'
import { ferryBookingMachine } from '~/features/ferries/domain/status.ts'
import { ticketKindLabels } from '~/features/ferries/domain/offline-ticket.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { islandLabel } from '~/lib/islands.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import { isUniqueViolation, type Executor } from '~/server/db/client.server.ts'
import type { Database, VoucherRow } from '~/server/db/schema.ts'
import { enqueueEmail } from '~/features/email/server/outbox.server.ts'
import { queueVoucherReady } from '~/features/messaging/server/booking-messages.server.ts'
import { voucherExtrasForBooking } from '~/features/ferries/server/ferries.server.ts'
import { addBookingEvent } from '~/features/leads/server/trip-events.server.ts'
import { describeParty } from '~/lib/words.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { camelColumns } from '~/server/db/rows.ts'

type DB = Kysely<Database>

/**
 * Other areas add sections to every voucher issued from now on (ferry
 * bookings' PNRs, offline tickets): one call to `registerVoucherSection` with
 * a function that returns the section for a booking, or null.
 */
export type VoucherSectionProvider = (executor: Executor, bookingId: string) => Promise<VoucherSection | null>
const sectionProviders: VoucherSectionProvider[] = []
export function registerVoucherSection(provider: VoucherSectionProvider): void {
	if (!sectionProviders.includes(provider)) sectionProviders.push(provider)
}

/** What a line says about its state: a part issued before it was confirmed (owner's override) is "Pending confirmation". */
const statusWord = (status: string, confirmation: string | null) =>
	status === 'confirmed' && confirmation?.trim() ? (supplierStatusLabels[status as SupplierStatus] ?? status) : pendingConfirmationLabel

/** Every part of the trip booked with a supplier: its components and the ferry bookings linked to it. */
export async function tripParts(executor: Executor, bookingId: string): Promise<TripPart[]> {
	const [components, extras] = await Promise.all([
		executor
			.selectFrom('booking_components')
			.select(['kind', 'description', 'supplier_status', 'confirmation_number'])
			.where('booking_id', '=', bookingId)
			.orderBy('position')
			.execute(),
		voucherExtrasForBooking(executor, bookingId),
	])
	return [
		...components.map((c) => ({
			kind: c.kind,
			description: c.description,
			confirmed: c.supplier_status === 'confirmed',
			confirmationNumber: c.confirmation_number,
		})),
		...extras.ferries.map((f) => ({
			kind: 'ferry',
			description: `Ferry ${f.reference} (${f.route})`,
			confirmed: f.status === 'confirmed',
			confirmationNumber: f.pnr,
		})),
	]
}

/** The day plan a voucher prints: the package's days, or the quote's days for a booked quote. */
export async function dayPlan(executor: Executor, booking: { package_id: string | null; quote_id: string | null; start_date: string }, pkgDays: string | null) {
	if (pkgDays) {
		const days = JSON.parse(pkgDays) as Array<{ day: number; island: string; title: string; description: string }>
		return days.map((day) => ({
			day: day.day,
			date: addDays(booking.start_date, day.day - 1),
			island: islandLabel(day.island),
			title: day.title,
			description: day.description,
		}))
	}
	if (!booking.quote_id) return []
	const quote = await executor.selectFrom('quotes').select('snapshot_json').where('id', '=', booking.quote_id).executeTakeFirst()
	if (!quote) return []
	const snapshot = JSON.parse(quote.snapshot_json) as {
		days?: Array<{ date: string; island: string; title: string; description: string; activities?: string[]; stay?: { hotelName: string } | null }>
	}
	return (snapshot.days ?? []).map((day, index) => ({
		day: index + 1,
		date: day.date,
		island: islandLabel(day.island),
		title: day.title,
		description: [day.description, day.activities?.length ? `Activities: ${day.activities.join('; ')}.` : '', day.stay ? `Night at ${day.stay.hotelName}.` : '']
			.filter(Boolean)
			.join(' '),
	}))
}

/** Our hotels a booking's hotel components name (as supplier, or in their priced line), for their address, phone and times. */
async function hotelsNamedBy(
	executor: Executor,
	components: ReadonlyArray<{ kind: string; description: string; supplier: string | null }>,
): Promise<HotelFacts[]> {
	const names = [
		...new Set(
			components
				.filter((c) => c.kind === 'hotel')
				.flatMap((c) =>
					[c.supplier, hotelLineParts(c.description)?.name].filter((name): name is string => !!name?.trim()).map((name) => name.trim().toLowerCase()),
				),
		),
	]
	if (!names.length) return []
	const rows = await executor
		.selectFrom('hotels')
		.select(['name', 'island', 'address', 'phone', 'check_in', 'check_out'])
		.where((eb) => eb(eb.fn('lower', ['name']), 'in', names))
		.execute()
	return rows.map((row) => camelColumns(row, ['name', 'island', 'address', 'phone', 'check_in', 'check_out']))
}

/** Builds what the voucher shows from the booking as it is now. Frozen into snapshot_json at issue. */
export async function buildSnapshot(executor: Executor, bookingId: string): Promise<VoucherSnapshot> {
	const booking = await executor.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst()
	if (!booking) throw new AppError('not-found', 'No such booking.')
	const [travellers, components, payments, pkg, settings] = await Promise.all([
		executor.selectFrom('booking_travellers').selectAll().where('booking_id', '=', bookingId).orderBy('position').execute(),
		executor.selectFrom('booking_components').selectAll().where('booking_id', '=', bookingId).orderBy('position').execute(),
		executor.selectFrom('payments').select(['amount', 'verified']).where('booking_id', '=', bookingId).execute(),
		booking.package_id
			? executor.selectFrom('packages').select(['days_json', 'inclusions_json', 'exclusions_json']).where('id', '=', booking.package_id).executeTakeFirst()
			: Promise.resolve(undefined),
		getSettings(executor),
	])
	const hotels = await hotelsNamedBy(executor, components)
	const childAges = JSON.parse(booking.child_ages_json) as number[]
	const price = JSON.parse(booking.price_json) as BookingPrice
	const paymentList = payments.map((payment) => ({ amount: Number(payment.amount), verified: payment.verified === 1 }))
	const balance = balanceDue(booking.total, paymentList)
	const party = describeParty({ adults: booking.adults, childAges, infants: booking.infants })
	const days = await dayPlan(executor, booking, pkg?.days_json ?? null)
	let snapshot: VoucherSnapshot = {
		reference: booking.reference,
		title: booking.title,
		startDate: booking.start_date,
		endDate: tripEndDate(booking.start_date, booking.nights),
		nights: booking.nights,
		party,
		contact: { name: booking.contact_name, phone: booking.contact_phone, email: booking.contact_email },
		travellers: travellers.map((t) => ({
			name: t.name,
			age: t.age,
			gender: t.gender,
			nationality: t.nationality,
			id: `${t.id_type.replace('_', ' ')} ${t.id_number.replace(/.(?=.{4})/g, '•')}`,
		})),
		days,
		hotels: components
			.filter((c) => c.kind === 'hotel')
			.map((c) => {
				const details = hotelDetails(c, hotels)
				return {
					...details,
					name: details?.name ?? (c.supplier ? `${c.supplier} (${c.description})` : c.description),
					island: c.island ? islandLabel(c.island) : null,
					checkIn: c.start_date,
					checkOut: c.end_date,
					confirmation: c.confirmation_number,
					status: statusWord(c.supplier_status, c.confirmation_number),
				}
			}),
		ferries: components
			.filter((c) => c.kind === 'ferry')
			.map((c) => ({
				description: c.description,
				date: c.start_date,
				time: c.time,
				operator: c.supplier,
				pnr: c.confirmation_number,
				status: statusWord(c.supplier_status, c.confirmation_number),
				port: c.island,
			})),
		activities: components
			.filter((c) => c.kind === 'activity')
			.map((c) => ({
				description: c.description,
				date: c.start_date,
				time: c.time,
				pickup: c.notes,
				confirmation: c.confirmation_number,
				status: statusWord(c.supplier_status, c.confirmation_number),
			})),
		transfers: components
			.filter((c) => c.kind === 'transfer')
			.map((c) => ({
				description: c.supplier ? `${c.description} (${c.supplier})` : c.description,
				date: c.start_date,
				time: c.time,
				notes: c.notes,
				confirmation: c.confirmation_number,
				status: statusWord(c.supplier_status, c.confirmation_number),
			})),
		inclusions: pkg ? (JSON.parse(pkg.inclusions_json) as string[]) : price.lines.filter((line) => !/^GST/.test(line.label)).map((line) => line.label),
		exclusions: pkg ? (JSON.parse(pkg.exclusions_json) as string[]) : [],
		specialRequests: booking.special_requests,
		payment: {
			total: booking.total,
			paid: booking.total - balance,
			balance,
			balanceDueDate: balanceDueDate(booking.start_date, todayInIndia(new Date(booking.created_at)), settings.bookingRules.balanceDueDaysBeforeStart),
		},
		company: settings.company,
		emergency: [{ label: `${settings.company.name} 24×7 support`, number: settings.company.phone }, ...andamanEmergencyNumbers],
		sections: [],
	}
	if (booking.agent_id) {
		// An agency's booking: its client's voucher carries the agency's brand, not ours (docs/decisions/225).
		const agency = await executor.selectFrom('agents').selectAll().where('id', '=', booking.agent_id).executeTakeFirst()
		if (agency) {
			const media = agency.brand_logo_media_id ? await getMedia(executor, agency.brand_logo_media_id).catch(() => null) : null
			const logo = media ? { mediaId: media.id, src: media.src, alt: media.alt || `${clientBrandOf(agency, '').name} logo` } : null
			snapshot = brandedForAgency(snapshot, clientBrandOf(agency, settings.company.name), logo)
		}
	}
	snapshot = withFerryTickets(snapshot, await voucherExtrasForBooking(executor, bookingId))
	for (const provider of sectionProviders) {
		const section = await provider(executor, bookingId)
		if (section) snapshot = withSection(snapshot, section)
	}
	return snapshot
}

/**
 * Ferry bookings linked to the trip join the voucher's ferry list with their PNRs;
 * tickets bought at counters (offline tickets) get a section of their own.
 */
function withFerryTickets(snapshot: VoucherSnapshot, extras: Awaited<ReturnType<typeof voucherExtrasForBooking>>): VoucherSnapshot {
	const names = (passengers: Array<{ name: string }>) => (passengers.length ? `Passengers: ${passengers.map((p) => p.name).join(', ')}` : null)
	let next: VoucherSnapshot = {
		...snapshot,
		ferries: [
			...snapshot.ferries,
			...extras.ferries.map((ferry) => ({
				description: [ferry.route, ferry.vessel, ferry.class].filter(Boolean).join(' · '),
				date: ferry.date,
				time: ferry.departure,
				operator: ferry.operator,
				pnr: ferry.pnr,
				status: ferry.status === 'confirmed' && ferry.pnr ? ferryBookingMachine.labels.confirmed : pendingConfirmationLabel,
			})),
		],
	}
	if (extras.offlineTickets.length) {
		next = withSection(next, {
			title: 'Tickets we bought for you',
			items: extras.offlineTickets.map((ticket) => ({
				heading: [ticketKindLabels[ticket.kind as keyof typeof ticketKindLabels] ?? ticket.kind, ticket.route ?? ticket.operator].filter(Boolean).join(': '),
				lines: [
					[ticket.date, ticket.time].filter(Boolean).join(' at '),
					[ticket.operator, ticket.vessel, ticket.voyage ? `voyage ${ticket.voyage}` : null, ticket.class].filter(Boolean).join(' · '),
					ticket.pnr ? `PNR ${ticket.pnr}` : null,
					names(ticket.passengers),
				].filter((line): line is string => Boolean(line)),
			})),
		})
	}
	return next
}

export type Voucher = ReturnType<typeof toVoucher>
function toVoucher(row: VoucherRow) {
	return {
		...camelColumns(row, ['id', 'booking_id', 'version', 'lead_name', 'replaced_by', 'revoke_reason', 'issued_at', 'updated_at']),
		status: row.status as VoucherStatus,
		reference: row.booking_reference,
	}
}

async function insertVoucher(
	trx: Transaction<Database>,
	booking: { id: string; reference: string; contact_name: string; contact_email: string | null },
	version: number,
	actor: Actor,
	siteUrl: string,
) {
	const id = newId()
	const now = new Date().toISOString()
	const snapshot = await buildSnapshot(trx, booking.id)
	await trx
		.insertInto('vouchers')
		.values({
			id,
			booking_id: booking.id,
			version,
			status: 'issued',
			booking_reference: booking.reference,
			lead_name: booking.contact_name,
			snapshot_json: JSON.stringify(snapshot),
			replaced_by: null,
			revoke_reason: null,
			issued_by: actor.id,
			issued_at: now,
			updated_at: now,
		})
		.execute()
	await queueVoucherReady(trx, { id: booking.id, reference: booking.reference, name: booking.contact_name }, id, siteUrl)
	if (booking.contact_email) {
		const settings = await getSettings(trx)
		const email = voucherIssuedEmail({
			reference: booking.reference,
			name: booking.contact_name,
			url: `${siteUrl.replace(/\/$/, '')}/voucher/${id}`,
			version,
			company: settings.company,
			ferryReportingMinutes: snapshot.ferries.length ? voucherReportingMinutes(snapshot, settings.ferryReportingMinutes) : undefined,
		})
		await enqueueEmail(trx, { ...email, kind: 'voucher-issued', to: booking.contact_email, bookingId: booking.id, dedupeKey: `voucher-issued:${id}` })
	}
	return id
}

async function latestVoucher(executor: Executor, bookingId: string) {
	return executor.selectFrom('vouchers').selectAll().where('booking_id', '=', bookingId).orderBy('version', 'desc').limit(1).executeTakeFirst()
}

/** Who issues: an owner may override unconfirmed parts with a reason (null: no override asked). */
export type VoucherActor = Actor & { isOwner?: boolean }
function overrideOf(actor: VoucherActor, reason: string | null | undefined): VoucherOverride | null {
	return reason === null || reason === undefined ? null : { byOwner: actor.isOwner === true, reason }
}

/** The audit row of an issue or reissue: an override names what was not confirmed and why. */
async function auditIssue(
	trx: Transaction<Database>,
	actor: Actor,
	action: 'issue-voucher' | 'reissue-voucher',
	bookingId: string,
	parts: TripPart[],
	override: VoucherOverride | null,
	before: unknown,
	after: { voucherId: string; version: number },
) {
	const pending = unconfirmedParts(parts).map((part) => part.description)
	const overridden = override && pending.length ? { overrideReason: override.reason, pendingConfirmation: pending } : {}
	await recordAudit(trx, {
		actor,
		action: pending.length ? `${action}-with-override` : action,
		entity: 'booking',
		entityId: bookingId,
		...(before ? { before } : {}),
		after: { ...after, ...overridden },
	})
	await addBookingEvent(
		trx,
		bookingId,
		actor,
		'voucher',
		`voucher version ${after.version} ${action === 'issue-voucher' ? 'issued' : 'reissued'}${pending.length ? ` by an owner before ${pending.length} ${pending.length === 1 ? 'part was' : 'parts were'} confirmed (${override?.reason})` : ''}`,
		{ voucherId: after.voucherId },
	)
}

/**
 * Issues the first voucher (or a new one after a revocation) for a confirmed booking whose every
 * part is confirmed with its number, or with an owner's override (`overrideReason`).
 */
export async function issueVoucher(db: DB, bookingId: string, actor: VoucherActor, siteUrl: string, overrideReason: string | null = null) {
	try {
		return await db.transaction().execute(async (trx) => {
			const booking = await trx
				.selectFrom('bookings')
				.select(['id', 'status', 'reference', 'contact_name', 'contact_email'])
				.where('id', '=', bookingId)
				.executeTakeFirst()
			if (!booking) throw new AppError('not-found', 'No booking has this id.')
			const latest = await latestVoucher(trx, bookingId)
			const parts = await tripParts(trx, bookingId)
			const override = overrideOf(actor, overrideReason)
			const problem = issueProblem(booking, latest ? { status: latest.status as VoucherStatus } : null, parts, override)
			if (problem) throw new AppError(override && !override.byOwner ? 'permission-denied' : 'failed-precondition', problem)
			const version = (latest?.version ?? 0) + 1
			const id = await insertVoucher(trx, booking, version, actor, siteUrl)
			await auditIssue(trx, actor, 'issue-voucher', bookingId, parts, override, null, { voucherId: id, version })
			return { id, version }
		})
	} catch (error) {
		// Two staff issuing at once: the (booking, version) constraint lets one through.
		if (isUniqueViolation(error)) throw new AppError('aborted', 'A voucher was issued for this booking at the same moment. Reload to see it.')
		throw error
	}
}

/** Replaces a valid voucher with a new version from the booking as it is now; the old one links to the new. */
export async function reissueVoucher(db: DB, voucherId: string, actor: VoucherActor, siteUrl: string, overrideReason: string | null = null) {
	try {
		return await db.transaction().execute(async (trx) => {
			const old = await trx.selectFrom('vouchers').selectAll().where('id', '=', voucherId).executeTakeFirst()
			if (!old) throw new AppError('not-found', 'No voucher has this id.')
			const booking = await trx
				.selectFrom('bookings')
				.select(['id', 'status', 'reference', 'contact_name', 'contact_email'])
				.where('id', '=', old.booking_id)
				.executeTakeFirstOrThrow()
			const parts = await tripParts(trx, booking.id)
			const override = overrideOf(actor, overrideReason)
			const problem = changeProblem({ status: old.status as VoucherStatus }, 'reissued', booking) ?? confirmationGap(parts, override)
			if (problem) throw new AppError(override && !override.byOwner ? 'permission-denied' : 'failed-precondition', problem)
			const id = await insertVoucher(trx, booking, old.version + 1, actor, siteUrl)
			const result = await trx
				.updateTable('vouchers')
				.set({ status: 'reissued', replaced_by: id, updated_at: new Date().toISOString() })
				.where('id', '=', voucherId)
				.where('status', '=', 'issued')
				.executeTakeFirst()
			if (Number(result.numUpdatedRows) !== 1) throw new AppError('aborted', 'The voucher changed while you were working on it. Reload and try again.')
			await auditIssue(
				trx,
				actor,
				'reissue-voucher',
				booking.id,
				parts,
				override,
				{ voucherId, version: old.version },
				{ voucherId: id, version: old.version + 1 },
			)
			return { id, version: old.version + 1 }
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new AppError('aborted', 'This voucher was reissued at the same moment. Reload to see the new version.')
		throw error
	}
}

export async function revokeVoucher(db: DB, voucherId: string, reason: string, actor: Actor) {
	await db.transaction().execute(async (trx) => {
		const row = await trx.selectFrom('vouchers').selectAll().where('id', '=', voucherId).executeTakeFirst()
		if (!row) throw new AppError('not-found', 'No voucher has this id.')
		const problem = changeProblem({ status: row.status as VoucherStatus }, 'revoked', { status: 'any' })
		if (problem) throw new AppError('failed-precondition', problem)
		const result = await trx
			.updateTable('vouchers')
			.set({ status: 'revoked', revoke_reason: reason, updated_at: new Date().toISOString() })
			.where('id', '=', voucherId)
			.where('status', '=', 'issued')
			.executeTakeFirst()
		if (Number(result.numUpdatedRows) !== 1) throw new AppError('aborted', 'The voucher changed while you were working on it. Reload and try again.')
		await recordAudit(trx, {
			actor,
			action: 'revoke-voucher',
			entity: 'booking',
			entityId: row.booking_id,
			before: { voucherId, status: row.status },
			after: { voucherId, status: 'revoked', reason },
		})
		await addBookingEvent(trx, row.booking_id, actor, 'voucher', `voucher version ${row.version} revoked (${reason})`, { voucherId })
	})
}

/** The public voucher page: the frozen snapshot, its state, and the newer version when it was replaced. */
export async function getVoucher(db: Executor, id: string) {
	const row = await db.selectFrom('vouchers').selectAll().where('id', '=', id).executeTakeFirst()
	if (!row) return null
	return { voucher: toVoucher(row), snapshot: JSON.parse(row.snapshot_json) as VoucherSnapshot }
}

export async function vouchersForBooking(db: Executor, bookingId: string) {
	const rows = await db.selectFrom('vouchers').selectAll().where('booking_id', '=', bookingId).orderBy('version', 'desc').execute()
	return rows.map(toVoucher)
}

export const voucherPageSize = 20

/** Search (booking reference or lead traveller's name) and paginated list, newest first. */
export async function listVouchers(db: Executor, options: { q?: string; status?: VoucherStatus; page?: number } = {}) {
	const page = Math.max(1, options.page ?? 1)
	let query = db.selectFrom('vouchers')
	const q = options.q?.trim().toLowerCase()
	if (q) query = query.where((eb) => eb.or([eb(eb.fn('lower', ['booking_reference']), 'like', `%${q}%`), eb(eb.fn('lower', ['lead_name']), 'like', `%${q}%`)]))
	if (options.status) query = query.where('status', '=', options.status)
	const [rows, count] = await Promise.all([
		query
			.selectAll()
			.orderBy('issued_at', 'desc')
			.orderBy('id')
			.limit(voucherPageSize)
			.offset((page - 1) * voucherPageSize)
			.execute(),
		query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
	])
	return { vouchers: rows.map(toVoucher), total: Number(count.n), page, pages: Math.max(1, Math.ceil(Number(count.n) / voucherPageSize)) }
}

/** Confirmed bookings that have no valid voucher yet: what /admin/vouchers offers to issue. */
export async function bookingsAwaitingVoucher(db: Executor, limit = 20) {
	return db
		.selectFrom('bookings')
		.select(['id', 'reference', 'contact_name', 'title', 'start_date'])
		.where('status', '=', 'confirmed')
		.where((eb) =>
			eb.not(
				eb.exists(eb.selectFrom('vouchers').select('vouchers.id').whereRef('vouchers.booking_id', '=', 'bookings.id').where('vouchers.status', '=', 'issued')),
			),
		)
		.orderBy('start_date')
		.limit(limit)
		.execute()
}
