import { isUpiId } from '~/features/payments/domain/upi.ts'
import { parseReminderDays } from '~/features/payments/domain/reminders.ts'
import type { Insertable, Kysely, Transaction } from 'kysely'
import { FERRY_OPERATORS, HOTEL_TIERS, MEAL_PLANS, VEHICLES } from '~/features/rates/domain/pricing/constants.ts'
import {
	activityLocations,
	ferryIslands,
	hotelsPerPage,
	maxSeasonRows,
	type RateField,
	rateFields,
	stayIslandOptions,
	transferIslands,
} from '~/features/rates/domain/options.ts'
import { checkSeasonPlan, type SeasonRange, seasonNames } from '~/features/rates/domain/seasons.ts'
import { parseInvoicingSettings } from '~/features/invoices/domain/invoice.ts'
import { gstRateOptions } from '~/features/invoices/domain/tax.ts'
import { csvCellText, parseCsv, toCsv } from '~/lib/csv.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { maxMoney, parseRupees, tooMuchMoney } from '~/lib/money.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import type { Database } from '~/server/db/schema.ts'
import { defaultSettings, getSettings, type Settings } from '~/features/settings/server/settings.server.ts'
import { invalidateRateBook, ratesChanged } from './rate-book.server.ts'
import { rateSupplierProblem } from '~/features/suppliers/server/suppliers.server.ts'
import type { RateKind } from '~/features/suppliers/domain/suppliers.ts'

/**
 * Writes behind the rate screens (/admin/settings, /admin/hotels,
 * /admin/activity-prices, /admin/ferry-fares, /admin/transfers). Every write
 * checks all its input first (AppError 'invalid-argument' with a message per
 * field, nothing saved), then runs in one transaction with its audit row and
 * `ratesChanged`, which refreshes the cached rate book and the package prices.
 */
export {
	activityLocations,
	ferryIslands,
	hotelsPerPage,
	islandName,
	maxSeasonRows,
	rateFields,
	stayIslandOptions,
	transferIslands,
} from '~/features/rates/domain/options.ts'
export type { RateField } from '~/features/rates/domain/options.ts'
export type Form = Record<string, string | undefined>
type Errors = Record<string, string>

function fail(errors: Errors, message = 'Some fields need attention: see the messages next to them.'): never {
	throw new AppError('invalid-argument', message, { fields: errors })
}

function text(form: Form, key: string, label: string, errors: Errors, options: { required?: boolean; max?: number } = {}): string | null {
	const value = (form[key] ?? '').trim()
	if (!value) {
		if (options.required) errors[key] = `Enter ${label}.`
		return null
	}
	if (value.length > (options.max ?? 200)) errors[key] = `Keep ${label} under ${options.max ?? 200} characters.`
	return value
}

/** A price in rupees typed by staff ("4,500" or "4500.50"), stored as paise. Negative or non-numeric is an error. */
function money(form: Form, key: string, label: string, errors: Errors, options: { optional?: boolean } = {}): number | null {
	const raw = (form[key] ?? '').trim()
	if (raw === '') {
		if (!options.optional) errors[key] = `Enter the ${label} in rupees (0 if free).`
		return null
	}
	const paise = parseRupees(raw)
	if (paise === null)
		errors[key] = raw.startsWith('-') ? `The ${label} cannot be negative.` : `Enter the ${label} as a number of rupees, e.g. 4500 or 4,500.50.`
	else if (paise > maxMoney) errors[key] = tooMuchMoney
	return paise
}

function whole(form: Form, key: string, label: string, errors: Errors, min: number, max: number): number {
	const raw = (form[key] ?? '').trim()
	if (!/^\d{1,6}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
		errors[key] = `Enter ${label} as a whole number from ${min} to ${max}.`
		return min
	}
	return Number(raw)
}

function percent(form: Form, key: string, label: string, errors: Errors, max: number): number {
	const raw = (form[key] ?? '').trim()
	if (!/^\d{1,3}(\.\d{1,2})?$/.test(raw) || Number(raw) > max) {
		errors[key] = `Enter ${label} as a percentage from 0 to ${max}, with up to 2 decimals.`
		return 0
	}
	return Number(raw)
}

function oneOf<T extends string>(form: Form, key: string, allowed: readonly T[], message: string, errors: Errors): T {
	const value = (form[key] ?? '').trim()
	if ((allowed as readonly string[]).includes(value)) return value as T
	errors[key] = message
	return allowed[0]!
}

/** GST on tour packages: only the rates the law offers a tour operator (docs/decisions/115-gst-tax-invoices.md). */
function gstRate(form: Form, errors: Errors): number {
	const value = Number((form.gstPercent ?? '').trim())
	if (gstRateOptions.some((option) => option.percent === value)) return value
	errors.gstPercent = 'Choose GST of 5 % (tour operator services without input tax credit) or 18 % (with input tax credit).'
	return gstRateOptions[0].percent
}

