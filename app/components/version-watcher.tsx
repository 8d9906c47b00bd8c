import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** docs/conventions.md: look for a new build about hourly. */
export const versionCheckIntervalMs = 60 * 60 * 1000

declare global {
	interface Window {
		__reactRouterManifest?: { version?: string }
	}
}

/**
 * Polls /version.json hourly. When the server runs a newer build, the next
 * navigation becomes a full page load, so nobody loses a half-filled form and
 * nobody keeps running stale code.
 */
export function NewVersionWatcher() {
	const stale = useRef(false)
	const location = useLocation()
	const firstRender = useRef(true)

	useEffect(() => {
		const current = window.__reactRouterManifest?.version
		if (!current) return
		const check = async () => {
			try {
				const response = await fetch('/version.json', { cache: 'no-store' })
				if (!response.ok) return
				const { version } = (await response.json()) as { version?: string }
				if (version && version !== current) stale.current = true
			} catch {
				// Offline on a ferry: try again at the next interval.
			}
		}
		const timer = setInterval(check, versionCheckIntervalMs)
		return () => clearInterval(timer)
	}, [])

	useEffect(() => {
		if (firstRender.current) {
			firstRender.current = false
			return
		}
		// We are already at the new location: a reload loads it with the new build.
		if (stale.current) window.location.reload()
	}, [location.key])

	return null
}
