import { useEffect } from 'react'
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import { ConsentAndAnalytics } from './components/analytics.tsx'
import { ErrorPage, describeError, RouteErrorBoundary } from './components/error-page.tsx'
import { useNonce } from './components/nonce.tsx'
import './app.css'
import { useClientNavigation } from './components/client-links.ts'
import { PrefetchLimiter } from './components/prefetch.tsx'
import { StaticClientScript, useStaticPage } from './components/static-page.tsx'
import { toast } from './components/ui/toast.tsx'
import { NoScriptToast } from './components/ui/toast-fallback.tsx'
import { NewVersionWatcher } from './components/version-watcher.tsx'
import { publicConfig } from './server/env.server.ts'
import { readConsent } from './server/consent.server.ts'
import { ensureReady } from './server/ready.server.ts'
import { readToast } from './server/toast.server.ts'
import { secretAddressHeaders } from './server/secret-addresses.server.ts'

export const links: Route.LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
	{ rel: 'manifest', href: '/site.webmanifest' },
]

/**
 * Server middleware: the database is ready before any loader or action runs (a no-op after start-up);
 * addresses that carry a secret are never stored by a cache (ADR 169).
 */
export const middleware: Route.MiddlewareFunction[] = [
	async (_args, next) => {
		await ensureReady()
		return next()
	},
	secretAddressHeaders,
]

export async function loader({ request }: Route.LoaderArgs) {
	const { toast, setCookie } = await readToast(request)
	return data({ config: publicConfig(), toast, consent: readConsent(request) }, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined)
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const staticPage = useStaticPage()
	const rootData = useRootData()
	return (
		<html lang="en-IN">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#047857" />
				<Meta />
				<Links />
			</head>
			<body className="min-h-screen">
				<a href="#main" className="sr-only z-50 rounded bg-white p-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
					Skip to content
				</a>
				{rootData?.toast ? <NoScriptToast toast={rootData.toast} /> : null}
				{children}
				{staticPage ? (
					<StaticClientScript
						src={staticPage.src}
						integrity={staticPage.integrity}
						data={{
							version: staticPage.version,
							analyticsId: rootData?.consent === 'granted' ? (rootData.config.analyticsId ?? undefined) : undefined,
							toast: rootData?.toast ? JSON.stringify(rootData.toast) : undefined,
						}}
					/>
				) : (
					<>
						<ScrollRestoration nonce={nonce} />
						<Scripts nonce={nonce} />
					</>
				)}
			</body>
		</html>
	)
}

export default function App({ loaderData }: Route.ComponentProps) {
	const { toast: flash, config, consent } = loaderData
	useEffect(() => {
		if (flash) toast(flash)
	}, [flash])
	useClientNavigation()
	useEffect(() => {
		// Lets browser tests (and curious staff) see when the page has become interactive.
		document.documentElement.dataset.hydrated = 'true'
	}, [])
	return (
		<>
			<Outlet />
			<ConsentAndAnalytics analyticsId={config.analyticsId} consent={consent} />
			<NewVersionWatcher />
			<PrefetchLimiter />
		</>
	)
}

export function useRootData() {
	return useRouteLoaderData<typeof loader>('root')
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	// Reached only when a layout itself fails: render the error page on its own.
	if (typeof document === 'undefined') return <ErrorPage {...describeError(error, '')} />
	return <RouteErrorBoundary />
}