const checked = (form: Form, key: string) => form[key] === 'on' || form[key] === '1' || form[key] === 'true'
const now = () => new Date().toISOString()

async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
	const result = await db.transaction().execute(async (trx) => {
		const value = await work(trx)
		await ratesChanged(trx)
		return value
	})
	invalidateRateBook()
	return result
}

// ─── Settings ────────────────────────────────────────────────────────────────

/** Reads the settings form: season rows season{i}/from{i}/to{i}, percentages, tiers, age bands, company. */
export function parseSettingsForm(form: Form): { settings: Settings; errors: Errors } {
	const errors: Errors = {}
	const seasons: SeasonRange[] = []
	for (let index = 0; index < maxSeasonRows; index++) {
		const season = (form[`season${index}`] ?? '').trim().toLowerCase()
		const from = (form[`from${index}`] ?? '').trim()
		const to = (form[`to${index}`] ?? '').trim()
		if (!season && !from && !to) continue
		seasons.push({ season, from, to })
	}
	const seasonProblems = checkSeasonPlan(seasons)
	if (seasonProblems.length) errors.seasons = seasonProblems.map((problem) => problem.message).join(' ')
	const tiers: Settings['cancellationTiers'] = []
	for (let index = 0; index < 5; index++) {
		if (!(form[`tierDays${index}`] ?? '').trim() && !(form[`tierFee${index}`] ?? '').trim()) continue
		tiers.push({
			minDaysBefore: whole(form, `tierDays${index}`, 'the days before the start', errors, 0, 365),
			feePercent: percent(form, `tierFee${index}`, 'the fee', errors, 100),
		})
	}
	tiers.sort((a, b) => b.minDaysBefore - a.minDaysBefore)
	if (tiers.length === 0) errors.tierDays0 = 'Add at least one cancellation tier.'
	else if (tiers.at(-1)!.minDaysBefore !== 0) errors.tierDays0 = 'Add a tier that starts at 0 days, so every cancellation has a fee.'
	const infantMaxAge = whole(form, 'infantMaxAge', 'the oldest infant age', errors, 0, 5)
	const childMaxAge = whole(form, 'childMaxAge', 'the oldest child age', errors, 1, 17)
	if (!errors.childMaxAge && childMaxAge <= infantMaxAge) errors.childMaxAge = 'The oldest child must be older than the oldest infant.'
	const invoicing = parseInvoicingSettings(form)
	Object.assign(errors, invoicing.errors)
	const settings: Settings = {
		seasons,
		markupPercent: percent(form, 'markupPercent', 'the markup', errors, 500),
		gstPercent: gstRate(form, errors),
		invoicing: invoicing.value,
		advancePercent: percent(form, 'advancePercent', 'the advance', errors, 100),
		quoteValidityDays: whole(form, 'quoteValidityDays', 'the quote validity', errors, 1, 90),
		quoteHoldsRooms: form.quoteHoldsRooms === 'on',
		bookingRules: {
			earliestArrivalDays: whole(form, 'earliestArrivalDays', 'the earliest arrival (days from today)', errors, 0, 60),
			balanceDueDaysBeforeStart: whole(form, 'balanceDueDaysBeforeStart', 'the days before arrival the balance is due', errors, 0, 90),
		},
		cancellationTiers: tiers,
		childAgeBands: { infantMaxAge, childMaxAge },
		ferryReportingMinutes: whole(form, 'ferryReportingMinutes', 'the jetty reporting time in minutes', errors, 30, 180),
		// Left out of the form (an older page): the default.
		supplierChaseHours: (form.supplierChaseHours ?? '').trim()
			? whole(form, 'supplierChaseHours', 'the hours before a supplier is chased', errors, 1, 168)
			: defaultSettings.supplierChaseHours,
		company: {
			name: text(form, 'companyName', 'the company name', errors, { required: true }) ?? '',
			phone: text(form, 'companyPhone', 'a phone number', errors, { required: true, max: 40 }) ?? '',
			whatsapp: text(form, 'companyWhatsapp', 'a WhatsApp number', errors, { required: true, max: 40 }) ?? '',
			email: text(form, 'companyEmail', 'an email address', errors, { required: true }) ?? '',
			address: text(form, 'companyAddress', 'the address', errors, { required: true, max: 400 }) ?? '',
		},
		onlinePayments: { autoConfirm: form.onlineAutoConfirm === 'on' },
		paymentReminders: reminderSchedule(form, errors),
		payment: {
			upiId: text(form, 'paymentUpiId', 'the UPI id', errors, { max: 80 }) ?? '',
			bankName: text(form, 'paymentBankName', 'the bank and branch', errors, { max: 120 }) ?? '',
			accountName: text(form, 'paymentAccountName', 'the account name', errors, { max: 120 }) ?? '',
			accountNumber: text(form, 'paymentAccountNumber', 'the account number', errors, { max: 40 }) ?? '',
			ifsc: text(form, 'paymentIfsc', 'the IFSC', errors, { max: 20 }) ?? '',
		},
	}
	const bank = [settings.payment.bankName, settings.payment.accountName, settings.payment.accountNumber, settings.payment.ifsc]
	if (bank.some(Boolean) && !bank.every(Boolean))
		errors.paymentAccountNumber = 'Fill in all four bank fields (bank, account name, number and IFSC), or leave all four empty.'
	// The UPI id goes into the pay links and QR codes travellers scan (docs/payments.md).
	if (settings.payment.upiId && !isUpiId(settings.payment.upiId)) errors.paymentUpiId = 'Enter a UPI id like yourname@okaxis.'
	if (!settings.payment.upiId && !bank.every(Boolean)) errors.paymentUpiId = 'Give at least one way to pay: a UPI id or the bank details.'
	if (settings.company.email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(settings.company.email))
		errors.companyEmail = 'Enter an email address like name@example.com.'
	return { settings, errors }
}

