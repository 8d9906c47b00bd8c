import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import { keepRetryAfter } from '~/server/retry-after.ts'
import { ProfilePage } from './profile-page.tsx'
import { profileAction, profileData } from './profile.server.ts'
import type { Route } from './+types/profile'

/** The signed-in person's own account: password, devices (docs/decisions/106-staff-profile.md). */
export async function loader({ request }: Route.LoaderArgs) {
	const { user, session } = await requireStaff(request)
	return profileData(user, session.id)
}

export async function action({ request, context }: Route.ActionArgs) {
	const { user, session } = await requireStaff(request)
	return profileAction(await request.formData(), { request, user, sessionId: session.id, ip: clientAddressOf(context) })
}

export const headers: Route.HeadersFunction = keepRetryAfter

export const meta: Route.MetaFunction = () => [{ title: 'Your account | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
	return <ProfilePage loaderData={loaderData} actionData={actionData} />
}

export const ErrorBoundary = RouteErrorBoundary
