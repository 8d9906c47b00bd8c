import { useEffect, useState } from 'react'

/** Registers the voucher service worker (scope /voucher/) and asks it to keep this page and its files for offline reading. */
export function useOfflineCopy(path: string) {
	const [state, setState] = useState<'saving' | 'saved' | 'unsupported'>('saving')
	useEffect(() => {
		let cancelled = false
		const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null
		Promise.resolve()
			.then(() => {
				if (!worker) throw new Error('no service worker')
				return worker.register('/voucher-sw.js', { scope: '/voucher/' })
			})
			.then(() => worker!.ready)
			.then((registration) => {
				if (!registration) throw new Error('no service worker')
				return registration
			})
			.then((registration) => {
				const urls = [
					path,
					...performance
						.getEntriesByType('resource')
						.map((entry) => new URL(entry.name))
						.filter((url) => url.origin === location.origin && /^\/(assets\/|favicon)/.test(url.pathname))
						.map((url) => url.pathname),
				]
				return new Promise<void>((resolve) => {
					const channel = new MessageChannel()
					channel.port1.onmessage = () => resolve()
					registration.active?.postMessage({ type: 'keep', urls }, [channel.port2])
				})
			})
			.then(() => {
				if (!cancelled) setState('saved')
			})
			.catch(() => {
				if (!cancelled) setState('unsupported')
			})
		return () => {
			cancelled = true
		}
	}, [path])
	return state
}