/** "7, 2" and a tick: the payment reminder schedule (docs/payments.md). */
function reminderSchedule(form: Form, errors: Errors): Settings['paymentReminders'] {
	const parsed = parseReminderDays(form.reminderDays ?? '')
	if (parsed.error) errors.reminderDays = parsed.error
	return { daysBefore: parsed.days ?? [], whenOverdue: checked(form, 'reminderOverdue') }
}

export async function updateSettings(db: Kysely<Database>, actor: Actor, form: Form): Promise<Settings> {
	const { settings, errors } = parseSettingsForm(form)
	if (Object.keys(errors).length) fail(errors)
	return inTransaction(db, async (trx) => {
		const before = await getSettings(trx)
		const at = now()
		for (const [key, value] of Object.entries(settings)) {
			if (JSON.stringify(before[key as keyof Settings]) === JSON.stringify(value)) continue
			await trx
				.insertInto('settings')
				.values({ key, value_json: JSON.stringify(value), updated_at: at })
				.onConflict((oc) => oc.column('key').doUpdateSet({ value_json: JSON.stringify(value), updated_at: at }))
				.execute()
			await recordAudit(trx, { actor, action: 'update', entity: 'settings', entityId: key, before: before[key as keyof Settings], after: value })
		}
		return settings
	})
}

async function knownSeasons(db: Executor): Promise<string[]> {
	return seasonNames((await getSettings(db)).seasons)
}

// ─── Hotels and room types ───────────────────────────────────────────────────

export type HotelFilters = { q?: string; island?: string; tier?: string; page?: number }

export async function listHotels(db: Kysely<Database>, filters: HotelFilters) {
	let query = db.selectFrom('hotels')
	if (filters.q) query = query.where((eb) => eb.or([eb('name', 'like', `%${filters.q}%`), eb('address', 'like', `%${filters.q}%`)]))
	if (filters.island) query = query.where('island', '=', filters.island)
	if (filters.tier) query = query.where('tier', '=', filters.tier)
	const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
	const pages = Math.max(1, Math.ceil(Number(total) / hotelsPerPage))
	const page = Math.min(Math.max(1, filters.page ?? 1), pages)
	const hotels = await query
		.selectAll()
		.orderBy('island')
		.orderBy('tier')
		.orderBy('name')
		.limit(hotelsPerPage)
		.offset((page - 1) * hotelsPerPage)
		.execute()
	return { hotels, total: Number(total), page, pages }
}

export async function getHotel(db: Kysely<Database>, id: string) {
	const hotel = await db.selectFrom('hotels').selectAll().where('id', '=', id).executeTakeFirst()
	if (!hotel) throw new AppError('not-found', 'That hotel does not exist.')
	const [roomTypes, rates] = await Promise.all([
		db.selectFrom('room_types').selectAll().where('hotel_id', '=', id).orderBy('name').execute(),
		db.selectFrom('hotel_rates').selectAll().where('hotel_id', '=', id).execute(),
	])
	return { hotel, roomTypes, rates, seasons: await knownSeasons(db) }
}

