/** The three rate grid pages (one form per row) through their real route modules: a bad field is refused on its row's form, a good row is saved with its toast. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seasonNames } from '~/features/rates/domain/seasons.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { cookieFor, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import { post, settleAction, toastTitle } from '#tests/support/route-requests.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import * as activityPrices from './activity-prices.tsx'
import * as ferryFares from '../ferries/ferry-fares.tsx'
import * as transfers from './transfers.tsx'

describeEachDatabase('the rate grids /admin/activity-prices, /admin/ferry-fares, /admin/transfers', (db) => {
	let cookie: string
	let season: string
	beforeAll(async () => {
		await useAppDatabase(db().url)
		cookie = await cookieFor(db().db, await makeUser(db().db, { role: 'staff' }))
		season = seasonNames((await getSettings(db().db)).seasons)[0]!
	})
	afterAll(async () => {
		await closeDatabase()
	})

	const grids = [
		{
			url: '/admin/activity-prices',
			module: activityPrices,
			row: () => ({
				id: '',
				activity: 'scuba-diving',
				location: 'havelock',
				season,
				unit: 'per_person',
				groupSize: '',
				adultSell: '4500',
				adultCost: '3800',
				childSell: '',
				childCost: '',
				notes: '',
				provider: '',
				duration: '',
				active: 'on',
			}),
			bad: { field: 'adultSell', value: 'lots' },
			toast: 'Scuba diving price saved',
			count: () =>
				db()
					.db.selectFrom('activity_prices')
					.select((eb) => eb.fn.countAll().as('n'))
					.executeTakeFirstOrThrow(),
		},
		{
			url: '/admin/ferry-fares',
			module: ferryFares,
			row: () => ({
				id: '',
				operator: 'makruzz',
				from: 'port-blair',
				to: 'havelock',
				class: 'premium',
				adultSell: '1700',
				adultCost: '1500',
				childSell: '',
				childCost: '',
				infantSell: '400',
				infantCost: '350',
				departures: '07:00, 13:30',
				active: 'on',
			}),
			bad: { field: 'departures', value: 'seven' },
			toast: 'Ferry fare saved',
			count: () =>
				db()
					.db.selectFrom('ferry_fares')
					.select((eb) => eb.fn.countAll().as('n'))
					.executeTakeFirstOrThrow(),
		},
		{
			url: '/admin/transfers',
			module: transfers,
			row: () => ({ id: '', island: 'havelock', vehicle: 'suv', unit: 'per_day', sell: '3000', cost: '2500', notes: 'AC', active: 'on' }),
			bad: { field: 'sell', value: 'free' },
			toast: 'Transfer rate saved',
			count: () =>
				db()
					.db.selectFrom('transfer_rates')
					.select((eb) => eb.fn.countAll().as('n'))
					.executeTakeFirstOrThrow(),
		},
	]

	for (const grid of grids) {
		describe(grid.url, () => {
			const act = (form: Record<string, string>) => settleAction(grid.module, post(grid.url, form, cookie))

			test('a bad field is refused with its message and the row as typed; nothing is saved', async () => {
				const before = Number((await grid.count()).n)
				const refused = await act({ ...grid.row(), [grid.bad.field]: grid.bad.value })
				expect(refused.status).toBe(400)
				expect(refused.errors[grid.bad.field]).toBeTruthy()
				expect(refused.errors.form).toBeTruthy()
				expect(refused.values[grid.bad.field]).toBe(grid.bad.value)
				expect(Number((await grid.count()).n)).toBe(before)
			})

			test('a good row is saved and the grid comes back with its toast; the same row again is refused as a clash', async () => {
				const before = Number((await grid.count()).n)
				const saved = await act(grid.row())
				expect(saved.status).toBe(302)
				expect(saved.location).toBe(grid.url)
				expect(await toastTitle(saved)).toBe(grid.toast)
				expect(Number((await grid.count()).n)).toBe(before + 1)
				const clash = await act(grid.row())
				expect(clash.status).toBe(409)
			})
		})
	}
})
