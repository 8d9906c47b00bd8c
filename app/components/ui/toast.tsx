/**
 * Toasts, in plain DOM code with no React: the one implementation used by hydrated pages
 * (root.tsx, staff pages) and by pages that ship no framework code (app/static-client.ts,
 * docs/decisions/123-static-pages-without-framework-javascript.md). The region and its list are
 * created on the first toast, at the end of <body>.
 */

/** docs/conventions.md#behaviours-with-numbers toast numbers. */
export const toastSettings = {
	durationMs: 5000,
	swipeThreshold: 50,
	maxToasts: 5,
	hotkey: 'F8',
	removeDelayMs: 200,
} as const

export type ToastType = 'success' | 'error' | 'info' | 'warning'
export type ToastInput = { id?: string; type?: ToastType; title: string; description?: string }

export const toastTypeClasses: Record<ToastType, string> = {
	success: 'border-green-300 bg-success-50 text-success-700',
	error: 'border-red-300 bg-error-50 text-error-700',
	info: 'border-blue-300 bg-info-50 text-info-700',
	warning: 'border-yellow-300 bg-warning-50 text-warning-800',
}

const regionLabel = `Notifications (${toastSettings.hotkey})`
let list: HTMLOListElement | null = null

/** The region (focusable with F8) and its list, made once per document. */
function toastList(): HTMLOListElement {
	if (list?.isConnected) return list
	const region = document.createElement('section')
	region.setAttribute('aria-label', regionLabel)
	region.tabIndex = -1
	region.className = 'no-print fixed right-0 bottom-0 z-[100] w-full max-w-sm outline-none focus-visible:ring-2 focus-visible:ring-primary-600'
	list = document.createElement('ol')
	list.className = 'm-0 flex list-none flex-col gap-2 p-4'
	region.append(list)
	document.body.append(region)
	document.addEventListener('keydown', (event) => {
		if (event.key === toastSettings.hotkey && list?.isConnected && list.childElementCount > 0) region.focus()
	})
	return list
}

/** Shows a toast. At most 5 are kept; the oldest goes first. A toast with a known id is not shown twice. */
export function toast(input: ToastInput): string {
	const id = input.id ?? Math.random().toString(36).slice(2)
	const items = toastList()
	if ([...items.children].some((item) => (item as HTMLElement).dataset.toastId === id)) return id
	const type = input.type ?? 'info'
	const item = document.createElement('li')
	item.dataset.toastId = id
	item.dataset.testid = 'toast'
	item.className = `flex items-start gap-3 rounded-lg border p-4 shadow-lg transition-[opacity,translate] duration-200 touch-pan-y ${toastTypeClasses[type]}`
	const text = document.createElement('div')
	text.className = 'flex-1'
	// Errors interrupt; everything else waits for the screen reader to finish. The role sits inside
	// the list item, so the list stays a list to assistive technology (axe: list).
	text.setAttribute('role', type === 'error' ? 'alert' : 'status')
	text.setAttribute('aria-atomic', 'true')
	const title = document.createElement('p')
	title.className = 'font-semibold'
	title.textContent = input.title
	text.append(title)
	if (input.description) {
		const description = document.createElement('p')
		description.className = 'mt-1 text-sm'
		description.textContent = input.description
		text.append(description)
	}
	const close = document.createElement('button')
	close.type = 'button'
	close.setAttribute('aria-label', 'Dismiss notification')
	close.className = 'rounded px-1.5 leading-none hover:bg-black/5 focus-visible:ring-2 focus-visible:ring-current'
	close.textContent = '×'
	close.addEventListener('click', () => dismissToast(id))
	item.append(text, close)
	items.append(item)
	while (items.childElementCount > toastSettings.maxToasts) items.firstElementChild!.remove()
	autoClose(item, id)
	swipeToClose(item, id)
	return id
}

/** Closes a toast after 5 s; the clock stops while the pointer is on it or focus is in it. */
function autoClose(item: HTMLElement, id: string) {
	let timer: ReturnType<typeof setTimeout> | undefined
	let remaining: number = toastSettings.durationMs
	let startedAt = 0
	const start = () => {
		startedAt = Date.now()
		timer = setTimeout(() => dismissToast(id), remaining)
	}
	const pause = () => {
		if (timer === undefined) return
		clearTimeout(timer)
		timer = undefined
		remaining -= Date.now() - startedAt
	}
	const resume = () => {
		if (timer === undefined && !item.matches(':hover') && !item.contains(document.activeElement)) start()
	}
	item.addEventListener('pointerenter', pause)
	item.addEventListener('pointerleave', resume)
	item.addEventListener('focusin', pause)
	item.addEventListener('focusout', () => setTimeout(resume, 0))
	start()
}

/** A swipe to the right of more than 50 px closes the toast; a shorter one snaps back. */
function swipeToClose(item: HTMLElement, id: string) {
	let startX: number | null = null
	item.addEventListener('pointerdown', (event) => {
		if ((event.target as Element).closest('button')) return
		startX = event.clientX
		item.setPointerCapture(event.pointerId)
	})
	item.addEventListener('pointermove', (event) => {
		if (startX !== null) item.style.translate = `${Math.max(0, event.clientX - startX)}px`
	})
	const end = (event: PointerEvent) => {
		if (startX === null) return
		const moved = event.clientX - startX
		startX = null
		item.style.translate = ''
		if (moved > toastSettings.swipeThreshold) dismissToast(id)
	}
	item.addEventListener('pointerup', end)
	item.addEventListener('pointercancel', end)
}

/** Closes a toast, then removes it 200 ms later so its fade can play (docs/conventions.md). */
export function dismissToast(id: string) {
	const item = list && [...list.children].find((child) => (child as HTMLElement).dataset.toastId === id)
	if (!(item instanceof HTMLElement) || item.dataset.state === 'closed') return
	item.dataset.state = 'closed'
	item.style.opacity = '0'
	setTimeout(() => item.remove(), toastSettings.removeDelayMs)
}
