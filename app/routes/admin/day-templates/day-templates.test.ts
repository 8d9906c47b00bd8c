/** /admin/add-days through the real route module and the data layer, on both databases. */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { dayTemplateSchema } from '~/features/sales/domain/day-template.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { cookieFor, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import { demoDayTemplates } from '~/server/seed/demo-day-templates.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { get, post, routeArgs, settle } from '#tests/support/route-requests.ts'
import * as route from './day-templates.tsx'
import { errorsOf, resultFor, valuesOf } from '~/lib/forms.ts'

test('every demo day passes the form’s own validation, and there are at least 20', () => {
	expect(demoDayTemplates.length).toBeGreaterThanOrEqual(20)
	for (const day of demoDayTemplates) {
		const result = dayTemplateSchema.safeParse({
			...day,
			ferryFrom: day.ferryFrom ?? '',
			ferryTo: day.ferryTo ?? '',
			activities: day.activities.join('\n'),
			transfers: day.transfers.join('\n'),
			tags: day.tags.join(', '),
			active: 'on',
		})
		expect(result.error?.issues ?? [], day.title).toEqual([])
	}
})

describeEachDatabase('/admin/add-days', (db) => {
	let cookie: string
	beforeAll(async () => {
		await useAppDatabase(db().url)
		cookie = await cookieFor(db().db, await makeUser(db().db, { role: 'staff' }))
		await seedDemoData(db().db)
	})
	afterAll(async () => {
		await closeDatabase()
	})
	const list = async (query = '') => (await settle(() => route.loader(routeArgs(get(`/admin/add-days${query}`, cookie), {}, 't')))).body
	const act = (form: Record<string, string | string[]>) => settle(() => route.action(routeArgs(post('/admin/add-days', form, cookie), {}, 't')))
	const count = async () =>
		Number(
			(
				await db()
					.db.selectFrom('day_templates')
					.select((eb) => eb.fn.countAll<number>().as('n'))
					.executeTakeFirstOrThrow()
			).n,
		)

	test('the demo days are seeded once, however often the seed runs', async () => {
		const before = await count()
		expect(before).toBe(demoDayTemplates.length)
		expect((await seedDemoData(db().db)).dayTemplates).toBe(0)
		expect(await count()).toBe(before)
	})

	test('search by island, tag and words', async () => {
		const neil = await list('?island=neil')
		expect(neil.templates.length).toBeGreaterThanOrEqual(3)
		expect(neil.templates.every((day: { island: string }) => day.island === 'neil')).toBe(true)
		const snorkelling = await list('?tag=snorkelling')
		expect(snorkelling.templates.map((day: { title: string }) => day.title)).toContain('Elephant Beach snorkelling')
		expect(snorkelling.templates.every((day: { tags: string[] }) => day.tags.includes('snorkelling'))).toBe(true)
		expect((await list('?q=cellular%20jail')).templates[0].title).toMatch(/Cellular Jail/)
		expect(neil.tags).toContain('ferry')
	})

	test('create, edit, duplicate, reorder and archive, each audited', async () => {
		const created = await act({
			intent: 'create',
			island: 'havelock',
			title: 'Sea walk at Elephant Beach',
			description: 'A helmet sea walk over the reef at Elephant Beach, no swimming needed.',
			activities: 'Sea walk',
			transfers: '',
			meals: ['breakfast'],
			tags: 'adventure, sea walk',
			active: 'on',
		})
		expect(created.status).toBe(302)
		const row = await db().db.selectFrom('day_templates').selectAll().where('title', '=', 'Sea walk at Elephant Beach').executeTakeFirstOrThrow()
		expect(row).toMatchObject({ island: 'havelock', tags: ',adventure,sea walk,', meals_json: '["breakfast"]', active: 1 })
		const havelock = () => list('?island=havelock').then((body) => body.templates.map((day: { id: string }) => day.id) as string[])
		const order = await havelock()
		expect(order.at(-1)).toBe(row.id)
		expect((await act({ intent: 'move', id: row.id, direction: 'up' })).status).toBe(302)
		expect((await havelock()).at(-2)).toBe(row.id)
		expect(
			(
				await act({
					intent: 'update',
					id: row.id,
					island: 'havelock',
					title: 'Sea walk, Elephant Beach',
					description: row.description,
					ferryFrom: '',
					ferryTo: '',
					tags: 'adventure',
				})
			).status,
		).toBe(302)
		const updated = await db().db.selectFrom('day_templates').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
		expect(updated).toMatchObject({ title: 'Sea walk, Elephant Beach', active: 0, meals_json: '[]' })
		const copy = await act({ intent: 'duplicate', id: row.id })
		expect(copy.location).toMatch(/^\/admin\/add-days\?edit=[A-Za-z0-9]{20}$/)
		expect((await act({ intent: 'archive', id: row.id })).status).toBe(302)
		expect(await havelock()).not.toContain(row.id)
		expect((await list('?archived=1')).templates.map((day: { id: string }) => day.id)).toEqual([row.id])
		expect((await act({ intent: 'restore', id: row.id })).status).toBe(302)
		const actions = await db().db.selectFrom('audit_log').select('action').where('entity', '=', 'day_template').execute()
		expect(actions.map((a) => a.action).sort()).toEqual([
			'day-template.archive',
			'day-template.create',
			'day-template.duplicate',
			'day-template.move',
			'day-template.restore',
			'day-template.update',
		])
	})

	test('bad input on the form: a message per field, nothing saved', async () => {
		const before = await count()
		const audit = async () => (await db().db.selectFrom('audit_log').select('id').where('entity', '=', 'day_template').execute()).length
		const auditBefore = await audit()
		const bad = await act({ intent: 'create', island: 'atlantis', title: '', description: 'short', ferryFrom: 'neil', ferryTo: '', tags: '<script>' })
		expect(bad.status).toBe(400)
		expect(Object.keys(errorsOf(resultFor(bad.body))).sort()).toEqual(['description', 'island', 'tags', 'title'])
		expect(valuesOf(resultFor(bad.body)).description).toBe('short')
		const ferry = await act({
			intent: 'create',
			island: 'neil',
			title: 'Half a ferry',
			description: 'A day with only one end of a ferry crossing.',
			ferryFrom: 'neil',
			ferryTo: '',
		})
		expect(errorsOf(resultFor(ferry.body))).toEqual({ ferryTo: 'Give both ends of the ferry crossing, or neither.' })
		expect((await act({ intent: 'move', id: 'nope' })).status).toBe(400)
		expect((await act({ intent: 'archive', id: 'AAAAAAAAAAAAAAAAAAAA' })).status).toBe(404)
		expect(errorsOf(resultFor((await act({ intent: 'melt' })).body)).intent).toMatch(/what to do/)
		expect(await count()).toBe(before)
		expect(await audit()).toBe(auditBefore)
	})

	test('priced activities: saved with the day; text naming one that is not priced returns to the editor; one from another island is refused', async () => {
		const form = {
			intent: 'create',
			island: 'neil',
			title: 'Neil reef morning',
			description: 'Snorkelling over the reef at Bharatpur, then a quiet afternoon.',
			ferryFrom: '',
			ferryTo: '',
			meals: ['breakfast'],
			tags: 'snorkelling',
		}
		const flagged = await act(form)
		expect(flagged.status).toBe(302)
		const row = await db().db.selectFrom('day_templates').selectAll().where('title', '=', 'Neil reef morning').executeTakeFirstOrThrow()
		expect(flagged.location).toBe(`/admin/add-days?edit=${row.id}`)
		const editor = await list(`?edit=${row.id}`)
		expect(editor.templates.find((day: { id: string }) => day.id === row.id).mismatches).toBe(1)
		expect(editor.activities.map((activity: { id: string }) => activity.id)).toContain('snorkeling@neil')

		const fixed = await act({ ...form, intent: 'update', id: row.id, priced: ['snorkeling@neil'] })
		expect(fixed.location).toBe('/admin/add-days')
		expect(await db().db.selectFrom('day_templates').select('priced_json').where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual({
			priced_json: '["snorkeling@neil"]',
		})

		const away = await act({ ...form, intent: 'update', id: row.id, priced: ['scuba-diving@havelock'] })
		expect(away.status).toBe(400)
		expect(errorsOf(resultFor(away.body)).priced).toMatch(/not done from this island/)
		expect(await db().db.selectFrom('day_templates').select('priced_json').where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual({
			priced_json: '["snorkeling@neil"]',
		})
	})

	test('the new-day form posted three times at once (a double click, a resend) adds the day once', async () => {
		const { submissionKey } = await list('?new=1')
		const before = await count()
		const form = {
			intent: 'create',
			submissionKey,
			island: 'neil',
			title: 'Natural Bridge at low tide',
			description: 'Walk to the rock arch at Laxmanpur 2 when the tide is out, then Sitapur for sunrise views.',
			activities: 'Natural Bridge walk',
			transfers: '',
			meals: ['breakfast'],
			tags: 'walk',
			active: 'on',
		}
		const answers = await Promise.all([1, 2, 3].map(() => act(form)))
		expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302])
		expect(await count()).toBe(before + 1)
		expect((await act(form)).status).toBe(302)
		expect(await count()).toBe(before + 1)
		// The next render is a new form: it adds another day.
		expect((await act({ ...form, submissionKey: (await list('?new=1')).submissionKey })).status).toBe(302)
		expect(await count()).toBe(before + 2)

		// Duplicate, three times from one page render: one copy. Another day's Duplicate on the same page is its own copy.
		const page = await list()
		const [first, second] = page.templates as Array<{ id: string }>
		const copies = await Promise.all([1, 2, 3].map(() => act({ intent: 'duplicate', id: first!.id, submissionKey: page.submissionKey })))
		expect(new Set(copies.map((answer) => answer.location)).size).toBe(1)
		expect(await count()).toBe(before + 3)
		expect((await act({ intent: 'duplicate', id: second!.id, submissionKey: page.submissionKey })).location).not.toBe(copies[0]!.location)
		expect(await count()).toBe(before + 4)
	})
})
