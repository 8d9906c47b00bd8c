/**
 * The `/__test/*` routes (tests/support/test-routes/) are in every build, because CI builds once and
 * tests that build. A production server started without ENABLE_TEST_ROUTES must answer every one of
 * them as an unknown page, to GET (and refuse a POST); the browser tests' own server (which sets it) serves them.
 */
import { expect, test } from '@playwright/test'
import { declaredRoutes } from '../support/routes.ts'
import { startProductionServer, stopProductionServer } from './production-server.ts'

const port = Number(process.env.E2E_TEST_ROUTES_PORT ?? 3249)
const testPaths = declaredRoutes()
	.map((route) => route.path)
	.filter((path) => path.startsWith('/__test/'))

test('every /__test route is declared from tests/support, and a production server without ENABLE_TEST_ROUTES answers 404 to each', async ({ request }) => {
	test.setTimeout(120_000)
	expect(testPaths).toEqual(expect.arrayContaining(['/__test/hello', '/__test/throw', '/__test/ui', '/__test/expire-action-codes', '/__test/lapse-ferry-hold']))
	for (const route of declaredRoutes().filter((route) => route.path.startsWith('/__test/')))
		expect(route.file, route.path).toMatch(/^\.\.\/tests\/support\/test-routes\//)
	// The browser tests' server has the flag: the same build serves them there.
	expect((await request.get('/__test/hello')).status()).toBe(200)

	const server = await startProductionServer('test-routes-off', port, { ENABLE_TEST_ROUTES: 'false' })
	try {
		for (const path of testPaths) {
			const query = '?email=someone%40example.com&id=00000000-0000-4000-8000-000000000000'
			const get = await fetch(`http://127.0.0.1:${port}${path}${query}`)
			expect(get.status, `GET ${path}`).toBe(404)
			const post = await fetch(`http://127.0.0.1:${port}${path}${query}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://localhost:${port}` },
				body: 'redirectTo=%2F',
			})
			// 405 where the route has no action at all (as on any page); never a 2xx or a redirect.
			expect([404, 405], `POST ${path}`).toContain(post.status)
			expect(await post.text(), `POST ${path}`).not.toMatch(/expired|lapsed|Saved/)
		}
	} finally {
		await stopProductionServer(server)
	}
})
