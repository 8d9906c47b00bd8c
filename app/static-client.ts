/**
 * The only script a static page loads (app/lib/static-page.ts, docs/decisions/123-static-pages-without-framework-javascript.md).
 * Everything on such a page works without it; it adds what plain HTML cannot do:
 * - the header menu (a <details>) closes on Escape, on a click elsewhere and when the page is left;
 * - an element marked `data-close-details` (the package filter sheet's backdrop and Close link) closes
 *   its <details> in place instead of following its link;
 * - a flash toast from the previous request shows, through the same toast code hydrated pages use;
 * - after the visitor accepted analytics, the tag loads 2 s after the load event;
 * - a page restored from the back/forward cache after a deploy reloads, so its forms and links
 *   meet the new build;
 * - a GET form marked `data-live-form` (the trip builder) updates its page in place (app/lib/live-form.ts);
 * - a POST form's submit button shows it is working and takes no second click until the next page;
 * - a `[data-print]` button (the voucher's) shows and prints; a `[data-offline-copy]` page (the voucher)
 *   is kept for offline reading by its service worker (app/features/bookings/components/offline-copy.ts).
 */
import { toast, type ToastInput } from './components/ui/toast.tsx'
import { afterLoad, loadTag } from './lib/analytics-tag.ts'
import { newerBuildRunning } from './lib/build-version.ts'
import { enhanceLiveForms } from './lib/live-form.ts'
import { keepOfflineCopy } from './features/bookings/components/offline-copy.ts'
import type { StaticClientData } from './lib/static-page.ts'

const data = (document.querySelector<HTMLScriptElement>('script[data-static-client]')?.dataset ?? {}) as Partial<StaticClientData>

const menus = () => document.querySelectorAll<HTMLDetailsElement>('header details[open]')
document.addEventListener('keydown', (event) => {
	if (event.key !== 'Escape') return
	for (const menu of menus()) {
		menu.open = false
		menu.querySelector('summary')?.focus()
	}
})
document.addEventListener('click', (event) => {
	for (const menu of menus()) if (!menu.contains(event.target as Node)) menu.open = false
	if ((event.target as Element).closest?.('[data-print]')) print()
	const sheet = (event.target as Element).closest?.('[data-close-details]')?.closest('details')
	if (sheet) {
		event.preventDefault()
		sheet.open = false
		sheet.querySelector('summary')?.focus()
	}
})
addEventListener('pagehide', () => {
	for (const menu of menus()) menu.open = false
})

if (data.toast) {
	try {
		toast(JSON.parse(data.toast) as ToastInput)
	} catch {
		// A toast that cannot be read is dropped; the page itself is complete without it.
	}
}

if (data.analyticsId) afterLoad(() => loadTag(data.analyticsId!))

addEventListener('pageshow', (event) => {
	if (event.persisted && data.version) void newerBuildRunning(data.version).then((newer) => newer && location.reload())
})

enhanceLiveForms()
for (const button of document.querySelectorAll<HTMLElement>('[data-print]')) button.classList.remove('invisible')
keepOfflineCopy()

document.addEventListener('submit', (event) => {
	const form = event.target as HTMLFormElement
	const button = event.submitter
	if (event.defaultPrevented || form.method !== 'post' || !(button instanceof HTMLButtonElement)) return
	button.setAttribute('aria-busy', 'true')
	// After this task: a button disabled during the submit event would drop out of the form data.
	setTimeout(() => (button.disabled = true))
})
addEventListener('pageshow', (event) => {
	if (!event.persisted) return
	for (const button of document.querySelectorAll<HTMLButtonElement>('button[aria-busy="true"]')) {
		button.disabled = false
		button.removeAttribute('aria-busy')
	}
})

// Browser tests wait for this on static pages, as they wait for data-hydrated on hydrated ones.
document.documentElement.dataset.enhanced = 'true'
