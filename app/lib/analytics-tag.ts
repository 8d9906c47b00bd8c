/**
 * Loading the analytics tag, in plain DOM code: used by the consent component on hydrated pages
 * and by app/static-client.ts on pages that ship no framework code.
 */

import { isSecretAddress } from './secret-addresses.ts'

/** docs/conventions.md#behaviours-with-numbers: the analytics tag loads 2000 ms after the window's load event. */
export const analyticsDelayMs = 2000

declare global {
	interface Window {
		dataLayer?: unknown[]
		__analyticsLoaded?: boolean
	}
}

/** Loads the tag, unless it is loaded already or this address carries a secret (ADR 169): the tag sends the full address. */
export function loadTag(measurementId: string) {
	if (window.__analyticsLoaded || isSecretAddress(window.location)) return
	window.__analyticsLoaded = true
	window.dataLayer = window.dataLayer ?? []
	const gtag = (...args: unknown[]) => window.dataLayer!.push(args)
	gtag('js', new Date())
	gtag('config', measurementId, { anonymize_ip: true })
	const script = document.createElement('script')
	script.async = true
	script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`
	document.head.appendChild(script)
}

/** Schedules `callback` 2 s after the window load event (or 2 s from now if it already fired). */
export function afterLoad(callback: () => void, delay = analyticsDelayMs): () => void {
	let timer: ReturnType<typeof setTimeout> | undefined
	const start = () => {
		timer = setTimeout(callback, delay)
	}
	if (document.readyState === 'complete') start()
	else window.addEventListener('load', start, { once: true })
	return () => {
		window.removeEventListener('load', start)
		clearTimeout(timer)
	}
}