export async function saveHotel(db: Kysely<Database>, actor: Actor, id: string | null, form: Form): Promise<string> {
	const errors: Errors = {}
	const values = {
		name: text(form, 'name', 'the hotel name', errors, { required: true, max: 120 }) ?? '',
		island: oneOf(form, 'island', stayIslandOptions, 'Choose the island.', errors),
		tier: oneOf(form, 'tier', HOTEL_TIERS, 'Choose a tier.', errors),
		stars: form.stars?.trim() ? whole(form, 'stars', 'the star rating', errors, 1, 5) : null,
		address: text(form, 'address', 'the address', errors, { max: 400 }),
		phone: text(form, 'phone', 'the phone number', errors, { max: 40 }),
		email: text(form, 'email', 'the email address', errors),
		check_in: (form.checkIn ?? '').trim() || '12:00',
		check_out: (form.checkOut ?? '').trim() || '10:00',
		active: checked(form, 'active') ? 1 : 0,
		notes: text(form, 'notes', 'the notes', errors, { max: 2000 }),
	}
	if (!/^\d{2}:\d{2}$/.test(values.check_in)) errors.checkIn = 'Enter the check-in time as HH:MM.'
	if (!/^\d{2}:\d{2}$/.test(values.check_out)) errors.checkOut = 'Enter the check-out time as HH:MM.'
	if (Object.keys(errors).length) fail(errors)
	return inTransaction(db, async (trx) => {
		const clash = await trx.selectFrom('hotels').select('id').where('name', '=', values.name).where('island', '=', values.island).executeTakeFirst()
		if (clash && clash.id !== id)
			throw new AppError('already-exists', 'A hotel with that name is already on that island.', {
				fields: { name: 'A hotel with that name is already on that island.' },
			})
		const at = now()
		if (id === null) {
			const newHotelId = newId()
			await trx
				.insertInto('hotels')
				.values({ id: newHotelId, ...values, created_at: at, updated_at: at })
				.execute()
			await recordAudit(trx, { actor, action: 'create', entity: 'hotel', entityId: newHotelId, after: values })
			return newHotelId
		}
		const before = await trx.selectFrom('hotels').selectAll().where('id', '=', id).executeTakeFirst()
		if (!before) throw new AppError('not-found', 'That hotel does not exist.')
		await trx
			.updateTable('hotels')
			.set({ ...values, updated_at: at })
			.where('id', '=', id)
			.execute()
		await recordAudit(trx, { actor, action: 'update', entity: 'hotel', entityId: id, before, after: values })
		return id
	})
}

export async function saveRoomType(db: Kysely<Database>, actor: Actor, hotelId: string, id: string | null, form: Form): Promise<string> {
	const errors: Errors = {}
	const values = {
		name: text(form, 'name', 'the room type name', errors, { required: true, max: 80 }) ?? '',
		max_adults: whole(form, 'maxAdults', 'the most adults', errors, 1, 10),
		max_children: whole(form, 'maxChildren', 'the most children', errors, 0, 10),
		extra_bed: checked(form, 'extraBed') ? 1 : 0,
		is_default: checked(form, 'isDefault') ? 1 : 0,
	}
	if (Object.keys(errors).length) fail(errors)
	return inTransaction(db, async (trx) => {
		const hotel = await trx.selectFrom('hotels').select('id').where('id', '=', hotelId).executeTakeFirst()
		if (!hotel) throw new AppError('not-found', 'That hotel does not exist.')
		const clash = await trx.selectFrom('room_types').select('id').where('hotel_id', '=', hotelId).where('name', '=', values.name).executeTakeFirst()
		if (clash && clash.id !== id)
			throw new AppError('already-exists', 'This hotel already has a room type with that name.', {
				fields: { name: 'This hotel already has a room type with that name.' },
			})
		if (values.is_default) await trx.updateTable('room_types').set({ is_default: 0 }).where('hotel_id', '=', hotelId).execute()
		const at = now()
		if (id === null) {
			const roomId = newId()
			await trx
				.insertInto('room_types')
				.values({ id: roomId, hotel_id: hotelId, ...values, created_at: at, updated_at: at })
				.execute()
			await recordAudit(trx, { actor, action: 'create', entity: 'room_type', entityId: roomId, after: { hotelId, ...values } })
			return roomId
		}
		const before = await trx.selectFrom('room_types').selectAll().where('id', '=', id).where('hotel_id', '=', hotelId).executeTakeFirst()
		if (!before) throw new AppError('not-found', 'That room type does not exist in this hotel.')
		await trx
			.updateTable('room_types')
			.set({ ...values, updated_at: at })
			.where('id', '=', id)
			.execute()
		await recordAudit(trx, { actor, action: 'update', entity: 'room_type', entityId: id, before, after: values })
		return id
	})
}

// ─── Hotel rates ─────────────────────────────────────────────────────────────

export type RateInput = { roomTypeId: string; mealPlan: string; season: string; prices: Record<RateField, string> }
type CheckedRate = { roomTypeId: string; hotelId: string; mealPlan: string; season: string; prices: Record<RateField, number> }

