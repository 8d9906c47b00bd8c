import { afterAll, beforeAll, expect, test } from 'vitest'
import { closeDatabase } from '~/server/db/index.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { testIp, useAppDatabase } from '#tests/support/identity.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { get, post, routeArgs, settle } from '#tests/support/route-requests.ts'
import * as quote from './quote.tsx'

const form = {
	name: 'Kavya Menon',
	phone: '98765 43210',
	email: 'kavya@example.com',
	travelMonth: '2027-01',
	nights: '6',
	adults: '2',
	childAges: '4, 9',
	budget: '40k-60k',
	tier: 'deluxe',
	islands: ['havelock', 'neil'],
	message: 'Scuba for one of us',
}

describeEachDatabase('/quote', (get_) => {
	beforeAll(async () => {
		await useAppDatabase(get_().url)
		await seedDemoData(get_().db)
	})
	afterAll(async () => {
		await closeDatabase()
	})
	const submit = (values: Record<string, string | string[]>, ip = testIp()) => settle(() => quote.action(routeArgs(post('/quote', values), {}, ip)))

	test('a request becomes one lead with everything the visitor gave, then the thank-you page', async () => {
		const key = 'quote-test-key-000001'
		const first = await submit({ ...form, submissionKey: key })
		expect(first.status).toBe(302)
		expect(first.location).toMatch(/^\/thank-you\?ref=LD-\d{4}-\d{5}$/)
		const again = await submit({ ...form, submissionKey: key })
		expect(again.location).toBe(first.location)
		const rows = await get_().db.selectFrom('leads').selectAll().where('submission_key', '=', key).execute()
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({
			source: 'quote_form',
			phone: '+919876543210',
			nights: 6,
			adults: 2,
			child_ages_json: '[4,9]',
			islands_json: '["havelock","neil"]',
			budget: '40k-60k',
			tier: 'deluxe',
			travel_month: '2027-01',
			package_id: null,
		})
		const events = await get_().db.selectFrom('lead_events').select('kind').where('lead_id', '=', rows[0]!.id).execute()
		expect(events.map((event) => event.kind)).toEqual(['created'])
	})

	test('from a package page: the package is shown, prefilled and stored', async () => {
		const pkg = await get_().db.selectFrom('packages').select(['id', 'slug', 'total_nights']).where('status', '=', 'published').executeTakeFirstOrThrow()
		const page = await settle(() => quote.loader(routeArgs(get(`/quote?package=${pkg.slug}`), {}, testIp())))
		expect(page.body.pkg).toMatchObject({ id: pkg.id, slug: pkg.slug, totalNights: pkg.total_nights })
		const key = 'quote-test-key-000002'
		const result = await submit({ ...form, packageSlug: pkg.slug, submissionKey: key })
		expect(result.status).toBe(302)
		const row = await get_().db.selectFrom('leads').selectAll().where('submission_key', '=', key).executeTakeFirstOrThrow()
		expect(row).toMatchObject({ source: 'package_page', package_id: pkg.id })
		const missing = await settle(() => quote.loader(routeArgs(get('/quote?package=no-such-thing'), {}, testIp())))
		expect(missing.body.pkg).toBeNull()
	})

	test('bad input: 400 with a message per field, the input kept, nothing saved', async () => {
		const before = await get_()
			.db.selectFrom('leads')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow()
		const result = await submit({ ...form, phone: '123', adults: '0', childAges: 'four', submissionKey: 'quote-test-key-000003' })
		expect(result.status).toBe(400)
		expect(Object.keys(result.errors).sort()).toEqual(['adults', 'childAges', 'phone'])
		expect(result.values).toMatchObject({ name: 'Kavya Menon', phone: '123' })
		expect(result.body.result.initialValue.islands).toEqual(['havelock', 'neil'])
		const unknownPackage = await submit({ ...form, packageSlug: 'no-such-package', submissionKey: 'quote-test-key-000004' })
		expect(unknownPackage.status).toBe(400)
		expect(unknownPackage.errors.packageSlug).toMatch(/no longer offered/)
		const after = await get_()
			.db.selectFrom('leads')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow()
		expect(Number(after.n)).toBe(Number(before.n))
	})

	test('bots that fill the honeypot see the thank-you page and nothing is stored; floods are limited', async () => {
		const bot = await submit({ ...form, website_url: 'http://spam.example', submissionKey: 'quote-test-key-000005' })
		expect(bot.location).toBe('/thank-you')
		expect(await get_().db.selectFrom('leads').select('id').where('submission_key', '=', 'quote-test-key-000005').executeTakeFirst()).toBeUndefined()
		const ip = testIp()
		for (let i = 0; i < 10; i++) expect((await submit({ ...form, submissionKey: `quote-flood-${i}-0000000` }, ip)).status).toBe(302)
		const limited = await submit({ ...form, submissionKey: 'quote-flood-x-0000000' }, ip)
		expect(limited.status).toBe(429)
		expect(limited.errors.form).toMatch(/try again/)
	})
})
