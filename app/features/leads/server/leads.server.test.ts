import { expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { createLead, getLeadByReference } from './leads.server.ts'

const visitor = { source: 'contact_form' as const, name: 'Meera Iyer', phone: '+919876543210', email: 'meera@example.com', message: 'Honeymoon in January' }

describeEachDatabase('leads from public forms', (get) => {
	test('a lead gets a yearly reference and keeps everything the visitor sent', async () => {
		const { db } = get()
		const lead = await createLead(db, { ...visitor, childAges: [4, 9], islands: ['havelock'] }, { submissionKey: 'key-1' })
		expect(lead.created).toBe(true)
		expect(lead.reference).toMatch(/^LD-\d{4}-\d{5}$/)
		const row = await getLeadByReference(db, lead.reference)
		expect(row).toMatchObject({ name: 'Meera Iyer', phone: '+919876543210', status: 'new', message: 'Honeymoon in January', child_ages_json: '[4,9]' })
		const audit = await db.selectFrom('audit_log').selectAll().where('entity_id', '=', lead.id).execute()
		expect(audit).toHaveLength(1)
	})

	test('the same form submitted twice, even at the same moment, makes one lead', async () => {
		const { db } = get()
		const results = await Promise.all(Array.from({ length: 10 }, () => createLead(db, visitor, { submissionKey: 'double-submit' })))
		expect(new Set(results.map((r) => r.id)).size).toBe(1)
		expect(results.filter((r) => r.created)).toHaveLength(1)
		const rows = await db.selectFrom('leads').select('id').where('submission_key', '=', 'double-submit').execute()
		expect(rows).toHaveLength(1)
	})

	test('different forms make different leads with increasing references', async () => {
		const { db } = get()
		const a = await createLead(db, visitor, { submissionKey: 'a' })
		const b = await createLead(db, visitor, { submissionKey: 'b' })
		expect(a.id).not.toBe(b.id)
		expect(Number(b.reference.slice(-5))).toBe(Number(a.reference.slice(-5)) + 1)
	})
})
