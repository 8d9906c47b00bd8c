import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import { AuthShell, FormMessage } from './auth-shell.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { identityMessage } from '~/lib/identity-errors.ts'

/** A failed fetch in the browser (offline, timed out): docs/identity-api.md#errors network-request-failed. */
function isNetworkFailure(error: unknown): boolean {
	return error instanceof TypeError && /fetch|network|load failed/i.test(error.message)
}

/**
 * The error boundary of the sign-in pages: a dropped connection while
 * submitting is the common failure on island networks, so it gets the
 * plain network-request-failed message and a way to try again.
 */
export function AuthErrorBoundary() {
	const error = useRouteError()
	const { pathname, search } = useLocation()
	if (!isRouteErrorResponse(error) && isNetworkFailure(error)) {
		return (
			<AuthShell title="No connection">
				<FormMessage tone="error">{identityMessage('network-request-failed')}</FormMessage>
				<a href={pathname + search} className="font-medium">
					Try again
				</a>
			</AuthShell>
		)
	}
	return <RouteErrorBoundary />
}
