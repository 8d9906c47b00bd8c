import { CheckCircle2, Info, TriangleAlert, X, XCircle } from 'lucide-react'
import { Toast as RadixToast } from 'radix-ui'
import { useSyncExternalStore } from 'react'
import { cn } from '~/lib/utils.ts'

/** docs/conventions.md#behaviours-with-numbers toast numbers. */
export const toastSettings = {
	durationMs: 5000,
	swipeThreshold: 50,
	maxToasts: 5,
	hotkey: ['F8'],
	removeDelayMs: 200,
} as const

export type ToastType = 'success' | 'error' | 'info' | 'warning'
export type ToastInput = { id?: string; type?: ToastType; title: string; description?: string }
type ToastItem = Required<Pick<ToastInput, 'id' | 'type' | 'title'>> & { description?: string; open: boolean }

let toasts: ToastItem[] = []
const listeners = new Set<() => void>()
const emit = () => {
	for (const listener of listeners) listener()
}

/** Shows a toast. At most 5 are kept; the oldest goes first. A toast with a known id is not shown twice. */
export function toast(input: ToastInput): string {
	const id = input.id ?? Math.random().toString(36).slice(2)
	if (toasts.some((t) => t.id === id)) return id
	toasts = [...toasts, { id, type: input.type ?? 'info', title: input.title, description: input.description, open: true }].slice(
		-toastSettings.maxToasts,
	)
	emit()
	return id
}

/** Closes a toast, then removes it 200 ms later so its exit can play (docs/conventions.md). */
export function dismissToast(id: string) {
	toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t))
	emit()
	setTimeout(() => {
		toasts = toasts.filter((t) => t.id !== id)
		emit()
	}, toastSettings.removeDelayMs)
}

function subscribe(listener: () => void) {
	listeners.add(listener)
	return () => listeners.delete(listener)
}
const serverSnapshot: ToastItem[] = []
export function useToasts() {
	return useSyncExternalStore(
		subscribe,
		() => toasts,
		() => serverSnapshot,
	)
}

const styles: Record<ToastType, { className: string; Icon: typeof Info }> = {
	success: { className: 'border-green-300 bg-success-50 text-success-700', Icon: CheckCircle2 },
	error: { className: 'border-red-300 bg-error-50 text-error-700', Icon: XCircle },
	info: { className: 'border-blue-300 bg-info-50 text-info-700', Icon: Info },
	warning: { className: 'border-yellow-300 bg-warning-50 text-warning-800', Icon: TriangleAlert },
}

export function Toaster() {
	const items = useToasts()
	return (
		<RadixToast.Provider duration={toastSettings.durationMs} swipeThreshold={toastSettings.swipeThreshold} swipeDirection="right">
			{items.map((item) => {
				const { className, Icon } = styles[item.type]
				return (
					<RadixToast.Root
						key={item.id}
						open={item.open}
						onOpenChange={(open) => {
							if (!open) dismissToast(item.id)
						}}
						type={item.type === 'error' ? 'foreground' : 'background'}
						className={cn(
							'flex items-start gap-3 rounded-lg border p-4 shadow-lg data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] transition-opacity duration-200',
							className,
						)}
						data-testid="toast"
					>
						<Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
						<div className="flex-1">
							<RadixToast.Title className="font-semibold">{item.title}</RadixToast.Title>
							{item.description ? <RadixToast.Description className="mt-1 text-sm">{item.description}</RadixToast.Description> : null}
						</div>
						<RadixToast.Close aria-label="Dismiss notification" className="rounded p-0.5 hover:bg-black/5">
							<X aria-hidden="true" className="size-4" />
						</RadixToast.Close>
					</RadixToast.Root>
				)
			})}
			<RadixToast.Viewport
				hotkey={[...toastSettings.hotkey]}
				label="Notifications ({hotkey})"
				className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
			/>
		</RadixToast.Provider>
	)
}
