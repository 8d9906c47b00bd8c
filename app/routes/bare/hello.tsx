import { data } from 'react-router'
import { env } from '~/server/env.server.ts'
import type { Route } from './+types/hello'

/** The smallest page this build can render: the benchmark's baseline. Off unless ENABLE_TEST_ROUTES is set. */
export function loader({ request }: Route.LoaderArgs) {
	if (!env().ENABLE_TEST_ROUTES) throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 })
	return null
}

export const meta: Route.MetaFunction = () => [{ title: 'Hello' }, { name: 'robots', content: 'noindex' }]

export default function Hello() {
	return (
		<main id="main">
			<h1>Hello, world</h1>
		</main>
	)
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-page.tsx'
