import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import { keepRetryAfter } from '~/server/retry-after.ts'
import { ProfilePage } from '../../admin/profile/profile-page.tsx'
import { profileAction, profileData } from '../../admin/profile/profile.server.ts'
import type { Route } from './+types/profile'

/** An agent user's own account (ADR 221): the staff profile's password, two-step sign-in and devices, inside the agent area. */
export async function loader({ request }: Route.LoaderArgs) {
	const { user, session } = await requireAgentUser(request)
	return profileData(user, session.id)
}

export async function action({ request, context }: Route.ActionArgs) {
	const { user, session } = await requireAgentUser(request)
	return profileAction(await request.formData(), { request, user, sessionId: session.id, ip: clientAddressOf(context), here: '/agent/profile' })
}

export const headers: Route.HeadersFunction = keepRetryAfter

export const meta: Route.MetaFunction = () => [{ title: 'Your account | Andaman Isles Travel' }, { name: 'robots', content: 'noindex' }]

export default function AgentProfile({ loaderData, actionData }: Route.ComponentProps) {
	return <ProfilePage loaderData={loaderData} actionData={actionData} />
}

export const ErrorBoundary = RouteErrorBoundary
