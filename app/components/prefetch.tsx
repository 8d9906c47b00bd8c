import { type FocusEvent, type MouseEvent, type TouchEvent, useSyncExternalStore } from 'react'
import { Link, type LinkProps, NavLink, type NavLinkProps, PrefetchPageLinks } from 'react-router'

/** docs/conventions.md#behaviours-with-numbers: at most 4 route preloads at a time. */
export const maxConcurrentPrefetches = 4

let intents: string[] = []
const listeners = new Set<() => void>()

/** Records an intent to visit `href`; only the 4 most recent intents are preloaded. */
export function prefetchIntent(href: string) {
	if (intents.includes(href)) return
	intents = [...intents, href].slice(-maxConcurrentPrefetches)
	for (const listener of listeners) listener()
}

/** The pages being preloaded now (for tests and the limiter). */
export function currentPrefetches(): readonly string[] {
	return intents
}

const subscribe = (listener: () => void) => {
	listeners.add(listener)
	return () => listeners.delete(listener)
}
const empty: string[] = []

export function PrefetchLimiter() {
	const pages = useSyncExternalStore(
		subscribe,
		() => intents,
		() => empty,
	)
	return (
		<>
			{pages.map((page) => (
				<PrefetchPageLinks key={page} page={page} />
			))}
		</>
	)
}

type IntentHandlers = {
	onMouseEnter?: (event: MouseEvent<HTMLAnchorElement>) => void
	onFocus?: (event: FocusEvent<HTMLAnchorElement>) => void
	onTouchStart?: (event: TouchEvent<HTMLAnchorElement>) => void
}

/** Hover, focus and touch handlers that record an intent to visit `to` before calling the link's own. */
function intentHandlers(to: string, { onMouseEnter, onFocus, onTouchStart }: IntentHandlers): IntentHandlers {
	return {
		onMouseEnter: (event) => {
			prefetchIntent(to)
			onMouseEnter?.(event)
		},
		onFocus: (event) => {
			prefetchIntent(to)
			onFocus?.(event)
		},
		onTouchStart: (event) => {
			prefetchIntent(to)
			onTouchStart?.(event)
		},
	}
}

/**
 * A `<Link>` that preloads its route's code and data on hover, focus or touch through the limiter
 * (at most 4 at a time), instead of React Router's unlimited `prefetch="intent"`.
 */
export function IntentLink({ to, onMouseEnter, onFocus, onTouchStart, ...props }: LinkProps & { to: string }) {
	return <Link {...props} to={to} prefetch="none" {...intentHandlers(to, { onMouseEnter, onFocus, onTouchStart })} />
}

/** A `<NavLink>` that preloads like `IntentLink`: the site and admin navs. */
export function IntentNavLink({ to, onMouseEnter, onFocus, onTouchStart, ...props }: NavLinkProps & { to: string }) {
	return <NavLink {...props} to={to} prefetch="none" {...intentHandlers(to, { onMouseEnter, onFocus, onTouchStart })} />
}
