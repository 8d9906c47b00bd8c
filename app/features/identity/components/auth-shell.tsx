import { type ReactNode, useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { site } from '~/lib/site.ts'

/** The bare frame of the open admin pages (sign in, sign up, waiting for approval): no site or admin layout (docs/product.md#screens). */
export function AuthShell({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
	return (
		<div className="flex min-h-screen flex-col items-center justify-center bg-slate-100 px-4 py-10">
			<main id="main" className="w-full max-w-md rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
				<Link to="/" className="text-sm font-semibold text-primary-800 no-underline">
					{site.name}
				</Link>
				<h1 className="mt-3 text-2xl font-semibold text-slate-900">{title}</h1>
				{intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
				<div className="mt-6">{children}</div>
			</main>
			{footer ? <div className="mt-6 text-center text-sm text-slate-700">{footer}</div> : null}
		</div>
	)
}

/**
 * A message above a form. Errors are announced (role=alert) and take focus
 * once, so keyboard and screen-reader users land on what went wrong.
 */
export function FormMessage({ tone, children }: { tone: 'error' | 'info'; children: ReactNode }) {
	const ref = useRef<HTMLDivElement>(null)
	useEffect(() => {
		if (tone === 'error') ref.current?.focus()
	}, [tone, children])
	const style = tone === 'error' ? 'border-red-300 bg-error-50 text-error-700' : 'border-blue-300 bg-info-50 text-info-700'
	return (
		<div
			ref={ref}
			tabIndex={-1}
			role={tone === 'error' ? 'alert' : 'status'}
			className={`mb-4 rounded-md border p-3 text-sm font-medium outline-none ${style}`}
		>
			{children}
		</div>
	)
}
