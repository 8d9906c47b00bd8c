import type { ComponentProps } from 'react'
import { cn } from '~/lib/utils.ts'

/**
 * One primary colour across the site: every filled action is primary (emerald);
 * `secondary` is the same colour outlined, for the second action beside it.
 */
const variants = {
	primary: 'bg-primary-700 text-white hover:bg-primary-800 disabled:bg-primary-700/60',
	secondary: 'border border-primary-700 bg-white text-primary-800 hover:bg-primary-50',
	outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
	ghost: 'text-slate-800 hover:bg-slate-100',
	danger: 'bg-error-700 text-white hover:bg-red-800',
} as const

const sizes = { sm: 'h-8 px-3 text-sm', md: 'h-10 px-4', lg: 'h-12 px-6 text-lg' } as const

export type ButtonProps = ComponentProps<'button'> & {
	variant?: keyof typeof variants
	size?: keyof typeof sizes
	/** Shows that the submit is under way and prevents a second click. */
	pending?: boolean
}

const buttonClasses = new Map<string, string>()

/** A button's classes, worked out once per variant and size (merging classes is not free, and a list asks for every row). */
export function buttonClass(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md') {
	const key = `${variant} ${size}`
	let classes = buttonClasses.get(key)
	if (classes === undefined) {
		classes = cn(
			'inline-flex items-center justify-center gap-2 rounded-md font-medium no-underline transition-colors disabled:cursor-not-allowed',
			variants[variant],
			sizes[size],
		)
		buttonClasses.set(key, classes)
	}
	return classes
}

export function Button({ variant = 'primary', size = 'md', pending = false, className, children, disabled, ...props }: ButtonProps) {
	return (
		<button {...props} className={cn(buttonClass(variant, size), className)} disabled={disabled || pending} aria-busy={pending || undefined}>
			{pending ? <Spinner /> : null}
			{children}
		</button>
	)
}

export function Spinner({ label }: { label?: string }) {
	return (
		<span role={label ? 'status' : undefined} className="inline-flex items-center">
			<svg aria-hidden="true" className="size-4 animate-spin" viewBox="0 0 24 24" fill="none">
				<circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.3" strokeWidth="4" />
				<path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" />
			</svg>
			{label ? <span className="sr-only">{label}</span> : null}
		</span>
	)
}
