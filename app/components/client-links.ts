import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { prefetchIntent } from './prefetch.tsx'

/**
 * What `<Link to>` puts on its anchor, for a path the page already knows: `data-discover` lets React
 * Router learn the route ahead of a click, as it does for a `<Link>`, and `data-client-link` hands the
 * anchor to `useClientNavigation`. For the chrome drawn on every page (the site's header, menu and
 * footer, the logo, the admin nav and brand) and the leads list (ADR 236, figures in its route module);
 * any other link inside a page is a `<Link>`. Each `<Link>` resolves its path through several hooks on
 * every server render: with the chrome as `<Link>`s too, home and packages cost ~2.5 ms more and the
 * staff lists measured 2.22× (leads) and 2.43× (pending bookings) of hello, over the 2× goal; with the
 * chrome plain, 1.93× and 1.81× (ADR 227, in-process A/B).
 */
export function linkTo(href: string) {
	return { href, 'data-discover': 'true', 'data-client-link': '' } as const
}

/**
 * Whether a nav link to `to` marks the current page, as `<NavLink>` decides (case aside): the page
 * itself and the pages under it, or with `end` the page only. No path is resolved per link.
 */
export function isCurrentPath(to: string, pathname: string, { end = false }: { end?: boolean } = {}): boolean {
	const here = pathname.toLowerCase()
	return here === to || (!end && here.startsWith(to) && here.charAt(to.length) === '/')
}

/** A click `<Link>` would handle itself: the main button, no modifier, not meant for another window or a download. */
function isPlainClick(event: MouseEvent, anchor: HTMLAnchorElement) {
	return (
		!event.defaultPrevented &&
		event.button === 0 &&
		!(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
		(!anchor.target || anchor.target === '_self') &&
		!anchor.hasAttribute('download') &&
		anchor.origin === window.location.origin
	)
}

function clientLinkOf(event: Event): HTMLAnchorElement | null {
	const anchor = event.target instanceof Element ? event.target.closest('a[data-client-link]') : null
	return anchor instanceof HTMLAnchorElement && anchor.origin === window.location.origin ? anchor : null
}

/**
 * Gives every `linkTo` anchor on the page what `<Link>` gives one anchor, with one set of listeners
 * on the document, installed once by the root: a plain click navigates in place (replacing the
 * history entry when it is the current address, as `<Link>` does), and hover, focus or touch
 * preloads the page through the limiter (`prefetchIntent`: at most 4 at a time). Without
 * JavaScript, and on pages that ship no framework code, the anchors are ordinary links.
 */
export function useClientNavigation() {
	const navigate = useNavigate()
	const location = useLocation()
	const current = useRef({ navigate, here: location.pathname + location.search + location.hash })
	useEffect(() => {
		current.current = { navigate, here: location.pathname + location.search + location.hash }
	})
	useEffect(() => {
		const onClick = (event: MouseEvent) => {
			const anchor = clientLinkOf(event)
			if (!anchor || !isPlainClick(event, anchor)) return
			event.preventDefault()
			const to = anchor.pathname + anchor.search + anchor.hash
			void current.current.navigate(to, { replace: to === current.current.here })
		}
		const onIntent = (event: Event) => {
			const anchor = clientLinkOf(event)
			if (anchor) prefetchIntent(anchor.pathname + anchor.search)
		}
		document.addEventListener('click', onClick)
		for (const type of ['mouseover', 'focusin', 'touchstart']) document.addEventListener(type, onIntent, { passive: true })
		return () => {
			document.removeEventListener('click', onClick)
			for (const type of ['mouseover', 'focusin', 'touchstart']) document.removeEventListener(type, onIntent)
		}
	}, [])
}
