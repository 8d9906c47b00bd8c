import { beforeAll, expect, test } from 'vitest'
import { builderSearchParams, defaultBuilderConfig, type BuilderConfig } from '~/features/rates/domain/builder.ts'
import { templateMismatches } from '~/features/sales/domain/day-template.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { priceBuilderConfig } from '~/features/rates/server/builder.server.ts'
import { invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import { listDayTemplates, updateDayTemplate } from './day-templates.server.ts'
import { createItinerary, getItinerary, startingPlan, startingPointFor } from './itineraries.server.ts'
import { getQuote, sendQuote } from './quotes.server.ts'

const actor: Actor = { id: null, label: 'test staff' }
const allTemplates = { island: null, tag: null, q: '', archived: false }

describeEachDatabase('one consistent trip: templates that price what they say, itineraries from the brief', (get) => {
	beforeAll(async () => {
		invalidateRateBook()
		await seedDemoData(get().db)
		invalidateRateBook()
	})

	test('every demo day’s text agrees with its items; the scuba and snorkelling days price their activity', async () => {
		const templates = await listDayTemplates(get().db, allTemplates)
		expect(templates.length).toBeGreaterThanOrEqual(22)
		expect(templates.filter((template) => templateMismatches(template).length).map((template) => template.title)).toEqual([])
		expect(templates.find((template) => template.title.startsWith('Scuba diving introductory dive'))?.priced).toEqual(['scuba-diving@havelock'])
		expect(templates.find((template) => template.title === 'Elephant Beach snorkelling')?.priced).toEqual(['snorkeling@havelock'])
	})

	test('a builder lead with scuba → itinerary from the brief → a quote with the scuba line; later template edits never reach it', async () => {
		const { db } = get()
		const today = todayInIndia()
		const config: BuilderConfig = {
			...defaultBuilderConfig(today),
			start: addDays(today, 45),
			stays: [
				{ island: 'port-blair', nights: 2 },
				{ island: 'havelock', nights: 2 },
				{ island: 'neil', nights: 1 },
				{ island: 'port-blair', nights: 1 },
			],
			tier: 'deluxe',
			meal: 'CP',
			activities: ['scuba-diving@havelock'],
			ferryClass: 'premium',
		}
		const lead = await createLead(db, {
			source: 'builder',
			name: 'Meera Iyer',
			phone: '+919812345670',
			email: null,
			travelStart: config.start,
			nights: 6,
			adults: 2,
			childAges: [],
			tier: 'deluxe',
			islands: ['port-blair', 'havelock', 'neil'],
			interests: config.activities,
			builder: { config, query: builderSearchParams(config).toString(), pricedOn: today, price: null },
		})
		const { plan, leadId, notes } = await startingPlan(db, { kind: 'lead', id: lead.id })
		expect(leadId).toBe(lead.id)
		expect(notes).toEqual([])
		expect(plan.days.map((day) => day.stay?.island ?? 'flight')).toEqual(['port-blair', 'port-blair', 'havelock', 'havelock', 'neil', 'port-blair', 'flight'])
		expect(plan.days.map((day) => (day.ferry ? `${day.ferry.from}>${day.ferry.to}` : ''))).toEqual([
			'',
			'',
			'port-blair>havelock',
			'',
			'havelock>neil',
			'neil>port-blair',
			'',
		])
		expect(plan.days.every((day) => day.title !== 'Free day')).toBe(true)
		expect(plan.ferryClass).toBe('premium')
		const scubaDay = plan.days.findIndex((day) => day.priced.includes('scuba-diving@havelock'))
		expect(plan.days[scubaDay]?.stay?.island).toBe('havelock')

		const itinerary = await createItinerary(db, actor, { plan, leadId, origin: { kind: 'lead', id: lead.id } })
		if (!itinerary.price?.ok) throw new Error(`not priced: ${JSON.stringify(itinerary.price)}`)
		const scubaLine = itinerary.price.lines.find((line) => line.kind === 'activity')
		expect(scubaLine?.description).toMatch(/scuba/i)
		expect(scubaLine!.sell).toBeGreaterThan(0)

		// The same trip costs the same in the builder and on the desk.
		const builder = await priceBuilderConfig(db, config, today)
		if (!builder.result.ok) throw new Error('the builder could not price the trip')
		expect(itinerary.price.total).toBe(builder.result.total)

		const quote = await sendQuote(db, actor, itinerary.id)
		const snapshot = (await getQuote(db, quote.id)).snapshot
		const quoted = snapshot.lines.find((line) => line.kind === 'activity')
		expect(quoted?.description).toMatch(/scuba/i)
		expect(quoted!.amount).toBeGreaterThanOrEqual(scubaLine!.sell)
		// A CP stay: the quote shows breakfast only, whatever the days' text hoped for.
		expect(new Set(snapshot.days.flatMap((day) => day.meals))).toEqual(new Set(['breakfast']))
		expect(snapshot.days[0]!.meals).toEqual([])

		// Editing the template afterwards changes neither the itinerary nor the quote.
		const template = (await listDayTemplates(db, allTemplates)).find((candidate) => candidate.id === plan.days[scubaDay]!.templateId)!
		await updateDayTemplate(db, actor, template.id, {
			island: template.island,
			title: `${template.title} (edited)`,
			description: template.description,
			activities: template.activities,
			priced: [],
			transfers: template.transfers,
			ferryFrom: null,
			ferryTo: null,
			meals: template.meals,
			tags: template.tags,
			active: true,
		})
		expect((await getItinerary(db, itinerary.id)).plan.days[scubaDay]).toMatchObject({ title: template.title, priced: ['scuba-diving@havelock'] })
		const after = await getQuote(db, quote.id)
		expect(after.snapshot).toEqual(snapshot)
		expect(after.total).toBe(quote.total)
	})

	test('seeding again brings unedited demo days up to date and leaves edited ones alone', async () => {
		const { db } = get()
		const before = await listDayTemplates(db, allTemplates)
		const snorkel = before.find((template) => template.title === 'Elephant Beach snorkelling')!
		await db.updateTable('day_templates').set({ priced_json: '[]' }).where('id', '=', snorkel.id).execute()
		await seedDemoData(db)
		const after = await listDayTemplates(db, allTemplates)
		expect(after.find((template) => template.id === snorkel.id)?.priced).toEqual(['snorkeling@havelock'])
		// The day edited in the test before keeps the operator's edit (no priced activity).
		expect(after.find((template) => template.title.endsWith('(edited)'))?.priced).toEqual([])
	})
	test('the start page names what a new itinerary begins from, and says so when the address names nothing known', async () => {
		const { db } = get()
		const lead = await db.selectFrom('leads').select(['id', 'name', 'reference']).orderBy('created_at').executeTakeFirstOrThrow()
		const saved = await db.selectFrom('saved_packages').select(['id', 'title']).orderBy('title').executeTakeFirstOrThrow()
		const pkg = await db.selectFrom('packages').select(['slug', 'title']).where('status', '=', 'published').orderBy('slug').executeTakeFirstOrThrow()
		const none = { leadId: null, savedId: null, slug: null }
		expect(await startingPointFor(db, none)).toEqual({ origin: { kind: 'blank', id: null, label: 'a blank itinerary' }, problem: null })
		expect(await startingPointFor(db, { ...none, leadId: lead.id })).toEqual({
			origin: { kind: 'lead', id: lead.id, label: `the brief of ${lead.name} (${lead.reference})` },
			problem: null,
		})
		expect(await startingPointFor(db, { ...none, savedId: saved.id })).toEqual({
			origin: { kind: 'saved', id: saved.id, label: `the saved package “${saved.title}”` },
			problem: null,
		})
		expect(await startingPointFor(db, { ...none, slug: pkg.slug })).toEqual({
			origin: { kind: 'catalog', id: pkg.slug, label: `the catalog package “${pkg.title}”` },
			problem: null,
		})
		// Unknown, malformed or hostile addresses fall back to a blank start with a message.
		for (const ask of [
			{ leadId: '00000000-0000-4000-8000-000000000000' },
			{ leadId: "x' or 1=1" },
			{ savedId: 'nope' },
			{ slug: 'no-such-package' },
			{ slug: 'Bad Slug!' },
		]) {
			const point = await startingPointFor(db, { ...none, ...ask })
			expect(point.origin).toEqual({ kind: 'blank', id: null, label: 'a blank itinerary' })
			expect(point.problem).toMatch(/was not found/)
		}
	})
})
