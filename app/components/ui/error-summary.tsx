import { useEffect, useRef } from 'react'

export type ErrorSummaryProps = {
	/** Field errors by name, plus `form` for a message about the whole form. */
	errors: Record<string, string | undefined>
	/** Also list each field's message (dense staff grids, where the field itself may be off screen). */
	listMessages?: boolean
	className?: string
}

/**
 * What to fix after a refused submit, and where focus goes so the visitor hears
 * and sees it at once instead of an unchanged screen. Without JavaScript the
 * server-rendered `autofocus` moves focus; with it, the effect does on every new
 * set of errors (a form posted through the router keeps the same page).
 */
export function ErrorSummary({ errors, listMessages = false, className }: ErrorSummaryProps) {
	const summary = useRef<HTMLDivElement>(null)
	const formMessage = errors.form
	// Each field's own message sits under it; the summary counts them and says where to look.
	const messages = Object.entries(errors).flatMap(([name, message]) => (name !== 'form' && message ? [message] : []))
	const count = messages.length
	const shown = Boolean(formMessage || count)
	useEffect(() => {
		if (shown) summary.current?.focus()
	}, [errors, shown])
	if (!shown) return null
	return (
		// Focus on the summary after a refused submit is the point: it is what a keyboard or screen-reader user needs next.
		<div
			ref={summary}
			role="alert"
			tabIndex={-1}
			// eslint-disable-next-line jsx-a11y/no-autofocus
			autoFocus
			data-testid="error-summary"
			className={`rounded-md border border-error-600 bg-error-50 p-3 text-error-700 ${className ?? ''}`}
		>
			<p className="font-semibold">
				{formMessage ??
					(count === 1
						? 'Please check the answer marked below: it says what to change.'
						: `Please check the ${count} answers marked below: each says what to change.`)}
			</p>
			{listMessages && count ? (
				<ul className="mt-1 list-disc pl-5 text-sm">
					{[...new Set(messages)].slice(0, 30).map((message) => (
						<li key={message}>{message}</li>
					))}
				</ul>
			) : null}
		</div>
	)
}
