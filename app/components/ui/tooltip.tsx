import { Tooltip as RadixTooltip } from 'radix-ui'
import { createContext, type ReactNode, useContext } from 'react'

/** docs/conventions.md#behaviours-with-numbers: open delay 700 ms, skip delay 300 ms. */
export const tooltipDelays = { delayDuration: 700, skipDelayDuration: 300 } as const

const InsideProvider = createContext(false)

/**
 * Shares the open and skip delays between the tooltips under it. Not in root.tsx: Radix would then
 * be part of every hydrated page's JavaScript (ADR 123). Wrap a page or a layout with several tooltips.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
	return (
		<RadixTooltip.Provider {...tooltipDelays}>
			<InsideProvider.Provider value>{children}</InsideProvider.Provider>
		</RadixTooltip.Provider>
	)
}

/** A tooltip; outside a TooltipProvider it brings its own, with the same delays. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
	if (!useContext(InsideProvider)) {
		return (
			<TooltipProvider>
				<Tooltip content={content}>{children}</Tooltip>
			</TooltipProvider>
		)
	}
	return (
		<RadixTooltip.Root>
			<RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
			<RadixTooltip.Portal>
				<RadixTooltip.Content sideOffset={6} className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white shadow-lg">
					{content}
					<RadixTooltip.Arrow className="fill-slate-900" />
				</RadixTooltip.Content>
			</RadixTooltip.Portal>
		</RadixTooltip.Root>
	)
}
