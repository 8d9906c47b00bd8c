import { beforeAll, expect, test } from 'vitest'
import { appendDays, blankDay, type ItineraryPlan, moveDay, staleItineraryMessage } from '~/features/sales/domain/itinerary.ts'
import { isAppError } from '~/lib/errors.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { createItinerary, getItinerary, saveItinerary, startingPlan } from './itineraries.server.ts'
import { sendQuote } from './quotes.server.ts'
import { saveItineraryAsPackage } from './saved-packages.server.ts'

const actor: Actor = { id: null, label: 'test staff' }

/** The refusal's code and message, or the value it resolved to. */
async function outcome<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: string; message: string }> {
	try {
		return { ok: true, value: await promise }
	} catch (error) {
		if (isAppError(error)) return { ok: false, code: error.code, message: error.message }
		throw error
	}
}

describeEachDatabase('itinerary edits check the revision', (get) => {
	let leadId: string
	let plan: ItineraryPlan

	beforeAll(async () => {
		const { db } = get()
		invalidateRateBook()
		await seedDemoData(db)
		invalidateRateBook()
		leadId = (await createLead(db, { source: 'phone', name: 'Meera Pillai', phone: '+919800022233', email: null, nights: 3, adults: 2 })).id
		;({ plan } = await startingPlan(db, { kind: 'lead', id: leadId }))
	})

	const updates = async (id: string) => (await get().db.selectFrom('audit_log').select('id').where('entity_id', '=', id).where('action', '=', 'itinerary.update').execute()).length

	test('a save from the current revision is written and moves it on; one from an older revision is refused with a 409 and writes nothing', async () => {
		const { db } = get()
		const created = await createItinerary(db, actor, { plan, leadId, origin: { kind: 'lead', id: leadId } })
		// Two staff open the same itinerary at the same revision.
		const opened = created.revision
		const first = await saveItinerary(db, actor, created.id, { ...created.plan, title: 'Asha’s title' }, opened)
		expect(first.revision).toBe(opened + 1)
		const auditsBefore = await updates(created.id)

		const second = await outcome(saveItinerary(db, actor, created.id, { ...created.plan, title: 'Ravi’s title' }, opened))
		expect(second).toEqual({ ok: false, code: 'aborted', message: staleItineraryMessage })
		expect(staleItineraryMessage).toMatch(/Someone else saved this itinerary after you opened it.*reload the page/)
		const now = await getItinerary(db, created.id)
		expect(now.title).toBe('Asha’s title')
		expect(now.revision).toBe(opened + 1)
		expect(await updates(created.id)).toBe(auditsBefore)

		// A revision from the future (a forged post) is stale too; the current one saves.
		expect(await outcome(saveItinerary(db, actor, created.id, { ...created.plan, title: 'Later' }, opened + 5))).toMatchObject({ ok: false, code: 'aborted' })
		expect((await saveItinerary(db, actor, created.id, { ...now.plan, title: 'Ravi’s title, after reloading' }, now.revision)).revision).toBe(opened + 2)
	})

	test('concurrent saves from the same revision: exactly one is written, the others are refused', async () => {
		const { db } = get()
		const created = await createItinerary(db, actor, { plan, leadId, origin: { kind: 'lead', id: leadId } })
		const posts = Array.from({ length: 6 }, (_, n) => saveItinerary(db, actor, created.id, { ...created.plan, title: `Edit ${n}` }, created.revision))
		const results = await Promise.all(posts.map(outcome))
		const won = results.filter((result) => result.ok)
		expect(won).toHaveLength(1)
		expect(results.filter((result) => !result.ok)).toEqual(Array.from({ length: 5 }, () => ({ ok: false, code: 'aborted', message: staleItineraryMessage })))
		const now = await getItinerary(db, created.id)
		expect(now.revision).toBe(created.revision + 1)
		expect(won[0]!.ok && won[0]!.value.title).toBe(now.title)
		expect(await updates(created.id)).toBe(1)
	})

	test('the same “add a day” or “move a day” posted several times at once applies once: never a duplicated day', async () => {
		const { db } = get()
		const created = await createItinerary(db, actor, { plan, leadId, origin: { kind: 'lead', id: leadId } })
		const count = created.plan.days.length
		// Each post adds its own new day to the plan it was rendered with, as the editor's "Add blank day" does.
		const added = await Promise.all(Array.from({ length: 6 }, () => outcome(saveItinerary(db, actor, created.id, appendDays(created.plan, [blankDay('havelock')]), created.revision))))
		expect(added.filter((result) => result.ok)).toHaveLength(1)
		const after = await getItinerary(db, created.id)
		expect(after.plan.days).toHaveLength(count + 1)

		const moved = await Promise.all(Array.from({ length: 6 }, () => outcome(saveItinerary(db, actor, created.id, moveDay(after.plan, 0, 'down'), after.revision))))
		expect(moved.filter((result) => result.ok)).toHaveLength(1)
		const final = await getItinerary(db, created.id)
		expect(final.plan.days.map((day) => day.key)).toEqual(moveDay(after.plan, 0, 'down').days.map((day) => day.key))
		expect(final.revision).toBe(created.revision + 2)
	})

	test('sending a quote and saving as a package check the revision and move it on: the same post twice sends one quote, saves one package', async () => {
		const { db } = get()
		const created = await createItinerary(db, actor, { plan: { ...plan, title: 'Send me once' }, leadId, origin: { kind: 'lead', id: leadId } })
		const sends = await Promise.all([sendQuote(db, actor, created.id, { revision: created.revision }), sendQuote(db, actor, created.id, { revision: created.revision })].map(outcome))
		expect(sends.filter((result) => result.ok)).toHaveLength(1)
		expect(sends.find((result) => !result.ok)).toEqual({ ok: false, code: 'aborted', message: staleItineraryMessage })
		expect(await db.selectFrom('quotes').select('id').where('itinerary_id', '=', created.id).execute()).toHaveLength(1)
		const sent = await getItinerary(db, created.id)
		expect(sent.revision).toBe(created.revision + 1)
		// A save from the page as it was before the quote went out is stale.
		expect(await outcome(saveItinerary(db, actor, created.id, { ...created.plan, title: 'Too late' }, created.revision))).toMatchObject({ ok: false, code: 'aborted' })

		const withDays = await saveItinerary(db, actor, created.id, appendDays(sent.plan, [blankDay('port-blair'), blankDay('port-blair')]), sent.revision)
		const packages = await Promise.all([0, 1].map(() => outcome(saveItineraryAsPackage(db, actor, created.id, { revision: withDays.revision }))))
		expect(packages.filter((result) => result.ok)).toHaveLength(1)
		expect(await db.selectFrom('saved_packages').select('id').where('source_itinerary_id', '=', created.id).execute()).toHaveLength(1)
		expect((await getItinerary(db, created.id)).revision).toBe(withDays.revision + 1)
	})
})
