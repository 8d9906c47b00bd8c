import { Download } from 'lucide-react'
import { useState } from 'react'
import { buttonClass, Spinner } from '~/components/ui/button.tsx'

/** A PDF link (vouchers, invoices): works as a plain download without JavaScript; with it, shows progress while the server makes the file. */
export function PdfLink({ href, filename, label = 'Download PDF' }: { href: string; filename: string; label?: string }) {
	const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle')
	return (
		<>
			<a
				href={href}
				download={filename}
				className={buttonClass('primary')}
				aria-busy={state === 'working'}
				onClick={async (event) => {
					event.preventDefault()
					if (state === 'working') return
					setState('working')
					try {
						const response = await fetch(href)
						if (!response.ok) throw new Error(String(response.status))
						const blobUrl = URL.createObjectURL(await response.blob())
						const link = document.createElement('a')
						link.href = blobUrl
						link.download = filename
						document.body.append(link)
						link.click()
						link.remove()
						setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000)
						setState('idle')
					} catch {
						setState('failed')
					}
				}}
			>
				{state === 'working' ? <Spinner label="Preparing the PDF" /> : <Download aria-hidden="true" className="size-4" />}
				{state === 'working' ? 'Preparing PDF…' : label}
			</a>
			{state === 'failed' ? (
				<p role="alert" className="text-sm font-medium text-error-700">
					The PDF could not be downloaded (no network?). Try again, or print this page.
				</p>
			) : null}
		</>
	)
}
