import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router'
import { statusText } from '~/lib/errors.ts'
import { isChunkLoadError, reloadForChunkError } from '~/lib/chunk-reload.ts'
import { site } from '~/lib/site.ts'
import { useEffect } from 'react'

const descriptions: Record<number, string> = {
	400: 'Something in the request was not right. Go back, check what you entered and try again.',
	401: 'Please sign in to see this page.',
	403: 'Your account does not have access to this page. Ask an owner if you think it should.',
	404: 'The page may have moved, or the link may be mistyped.',
	409: 'This changed while you were working on it. Reload the page to see the latest version.',
	429: 'Too many attempts in a short time. Wait a little and try again.',
	500: 'Something went wrong on our side. It has been logged and we will look into it. Please try again in a moment.',
	503: 'The service is briefly unavailable. Please try again in a minute.',
}

/** What an error page shows: status code, status message and description (docs/product.md#screens). */
export function describeError(error: unknown, pathname: string) {
	if (isRouteErrorResponse(error)) {
		const status = error.status
		const message = status === 404 ? `Page not found: ${pathname}` : typeof error.data === 'string' && error.data ? error.data : null
		return {
			status,
			title: statusText[status] ?? error.statusText ?? 'Error',
			description: message ?? descriptions[status] ?? descriptions[500]!,
			detail: status === 404 ? descriptions[404] : null,
		}
	}
	return { status: 500, title: statusText[500]!, description: descriptions[500]!, detail: null }
}

export function ErrorPage({ status, title, description, detail }: ReturnType<typeof describeError>) {
	return (
		<main id="main" className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-16">
			<p className="text-5xl font-bold text-primary-800">{status}</p>
			<h1 className="text-3xl font-semibold">{title}</h1>
			<p className="text-lg text-slate-800" data-testid="error-description">
				{description}
			</p>
			{detail ? <p className="text-slate-700">{detail}</p> : null}
			<div className="flex flex-wrap gap-4">
				<Link to="/" className="font-medium">
					Go to the home page
				</Link>
				<Link to="/packages" className="font-medium">
					Browse packages
				</Link>
				<a href={site.phoneHref} className="font-medium">
					Call us on {site.phone}
				</a>
			</div>
		</main>
	)
}

/** The error boundary every route module exports. */
export function RouteErrorBoundary() {
	const error = useRouteError()
	const { pathname } = useLocation()
	useEffect(() => {
		if (isChunkLoadError(error)) reloadForChunkError()
	}, [error])
	return <ErrorPage {...describeError(error, pathname)} />
}
