import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { newerBuildRunning, versionCheckIntervalMs } from '~/lib/build-version.ts'

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
			if (await newerBuildRunning(current)) stale.current = true
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
