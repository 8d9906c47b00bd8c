/** The voucher, booking-component and outbox forms through the real route modules: bad input gets a message (4xx) and saves nothing. */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createBooking } from '~/features/bookings/server/bookings.server.ts'
import { createPackage } from '~/features/catalog/server/packages.server.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { errorsOf, resultFor, valuesOf } from '~/lib/forms.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { cookieFor, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import { demoPackages } from '~/server/seed/demo-packages.ts'
import * as voucherPage from '../../bare/voucher.tsx'
import * as voucherPdf from '../../resources/voucher-pdf.ts'
import { get, post, routeArgs, settle } from '#tests/support/route-requests.ts'
import * as review from '../booking-review/booking-review.tsx'
import * as outbox from '../outbox.tsx'
import * as vouchers from './vouchers.tsx'

describeEachDatabase('/admin/vouchers, /admin/outbox, components on /admin/pending/:id, /voucher/:id', (db) => {
	let cookie: string
	let bookingId: string
	beforeAll(async () => {
		await useAppDatabase(db().url)
		cookie = await cookieFor(db().db, await makeUser(db().db, { role: 'staff' }))
		const pkg = await createPackage(db().db, { ...demoPackages[0]!, slug: 'route-voucher-package' }, { id: null, label: 'test' })
		bookingId = (
			await createBooking(
				db().db,
				{
					packageId: pkg.id,
					title: pkg.title,
					tier: 'standard',
					startDate: '2027-02-01',
					nights: pkg.totalNights,
					adults: 1,
					childAges: [],
					infants: 0,
					price: { lines: [], total: 2_000_000, perPerson: 2_000_000, payingTravellers: 1 },
					advanceDue: 600_000,
					contactName: 'Rahul Das',
					contactPhone: '+919812345678',
					contactEmail: null,
					specialRequests: null,
					travellers: [{ name: 'Rahul Das', age: 40, gender: 'male', nationality: 'Indian', idType: 'pan', idNumber: 'ABCDE1234F', passportExpiry: null }],
				},
				{ submissionKey: 'route-voucher' },
			)
		).id
	})
	afterAll(async () => {
		await closeDatabase()
	})
	const state = async () => ({
		vouchers: (await db().db.selectFrom('vouchers').select('id').execute()).length,
		components: (await db().db.selectFrom('booking_components').select('id').execute()).length,
		audit: (await db().db.selectFrom('audit_log').select('id').where('entity_id', '=', bookingId).execute()).length,
	})

	test('vouchers: bad input and refusals say what to do, and save nothing', async () => {
		const before = await state()
		const cases: Array<[Record<string, string>, number, string, RegExp]> = [
			[{ intent: 'issue', bookingId }, 409, 'form', /awaiting payment: confirm it first/],
			[{ intent: 'issue', bookingId: 'NoSuchBooking0000000' }, 404, 'form', /No booking has this id/],
			[{ intent: 'issue', bookingId: '' }, 400, 'bookingId', /Choose the booking/],
			[{ intent: 'revoke', voucherId: 'NoSuchVoucher0000000', reason: '' }, 400, 'reason', /Say why the voucher is revoked/],
			[{ intent: 'reissue', voucherId: 'NoSuchVoucher0000000' }, 404, 'form', /No voucher has this id/],
			[{ intent: 'explode' }, 400, 'intent', /issue, reissue or revoke/],
		]
		for (const [form, status, field, message] of cases) {
			const result = await settle(() => vouchers.action(routeArgs(post('/admin/vouchers', form, cookie), {}, 't')))
			expect(result.status, JSON.stringify(form)).toBe(status)
			expect(errorsOf(resultFor(result.body))[field], JSON.stringify(form)).toMatch(message)
			// Every posted field comes back as typed (an empty one as no value).
			for (const [name, value] of Object.entries(form)) expect(valuesOf(resultFor(result.body))[name] ?? '', `${name} of ${JSON.stringify(form)}`).toBe(value)
		}
		expect(await state()).toEqual(before)
	})

	test('components: bad input keeps what was typed and says what to fix', async () => {
		const before = await state()
		const base = {
			intent: 'add-component',
			kind: 'hotel',
			description: 'Sea Shell Havelock',
			startDate: '2027-02-02',
			endDate: '2027-02-04',
			time: '',
			supplier: 'Sea Shell',
			supplierStatus: 'requested',
			confirmationNumber: '',
			notes: '',
		}
		const cases: Array<[Record<string, string>, number, string, RegExp]> = [
			[{ ...base, kind: '' }, 400, 'kind', /hotel stay, activity, ferry or transfer/],
			[{ ...base, description: 'x' }, 400, 'description', /Describe it/],
			[{ ...base, endDate: '2027-02-01' }, 400, 'endDate', /cannot be before/],
			[{ ...base, time: '7pm' }, 400, 'time', /HH:MM/],
			[{ ...base, supplierStatus: 'rejected' }, 409, 'form', /cannot become/],
			[{ ...base, intent: 'update-component', componentId: 'NoSuchComponent00000' }, 404, 'form', /No such component/],
			[{ intent: 'complete' }, 409, 'form', /Only a confirmed booking/],
		]
		for (const [form, status, field, message] of cases) {
			const result = await settle(() => review.action(routeArgs(post(`/admin/pending/${bookingId}`, form, cookie), { id: bookingId }, 't')))
			expect(result.status, JSON.stringify(form)).toBe(status)
			expect(result.errors[field], JSON.stringify(form)).toMatch(message)
			// Every field comes back as it was sent; a field sent empty comes back empty (Conform leaves it out).
			for (const [name, value] of Object.entries(form)) expect(result.values[name] ?? '', name).toBe(value)
		}
		expect(await state()).toEqual(before)
		const added = await settle(() => review.action(routeArgs(post(`/admin/pending/${bookingId}`, base, cookie), { id: bookingId }, 't')))
		expect(added.status).toBe(302)
		expect((await state()).components).toBe(before.components + 1)
	})

	test('outbox: a bad retry is a 400; the list pages', async () => {
		const result = await settle(() => outbox.action(routeArgs(post('/admin/outbox', { intent: 'retry', id: 'abc' }, cookie), {}, 't')))
		expect(result.status).toBe(400)
		expect(errorsOf(resultFor(result.body)).id).toMatch(/Choose the email/)
		const list = await settle(() => outbox.loader(routeArgs(get('/admin/outbox?status=queued&page=99', cookie), {}, 't')))
		expect(list.status).toBe(200)
		expect(list.body).toMatchObject({ page: 99, status: 'queued', smtpConfigured: false })
	})

	test('an unknown voucher is a 404 page and a 404 PDF', async () => {
		const page = await settle(() => voucherPage.loader(routeArgs(get('/voucher/NoSuchVoucher0000000'), { id: 'NoSuchVoucher0000000' }, 't')))
		expect(page.status).toBe(404)
		const pdf = await settle(() => voucherPdf.loader(routeArgs(get('/voucher/x/pdf'), { id: 'x' }, 't')))
		expect(pdf.status).toBe(404)
	})
})
