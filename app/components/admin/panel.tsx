import type { ReactNode } from 'react'
import { cn } from '~/lib/utils.ts'

/** A titled card on an admin record page; the heading names the section for screen readers. */
export function Panel({ title, id, children, className }: { title: string; id: string; children: ReactNode; className?: string }) {
	return (
		<section aria-labelledby={id} className={cn('rounded-xl border border-slate-200 bg-white p-5 shadow-sm', className)}>
			<h2 id={id} className="text-lg font-semibold">
				{title}
			</h2>
			<div className="mt-3">{children}</div>
		</section>
	)
}

/** A refused form's one message (the `form` entry of `errorsOf`), announced as it appears. */
export function FormError({ error }: { error?: string | null }) {
	if (!error) return null
	return (
		<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
			{error}
		</p>
	)
}
