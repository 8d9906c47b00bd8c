import { redirect } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { adminHomePath, endSession, loginPath } from '~/features/identity/server/auth.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/logout'

/** Signing out deletes this browser's session row. POST only: a GET changes nothing. */
export async function action({ request }: Route.ActionArgs) {
	const cookie = await endSession(request)
	return redirectWithToast(loginPath, { type: 'info', title: 'Signed out' }, { headers: { 'Set-Cookie': cookie } })
}

export function loader() {
	return redirect(adminHomePath)
}

export default function Logout() {
	return null
}

export const ErrorBoundary = RouteErrorBoundary
