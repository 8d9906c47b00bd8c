/**
 * The voucher's offline copy (docs/decisions/041-voucher-page-offline.md), plain DOM code for the static
 * client (the voucher page ships no framework, ADR 219): registers the voucher service worker (scope
 * /voucher/) and asks it to keep this page and its files, and says how that went in the element
 * marked `data-offline-copy` (its value is the page's path).
 */
export function keepOfflineCopy(doc: Document = document) {
	const status = doc.querySelector<HTMLElement>('[data-offline-copy]')
	const path = status?.dataset.offlineCopy
	if (!status || !path) return
	const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null
	if (!worker) return
	status.textContent = 'Saving for offline reading…'
	worker
		.register('/voucher-sw.js', { scope: '/voucher/' })
		.then(() => worker.ready)
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
		.then(() => (status.textContent = 'Saved on this phone: opens without a network.'))
		.catch(() => (status.textContent = ''))
}
