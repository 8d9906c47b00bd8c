import { useEffect, useState } from 'react'
import { createPath, Form, useBlocker, useLocation } from 'react-router'
import { afterLoad, loadTag } from '~/lib/analytics-tag.ts'
import { isSecretAddress } from '~/lib/secret-addresses.ts'
import type { Consent } from '~/server/consent.server.ts'
import { Button } from './ui/button.tsx'

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
	// Never on an address that carries a secret (ADR 169); on the next page that does not, it loads then.
	const secret = isSecretAddress(location)
	useEffect(() => {
		if (!analyticsId || choice !== 'granted' || secret) return
		return afterLoad(() => loadTag(analyticsId))
	}, [analyticsId, choice, secret])
	// Once the tag is in the page it sees every address the page moves to: a link into a secret
	// address becomes a document load instead, which leaves the tag behind.
	const blocker = useBlocker(({ nextLocation }) => Boolean(window.__analyticsLoaded) && isSecretAddress(nextLocation))
	useEffect(() => {
		if (blocker.state === 'blocked') window.location.assign(createPath(blocker.location))
	}, [blocker])

	if (!analyticsId || choice) return null
	return (
		<section
			aria-label="Cookie consent"
			className="no-print fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white p-4 shadow-lg md:right-auto md:bottom-4 md:left-4 md:max-w-md md:rounded-lg md:border"
		>
			<p className="text-sm text-slate-800">
				We would like to count visits with an analytics cookie to improve this site. Nothing is shared for advertising. You can say no.
			</p>
			<Form
				method="post"
				action="/consent"
				className="mt-3 flex gap-2"
				onSubmit={(e) => setChoice((e.nativeEvent as SubmitEvent).submitter?.getAttribute('value') as Consent)}
			>
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
