import { useEffect, useState } from 'react'
import { Form, useLocation } from 'react-router'
import type { Consent } from '~/server/consent.server.ts'
import { Button } from './ui/button.tsx'

/** docs/conventions.md#behaviours-with-numbers: the analytics tag loads 2000 ms after the window's load event. */
export const analyticsDelayMs = 2000

declare global {
	interface Window {
		dataLayer?: unknown[]
		__analyticsLoaded?: boolean
	}
}

function loadTag(measurementId: string) {
	if (window.__analyticsLoaded) return
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

/**
 * Renders nothing unless an analytics id is configured. Then it asks once for
 * consent (a form that works without JavaScript) and loads the tag only after
 * the visitor accepts.
 */
export function ConsentAndAnalytics({ analyticsId, consent }: { analyticsId: string | null; consent: Consent }) {
	// The cookie (from the server) decides, unless the visitor just chose on this page.
	const [justChose, setChoice] = useState<Consent>(null)
	const choice = justChose ?? consent
	const location = useLocation()
	useEffect(() => {
		if (!analyticsId || choice !== 'granted') return
		return afterLoad(() => loadTag(analyticsId))
	}, [analyticsId, choice])

	if (!analyticsId || choice) return null
	return (
		<section
			aria-label="Cookie consent"
			className="no-print fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white p-4 shadow-lg md:right-auto md:bottom-4 md:left-4 md:max-w-md md:rounded-lg md:border"
		>
			<p className="text-sm text-slate-800">
				We would like to count visits with an analytics cookie to improve this site. Nothing is shared for advertising. You can say no.
			</p>
			<Form method="post" action="/consent" className="mt-3 flex gap-2" onSubmit={(e) => setChoice((e.nativeEvent as SubmitEvent).submitter?.getAttribute('value') as Consent)}>
				<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
				<Button type="submit" name="choice" value="granted" size="sm">
					Accept analytics
				</Button>
				<Button type="submit" name="choice" value="denied" size="sm" variant="outline">
					No thanks
				</Button>
			</Form>
		</section>
	)
}
