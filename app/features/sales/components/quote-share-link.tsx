import { useId, useState } from 'react'
import { buttonClass } from '~/components/ui/button.tsx'
import { WhatsAppIcon } from '~/components/whatsapp-icon.tsx'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { cn } from '~/lib/utils.ts'

export type QuoteShareLinkProps = {
	/** The quote's absolute address (SITE_URL), as the traveller opens it. */
	url: string
	/** The traveller's phone in E.164, to open WhatsApp on their chat; null opens WhatsApp's own picker. */
	phone: string | null
	/** The prefilled WhatsApp message; the link is appended. */
	greeting: string
	className?: string
}

/**
 * What staff send after a quote goes out: the full link as selectable text (it
 * works without JavaScript), a copy button once JavaScript runs, and WhatsApp
 * with the message written.
 */
export function QuoteShareLink({ url, phone, greeting, className }: QuoteShareLinkProps) {
	const id = useId()
	const hydrated = useHydrated()
	const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
	const whatsapp = `https://wa.me/${phone ? phone.replace(/\D/g, '') : ''}?text=${encodeURIComponent(`${greeting} ${url}`)}`
	async function copy() {
		try {
			await navigator.clipboard.writeText(url)
			setCopied('yes')
		} catch {
			setCopied('failed')
		}
	}
	return (
		<div className={cn('space-y-2', className)}>
			<label htmlFor={id} className="block text-xs font-medium text-slate-700">
				Link for the traveller
			</label>
			<input
				id={id}
				readOnly
				value={url}
				onFocus={(event) => event.currentTarget.select()}
				className="block w-full rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs text-slate-900"
			/>
			<div className="flex flex-wrap items-center gap-2">
				{hydrated ? (
					<button type="button" onClick={copy} className={buttonClass('outline', 'sm')}>
						Copy link
					</button>
				) : null}
				<a href={whatsapp} target="_blank" rel="noreferrer" className={buttonClass('secondary', 'sm')}>
					<WhatsAppIcon className="size-4" /> Send on WhatsApp
				</a>
				<span role="status" className="text-xs text-slate-700">
					{copied === 'yes' ? 'Link copied.' : copied === 'failed' ? 'Could not copy: select the link and copy it.' : ''}
				</span>
			</div>
		</div>
	)
}
