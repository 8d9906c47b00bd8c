import { data } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { requestPath } from '~/features/identity/server/auth.server.ts'
import type { Route } from './+types/not-found'

/** An unknown path in the agent area: a signed-in agent user sees 404 inside the agent layout; anyone else is refused or asked to sign in first. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireAgentUser(request)
	throw data(`Page not found: ${requestPath(request).split('?')[0]}`, { status: 404, statusText: 'Page Not Found' })
}

export async function action({ request }: Route.ActionArgs) {
	await requireAgentUser(request)
	throw data(`Page not found: ${requestPath(request).split('?')[0]}`, { status: 404, statusText: 'Page Not Found' })
}

export const meta: Route.MetaFunction = () => [{ title: 'Page Not Found | Andaman Isles Travel' }, { name: 'robots', content: 'noindex' }]

export default function AgentNotFound() {
	return null
}

export const ErrorBoundary = RouteErrorBoundary
