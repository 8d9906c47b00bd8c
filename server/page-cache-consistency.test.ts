import http from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import type { DB } from '~/server/db/client.server.ts'
import { currentPublicPagesGeneration, onPublicPagesChanged, publicPagesChanged } from '~/server/page-cache-signal.server.ts'
import { PageCache, pageCacheHeader } from './page-cache.ts'
import { createPageCacheLayer } from './page-cache-layer.ts'
import { keepPageCacheCurrent } from './page-cache-sync.ts'

/**
 * The page cache against a real database (ADR 175): an instance that saves a change must never keep
 * serving the page as it was before. The price lives in a row; the page shows it; an edit changes the
 * row and marks the public pages changed in its transaction, as every feature does.
 */
const priceRow = 'test_package_price'

async function readPrice(db: DB): Promise<number> {
	const row = await db.selectFrom('counters').select('value').where('name', '=', priceRow).where('year', '=', 0).executeTakeFirstOrThrow()
	return row.value
}

/** One price edit; `commitDelayMs` holds the transaction open after the change is marked, as a slow commit would. */
async function editPrice(db: DB, price: number, commitDelayMs: number) {
	await db.transaction().execute(async (trx) => {
		await trx.updateTable('counters').set({ value: price }).where('name', '=', priceRow).where('year', '=', 0).execute()
		await publicPagesChanged(trx)
		await sleep(commitDelayMs)
	})
}

type Render = (db: DB) => Promise<string>

/** One app instance: its page cache, kept current as server/app.ts keeps it, in front of a renderer that reads the price. */
async function startInstance(db: DB, render: Render) {
	const cache = new PageCache({ maxEntries: 10, maxBodyBytes: 64 * 1024, maxTotalBytes: 1024 * 1024, ttlMs: 10 * 60 * 1000 })
	// The poll is for other instances' changes; a minute here shows this instance's own need none of it.
	const stopSync = await keepPageCacheCurrent(cache, { onChange: onPublicPagesChanged, readGeneration: () => currentPublicPagesGeneration(db), pollMs: 60_000 })
	const layer = createPageCacheLayer(
		cache,
		async () => new Response(await render(db), { headers: { 'content-type': 'text/html', [pageCacheHeader]: 'public' } }),
	)
	const server = http.createServer((req, res) => {
		if (layer.serveHit(req, res)) return
		void layer.handler(new Request(`http://localhost${req.url}`), { requestId: 't', clientAddress: '127.0.0.1' }).then(async (response) => {
			res.writeHead(response.status, Object.fromEntries(response.headers))
			res.end(Buffer.from(await response.arrayBuffer()))
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as { port: number }
	const shownPrice = async () => {
		const response = await fetch(`http://127.0.0.1:${port}/packages/havelock-escape`)
		return Number(/₹(\d+)/.exec(await response.text())?.[1])
	}
	return {
		shownPrice,
		close: async () => {
			stopSync()
			await new Promise((resolve) => server.close(resolve))
		},
	}
}

/** A render: the price is read first, the page takes a few milliseconds more to build. */
const slowRender =
	(buildMs: number): Render =>
	async (db) => {
		const price = await readPrice(db)
		await sleep(Math.random() * buildMs)
		return `<h1>Havelock escape</h1><p>From ₹${price}</p>`
	}

describeEachDatabase('the page cache and price edits', (get) => {
	let instance: Awaited<ReturnType<typeof startInstance>> | undefined

	beforeEach(async () => {
		const { db } = get()
		await db.deleteFrom('counters').where('name', '=', priceRow).execute()
		await db.insertInto('counters').values({ name: priceRow, year: 0, value: 1000 }).execute()
	})
	afterEach(async () => {
		await instance?.close()
		instance = undefined
	})

	test('a page whose render read the old price before the edit committed is not kept', async () => {
		const { db } = get()
		let readOld!: () => void
		const oldPriceRead = new Promise<void>((resolve) => (readOld = resolve))
		let finishRender!: () => void
		const renderMayFinish = new Promise<void>((resolve) => (finishRender = resolve))
		let renders = 0
		instance = await startInstance(db, async (current) => {
			const price = await readPrice(current)
			if (++renders === 1) {
				readOld()
				await renderMayFinish
			}
			return `<p>From ₹${price}</p>`
		})

		const visitorBeforeTheEdit = instance.shownPrice()
		await oldPriceRead
		await editPrice(db, 1200, 50)
		finishRender()
		// That visitor asked before the edit and sees the old price; nobody after them may.
		expect(await visitorBeforeTheEdit).toBe(1000)
		expect(await instance.shownPrice()).toBe(1200)
		expect(await instance.shownPrice()).toBe(1200)
	})

	test('with four readers and a slow commit, every one of 20 edits shows at once on the instance that saved it', async () => {
		const { db } = get()
		instance = await startInstance(db, slowRender(25))
		const { shownPrice } = instance
		let editing = true
		const readers = Array.from({ length: 4 }, async () => {
			while (editing) await shownPrice()
		})
		const stale: Array<{ edit: number; shown: number }> = []
		try {
			for (let edit = 1; edit <= 20; edit++) {
				const price = 1000 + edit
				await editPrice(db, price, 60)
				const shown = await shownPrice()
				if (shown !== price) stale.push({ edit: price, shown })
			}
		} finally {
			editing = false
			await Promise.all(readers)
		}
		expect(stale).toEqual([])
		// Whatever raced the last edit, a later visitor still sees its price.
		await sleep(20)
		expect(await shownPrice()).toBe(1020)
	})
})
