import { beforeAll, expect, test } from 'vitest'
import { parseLeadFilters } from '~/features/leads/domain/list-filters.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { makeUser } from '#tests/support/identity.ts'
import type { User } from '~/features/identity/server/users.server.ts'
import { changeLeadStatus, countFollowUpsDue, getLeadPage, leadsCreatedSince, listLeads, logContact, mergeLeads, updateLeadWork } from './desk.server.ts'
import { createLead } from './leads.server.ts'

const filters = (query: string) => parseLeadFilters(new URLSearchParams(query))

describeEachDatabase('the sales desk', (get) => {
	let staff: User
	let other: User
	const ids: Record<string, string> = {}
	beforeAll(async () => {
		const { db } = get()
		staff = await makeUser(db, { role: 'staff', displayName: 'Sana Staff' })
		other = await makeUser(db, { role: 'owner', displayName: 'Omar Owner' })
		const people = [
			{ key: 'meera', name: 'Meera Iyer', phone: '+919876543210', email: 'meera@example.com', source: 'quote_form' as const },
			{ key: 'meera2', name: 'Meera I.', phone: '+919876543210', email: null, source: 'contact_form' as const },
			{ key: 'arjun', name: 'Arjun Rao', phone: '+919812345678', email: 'ARJUN@example.com', source: 'contact_form' as const },
			{ key: 'arjun2', name: 'Arjun', phone: null, email: 'arjun@example.com', source: 'quote_form' as const },
			{ key: 'lena', name: 'Lena Fischer', phone: '+4915112345678', email: 'lena@example.de', source: 'quote_form' as const },
		]
		for (const person of people) {
			const lead = await createLead(db, { ...person, agentId: person.key === 'lena' ? 'AGENT1' : null })
			ids[person.key] = lead.id
		}
	})

	test('search by name, phone (as typed), email and reference; counts per status', async () => {
		const { db } = get()
		const byName = await listLeads(db, filters('q=meera'), staff.id)
		expect(byName.leads.map((lead) => lead.name).sort()).toEqual(['Meera I.', 'Meera Iyer'])
		expect(byName.counts.new).toBe(2)
		expect((await listLeads(db, filters('q=098765%2043210'), staff.id)).total).toBe(2)
		expect((await listLeads(db, filters('q=Arjun@Example'), staff.id)).total).toBe(2)
		const { reference } = (await getLeadPage(db, ids.lena!)).lead
		const byRef = await listLeads(db, filters(`q=${reference.toLowerCase()}`), staff.id)
		expect(byRef.leads.map((lead) => lead.id)).toEqual([ids.lena])
		expect((await listLeads(db, filters('q=50%25_'), staff.id)).total).toBe(0)
		// Nothing in the trigram table matches: an empty list, not every row.
		expect((await listLeads(db, filters('q=zzqqxx'), staff.id)).total).toBe(0)
		expect((await listLeads(db, filters('agent=AGENT1'), staff.id)).total).toBe(1)
		expect((await listLeads(db, filters('source=contact_form'), staff.id)).total).toBe(2)
	})

	test('status changes follow the pipeline, write the timeline and the audit log; refused ones change nothing', async () => {
		const { db } = get()
		await changeLeadStatus(db, staff, ids.lena!, 'contacted', null, 'Called, wants Havelock')
		await expect(changeLeadStatus(db, staff, ids.lena!, 'lost', null, null)).rejects.toThrow('Choose why the lead was lost.')
		await expect(changeLeadStatus(db, staff, ids.lena!, 'new', null, null)).rejects.toThrow(/cannot become new/)
		await changeLeadStatus(db, staff, ids.lena!, 'lost', 'price', null)
		const page = await getLeadPage(db, ids.lena!)
		expect(page.lead).toMatchObject({ status: 'lost', lostReason: 'price' })
		expect(page.events.map((event) => [event.kind, event.by])).toEqual([
			['status', 'Sana Staff'],
			['status', 'Sana Staff'],
			['created', 'visitor (website form)'],
		])
		expect(page.events[1]!.body).toBe('New → Contacted: Called, wants Havelock')
		const audit = await db
			.selectFrom('audit_log')
			.select(['action', 'actor_id'])
			.where('entity_id', '=', ids.lena!)
			.where('action', '=', 'lead.change-status')
			.execute()
		expect(audit).toHaveLength(2)
		expect(audit[0]!.actor_id).toBe(staff.id)
		const filtered = await listLeads(db, filters('status=lost'), staff.id)
		expect(filtered.leads.map((lead) => lead.id)).toEqual([ids.lena])
	})

	test('notes, calls and work updates; my leads; follow-ups due', async () => {
		const { db } = get()
		await logContact(db, staff, ids.arjun!, 'call', 'No answer, try after 6 pm')
		await expect(updateLeadWork(db, staff, ids.arjun!, { assigneeId: 'NoSuchUser0000000000', priority: 'high', nextFollowUp: null })).rejects.toThrow(
			/team list/,
		)
		expect(await updateLeadWork(db, staff, ids.arjun!, { assigneeId: staff.id, priority: 'high', nextFollowUp: '2026-11-20' })).toBe(true)
		expect(await updateLeadWork(db, staff, ids.arjun!, { assigneeId: staff.id, priority: 'high', nextFollowUp: '2026-11-20' })).toBe(false)
		const page = await getLeadPage(db, ids.arjun!)
		expect(page.lead).toMatchObject({ assigneeId: staff.id, priority: 'high', nextFollowUp: '2026-11-20' })
		expect(page.events[0]!.body).toBe('Assigned to Sana Staff; Priority high; Follow up on 2026-11-20')
		expect(page.events[1]).toMatchObject({ kind: 'call', body: 'No answer, try after 6 pm' })
		expect((await listLeads(db, filters('assignee=me'), staff.id)).leads.map((lead) => lead.id)).toEqual([ids.arjun])
		expect((await listLeads(db, filters('assignee=me'), other.id)).total).toBe(0)
		expect((await listLeads(db, filters('followUp=due'), staff.id, '2026-11-22')).total).toBe(1)
		expect((await listLeads(db, filters('followUp=due'), staff.id, '2026-11-19')).total).toBe(0)
		expect(await countFollowUpsDue(db, '2026-11-22')).toBe(1)
		expect(await countFollowUpsDue(db, '2026-11-19')).toBe(0)
		const sorted = await listLeads(db, filters('sort=follow_up'), staff.id)
		expect(sorted.leads[0]!.id).toBe(ids.arjun)
		expect(sorted.leads[0]!.assignee).toBe('Sana Staff')
	})

	test('duplicates by phone or email (any case), and a merge that keeps every timeline entry', async () => {
		const { db } = get()
		const page = await getLeadPage(db, ids.arjun!)
		expect(page.duplicates.map((lead) => lead.id)).toEqual([ids.arjun2])
		await logContact(db, staff, ids.arjun2!, 'whatsapp', 'Sent the Havelock plan')
		await expect(mergeLeads(db, staff, ids.arjun!, ids.meera!)).rejects.toThrow(/same phone or email/)
		const result = await mergeLeads(db, staff, ids.arjun!, ids.arjun2!)
		expect(result.movedEvents).toBe(2)
		const kept = await getLeadPage(db, ids.arjun!)
		expect(kept.events.map((event) => event.kind).sort()).toEqual(['assignment', 'call', 'created', 'created', 'merge', 'whatsapp'])
		expect(kept.duplicates).toEqual([])
		const merged = await getLeadPage(db, ids.arjun2!)
		expect(merged.lead).toMatchObject({ status: 'lost', lostReason: 'duplicate', mergedIntoId: ids.arjun })
		expect(merged.mergedInto?.id).toBe(ids.arjun)
		await expect(changeLeadStatus(db, staff, ids.arjun2!, 'contacted', null, null)).rejects.toThrow(/merged/)
		await expect(mergeLeads(db, staff, ids.arjun!, ids.arjun2!)).rejects.toThrow(/already merged/)
		expect((await listLeads(db, filters('q=arjun'), staff.id)).total).toBe(1)
		const audit = await db.selectFrom('audit_log').select('action').where('action', 'in', ['lead.merge', 'lead.merged-into']).execute()
		expect(audit).toHaveLength(2)
	})

	test('pagination and polling for new leads', async () => {
		const { db } = get()
		const before = new Date(Date.now() - 1000).toISOString()
		for (let i = 0; i < 30; i++) await createLead(db, { source: 'phone', name: `Caller ${i}`, phone: `+91900000${String(i).padStart(4, '0')}`, email: null })
		const second = await listLeads(db, filters('q=caller&page=2'), staff.id)
		expect(second).toMatchObject({ total: 30, page: 2, pages: 2 })
		expect(second.leads).toHaveLength(5)
		const beyond = await listLeads(db, filters('q=caller&page=9'), staff.id)
		expect(beyond.page).toBe(2)
		// The list as staff open it (compiled once): every lead newest first, and a status tab, over pages.
		const newestFirst = (status?: string) =>
			db
				.selectFrom('leads')
				.select('id')
				.where('merged_into_id', 'is', null)
				.$if(status !== undefined, (query) => query.where('status', '=', status as never))
				.orderBy('created_at', 'desc')
				.orderBy('id', 'desc')
				.execute()
				.then((rows) => rows.map((row) => row.id))
		const opening = [await listLeads(db, filters(''), staff.id), await listLeads(db, filters('page=2'), staff.id)]
		expect(opening[0]).toMatchObject({ page: 1, pages: 2, total: opening[0]!.all })
		expect(opening.flatMap((list) => list.leads.map((lead) => lead.id))).toEqual(await newestFirst())
		const newTab = [await listLeads(db, filters('status=new'), staff.id), await listLeads(db, filters('status=new&page=2'), staff.id)]
		expect(newTab[1]!.page).toBe(2)
		expect(newTab.flatMap((list) => list.leads.map((lead) => lead.id))).toEqual(await newestFirst('new'))
		expect(newTab[0]!.total).toBe((await newestFirst('new')).length)
		const fresh = await leadsCreatedSince(db, before)
		expect(fresh).toHaveLength(10)
		expect(fresh[0]!.name).toBe('Caller 29')
	})
})