/** Checks rate rows against the hotel's room types and the seasons; `label(i)` names a row in messages. */
async function checkRates(
	db: Executor,
	rows: RateInput[],
	roomTypes: Map<string, string>,
	label: (index: number) => string,
	keyOf: (index: number, field: string) => string,
) {
	const seasons = await knownSeasons(db)
	const errors: Errors = {}
	const ok: CheckedRate[] = []
	const seen = new Set<string>()
	rows.forEach((row, index) => {
		const rowErrors: Errors = {}
		const hotelId = roomTypes.get(row.roomTypeId)
		if (!hotelId) rowErrors[keyOf(index, 'roomType')] = `${label(index)}: that room type does not exist. Add the room type first.`
		if (!(MEAL_PLANS as readonly string[]).includes(row.mealPlan))
			rowErrors[keyOf(index, 'mealPlan')] = `${label(index)}: the meal plan must be EP, CP, MAP or AP.`
		if (!seasons.includes(row.season))
			rowErrors[keyOf(index, 'season')] = `${label(index)}: “${row.season}” is not a season in the settings (${seasons.join(', ')}).`
		const prices = {} as Record<RateField, number>
		for (const [field, name] of rateFields) {
			const fieldErrors: Errors = {}
			const value = money({ v: row.prices[field] }, 'v', name, fieldErrors)
			if (fieldErrors.v) rowErrors[keyOf(index, field)] = `${label(index)}: ${fieldErrors.v}`
			prices[field] = value ?? 0
		}
		const key = `${row.roomTypeId}|${row.mealPlan}|${row.season}`
		if (seen.has(key)) rowErrors[keyOf(index, 'season')] = `${label(index)}: the same room type, meal plan and season appear twice.`
		seen.add(key)
		if (Object.keys(rowErrors).length) Object.assign(errors, rowErrors)
		else ok.push({ roomTypeId: row.roomTypeId, hotelId: hotelId!, mealPlan: row.mealPlan, season: row.season, prices })
	})
	return { errors, ok }
}

async function upsertRates(trx: Transaction<Database>, actor: Actor, rows: CheckedRate[]): Promise<number> {
	const at = now()
	for (const row of rows) {
		const values = { hotel_id: row.hotelId, room_type_id: row.roomTypeId, meal_plan: row.mealPlan, season: row.season, ...row.prices, updated_at: at }
		const before = await trx
			.selectFrom('hotel_rates')
			.selectAll()
			.where('room_type_id', '=', row.roomTypeId)
			.where('meal_plan', '=', row.mealPlan)
			.where('season', '=', row.season)
			.executeTakeFirst()
		if (before && rateFields.every(([field]) => before[field] === row.prices[field])) continue
		await trx
			.insertInto('hotel_rates')
			.values(values)
			.onConflict((oc) => oc.columns(['room_type_id', 'meal_plan', 'season']).doUpdateSet({ ...row.prices, updated_at: at }))
			.execute()
		await recordAudit(trx, {
			actor,
			action: before ? 'update' : 'create',
			entity: 'hotel_rate',
			entityId: `${row.roomTypeId}|${row.mealPlan}|${row.season}`,
			before,
			after: values,
		})
	}
	return rows.length
}

/** Saves a rate grid of one hotel. Every cell is checked first; one bad cell saves nothing. */
export async function saveHotelRates(db: Kysely<Database>, actor: Actor, hotelId: string, rows: RateInput[]): Promise<number> {
	const roomTypes = new Map(
		(await db.selectFrom('room_types').select(['id', 'hotel_id']).where('hotel_id', '=', hotelId).execute()).map((row) => [row.id, row.hotel_id]),
	)
	const names = new Map((await db.selectFrom('room_types').select(['id', 'name']).where('hotel_id', '=', hotelId).execute()).map((row) => [row.id, row.name]))
	const { errors, ok } = await checkRates(
		db,
		rows,
		roomTypes,
		(index) => `${names.get(rows[index]!.roomTypeId) ?? 'Unknown room type'}, ${rows[index]!.mealPlan}, ${rows[index]!.season}`,
		(index, field) => `${rows[index]!.roomTypeId}.${rows[index]!.mealPlan}.${rows[index]!.season}.${field}`,
	)
	if (Object.keys(errors).length)
		fail(errors, `${Object.keys(errors).length} ${Object.keys(errors).length === 1 ? 'price needs' : 'prices need'} attention; nothing was saved.`)
	return inTransaction(db, (trx) => upsertRates(trx, actor, ok))
}

// ─── CSV import and export of rate rows ──────────────────────────────────────

export const rateCsvHeader = ['hotel', 'island', 'room_type', 'meal_plan', 'season', ...rateFields.map(([field]) => field)] as const

/** Paise as rupees for a spreadsheet: 500000 → 5000, 123450 → 1234.5. */
const rupees = (paise: number) => Number((paise / 100).toFixed(2))

