import { Tooltip as RadixTooltip } from 'radix-ui'
import type { ReactNode } from 'react'

/** docs/conventions.md#behaviours-with-numbers: open delay 700 ms, skip delay 300 ms. */
export const tooltipDelays = { delayDuration: 700, skipDelayDuration: 300 } as const

export function TooltipProvider({ children }: { children: ReactNode }) {
	return <RadixTooltip.Provider {...tooltipDelays}>{children}</RadixTooltip.Provider>
}

export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
	return (
		<RadixTooltip.Root>
			<RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
			<RadixTooltip.Portal>
				<RadixTooltip.Content
					sideOffset={6}
					className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white shadow-lg"
				>
					{content}
					<RadixTooltip.Arrow className="fill-slate-900" />
				</RadixTooltip.Content>
			</RadixTooltip.Portal>
		</RadixTooltip.Root>
	)
}
