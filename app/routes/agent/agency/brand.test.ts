import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { cookieFor, makeAgency, makeUser, useAppDatabase } from '#tests/support/identity.ts'
import { get as getRequest, post, routeArgs, settle, toastTitle } from '#tests/support/route-requests.ts'
import { photoFile } from '#tests/support/test-photos.ts'
import { closeDatabase } from '~/server/db/index.server.ts'
import * as brand from './brand.tsx'

let storage: string
const previousStorage = process.env.STORAGE_DIR

describeEachDatabase('the agency’s brand at /agent/brand', (get) => {
	beforeAll(async () => {
		storage = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-brand-'))
		process.env.STORAGE_DIR = storage
		await useAppDatabase(get().url)
	})
	afterAll(async () => {
		await closeDatabase()
		if (previousStorage === undefined) delete process.env.STORAGE_DIR
		else process.env.STORAGE_DIR = previousStorage
	})

	test('the agency admin saves its name, contact, logo (through the media library) and “show our name”; bad input is a 400 with the reason; an agent who is not the admin is refused', async () => {
		const { db } = get()
		const agency = await makeAgency(db)
		const admin = await cookieFor(db, await makeUser(db, { role: 'agent_admin', agentId: agency.id }))
		const agent = await cookieFor(db, await makeUser(db, { role: 'agent_user', agentId: agency.id }))

		const form = new FormData()
		for (const [name, value] of Object.entries({
			brandName: 'Blue Lagoon Holidays',
			brandAddress: '12 Connaught Place, Delhi',
			brandPhone: '98111 22233',
			brandEmail: 'trips@bluelagoon.example',
			showOurs: 'on',
		}))
			form.set(name, value)
		form.set('logo', new File([await photoFile(800, 400)], 'logo.jpg', { type: 'image/jpeg' }))
		const saved = await settle(() =>
			brand.action(routeArgs(new Request('http://localhost/agent/brand', { method: 'POST', headers: { Cookie: admin }, body: form }))),
		)
		expect(saved).toMatchObject({ status: 302, location: '/agent/brand' })
		expect(await toastTitle(saved)).toBe('Brand saved')
		const row = await db.selectFrom('agents').selectAll().where('id', '=', agency.id).executeTakeFirstOrThrow()
		expect(row).toMatchObject({
			brand_name: 'Blue Lagoon Holidays',
			brand_address: '12 Connaught Place, Delhi',
			brand_phone: '+919811122233',
			brand_email: 'trips@bluelagoon.example',
		})
		expect(Number(row.brand_show_ours)).toBe(1)
		expect(row.brand_logo_media_id).toBeTruthy()
		const shown = await settle(() => brand.loader(routeArgs(getRequest('/agent/brand', admin))))
		expect(shown.body.brand).toMatchObject({ brandName: 'Blue Lagoon Holidays', showOurs: true, logo: { id: row.brand_logo_media_id } })

		// Without a new file the logo stays; unticked, our name is hidden again.
		expect((await settle(() => brand.action(routeArgs(post('/agent/brand', { brandName: 'Blue Lagoon Holidays' }, admin))))).status).toBe(302)
		const after = await db.selectFrom('agents').selectAll().where('id', '=', agency.id).executeTakeFirstOrThrow()
		expect(after.brand_logo_media_id).toBe(row.brand_logo_media_id)
		expect(Number(after.brand_show_ours)).toBe(0)

		const bad = await settle(() => brand.action(routeArgs(post('/agent/brand', { brandName: 'B', brandEmail: 'not-an-email', brandPhone: '12' }, admin))))
		expect(bad.status).toBe(400)
		expect(bad.errors).toMatchObject({
			brandName: expect.stringMatching(/name/),
			brandEmail: expect.stringMatching(/email/),
			brandPhone: expect.stringMatching(/mobile/),
		})

		const notAnImage = new FormData()
		notAnImage.set('brandName', 'Blue Lagoon Holidays')
		notAnImage.set('logo', new File([new TextEncoder().encode('not a picture')], 'logo.png', { type: 'image/png' }))
		const refused = await settle(() =>
			brand.action(routeArgs(new Request('http://localhost/agent/brand', { method: 'POST', headers: { Cookie: admin }, body: notAnImage }))),
		)
		expect(refused.status).toBe(400)

		expect((await settle(() => brand.loader(routeArgs(getRequest('/agent/brand', agent))))).status).toBe(403)
		expect((await settle(() => brand.action(routeArgs(post('/agent/brand', { brandName: 'Hijack' }, agent))))).status).toBe(403)
	})
})
