/** The lead page's actions through the real route module: bad input gets a message and saves nothing. */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { closeDatabase } from '~/server/db/index.server.ts'
import { errorsOf, resultFor } from '~/lib/forms.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { cookieFor, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { get, post, routeArgs, settle } from '#tests/support/route-requests.ts'
import * as lead from './lead.tsx'
import * as latest from './leads-latest.ts'
import * as leads from './leads.tsx'

describeEachDatabase('/admin/leads and /admin/leads/:id', (db) => {
	let cookie: string
	let id: string
	beforeAll(async () => {
		await useAppDatabase(db().url)
		cookie = await cookieFor(db().db, await makeUser(db().db, { role: 'staff' }))
		id = (await createLead(db().db, { source: 'phone', name: 'Priya Nair', phone: '+919876500000', email: 'priya@example.com' })).id
	})
	afterAll(async () => {
		await closeDatabase()
	})
	const act = (form: Record<string, string>) => settle(() => lead.action(routeArgs(post(`/admin/leads/${id}`, form, cookie), { id }, 't')))
	const state = async () => ({
		lead: await db()
			.db.selectFrom('leads')
			.select(['status', 'lost_reason', 'priority', 'next_follow_up', 'assignee_id'])
			.where('id', '=', id)
			.executeTakeFirstOrThrow(),
		events: (await db().db.selectFrom('lead_events').select('id').where('lead_id', '=', id).execute()).length,
		audit: (await db().db.selectFrom('audit_log').select('id').where('entity_id', '=', id).execute()).length,
	})

	test('bad input on every form: a clear message, nothing saved', async () => {
		const before = await state()
		const cases: Array<[Record<string, string>, number, string, RegExp]> = [
			[{ intent: 'log', kind: 'note', body: '' }, 400, 'body', /Write what was said/],
			[{ intent: 'log', kind: 'fax', body: 'hello' }, 400, 'kind', /note, call, WhatsApp or email/],
			[{ intent: 'status', status: 'lost' }, 409, 'lostReason', /Choose why/],
			[{ intent: 'status', status: 'won' }, 409, 'form', /cannot become won/],
			[{ intent: 'status', status: 'archived' }, 400, 'status', /new status/],
			[{ intent: 'work', priority: 'high', nextFollowUp: '2026-02-30' }, 400, 'nextFollowUp', /real date/],
			[{ intent: 'work', priority: 'whenever' }, 400, 'priority', /priority/],
			[{ intent: 'work', priority: 'high', assigneeId: 'NoSuchUser0000000000' }, 400, 'assigneeId', /team list/],
			[{ intent: 'merge', duplicateId: 'x' }, 400, 'duplicateId', /duplicates list/],
			[{ intent: 'explode' }, 400, 'intent', /what to do/],
		]
		for (const [form, status, field, message] of cases) {
			const result = await act(form)
			expect(result.status, JSON.stringify(form)).toBe(status)
			expect(errorsOf(resultFor(result.body))[field], JSON.stringify(form)).toMatch(message)
		}
		expect(await state()).toEqual(before)
	})

	test('a note and a status change redirect back with a toast', async () => {
		const note = await act({ intent: 'log', kind: 'note', body: 'Wants a sea-facing room' })
		expect(note).toMatchObject({ status: 302, location: `/admin/leads/${id}` })
		expect(note.cookies.some((c) => c.startsWith('toast='))).toBe(true)
		expect((await act({ intent: 'status', status: 'contacted' })).status).toBe(302)
		expect((await state()).lead.status).toBe('contacted')
	})

	test('the list, the page and the polling answer for staff; unknown ids are 404', async () => {
		const list = await settle(() => leads.loader(routeArgs(get('/admin/leads?q=priya', cookie), {}, 't')))
		expect(list.body.leads.map((row: { id: string }) => row.id)).toEqual([id])
		const page = await settle(() => lead.loader(routeArgs(get(`/admin/leads/${id}`, cookie), { id }, 't')))
		expect(page.body.lead.name).toBe('Priya Nair')
		const missing = await settle(() => lead.loader(routeArgs(get('/admin/leads/AAAAAAAAAAAAAAAAAAAA', cookie), { id: 'AAAAAAAAAAAAAAAAAAAA' }, 't')))
		expect(missing.status).toBe(404)
		const poll = await settle(() => latest.loader(routeArgs(get(`/admin/leads/latest?since=${new Date(Date.now() - 60_000).toISOString()}`, cookie), {}, 't')))
		expect(poll.body.leads.map((row: { id: string }) => row.id)).toContain(id)
		const junk = await settle(() => latest.loader(routeArgs(get('/admin/leads/latest?since=yesterday', cookie), {}, 't')))
		expect(junk.body.leads).toEqual([])
	})
})
