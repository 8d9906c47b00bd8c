import { data } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { logger } from '~/server/logger.server.ts'
import type { Route } from './+types/not-found'

/** Any unmatched path: a non-fatal 404 with 'Page not found: {path}' (docs/product.md#screens). */
export function loader({ request }: Route.LoaderArgs) {
	const { pathname } = new URL(request.url)
	const message = `Page not found: ${pathname}`
	logger.warn({ msg: message, status: 404 })
	throw data(message, { status: 404, statusText: 'Page Not Found' })
}

export function action({ request }: Route.ActionArgs) {
	throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404, statusText: 'Page Not Found' })
}

export const meta: Route.MetaFunction = () => [{ title: 'Page Not Found | Andaman Isles Travel' }, { name: 'robots', content: 'noindex' }]

export default function NotFound() {
	return null
}

export const ErrorBoundary = RouteErrorBoundary
