import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/**
 * Every route, declared explicitly. Three layouts: the site layout, bare pages
 * (SPEC §2 "no layout") and the admin layout. Resource routes sit at the end.
 */
export default [
	layout('routes/site/layout.tsx', [
		index('routes/site/home.tsx'),
		route('__test/throw', 'routes/site/test-throw.tsx'),
		route('__test/ui', 'routes/site/test-ui.tsx'),
		route('*', 'routes/site/not-found.tsx'),
	]),

	// Bare pages: no site layout.
	route('__test/hello', 'routes/bare/hello.tsx'),

	// Resource routes.
	route('img', 'routes/resources/img.ts'),
	route('healthz', 'routes/resources/healthz.ts'),
	route('version.json', 'routes/resources/version.ts'),
	route('consent', 'routes/resources/consent.ts'),
] satisfies RouteConfig