export async function exportHotelRatesCsv(db: Kysely<Database>, filters: { island?: string; tier?: string } = {}): Promise<string> {
	let query = db
		.selectFrom('hotel_rates')
		.innerJoin('hotels', 'hotels.id', 'hotel_rates.hotel_id')
		.innerJoin('room_types', 'room_types.id', 'hotel_rates.room_type_id')
		.select([
			'hotels.name as hotel',
			'hotels.island',
			'room_types.name as room_type',
			'hotel_rates.meal_plan',
			'hotel_rates.season',
			...rateFields.map(([field]) => `hotel_rates.${field}` as const),
		])
	if (filters.island) query = query.where('hotels.island', '=', filters.island)
	if (filters.tier) query = query.where('hotels.tier', '=', filters.tier)
	const rows = await query
		.orderBy('hotels.island')
		.orderBy('hotels.name')
		.orderBy('room_types.name')
		.orderBy('hotel_rates.meal_plan')
		.orderBy('hotel_rates.season')
		.execute()
	// Prices are numbers (never guarded); names are text (a leading = + - @ is).
	return toCsv([
		rateCsvHeader,
		...rows.map((row) => [row.hotel, row.island, row.room_type, row.meal_plan, row.season, ...rateFields.map(([field]) => rupees(row[field]))]),
	])
}

export type CsvImportResult = { ok: true; rows: number } | { ok: false; problems: Array<{ line: number; message: string }> }

/** Imports rate rows from CSV: every bad row is reported by its line number and nothing is saved unless all are good. */
export async function importHotelRatesCsv(db: Kysely<Database>, actor: Actor, csv: string): Promise<CsvImportResult> {
	const rows = parseCsv(csv.replace(/^\uFEFF/, ''))
	const problems: Array<{ line: number; message: string }> = []
	const header = rows.shift()
	if (!header || header.cells.map((cell) => cell.trim().toLowerCase()).join(',') !== rateCsvHeader.join(',')) {
		return { ok: false, problems: [{ line: 1, message: `The first line must be the header: ${rateCsvHeader.join(',')}` }] }
	}
	if (rows.length === 0) return { ok: false, problems: [{ line: 2, message: 'The file has no rate rows.' }] }
	if (rows.length > 5000) return { ok: false, problems: [{ line: 1, message: 'Import up to 5,000 rows at a time.' }] }
	const hotels = await db.selectFrom('hotels').select(['id', 'name', 'island']).execute()
	const hotelIds = new Map(hotels.map((hotel) => [`${hotel.name.toLowerCase()}|${hotel.island}`, hotel.id]))
	const roomTypes = await db.selectFrom('room_types').select(['id', 'hotel_id', 'name']).execute()
	const roomIds = new Map(roomTypes.map((room) => [`${room.hotel_id}|${room.name.toLowerCase()}`, room.id]))
	const owner = new Map(roomTypes.map((room) => [room.id, room.hotel_id]))
	const inputs: RateInput[] = []
	const lines: number[] = []
	for (const row of rows) {
		if (row.cells.length !== rateCsvHeader.length) {
			problems.push({ line: row.line, message: `Line ${row.line}: expected ${rateCsvHeader.length} cells, found ${row.cells.length}.` })
			continue
		}
		const [hotel, island, roomType, mealPlan, season, ...prices] = row.cells.map((cell) => csvCellText(cell.trim()))
		const hotelId = hotelIds.get(`${hotel!.toLowerCase()}|${island}`)
		if (!hotelId) {
			problems.push({ line: row.line, message: `Line ${row.line}: no hotel “${hotel}” on ${island}. Create the hotel first.` })
			continue
		}
		const roomTypeId = roomIds.get(`${hotelId}|${roomType!.toLowerCase()}`)
		if (!roomTypeId) {
			problems.push({ line: row.line, message: `Line ${row.line}: ${hotel} has no room type “${roomType}”. Add the room type first.` })
			continue
		}
		inputs.push({
			roomTypeId,
			mealPlan: mealPlan!.toUpperCase(),
			season: season!.toLowerCase(),
			prices: Object.fromEntries(rateFields.map(([field], index) => [field, prices[index] ?? ''])) as Record<RateField, string>,
		})
		lines.push(row.line)
	}
	const { errors, ok } = await checkRates(
		db,
		inputs,
		owner,
		(index) => `Line ${lines[index]}`,
		(index, field) => `${lines[index]}.${field}`,
	)
	for (const [key, message] of Object.entries(errors)) problems.push({ line: Number(key.split('.')[0]), message })
	if (problems.length) return { ok: false, problems: problems.sort((a, b) => a.line - b.line) }
	await inTransaction(db, async (trx) => {
		await upsertRates(trx, actor, ok)
		await recordAudit(trx, { actor, action: 'import', entity: 'hotel_rates', entityId: 'csv', after: { rows: ok.length } })
	})
	return { ok: true, rows: ok.length }
}

// ─── Activity prices, ferry fares, transfers ─────────────────────────────────

type NumberedRateTable = 'activity_prices' | 'ferry_fares' | 'transfer_rates'

