import { data } from 'react-router'
import { env } from '~/server/env.server.ts'

/**
 * The one gate of the `/__test/*` routes (app/routes.ts registers them from this folder): an unknown page (404)
 * unless the server runs with ENABLE_TEST_ROUTES, which only the browser tests and the benchmark set.
 * tests/e2e/test-routes.spec.ts proves a production server without it answers 404 on every one.
 */
export function requireTestRoutes(request: Request) {
	if (!env().ENABLE_TEST_ROUTES) throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 })
}
