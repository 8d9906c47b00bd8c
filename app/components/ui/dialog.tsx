import { X } from 'lucide-react'
import { Dialog as RadixDialog } from 'radix-ui'
import type { ReactNode } from 'react'

export function Dialog({
	trigger,
	title,
	description,
	children,
	open,
	onOpenChange,
}: {
	trigger?: ReactNode
	title: string
	description?: string
	children: ReactNode
	open?: boolean
	onOpenChange?: (open: boolean) => void
}) {
	return (
		<RadixDialog.Root open={open} onOpenChange={onOpenChange}>
			{trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
			<RadixDialog.Portal>
				<RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
				<RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
					<RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
					{description ? (
						<RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
					) : (
						<RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
					)}
					<div className="mt-4">{children}</div>
					<RadixDialog.Close className="absolute top-3 right-3 rounded p-1 text-slate-600 hover:bg-slate-100" aria-label="Close">
						<X aria-hidden="true" className="size-5" />
					</RadixDialog.Close>
				</RadixDialog.Content>
			</RadixDialog.Portal>
		</RadixDialog.Root>
	)
}
