import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from '~/lib/utils.ts'

const inputClass =
	'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-error-600'

type FieldShellProps = { label: ReactNode; hint?: ReactNode; error?: string | null; className?: string }

function useFieldIds(id?: string) {
	const generated = useId()
	const inputId = id ?? generated
	return { inputId, hintId: `${inputId}-hint`, errorId: `${inputId}-error` }
}

function describedBy(ids: ReturnType<typeof useFieldIds>, hint: ReactNode, error?: string | null) {
	return [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ') || undefined
}

function FieldShell({ label, hint, error, className, ids, children }: FieldShellProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
	return (
		<div className={cn('space-y-1', className)}>
			<label htmlFor={ids.inputId} className="block text-sm font-medium text-slate-800">
				{label}
			</label>
			{children}
			{hint ? (
				<p id={ids.hintId} className="text-sm text-slate-600">
					{hint}
				</p>
			) : null}
			{error ? (
				<p id={ids.errorId} className="text-sm font-medium text-error-700">
					{error}
				</p>
			) : null}
		</div>
	)
}

/** A labelled input with an optional hint and an error that says what to do. */
export function Field({ label, hint, error, className, id, ...input }: FieldShellProps & ComponentProps<'input'>) {
	const ids = useFieldIds(id)
	return (
		<FieldShell label={label} hint={hint} error={error} className={className} ids={ids}>
			<input
				{...input}
				id={ids.inputId}
				className={inputClass}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy(ids, hint, error)}
			/>
		</FieldShell>
	)
}

export function TextareaField({ label, hint, error, className, id, ...textarea }: FieldShellProps & ComponentProps<'textarea'>) {
	const ids = useFieldIds(id)
	return (
		<FieldShell label={label} hint={hint} error={error} className={className} ids={ids}>
			<textarea
				rows={4}
				{...textarea}
				id={ids.inputId}
				className={inputClass}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy(ids, hint, error)}
			/>
		</FieldShell>
	)
}

export function SelectField({
	label,
	hint,
	error,
	className,
	id,
	options,
	...select
}: FieldShellProps & ComponentProps<'select'> & { options: ReadonlyArray<{ value: string; label: string }> }) {
	const ids = useFieldIds(id)
	return (
		<FieldShell label={label} hint={hint} error={error} className={className} ids={ids}>
			<select
				{...select}
				id={ids.inputId}
				className={inputClass}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy(ids, hint, error)}
			>
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
		</FieldShell>
	)
}

/** Hidden from people, visible to bots that fill every field: a submit with it filled is dropped. */
export function Honeypot() {
	return (
		<div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
			<label htmlFor="website-url">Leave this field empty</label>
			<input id="website-url" name="website_url" type="text" tabIndex={-1} autoComplete="off" />
		</div>
	)
}
