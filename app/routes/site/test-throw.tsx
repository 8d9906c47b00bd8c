import { data } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { env } from '~/server/env.server.ts'
import type { Route } from './+types/test-throw'

/**
 * Throws an unexpected error so tests can see the 500 page and its logging.
 * Off unless ENABLE_TEST_ROUTES is set; otherwise it is an unknown page.
 */
export function loader({ request }: Route.LoaderArgs) {
	if (!env().ENABLE_TEST_ROUTES) throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 })
	throw new Error('Deliberate test failure: the database exploded')
}

export const meta: Route.MetaFunction = () => [{ title: 'Internal Server Error | Andaman Isles Travel' }, { name: 'robots', content: 'noindex' }]

export default function TestThrow() {
	return null
}

export const ErrorBoundary = RouteErrorBoundary
