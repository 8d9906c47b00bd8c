import { useLayoutEffect, useRef } from 'react'
import type { EditorPlace } from './itinerary.server.ts'

/** The control to focus after a change to the days, on the page as it now is. */
function placeElement(place: EditorPlace): HTMLElement | null {
	if (place.control === 'add-templates' || place.control === 'add-blank') return document.querySelector<HTMLElement>(`button[value="${place.control}"]`)
	const day = place.dayKey ? document.querySelector<HTMLElement>(`[data-day-key="${CSS.escape(place.dayKey)}"]`) : null
	if (!day) return document.getElementById('days-heading')
	if (place.control === 'remove') return day
	// A day moved to the top (or bottom) has its Up (or Down) disabled: the other one, or the day itself.
	const other = place.control === 'up' ? 'down' : 'up'
	return (
		[day.querySelector<HTMLButtonElement>(`[data-control="${place.control}"]`), day.querySelector<HTMLButtonElement>(`[data-control="${other}"]`)].find(
			(button) => button && !button.disabled,
		) ?? day
	)
}

/**
 * Keeps the editor's place after Up, Down, Remove or Add (with JavaScript): the page is re-read,
 * then scrolled so the control the server names sits where the pressed button was, and focused.
 * Without this the re-rendered form left focus nowhere and the browser jumped to the top.
 * `remember` is called with the pressed button; the answer's `place` says where focus goes.
 */
export function useKeepPlace(place: EditorPlace | undefined, idle: boolean) {
	const pressedTop = useRef<number | null>(null)
	useLayoutEffect(() => {
		if (!place || !idle || pressedTop.current === null) return
		const target = placeElement(place)
		if (!target) return
		window.scrollBy(0, target.getBoundingClientRect().top - pressedTop.current)
		target.focus({ preventScroll: true })
		pressedTop.current = null
	})
	return (pressed: HTMLElement | null) => {
		pressedTop.current = pressed ? pressed.getBoundingClientRect().top : null
	}
}
