import { afterAll, beforeAll, expect, test } from 'vitest'
import { closeDatabase } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { cookieFor, makeUser, testIp, useAppDatabase } from '#tests/support/identity.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import { seedDemoData } from '~/server/seed/index.server.ts'
import * as bookNow from '../../bare/book-now/book-now.tsx'
import * as quoteView from '../../bare/quote/quote-view.tsx'
import { type AnyAction, get, post, routeArgs, settle, settleAction } from '#tests/support/route-requests.ts'
import * as editor from './itinerary.tsx'
import * as start from './itinerary-start.tsx'
import * as leadRoute from '../leads/lead.tsx'
import * as newLead from '../leads/lead-new.tsx'
import * as savedPackages from '../saved-packages.tsx'
import { errorsOf, resultFor } from '~/lib/forms.ts'
import { missingRevisionMessage, staleItineraryMessage } from '~/features/sales/domain/itinerary.ts'

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'

describeEachDatabase('itinerary, saved package, quote and new-lead pages', (getDb) => {
	let cookie: string
	let leadId: string

	beforeAll(async () => {
		await useAppDatabase(getDb().url)
		invalidateRateBook()
		await seedDemoData(getDb().db)
		invalidateRateBook()
		cookie = await cookieFor(getDb().db, await makeUser(getDb().db, { role: 'staff' }))
		leadId = (await createLead(getDb().db, { source: 'phone', name: 'Rohan Das', phone: '+919811100011', email: null, adults: 2 })).id
	})
	afterAll(async () => {
		await closeDatabase()
	})

	// Any of the itinerary screens' route modules, each typed for its own params.
	const call = (module: AnyAction, url: string, form: Record<string, string | string[]>, params: Record<string, string> = {}) =>
		settleAction(module, post(url, form, cookie), params, testIp())

	/** The editor as a page opened now reads it. */
	async function editorPage(id: string) {
		const page = await settle(() => editor.loader(routeArgs(get(`/admin/create-itinerary/${id}`, cookie), { id }, testIp())))
		return page.body as Awaited<ReturnType<typeof editor.loader>>
	}

	async function startedItinerary() {
		const started = await call(start, `/admin/create-itinerary?lead=${leadId}`, { kind: 'lead', id: leadId })
		expect(started.status).toBe(302)
		const id = started.location!.split('/').at(-1)!
		return { id, page: await editorPage(id) }
	}

	function formOf(page: Awaited<ReturnType<typeof editor.loader>>, extra: Record<string, string | string[]> = {}) {
		const plan = page.itinerary.plan
		const form: Record<string, string | string[]> = {
			title: plan.title,
			startDate: plan.startDate,
			adults: String(plan.adults),
			childAges: plan.childAges.join(', '),
			infants: String(plan.infants),
			rooms: String(plan.rooms),
			transfers: plan.transfers,
			inclusions: plan.inclusions.join('\n'),
			exclusions: plan.exclusions.join('\n'),
			dayCount: String(plan.days.length),
			revision: String(page.itinerary.revision),
		}
		plan.days.forEach((day, n) => {
			Object.assign(form, { [`d${n}_key`]: day.key, [`d${n}_island`]: day.island, [`d${n}_title`]: day.title, [`d${n}_description`]: day.description })
			if (day.stay) Object.assign(form, { [`d${n}_stayIsland`]: day.stay.island, [`d${n}_hotel`]: day.stay.hotel, [`d${n}_mealPlan`]: day.stay.mealPlan })
		})
		return { ...form, ...extra }
	}

	test('the start page posted twice (a double click, a resend) makes one itinerary: both answers open it', async () => {
		const page = await settle(() => start.loader(routeArgs(get(`/admin/create-itinerary?lead=${leadId}`, cookie), {}, testIp())))
		const { submissionKey } = page.body as Awaited<ReturnType<typeof start.loader>>
		const count = async () =>
			Number(
				(
					await getDb()
						.db.selectFrom('itineraries')
						.select((eb) => eb.fn.countAll().as('n'))
						.where('lead_id', '=', leadId)
						.executeTakeFirstOrThrow()
				).n,
			)
		const before = await count()
		const posts = await Promise.all([1, 2, 3].map(() => call(start, `/admin/create-itinerary?lead=${leadId}`, { kind: 'lead', id: leadId, submissionKey })))
		expect(posts.map((answer) => answer.status)).toEqual([302, 302, 302])
		expect(new Set(posts.map((answer) => answer.location)).size).toBe(1)
		expect(await count()).toBe(before + 1)
		const again = await call(start, `/admin/create-itinerary?lead=${leadId}`, { kind: 'lead', id: leadId, submissionKey })
		expect(again.location).toBe(posts[0]!.location)
		// A key that is not one of ours is ignored: the post simply creates.
		const forged = await call(start, `/admin/create-itinerary?lead=${leadId}`, { kind: 'lead', id: leadId, submissionKey: "x' or 1=1" })
		expect(forged.status).toBe(302)
		expect(forged.location).not.toBe(posts[0]!.location)
		expect(await count()).toBe(before + 2)
	})

	test('bad input on the editor: 400, a message per field, nothing saved', async () => {
		const { id, page } = await startedItinerary()
		const before = await getDb().db.selectFrom('itineraries').select(['revision', 'plan_json']).where('id', '=', id).executeTakeFirstOrThrow()
		const bad = await call(editor, `/admin/create-itinerary/${id}`, formOf(page, { intent: 'save', adults: 'many', discount: 'lots', title: '' }), { id })
		expect(bad.status).toBe(400)
		expect(bad.errors).toMatchObject({
			adults: expect.stringMatching(/adults/),
			discount: expect.stringMatching(/rupees/),
			title: expect.stringMatching(/title/),
		})
		expect(bad.values.adults).toBe('many')
		const noTemplate = await call(editor, `/admin/create-itinerary/${id}`, formOf(page, { intent: 'add-templates' }), { id })
		expect(noTemplate.status).toBe(400)
		expect(noTemplate.errors.form).toMatch(/Tick at least one day template/)
		expect(noTemplate.errors.template).toMatch(/Tick at least one day template/)
		const junkTemplate = await call(editor, `/admin/create-itinerary/${id}`, formOf(page, { intent: 'add-templates', template: ['nope', 'x'] }), { id })
		expect(junkTemplate.status).toBe(400)
		expect(junkTemplate.errors).toMatchObject({
			form: expect.stringMatching(/Tick at least one day template/),
			template: expect.stringMatching(/Tick at least one day template/),
		})
		const noDay = await call(editor, `/admin/create-itinerary/${id}?day=x&direction=sideways`, formOf(page, { intent: 'move' }), { id })
		expect(noDay.status).toBe(400)
		expect(noDay.errors.form).toBe('Choose what to do with the itinerary.')
		const unknown = await call(editor, `/admin/create-itinerary/${id}`, formOf(page, { intent: 'explode' }), { id })
		expect(unknown.status).toBe(400)
		const after = await getDb().db.selectFrom('itineraries').select(['revision', 'plan_json']).where('id', '=', id).executeTakeFirstOrThrow()
		expect(after).toEqual(before)
	})

	test('archive and restore on the editor: hidden from the start page and the lead page unless asked for; Send quote refused with a 409', async () => {
		const { id, page } = await startedItinerary()
		const url = `/admin/create-itinerary/${id}`
		const archived = await call(editor, url, formOf(page, { intent: 'archive' }), { id })
		expect(archived.status).toBe(302)
		expect(archived.location).toBe(url)
		const startPage = async (query: string) =>
			(await settle(() => start.loader(routeArgs(get(`/admin/create-itinerary${query}`, cookie), {}, testIp())))).body as Awaited<
				ReturnType<typeof start.loader>
			>
		expect((await startPage(`?lead=${leadId}`)).recent.map((row) => row.id)).not.toContain(id)
		expect((await startPage(`?lead=${leadId}&archived=1`)).recent.find((row) => row.id === id)).toMatchObject({ archived: true })
		expect((await startPage('?archived=1')).showArchived).toBe(true)
		const leadPage = await settle(() => leadRoute.loader(routeArgs(get(`/admin/leads/${leadId}`, cookie), { id: leadId }, testIp())))
		expect((leadPage.body as { itineraries: Array<{ id: string }> }).itineraries.map((row) => row.id)).not.toContain(id)

		const sent = await call(editor, url, formOf(page, { intent: 'send' }), { id })
		expect(sent.status).toBe(409)
		expect(sent.errors.form).toBe('This itinerary is archived, so no quote can be sent from it. Restore it first, then send the quote.')
		expect(await getDb().db.selectFrom('quotes').select('id').where('itinerary_id', '=', id).execute()).toHaveLength(0)
		const editorPage = await settle(() => editor.loader(routeArgs(get(url, cookie), { id }, testIp())))
		expect((editorPage.body as Awaited<ReturnType<typeof editor.loader>>).itinerary.archived).toBe(true)

		const restored = await call(editor, url, { intent: 'restore' }, { id })
		expect(restored.status).toBe(302)
		expect((await startPage(`?lead=${leadId}`)).recent.map((row) => row.id)).toContain(id)
		const actions = await getDb()
			.db.selectFrom('audit_log')
			.select('action')
			.where('entity_id', '=', id)
			.where('action', 'in', ['itinerary.archive', 'itinerary.restore'])
			.orderBy('id')
			.execute()
		expect(actions.map((row) => row.action)).toEqual(['itinerary.archive', 'itinerary.restore'])
	})

	test('adding templates, moving and removing days; send (a preview, then confirm); the quote page; accept once; then book-now', async () => {
		const { id, page } = await startedItinerary()
		const templates = page.templates.filter((template) => template.island === 'port-blair').slice(0, 2)
		const added = await call(
			editor,
			`/admin/create-itinerary/${id}`,
			formOf(page, { intent: 'add-templates', template: templates.map((template) => template.id), markupPercent: '12', client: 'fetcher' }),
			{ id },
		)
		expect(added.status).toBe(200)
		expect(added.body.details.place).toMatchObject({ control: 'add-templates' })
		const after = (await settle(() => editor.loader(routeArgs(get(`/admin/create-itinerary/${id}`, cookie), { id }, testIp())))).body as Awaited<
			ReturnType<typeof editor.loader>
		>
		expect(after.itinerary.plan.days.slice(-2).map((day) => day.title)).toEqual(templates.map((template) => template.title))
		expect(after.itinerary.price?.ok).toBe(true)
		const override = await getDb()
			.db.selectFrom('audit_log')
			.select('after_json')
			.where('entity_id', '=', id)
			.where('action', '=', 'itinerary.price-override')
			.executeTakeFirstOrThrow()
		expect(JSON.parse(override.after_json!)).toMatchObject({ markupPercent: 12 })

		// Without JavaScript a change to the days comes back to the moved day's anchor; with it (a fetcher), data naming where focus goes.
		// A day's buttons name the day and direction in their formaction's query (a button posts one name and value).
		const moved = await call(editor, `/admin/create-itinerary/${id}?day=1&direction=up`, formOf(after, { intent: 'move', markupPercent: '12' }), { id })
		expect(moved.status).toBe(302)
		expect(moved.location).toBe(`/admin/create-itinerary/${id}#day-1`)
		// Each post comes from the page as the last one left it (its revision); the redirect re-read it.
		const afterMove = await editorPage(id)
		expect(afterMove.itinerary.plan.days[0]!.key).toBe(after.itinerary.plan.days[1]!.key)
		const movedBack = await call(
			editor,
			`/admin/create-itinerary/${id}`,
			formOf(afterMove, { intent: 'move', day: '0', direction: 'down', markupPercent: '12', client: 'fetcher' }),
			{ id },
		)
		expect(movedBack.status).toBe(200)
		expect(movedBack.body.details.place).toEqual({ dayKey: afterMove.itinerary.plan.days[0]!.key, control: 'down' })
		expect(movedBack.body.details.revision).toBe(afterMove.itinerary.revision + 1)
		expect(movedBack.body.notice).toMatch(/is now day 2\. Saved\./)
		const afterMoveBack = await editorPage(id)
		expect(afterMoveBack.itinerary.plan.days.map((day) => day.key)).toEqual(after.itinerary.plan.days.map((day) => day.key))
		const stale = await call(editor, `/admin/create-itinerary/${id}`, formOf(afterMoveBack, { intent: 'remove', day: '40', markupPercent: '12' }), { id })
		expect(stale.status).toBe(409)
		// Send quote first shows what the traveller will receive and sends nothing; Confirm and send sends it.
		const previewed = await call(editor, `/admin/create-itinerary/${id}`, formOf(afterMoveBack, { intent: 'send', markupPercent: '12' }), { id })
		expect(previewed.status).toBe(200)
		expect(previewed.body.notice).toBe('Check what you will send on WhatsApp, then send quote version 1.')
		expect(previewed.body.details.preview).toEqual({
			version: 1,
			email: null,
			whatsapp: { to: '+919811100011', text: 'Hello Rohan Das, here is your Andaman trip quote (version 1): [the link to your quote, made when it is sent]' },
		})
		expect(await getDb().db.selectFrom('quotes').select('id').where('itinerary_id', '=', id).execute()).toHaveLength(0)
		const sent = await call(
			editor,
			`/admin/create-itinerary/${id}`,
			formOf(afterMoveBack, { intent: 'confirm-send', markupPercent: '12', revision: String(previewed.body.details.revision) }),
			{ id },
		)
		expect(sent.status).toBe(200)
		expect(sent.body.notice).toMatch(/^Quote version 1 sent\. No email address on the lead: send it on WhatsApp\./)
		const quoteId = /\/quote\/([A-Za-z0-9]{20})/.exec(sent.body.notice)![1]!

		// Bots do not mark it viewed; a person does.
		const asBot = await settle(() =>
			quoteView.loader(
				routeArgs(
					new Request(`http://localhost/quote/${quoteId}`, { headers: { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } }),
					{ id: quoteId },
					testIp(),
				),
			),
		)
		expect(asBot.body.quote.status).toBe('sent')
		const asPerson = await settle(() =>
			quoteView.loader(routeArgs(new Request(`http://localhost/quote/${quoteId}`, { headers: { 'User-Agent': browser } }), { id: quoteId }, testIp())),
		)
		expect(asPerson.body.quote.status).toBe('viewed')
		// The share link names our configured address, whatever Host the request came with.
		const spoofed = await settle(() =>
			quoteView.loader(
				routeArgs(new Request(`http://evil.example/quote/${quoteId}`, { headers: { 'User-Agent': browser, Host: 'evil.example' } }), { id: quoteId }, testIp()),
			),
		)
		expect(spoofed.body.shareUrl).toBe(new URL(`/quote/${quoteId}`, env().SITE_URL).href)
		expect(spoofed.body.shareUrl).not.toContain('evil.example')
		expect(quoteView.headers({} as never)).toMatchObject({ 'Cache-Control': 'private, no-store' })

		const accept = () => settle(() => quoteView.action(routeArgs(post(`/quote/${quoteId}`, { intent: 'accept' }), { id: quoteId }, testIp())))
		const [first, second] = await Promise.all([accept(), accept()])
		expect(first.location).toBe(`/book-now?quote=${quoteId}`)
		expect(second.location).toBe(`/book-now?quote=${quoteId}`)
		const accepts = await getDb()
			.db.selectFrom('lead_events')
			.select('id')
			.where('lead_id', '=', leadId)
			.where('body', 'like', '%accepted by the traveller%')
			.execute()
		expect(accepts).toHaveLength(1)
		const declined = await settle(() => quoteView.action(routeArgs(post(`/quote/${quoteId}`, { intent: 'decline' }), { id: quoteId }, testIp())))
		expect(declined.status).toBe(409)
		expect(declined.errors.form).toMatch(/already been accepted/)
		// The booking form books the quote at its price (the trip the page showed priced), for its lead.
		const draft = await settle(() => bookNow.loader(routeArgs(get(`/book-now?quote=${quoteId}`), {}, testIp())))
		expect(draft.body.draft).toMatchObject({ source: 'quote', quoteId, leadId })
		const travellers = {
			t1Name: 'Rohan Das',
			t1Age: '34',
			t1Gender: 'male',
			t1IdType: 'aadhaar',
			t1IdNumber: '1234 5678 9012',
			t2Name: 'Mira Das',
			t2Age: '32',
			t2Gender: 'female',
			t2IdType: 'aadhaar',
			t2IdNumber: '2234 5678 9012',
			contactName: 'Rohan Das',
			contactPhone: '98111 00011',
			acceptTerms: 'on',
		}
		const book = (key: string, extra: Record<string, string> = {}) =>
			settle(() =>
				bookNow.action(routeArgs(post('/book-now', { quote: quoteId, submissionKey: key, priced: draft.body.priced, ...travellers, ...extra }), {}, testIp())),
			)
		const booked = await book('book-quote-key-1', { total: '1' })
		expect(booked.status).toBe(302)
		// The same form posted again lands on its own booking; another person's form is told the quote is booked, and sees nothing of it.
		const again = await book('book-quote-key-1')
		expect(again.location).toBe(booked.location)
		const other = await book('book-quote-key-2', { t1Name: 'Sita Rao', t2Name: 'Ravi Rao', contactName: 'Sita Rao' })
		expect(other.status).toBe(409)
		expect(JSON.stringify(other.body ?? other.errors)).toMatch(/already booked/)
		expect(JSON.stringify(other.body ?? other.errors)).not.toMatch(/Rohan Das|Mira Das|BK-/)
		const bookings = await getDb().db.selectFrom('bookings').select(['quote_id', 'lead_id', 'total']).where('quote_id', '=', quoteId).execute()
		expect(bookings).toEqual([{ quote_id: quoteId, lead_id: leadId, total: draft.body.draft.price.total }])

		const missing = await settle(() => quoteView.loader(routeArgs(get('/quote/x0000000000000000000'), { id: 'x0000000000000000000' }, testIp())))
		expect(missing.status).toBe(404)

		// Save as a package; it is listed and searchable.
		const savedAs = await call(editor, `/admin/create-itinerary/${id}`, formOf(await editorPage(id), { intent: 'save-package', markupPercent: '12' }), { id })
		expect(savedAs.status).toBe(302)
		const list = await settle(() => savedPackages.loader(routeArgs(get(`/admin/saved-packages?q=${encodeURIComponent('Rohan')}`, cookie), {}, testIp())))
		expect(list.body.total).toBe(1)
		// Duplicate posted three times from one page render makes one copy.
		const source = list.body.packages[0].id
		const copies = await Promise.all(
			[1, 2, 3].map(() => call(savedPackages, '/admin/saved-packages', { intent: 'duplicate', id: source, submissionKey: list.body.submissionKey })),
		)
		expect(copies.map((answer) => answer.status)).toEqual([302, 302, 302])
		const afterCopy = await settle(() => savedPackages.loader(routeArgs(get(`/admin/saved-packages?q=${encodeURIComponent('Rohan')}`, cookie), {}, testIp())))
		expect(afterCopy.body.total).toBe(2)
		const bad = await call(savedPackages, '/admin/saved-packages', { intent: 'publish', id: 'nope' })
		expect(bad.status).toBe(400)
	})

	test('two pages on one itinerary: the second save is refused with a 409 and what it typed comes back; the same post twice adds one day', async () => {
		const { id, page: opened } = await startedItinerary()
		const url = `/admin/create-itinerary/${id}`
		const days = opened.itinerary.plan.days.length
		// Asha saves from her page (an automatic save, with JavaScript): the answer names the new revision.
		const asha = await call(editor, url, formOf(opened, { title: 'Asha’s honeymoon plan', client: 'fetcher' }), { id })
		expect(asha.status).toBe(200)
		expect(asha.body.details.revision).toBe(opened.itinerary.revision + 1)
		// Her next automatic save carries it and is not refused as stale.
		const ashaAgain = await call(
			editor,
			url,
			formOf(opened, { title: 'Asha’s honeymoon plan, sea view', revision: String(asha.body.details.revision), client: 'fetcher' }),
			{ id },
		)
		expect(ashaAgain.status).toBe(200)
		expect(ashaAgain.body.details.revision).toBe(opened.itinerary.revision + 2)

		// Ravi opened the same itinerary before she saved: his save is refused, nothing of his is written,
		// and his form comes back as he typed it, still at the revision he opened (a resubmit is refused again).
		for (const client of ['fetcher', '']) {
			const ravi = await call(editor, url, formOf(opened, { title: 'Ravi’s family trip', adults: '4', client }), { id })
			expect(ravi.status).toBe(409)
			expect(ravi.errors.form).toBe(staleItineraryMessage)
			expect(ravi.errors.form).toMatch(/^Someone else saved this itinerary after you opened it.*What you typed is still in the form.*reload the page/)
			expect(ravi.values).toMatchObject({ title: 'Ravi’s family trip', adults: '4', revision: String(opened.itinerary.revision) })
		}
		const raviDay = await call(editor, url, formOf(opened, { intent: 'add-blank' }), { id })
		expect(raviDay.status).toBe(409)
		const raviSend = await call(editor, url, formOf(opened, { intent: 'send' }), { id })
		expect(raviSend.status).toBe(409)
		expect(await getDb().db.selectFrom('quotes').select('id').where('itinerary_id', '=', id).execute()).toHaveLength(0)
		const now = await editorPage(id)
		expect(now.itinerary.title).toBe('Asha’s honeymoon plan, sea view')
		expect(now.itinerary.plan.adults).toBe(opened.itinerary.plan.adults)
		expect(now.itinerary.plan.days).toHaveLength(days)
		expect(now.itinerary.revision).toBe(opened.itinerary.revision + 2)

		// A post without a revision (a page from before this check) is refused with what to do.
		const { revision: _omitted, ...withoutRevision } = formOf(now, { title: 'No revision' })
		const old = await call(editor, url, withoutRevision, { id })
		expect(old.status).toBe(400)
		expect(old.errors.form).toBe(missingRevisionMessage)

		// "Add blank day" pressed twice (without JavaScript, both posts sent): one day is added, the other post is refused.
		const twice = await Promise.all([
			call(editor, url, formOf(now, { intent: 'add-blank' }), { id }),
			call(editor, url, formOf(now, { intent: 'add-blank' }), { id }),
		])
		expect(twice.map((answer) => answer.status).sort()).toEqual([302, 409])
		expect((await editorPage(id)).itinerary.plan.days).toHaveLength(days + 1)
	})

	test('a quote refused after the plan was saved (no lead) still gives the page the saved revision: its next save is not stale', async () => {
		const started = await call(start, '/admin/create-itinerary', { kind: 'blank' })
		const id = started.location!.split('/').at(-1)!
		const page = await editorPage(id)
		const url = `/admin/create-itinerary/${id}`
		const sent = await call(editor, url, formOf(page, { intent: 'send', title: 'Not linked yet', client: 'fetcher' }), { id })
		expect(sent.status).toBe(409)
		expect(sent.errors.form).toMatch(/Link this itinerary to a lead/)
		expect(sent.body.details.revision).toBe(page.itinerary.revision + 1)
		expect((await editorPage(id)).itinerary.title).toBe('Not linked yet')
		const next = await call(
			editor,
			url,
			formOf(page, { title: 'Not linked yet, saved again', revision: String(sent.body.details.revision), client: 'fetcher' }),
			{ id },
		)
		expect(next.status).toBe(200)
	})

	test('staff add a lead taken on the phone; bad input saves nothing', async () => {
		const page = await settle(() => newLead.loader(routeArgs(get('/admin/leads/new', cookie), {}, testIp())))
		const key = page.body.submissionKey as string
		const bad = await call(newLead, '/admin/leads/new', { source: 'carrier-pigeon', name: 'A', phone: '123', adults: '2', submissionKey: key })
		expect(bad.status).toBe(400)
		expect(errorsOf(resultFor(bad.body))).toMatchObject({
			source: expect.stringMatching(/phone, WhatsApp, walk-in or agent/),
			name: expect.any(String),
			phone: expect.any(String),
		})
		expect(await getDb().db.selectFrom('leads').select('id').where('submission_key', '=', key).execute()).toHaveLength(0)
		const good = await call(newLead, '/admin/leads/new', {
			source: 'walk_in',
			name: 'Farah Khan',
			phone: '98200 11223',
			adults: '3',
			nights: '5',
			islands: ['havelock'],
			submissionKey: key,
		})
		expect(good.status).toBe(302)
		const again = await call(newLead, '/admin/leads/new', { source: 'walk_in', name: 'Farah Khan', phone: '98200 11223', adults: '3', submissionKey: key })
		expect(again.location).toBe(good.location)
		const rows = await getDb().db.selectFrom('leads').selectAll().where('submission_key', '=', key).execute()
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({ source: 'walk_in', phone: '+919820011223', adults: 3, nights: 5 })
	})
})
