import { Phone } from 'lucide-react'
import { Logo } from './logo.tsx'
import { WhatsAppIcon } from './whatsapp-icon.tsx'
import { site, whatsappLink } from '~/lib/site.ts'
import { cn } from '~/lib/utils.ts'

/**
 * The one small header of the bare pages (book-now, thank-you, quote, a quote,
 * a voucher, a trip): the brand, and the two ways to reach a planner. On a
 * phone the numbers shrink to icons with their names kept for screen readers.
 */
export function BareHeader({
	whatsappMessage = 'Hello! I have a question about my Andaman trip.',
	className,
}: {
	whatsappMessage?: string
	className?: string
}) {
	return (
		<header className={cn('no-print border-b border-slate-200 bg-white', className)}>
			<div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
				<Logo />
				<div className="flex items-center gap-1">
					<a
						href={site.phoneHref}
						className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 text-sm font-semibold no-underline hover:bg-slate-100"
					>
						<Phone aria-hidden="true" className="size-4" />
						<span className="sr-only">Call </span>
						<span className="sr-only sm:not-sr-only">{site.phone}</span>
					</a>
					<a
						href={whatsappLink(whatsappMessage)}
						className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 text-sm font-semibold no-underline hover:bg-slate-100"
					>
						<WhatsAppIcon className="size-5 text-[#128C7E]" />
						<span className="sr-only sm:not-sr-only">WhatsApp</span>
					</a>
				</div>
			</div>
		</header>
	)
}