/** Inserts (no id) or updates one row of a rate table numbered by the database, with its audit row; returns the id. */
async function saveNumberedRow<T extends NumberedRateTable>(
	trx: Transaction<Database>,
	actor: Actor,
	what: { table: T; entity: string; missing: string },
	id: number | null,
	values: Omit<Insertable<Database[T]>, 'updated_at'>,
): Promise<number> {
	// Each caller's values are checked against its own table; Kysely cannot follow a table chosen by a type parameter.
	const row = { ...values, updated_at: now() } as Insertable<Database['transfer_rates']>
	const table = what.table as 'transfer_rates'
	if (id === null) {
		const created = await trx.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow()
		await recordAudit(trx, { actor, action: 'create', entity: what.entity, entityId: String(created.id), after: values })
		return created.id
	}
	const before = await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()
	if (!before) throw new AppError('not-found', what.missing)
	await trx.updateTable(table).set(row).where('id', '=', id).execute()
	await recordAudit(trx, { actor, action: 'update', entity: what.entity, entityId: String(id), before, after: values })
	return id
}

/** The activity price grid, as /admin/activity-prices lists it: by activity, place, then season. */
export function listActivityPrices(db: Executor) {
	return db.selectFrom('activity_prices').selectAll().orderBy('activity').orderBy('location').orderBy('season').execute()
}

/** The ferry fare grid, as /admin/ferry-fares lists it: by route, operator, then class. */
export function listFerryFares(db: Executor) {
	return db.selectFrom('ferry_fares').selectAll().orderBy('from_island').orderBy('to_island').orderBy('operator').orderBy('class').execute()
}

/** The car rate grid, as /admin/transfers lists it: by island, unit, then vehicle. */
export function listTransferRates(db: Executor) {
	return db.selectFrom('transfer_rates').selectAll().orderBy('island').orderBy('unit').orderBy('vehicle').execute()
}

/** The supplier a rate row names (the `supplierId` field; empty for none, missing to keep it), refused when unknown, of another kind or archived (ADR 213). */
async function rowSupplier<T extends NumberedRateTable>(
	trx: Transaction<Database>,
	table: T,
	kind: RateKind,
	id: number | null,
	form: Form,
): Promise<string | null> {
	const current =
		id === null
			? null
			: ((
					await trx
						.selectFrom(table as 'transfer_rates')
						.select('supplier_id')
						.where('id', '=', id)
						.executeTakeFirst()
				)?.supplier_id ?? null)
	// A form without the field (an older page) keeps the row's supplier.
	if (form.supplierId === undefined) return current
	const supplierId = form.supplierId.trim() || null
	const problem = await rateSupplierProblem(trx, kind, supplierId, current)
	if (problem) throw new AppError('invalid-argument', problem, { fields: { supplierId: problem } })
	return supplierId
}

export async function saveActivityPrice(db: Kysely<Database>, actor: Actor, id: number | null, form: Form): Promise<number> {
	const errors: Errors = {}
	const seasons = await knownSeasons(db)
	const unit = oneOf(form, 'unit', ['per_person', 'per_group'] as const, 'Choose per person or per group.', errors)
	const values = {
		activity: (form.activity ?? '').trim().toLowerCase(),
		location: oneOf(form, 'location', activityLocations, 'Choose where the activity happens.', errors),
		provider: text(form, 'provider', 'the provider', errors, { max: 120 }),
		season: oneOf(form, 'season', seasons, 'Choose a season from the settings.', errors),
		unit,
		group_size: unit === 'per_group' ? whole(form, 'groupSize', 'the group size', errors, 1, 60) : null,
		adult_sell: money(form, 'adultSell', unit === 'per_group' ? 'group sell price' : 'adult sell price', errors) ?? 0,
		adult_cost: money(form, 'adultCost', unit === 'per_group' ? 'group cost price' : 'adult cost price', errors) ?? 0,
		child_sell: money(form, 'childSell', 'child sell price', errors, { optional: true }) ?? 0,
		child_cost: money(form, 'childCost', 'child cost price', errors, { optional: true }) ?? 0,
		duration: text(form, 'duration', 'the duration', errors, { max: 120 }),
		// Empty: no age limit.
		min_age: (form.minAge ?? '').trim() === '' ? null : whole(form, 'minAge', 'the minimum age', errors, 1, 99),
		notes: text(form, 'notes', 'the notes', errors, { max: 2000 }),
		active: checked(form, 'active') ? 1 : 0,
	}
	if (!/^[a-z0-9][a-z0-9-]{1,59}$/.test(values.activity)) errors.activity = 'Enter the activity as a short name in lower case with dashes, e.g. scuba-diving.'
	if (Object.keys(errors).length) fail(errors)
	return inTransaction(db, async (trx) => {
		const clash = await trx
			.selectFrom('activity_prices')
			.select('id')
			.where('activity', '=', values.activity)
			.where('location', '=', values.location)
			.where('season', '=', values.season)
			.executeTakeFirst()
		if (clash && clash.id !== id)
			throw new AppError('already-exists', 'That activity already has a price at this location in this season.', {
				fields: { season: 'That activity already has a price at this location in this season: edit that row.' },
			})
		const supplier_id = await rowSupplier(trx, 'activity_prices', 'activity', id, form)
		return saveNumberedRow(trx, actor, { table: 'activity_prices', entity: 'activity_price', missing: 'That activity price does not exist.' }, id, {
			...values,
			supplier_id,
		})
	})
}

