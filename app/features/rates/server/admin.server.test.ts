import { beforeAll, expect, test } from 'vitest'
import { defaultSeasonRanges } from '~/features/rates/domain/seasons.ts'
import { isAppError } from '~/lib/errors.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { currentFactValues } from '~/features/travel-facts/server/travel-facts.server.ts'
import {
	exportHotelRatesCsv,
	type Form,
	importHotelRatesCsv,
	parseSettingsForm,
	saveActivityPrice,
	saveFerryFare,
	saveHotel,
	saveHotelRates,
	saveRoomType,
	saveTransferRate,
	updateSettings,
} from './admin.server.ts'

const actor: Actor = { id: null, label: 'test owner' }

async function fieldsOf(promise: Promise<unknown>): Promise<Record<string, string>> {
	try {
		await promise
	} catch (error) {
		if (isAppError(error) && error.code === 'invalid-argument') return error.fields ?? {}
		throw error
	}
	throw new Error('expected invalid-argument')
}

function settingsForm(ranges = defaultSeasonRanges): Form {
	const form: Form = {
		markupPercent: '10',
		gstPercent: '5',
		advancePercent: '30',
		earliestArrivalDays: '3',
		balanceDueDaysBeforeStart: '15',
		quoteValidityDays: '7',
		tierDays0: '30',
		tierFee0: '10',
		tierDays1: '15',
		tierFee1: '50',
		tierDays2: '0',
		tierFee2: '100',
		infantMaxAge: '1',
		childMaxAge: '11',
		ferryReportingMinutes: '60',
		companyName: 'Andaman Isles Travel',
		companyPhone: '+91 94342 00000',
		companyWhatsapp: '919434200000',
		companyEmail: 'hello@andamanisles.travel',
		companyAddress: 'Aberdeen Bazaar, Sri Vijaya Puram',
		paymentUpiId: 'andamanisles@upi',
		paymentBankName: 'State Bank of India, Aberdeen Bazaar',
		paymentAccountName: 'Andaman Isles Travel',
		paymentAccountNumber: '12345678901',
		paymentIfsc: 'SBIN0000001',
		reminderDays: '7, 2',
		reminderOverdue: 'on',
	}
	ranges.forEach((range, index) => Object.assign(form, { [`season${index}`]: range.season, [`from${index}`]: range.from, [`to${index}`]: range.to }))
	return form
}

const priceForm = (overrides: Record<string, string> = {}) => ({
	double_sell: '5000',
	double_cost: '4000',
	extra_adult_sell: '1500',
	extra_adult_cost: '1200',
	child_bed_sell: '1000',
	child_bed_cost: '800',
	child_no_bed_sell: '500',
	child_no_bed_cost: '400',
	...overrides,
})

