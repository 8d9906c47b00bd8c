import { useEffect, useState } from 'react'
import { useHydrated } from '~/lib/use-hydrated.ts'

/**
 * The time a hold has left. Without JavaScript it is the clock time the hold ends; with it, a countdown
 * that screen readers hear at each whole minute (not every second), and the page reloads when it ends so
 * the lapsed hold shows as lapsed.
 */
export function HoldCountdown({ expiresAt, endsLabel }: { expiresAt: string; endsLabel: string }) {
	const hydrated = useHydrated()
	const [now, setNow] = useState(() => Date.now())
	const left = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000))
	useEffect(() => {
		if (!hydrated) return
		const timer = setInterval(() => setNow(Date.now()), 1000)
		return () => clearInterval(timer)
	}, [hydrated])
	useEffect(() => {
		if (hydrated && left === 0) window.location.reload()
	}, [hydrated, left])
	const minutes = Math.floor(left / 60)
	const seconds = String(left % 60).padStart(2, '0')
	return (
		<p className="text-lg">
			Held until <strong>{endsLabel}</strong> (India time)
			{hydrated ? (
				<>
					{' '}
					<span role="timer" aria-label={`${minutes} minutes left`} className="ml-2 rounded-md bg-amber-100 px-2 py-1 font-mono font-semibold text-amber-900">
						{minutes}:{seconds}
					</span>
					<span className="sr-only" aria-live="polite">
						{minutes} {minutes === 1 ? 'minute' : 'minutes'} left
					</span>
				</>
			) : null}
		</p>
	)
}