export async function saveFerryFare(db: Kysely<Database>, actor: Actor, id: number | null, form: Form): Promise<number> {
	const errors: Errors = {}
	const departures = (form.departures ?? '').split(/[\s,]+/).filter(Boolean)
	if (departures.some((time) => !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)))
		errors.departures = 'Write departure times as HH:MM, separated by commas, e.g. 07:00, 13:30.'
	const childSell = money(form, 'childSell', 'child sell fare', errors, { optional: true })
	const childCost = money(form, 'childCost', 'child cost fare', errors, { optional: true })
	if ((childSell === null) !== (childCost === null) && !errors.childSell && !errors.childCost)
		errors.childSell = 'Enter both child fares, or neither (children then pay the adult fare).'
	const values = {
		operator: oneOf(form, 'operator', FERRY_OPERATORS, 'Choose the operator.', errors),
		from_island: oneOf(form, 'from', ferryIslands, 'Choose where the ferry leaves from.', errors),
		to_island: oneOf(form, 'to', ferryIslands, 'Choose where the ferry goes.', errors),
		class: (form.class ?? '').trim().toLowerCase(),
		adult_sell: money(form, 'adultSell', 'adult sell fare', errors) ?? 0,
		adult_cost: money(form, 'adultCost', 'adult cost fare', errors) ?? 0,
		child_sell: childSell,
		child_cost: childCost,
		infant_sell: money(form, 'infantSell', 'infant sell fare', errors) ?? 0,
		infant_cost: money(form, 'infantCost', 'infant cost fare', errors) ?? 0,
		departures_json: JSON.stringify(departures),
		active: checked(form, 'active') ? 1 : 0,
	}
	if (!/^[a-z][a-z-]{1,19}$/.test(values.class)) errors.class = 'Enter the class in lower case, e.g. premium, deluxe, royal or economy.'
	if (!errors.from && !errors.to && values.from_island === values.to_island)
		errors.to = 'A ferry goes from one island to another: choose a different destination.'
	if (Object.keys(errors).length) fail(errors)
	return inTransaction(db, async (trx) => {
		const clash = await trx
			.selectFrom('ferry_fares')
			.select('id')
			.where('operator', '=', values.operator)
			.where('from_island', '=', values.from_island)
			.where('to_island', '=', values.to_island)
			.where('class', '=', values.class)
			.executeTakeFirst()
		if (clash && clash.id !== id)
			throw new AppError('already-exists', 'That operator already has a fare for this route and class.', {
				fields: { class: 'That operator already has a fare for this route and class: edit that row.' },
			})
		const supplier_id = await rowSupplier(trx, 'ferry_fares', 'ferry', id, form)
		return saveNumberedRow(trx, actor, { table: 'ferry_fares', entity: 'ferry_fare', missing: 'That ferry fare does not exist.' }, id, {
			...values,
			supplier_id,
		})
	})
}

export async function saveTransferRate(db: Kysely<Database>, actor: Actor, id: number | null, form: Form): Promise<number> {
	const errors: Errors = {}
	const values = {
		island: oneOf(form, 'island', transferIslands, 'Choose the island.', errors),
		vehicle: oneOf(form, 'vehicle', VEHICLES, 'Choose the vehicle.', errors),
		unit: oneOf(form, 'unit', ['per_transfer', 'per_day'] as const, 'Choose per transfer or per day.', errors),
		sell: money(form, 'sell', 'sell price', errors) ?? 0,
		cost: money(form, 'cost', 'cost price', errors) ?? 0,
		notes: text(form, 'notes', 'the notes', errors, { max: 400 }),
		active: checked(form, 'active') ? 1 : 0,
	}
	if (Object.keys(errors).length) fail(errors)
	return inTransaction(db, async (trx) => {
		const clash = await trx
			.selectFrom('transfer_rates')
			.select('id')
			.where('island', '=', values.island)
			.where('vehicle', '=', values.vehicle)
			.where('unit', '=', values.unit)
			.executeTakeFirst()
		if (clash && clash.id !== id)
			throw new AppError('already-exists', 'That vehicle already has a rate on this island for this unit.', {
				fields: { vehicle: 'That vehicle already has a rate on this island for this unit: edit that row.' },
			})
		const supplier_id = await rowSupplier(trx, 'transfer_rates', 'transfer', id, form)
		return saveNumberedRow(trx, actor, { table: 'transfer_rates', entity: 'transfer_rate', missing: 'That transfer rate does not exist.' }, id, {
			...values,
			supplier_id,
		})
	})
}
