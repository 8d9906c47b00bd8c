import { data } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { requestPath, requireStaff } from '~/features/identity/server/auth.server.ts'
import type { Route } from './+types/not-found'

/** An unknown admin path: signed-in staff see 404 inside the admin layout; everyone else is asked to sign in first. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const path = requestPath(request).split('?')[0]
	throw data(`Page not found: ${path}`, { status: 404, statusText: 'Page Not Found' })
}

export async function action({ request }: Route.ActionArgs) {
	await requireStaff(request)
	throw data(`Page not found: ${requestPath(request).split('?')[0]}`, { status: 404, statusText: 'Page Not Found' })
}

export const meta: Route.MetaFunction = () => [{ title: 'Page Not Found | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function AdminNotFound() {
	return null
}

export const ErrorBoundary = RouteErrorBoundary
