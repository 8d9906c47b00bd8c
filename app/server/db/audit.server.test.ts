import { expect, test } from 'vitest'
import { auditTrail, nextSequence, recordAudit } from './audit.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'

describeEachDatabase('audit log and sequences', (get) => {
	test('an audit row commits with the change it records', async () => {
		const { db } = get()
		await db.transaction().execute(async (trx) => {
			await trx.insertInto('settings').values({ key: 'gst', value_json: '5', updated_at: '2026-11-22T00:00:00Z' }).execute()
			await recordAudit(trx, { actor: { id: 'u1', label: 'Asha' }, action: 'update', entity: 'settings', entityId: 'gst', before: null, after: 5 })
		})
		const trail = await auditTrail(db, 'settings', 'gst')
		expect(trail).toHaveLength(1)
		expect(trail[0]).toMatchObject({ actor_label: 'Asha', action: 'update', after_json: '5', before_json: 'null' })
	})

	test('an audit row rolls back with a failed change', async () => {
		const { db } = get()
		await expect(
			db.transaction().execute(async (trx) => {
				await recordAudit(trx, { actor: { id: null, label: 'system' }, action: 'create', entity: 'settings', entityId: 'markup' })
				// Duplicate primary key: the whole transaction must fail.
				await trx.insertInto('settings').values({ key: 'gst', value_json: '6', updated_at: '2026-11-22T00:00:00Z' }).execute()
			}),
		).rejects.toThrow()
		expect(await auditTrail(db, 'settings', 'markup')).toHaveLength(0)
	})

	test('sequences count up per name and year, without gaps under concurrency', async () => {
		const { db } = get()
		const values = await Promise.all(Array.from({ length: 20 }, () => nextSequence(db, 'lead', 2026)))
		expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
		expect(await nextSequence(db, 'lead', 2027)).toBe(1)
		expect(await nextSequence(db, 'booking', 2026)).toBe(1)
	})
})
