/**
 * Live GET forms on static pages (docs/decisions/139-builder-prices-on-the-server-without-react.md).
 *
 * A `<form method="get" data-live-form>` is complete without script: its submit button loads the
 * page for the chosen values, which the server renders. With this script, a change waits
 * `liveFormDelayMs` for the visitor to stop, fetches that same page, and moves only what changed
 * into the current document, so the visitor keeps their place, focus and typing:
 * - every `[data-live-region]` (by id) gets the new page's children, with the values the visitor
 *   typed into its own inputs kept (a half-filled quote form survives a price change) and the focus
 *   (a radio or checkbox by its value); radios and checkboxes in a region show what the server priced;
 * - every control of the live form gets the new page's error text and `aria-invalid`;
 * - `[data-live-pending]` shows while the request runs and the regions are `aria-busy`;
 * - the address bar shows the chosen values (`history.replaceState`), so a reload or a shared
 *   link opens the same trip.
 * Plain DOM code, no framework: it is part of the static client.
 */

/** How long after the last change the form asks for the new page: typing "12" makes one request. */
export const liveFormDelayMs = 400

/** The address the form would load on submit, for its current values (same origin only). */
export function liveFormUrl(action: string, base: string, entries: Iterable<[string, FormDataEntryValue]>): URL {
	const url = new URL(action, base)
	const query = new URLSearchParams()
	for (const [name, value] of entries) if (typeof value === 'string') query.append(name, value)
	url.search = query.toString()
	return url
}

export function enhanceLiveForms(doc: Document = document) {
	for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-live-form]')) enhance(form)
}

function enhance(form: HTMLFormElement) {
	let timer: ReturnType<typeof setTimeout> | undefined
	let inFlight: AbortController | undefined
	// A newer change makes a running request's answer stale: it is dropped, so it never puts back a
	// radio or checkbox the visitor has changed since (the hotel and activity lists are regions).
	const schedule = () => {
		clearTimeout(timer)
		inFlight?.abort()
		timer = setTimeout(() => void update(), liveFormDelayMs)
	}
	form.addEventListener('input', schedule)
	form.addEventListener('change', schedule)

	async function update() {
		inFlight?.abort()
		const controller = new AbortController()
		inFlight = controller
		const url = liveFormUrl(form.getAttribute('action') ?? location.pathname, location.href, new FormData(form))
		if (url.origin !== location.origin) return
		setPending(true)
		try {
			const response = await fetch(url, { signal: controller.signal, headers: { Accept: 'text/html' } })
			// A refused or failed request leaves the page as it was; the submit button still works.
			if (!response.ok) return
			const next = new DOMParser().parseFromString(await response.text(), 'text/html')
			if (controller.signal.aborted) return
			for (const region of document.querySelectorAll<HTMLElement>('[data-live-region]')) {
				const fresh = region.id ? next.getElementById(region.id) : null
				if (fresh) replaceKeepingInput(region, fresh)
			}
			syncErrors(form, next)
			history.replaceState(history.state, '', url.pathname + url.search)
		} catch {
			// Aborted by a newer change, or offline: the newer request (or the submit button) takes over.
		} finally {
			if (inFlight === controller) {
				inFlight = undefined
				setPending(false)
			}
		}
	}
}

function setPending(pending: boolean) {
	for (const element of document.querySelectorAll<HTMLElement>('[data-live-pending]')) element.hidden = !pending
	for (const region of document.querySelectorAll<HTMLElement>('[data-live-region]')) {
		if (pending) region.setAttribute('aria-busy', 'true')
		else region.removeAttribute('aria-busy')
	}
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
const typed = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea, select'

/** The region's children become the fresh ones; what the visitor typed into the region stays, and so does focus. */
function replaceKeepingInput(region: HTMLElement, fresh: HTMLElement) {
	const values = new Map<string, string>()
	for (const control of region.querySelectorAll<Control>(typed)) if (control.name) values.set(control.name, control.value)
	const active = region.contains(document.activeElement) ? (document.activeElement as Control) : undefined
	const focused = active?.name
	// A radio or checkbox keeps focus by its name and value (one of a group).
	const choice = active && (active.type === 'radio' || active.type === 'checkbox') ? active.value : undefined
	region.replaceChildren(...[...fresh.childNodes].map((node) => document.importNode(node, true)))
	for (const control of region.querySelectorAll<Control>(typed)) {
		const value = values.get(control.name)
		if (value !== undefined) control.value = value
		if (focused && control.name === focused && choice === undefined) control.focus()
	}
	if (choice !== undefined)
		for (const control of region.querySelectorAll<HTMLInputElement>('input[type=radio], input[type=checkbox]'))
			if (control.name === focused && control.value === choice) control.focus()
}

/** Each control of the live form shows the fresh page's error for it (or none), without touching its value. */
function syncErrors(form: HTMLFormElement, next: Document) {
	for (const control of form.querySelectorAll<Control>('input[id], select[id], textarea[id]')) {
		const fresh = next.getElementById(control.id)
		if (!fresh) continue
		for (const name of ['aria-invalid', 'aria-describedby']) {
			const value = fresh.getAttribute(name)
			if (value === null) control.removeAttribute(name)
			else control.setAttribute(name, value)
		}
		const errorId = `${control.id}-error`
		const old = document.getElementById(errorId)
		const freshError = next.getElementById(errorId)
		if (old && !freshError) old.remove()
		else if (freshError) {
			const copy = document.importNode(freshError, true)
			if (old) old.replaceWith(copy)
			else (document.getElementById(`${control.id}-hint`) ?? control).after(copy)
		}
	}
}
