import { type RefObject, useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { prefetchIntent } from './prefetch.tsx'

/**
 * What `<Link to>` puts on its anchor, for a path the page already knows: `data-discover` lets React
 * Router learn the route ahead of a click, as it does for a `<Link>`. Long lists and the admin nav
 * render these plain anchors, because every `<Link>` resolves its path through several hooks on each
 * server render (ADR 159), and one `useClientLinks` on the list gives them `<Link>`'s behaviour.
 */
export function linkTo(href: string) {
	return { href, 'data-discover': 'true' } as const
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

function anchorOf(event: Event, root: HTMLElement): HTMLAnchorElement | null {
	const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
	return anchor instanceof HTMLAnchorElement && root.contains(anchor) ? anchor : null
}

/**
 * Gives every plain `<a href>` inside the returned ref's element what `<Link>` gives one anchor, with
 * one set of listeners for the whole list: a plain click navigates in place (replacing the history
 * entry when it is the current address, as `<Link>` does), and hover, focus or touch preloads the
 * page through the limiter (`prefetchIntent`: at most 4 at a time). Without JavaScript the anchors
 * are ordinary links.
 */
export function useClientLinks<T extends HTMLElement>(): RefObject<T | null> {
	const ref = useRef<T>(null)
	const navigate = useNavigate()
	const location = useLocation()
	const current = useRef({ navigate, here: location.pathname + location.search + location.hash })
	useEffect(() => {
		current.current = { navigate, here: location.pathname + location.search + location.hash }
	})
	useEffect(() => {
		const root = ref.current
		if (!root) return
		const onClick = (event: MouseEvent) => {
			const anchor = anchorOf(event, root)
			if (!anchor || !isPlainClick(event, anchor)) return
			event.preventDefault()
			const to = anchor.pathname + anchor.search + anchor.hash
			void current.current.navigate(to, { replace: to === current.current.here })
		}
		const onIntent = (event: Event) => {
			const anchor = anchorOf(event, root)
			if (anchor && anchor.origin === window.location.origin) prefetchIntent(anchor.pathname + anchor.search)
		}
		root.addEventListener('click', onClick)
		for (const type of ['mouseover', 'focusin', 'touchstart']) root.addEventListener(type, onIntent, { passive: true })
		return () => {
			root.removeEventListener('click', onClick)
			for (const type of ['mouseover', 'focusin', 'touchstart']) root.removeEventListener(type, onIntent)
		}
	}, [])
	return ref
}
