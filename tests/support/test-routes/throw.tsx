import { requireTestRoutes } from './enabled.server.ts'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import type { LoaderFunctionArgs, MetaFunction } from 'react-router'

/**
 * Throws an unexpected error so tests can see the 500 page and its logging.
 * Off unless ENABLE_TEST_ROUTES is set; otherwise it is an unknown page.
 */
export function loader({ request }: LoaderFunctionArgs) {
	requireTestRoutes(request)
	throw new Error('Deliberate test failure: the database exploded')
}

export const meta: MetaFunction = () => [{ title: 'Internal Server Error | Andaman Isles Travel' }, { name: 'robots', content: 'noindex' }]

export default function TestThrow() {
	return null
}

export const ErrorBoundary = RouteErrorBoundary
