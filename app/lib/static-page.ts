/**
 * Pages that ship no framework JavaScript (docs/decisions/123-static-pages-without-framework-javascript.md).
 *
 * A route opts in with `export const handle = staticPage` (or spreads it into its own handle).
 * When the deepest matched route has opted in and nothing failed, the server renders the page
 * without React Router's scripts: no modulepreload links, no hydration. The page gets one small
 * script instead (app/static-client.ts) for the menu, the consent choice, toasts and the
 * new-version check. Every other page hydrates as before.
 *
 * Opt in only when the page works completely as HTML: links, GET forms and POST forms that
 * redirect. Filters and prices that update in place are `data-live-form` GET forms (app/lib/live-form.ts);
 * anything else that needs React in the browser (validation as you type, tooltips, dialogs) means the
 * page must not opt in. Every public page kind is static (docs/decisions/219-every-public-page-static.md).
 */
export const staticPage = { staticPage: true } as const

export function isStaticPageHandle(handle: unknown): boolean {
	return typeof handle === 'object' && handle !== null && (handle as { staticPage?: unknown }).staticPage === true
}

/** What the static client reads from its script element's data attributes. */
export type StaticClientData = {
	/** The running build, for the new-version check. */
	version: string
	/** Set only when the visitor has accepted analytics. */
	analyticsId?: string
	/** A flash toast from the previous request, as JSON. */
	toast?: string
}

/** The parts of React Router's server context that decide it (EntryContext, kept structural for unit tests). */
type RenderedMatches = {
	staticHandlerContext: { matches: ReadonlyArray<{ route: { id: string } }>; errors: unknown }
	routeModules: Record<string, { handle?: unknown } | undefined>
}

/** A page is static when its deepest route opted in and no loader or render failed (error pages hydrate). */
export function rendersStaticPage({ staticHandlerContext, routeModules }: RenderedMatches): boolean {
	const { matches, errors } = staticHandlerContext
	const deepest = matches[matches.length - 1]
	return !errors && deepest !== undefined && isStaticPageHandle(routeModules[deepest.route.id]?.handle)
}
