import { requireTestRoutes } from './enabled.server.ts'
import type { LoaderFunctionArgs, MetaFunction } from 'react-router'

/** The smallest page this build can render: the benchmark's baseline. Off unless ENABLE_TEST_ROUTES is set. */
export function loader({ request }: LoaderFunctionArgs) {
	requireTestRoutes(request)
	return null
}

export const meta: MetaFunction = () => [{ title: 'Hello' }, { name: 'robots', content: 'noindex' }]

export default function Hello() {
	return (
		<main id="main">
			<h1>Hello, world</h1>
		</main>
	)
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/error-page.tsx'
