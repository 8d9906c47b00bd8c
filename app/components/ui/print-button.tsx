import { Printer } from 'lucide-react'
import { buttonClass } from '~/components/ui/button.tsx'

/** "Print" for a printable staff page (the browser's own print works without JavaScript too). */
export function PrintButton({ variant = 'primary' }: { variant?: Parameters<typeof buttonClass>[0] }) {
	return (
		<button type="button" onClick={() => window.print()} className={buttonClass(variant)}>
			<Printer aria-hidden="true" className="size-4" /> Print
		</button>
	)
}