describeEachDatabase('rate screens data', (get) => {
	let hotelId = ''
	let roomTypeId = ''
	beforeAll(async () => {
		await seedDemoData(get().db)
	})

	test('settings: overlapping seasons and gaps are refused with clear messages; nothing saved', async () => {
		const { db } = get()
		const overlapping = [...defaultSeasonRanges, { season: 'high', from: '2026-12-25', to: '2026-12-31' }]
		const fields = await fieldsOf(updateSettings(db, actor, settingsForm(overlapping)))
		expect(fields.seasons).toMatch(/is in two seasons/)
		const gap = defaultSeasonRanges.filter((range) => range.from !== '2026-05-01')
		expect(parseSettingsForm(settingsForm(gap)).errors.seasons).toMatch(/No season covers 1 May 2026 – 30 Sept 2026|No season covers/)
		expect((await getSettings(db)).markupPercent).toBe(0)
	})

	test('settings: a good form saves, is audited and moves package prices', async () => {
		const { db } = get()
		const before = await db.selectFrom('packages').select(['slug', 'price_standard']).orderBy('slug').executeTakeFirstOrThrow()
		await updateSettings(db, actor, settingsForm())
		expect((await getSettings(db)).markupPercent).toBe(10)
		const after = await db.selectFrom('packages').select(['slug', 'price_standard']).where('slug', '=', before.slug).executeTakeFirstOrThrow()
		expect(after.price_standard!).toBeGreaterThan(before.price_standard!)
		const audit = await db.selectFrom('audit_log').select('entity_id').where('entity', '=', 'settings').execute()
		expect(audit.map((row) => row.entity_id)).toContain('markupPercent')
	})

	test('settings: the jetty reporting time is 30 to 180 minutes, and what is saved is what travellers see', async () => {
		const { db } = get()
		expect((await fieldsOf(updateSettings(db, actor, { ...settingsForm(), ferryReportingMinutes: '20' }))).ferryReportingMinutes).toMatch(/from 30 to 180/)
		expect((await fieldsOf(updateSettings(db, actor, { ...settingsForm(), ferryReportingMinutes: 'an hour' }))).ferryReportingMinutes).toMatch(/whole number/)
		expect((await currentFactValues(db))['ferry.reporting.fallback']).toBe('60 minutes')
		await updateSettings(db, actor, { ...settingsForm(), ferryReportingMinutes: '75' })
		expect((await getSettings(db)).ferryReportingMinutes).toBe(75)
		expect((await currentFactValues(db))['ferry.reporting.fallback']).toBe('75 minutes')
		await updateSettings(db, actor, settingsForm())
	})

	test('settings: payment reminder days are whole days 0 to 60, at most 5; saved largest first', async () => {
		const { db } = get()
		expect((await fieldsOf(updateSettings(db, actor, { ...settingsForm(), reminderDays: '7, two' }))).reminderDays).toMatch(/whole numbers from 0 to 60/)
		expect((await fieldsOf(updateSettings(db, actor, { ...settingsForm(), reminderDays: '90' }))).reminderDays).toMatch(/0 to 60/)
		expect((await fieldsOf(updateSettings(db, actor, { ...settingsForm(), reminderDays: '1 2 3 4 5 6' }))).reminderDays).toMatch(/at most 5/)
		await updateSettings(db, actor, { ...settingsForm(), reminderDays: '3, 10', reminderOverdue: '' })
		expect((await getSettings(db)).paymentReminders).toEqual({ daysBefore: [10, 3], whenOverdue: false })
		await updateSettings(db, actor, settingsForm())
		expect((await getSettings(db)).paymentReminders).toEqual({ daysBefore: [7, 2], whenOverdue: true })
	})

	test('hotels: create, room type, and rate grid with bad prices saves nothing', async () => {
		const { db } = get()
		hotelId = await saveHotel(db, actor, null, {
			name: 'Test Lagoon Inn',
			island: 'neil',
			tier: 'standard',
			stars: '3',
			active: 'on',
			checkIn: '12:00',
			checkOut: '10:00',
		})
		await expect(saveHotel(db, actor, null, { name: 'Test Lagoon Inn', island: 'neil', tier: 'standard' })).rejects.toMatchObject({ code: 'already-exists' })
		roomTypeId = await saveRoomType(db, actor, hotelId, null, { name: 'Garden Room', maxAdults: '3', maxChildren: '2', extraBed: 'on', isDefault: 'on' })
		const bad = await fieldsOf(
			saveHotelRates(db, actor, hotelId, [
				{ roomTypeId, mealPlan: 'CP', season: 'high', prices: priceForm() },
				{ roomTypeId, mealPlan: 'CP', season: 'low', prices: priceForm({ double_sell: '-100' }) },
				{ roomTypeId, mealPlan: 'CP', season: 'peak', prices: priceForm({ double_cost: 'abc' }) },
				{ roomTypeId: 'missing-room-type', mealPlan: 'CP', season: 'peak', prices: priceForm() },
				{ roomTypeId, mealPlan: 'CP', season: 'winter', prices: priceForm() },
			]),
		)
		expect(Object.values(bad).join(' ')).toMatch(/cannot be negative/)
		expect(Object.values(bad).join(' ')).toMatch(/as a number of rupees/)
		expect(Object.values(bad).join(' ')).toMatch(/room type does not exist/)
		expect(Object.values(bad).join(' ')).toMatch(/“winter” is not a season/)
		expect(await db.selectFrom('hotel_rates').select('id').where('hotel_id', '=', hotelId).execute()).toHaveLength(0)
		await saveHotelRates(db, actor, hotelId, [{ roomTypeId, mealPlan: 'CP', season: 'high', prices: priceForm() }])
		const saved = await db.selectFrom('hotel_rates').selectAll().where('hotel_id', '=', hotelId).executeTakeFirstOrThrow()
		expect(saved.double_sell).toBe(500_000)
		// Saving the same grid twice (a double submit) changes nothing.
		await saveHotelRates(db, actor, hotelId, [{ roomTypeId, mealPlan: 'CP', season: 'high', prices: priceForm() }])
		expect(await db.selectFrom('hotel_rates').select('id').where('hotel_id', '=', hotelId).execute()).toHaveLength(1)
	})

	test('CSV import is all or nothing and reports every bad row by line number', async () => {
		const { db } = get()
		const header =
			'hotel,island,room_type,meal_plan,season,double_sell,double_cost,extra_adult_sell,extra_adult_cost,child_bed_sell,child_bed_cost,child_no_bed_sell,child_no_bed_cost'
		const csv = [
			header,
			'Test Lagoon Inn,neil,Garden Room,MAP,high,6000,4800,2000,1600,1200,960,600,480',
			'Test Lagoon Inn,neil,Garden Room,MAP,low,-1,4800,2000,1600,1200,960,600,480',
			'Nowhere Hotel,neil,Garden Room,MAP,low,6000,4800,2000,1600,1200,960,600,480',
			'Test Lagoon Inn,neil,Tree House,MAP,low,6000,4800,2000,1600,1200,960,600,480',
			'Test Lagoon Inn,neil,Garden Room,XX,low,6000,4800,2000,1600,1200,960,600,480',
		].join('\n')
		const result = await importHotelRatesCsv(db, actor, csv)
		expect(result.ok).toBe(false)
		if (result.ok) return
		expect([...new Set(result.problems.map((problem) => problem.line))]).toEqual([3, 4, 5, 6])
		expect(await db.selectFrom('hotel_rates').select('id').where('hotel_id', '=', hotelId).execute()).toHaveLength(1)
		const good = await importHotelRatesCsv(
			db,
			actor,
			[
				header,
				'Test Lagoon Inn,neil,Garden Room,MAP,high,6000,4800,2000,1600,1200,960,600,480',
				'"Test Lagoon Inn",neil,Garden Room,MAP,low,"5,000",4000,2000,1600,1200,960,600,480',
			].join('\r\n'),
		)
		expect(good).toEqual({ ok: true, rows: 2 })
		const exported = await exportHotelRatesCsv(db, { island: 'neil' })
		expect(exported.split('\r\n')[0]).toBe(header)
		expect(exported).toContain('Test Lagoon Inn,neil,Garden Room,MAP,low,5000,4000')
	})

	test('the rates export guards names a spreadsheet would run as formulas, and imports them back as typed', async () => {
		const { db } = get()
		const evilId = await saveHotel(db, actor, null, { name: '=HYPERLINK("http://evil.example")', island: 'neil', tier: 'standard', active: 'on' })
		await saveRoomType(db, actor, evilId, null, { name: '+Sea View', maxAdults: '2', maxChildren: '1', isDefault: 'on' })
		const header =
			'hotel,island,room_type,meal_plan,season,double_sell,double_cost,extra_adult_sell,extra_adult_cost,child_bed_sell,child_bed_cost,child_no_bed_sell,child_no_bed_cost'
		const imported = await importHotelRatesCsv(
			db,
			actor,
			[header, '"=HYPERLINK(""http://evil.example"")",neil,+Sea View,MAP,high,6000,4800,2000,1600,1200,960,600,480'].join('\r\n'),
		)
		expect(imported).toEqual({ ok: true, rows: 1 })
		const exported = await exportHotelRatesCsv(db, { island: 'neil' })
		const line = exported.split('\r\n').find((row) => row.includes('evil.example'))
		expect(line).toBe(`"'=HYPERLINK(""http://evil.example"")",neil,'+Sea View,MAP,high,6000,4800,2000,1600,1200,960,600,480`)
		for (const row of exported.split('\r\n').slice(1).filter(Boolean)) expect(row).not.toMatch(/(^|,)[=+\-@\t\r]/)
		// Exported, edited and imported again: the names come back as typed, not with the guard.
		expect(await importHotelRatesCsv(db, actor, exported)).toMatchObject({ ok: true })
	})

	test('activity prices, ferry fares and transfers refuse bad prices and save good ones', async () => {
		const { db } = get()
		const activity = await fieldsOf(
			saveActivityPrice(db, actor, null, {
				activity: 'kayaking',
				location: 'neil',
				season: 'high',
				unit: 'per_person',
				adultSell: '-5',
				adultCost: 'x',
				active: 'on',
			}),
		)
		expect(activity.adultSell).toMatch(/negative/)
		expect(activity.adultCost).toMatch(/number of rupees/)
		expect(
			(
				await fieldsOf(
					saveActivityPrice(db, actor, null, {
						activity: 'kayaking',
						location: 'neil',
						season: 'high',
						unit: 'per_person',
						adultSell: '2500',
						adultCost: '1800',
						minAge: 'ten',
						active: 'on',
					}),
				)
			).minAge,
		).toBe('Enter the minimum age as a whole number from 1 to 99.')
		const id = await saveActivityPrice(db, actor, null, {
			activity: 'kayaking',
			location: 'neil',
			season: 'high',
			unit: 'per_person',
			adultSell: '2500',
			adultCost: '1800',
			childSell: '1500',
			childCost: '1000',
			minAge: '8',
			active: 'on',
		})
		expect(id).toBeGreaterThan(0)
		expect((await db.selectFrom('activity_prices').select('min_age').where('id', '=', id).executeTakeFirstOrThrow()).min_age).toBe(8)
		const ferry = await fieldsOf(
			saveFerryFare(db, actor, null, {
				operator: 'makruzz',
				from: 'neil',
				to: 'neil',
				class: 'premium',
				adultSell: '1500',
				adultCost: '1350',
				infantSell: '300',
				infantCost: '270',
				departures: '7am',
			}),
		)
		expect(ferry.to).toMatch(/different destination/)
		expect(ferry.departures).toMatch(/HH:MM/)
		const transfer = await fieldsOf(saveTransferRate(db, actor, null, { island: 'neil', vehicle: 'bus', unit: 'per_day', sell: '', cost: '100' }))
		expect(transfer.vehicle).toBeDefined()
		expect(transfer.sell).toMatch(/Enter the sell price/)
		const before = await db.selectFrom('transfer_rates').select('id').execute()
		const transferId = await saveTransferRate(db, actor, null, {
			island: 'neil',
			vehicle: 'tempo-traveller',
			unit: 'per_day',
			sell: '6000',
			cost: '4800',
			active: 'on',
		})
		expect(await db.selectFrom('transfer_rates').select('id').execute()).toHaveLength(before.length + 1)
		expect(
			await db.selectFrom('audit_log').select('id').where('entity', '=', 'transfer_rate').where('entity_id', '=', String(transferId)).execute(),
		).toHaveLength(1)
	})

	test('saving a rate row again updates it in place with an audit row; a row that is not there is not found', async () => {
		const { db } = get()
		const form = {
			operator: 'makruzz',
			from: 'port-blair',
			to: 'havelock',
			class: 'test-upper-deck',
			adultSell: '2500',
			adultCost: '2200',
			infantSell: '300',
			infantCost: '270',
			departures: '07:00',
			active: 'on',
		}
		const id = await saveFerryFare(db, actor, null, form)
		expect(await saveFerryFare(db, actor, id, { ...form, adultSell: '2600', departures: '07:00, 13:30' })).toBe(id)
		expect(await db.selectFrom('ferry_fares').select(['adult_sell', 'departures_json']).where('id', '=', id).executeTakeFirst()).toEqual({
			adult_sell: 260_000,
			departures_json: '["07:00","13:30"]',
		})
		const trail = await db
			.selectFrom('audit_log')
			.select(['action', 'before_json'])
			.where('entity', '=', 'ferry_fare')
			.where('entity_id', '=', String(id))
			.orderBy('id')
			.execute()
		expect(trail.map((row) => row.action)).toEqual(['create', 'update'])
		expect(JSON.parse(trail[1]!.before_json!)).toMatchObject({ adult_sell: 250_000 })
		await expect(
			saveActivityPrice(db, actor, 999_999, {
				activity: 'kayaking',
				location: 'havelock',
				season: 'low',
				unit: 'per_person',
				adultSell: '2500',
				adultCost: '1800',
				active: 'on',
			}),
		).rejects.toMatchObject({ code: 'not-found', message: 'That activity price does not exist.' })
	})
})
