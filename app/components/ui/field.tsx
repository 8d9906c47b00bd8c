import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from '~/lib/utils.ts'

const inputClass =
	'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-error-600'

/** A field of a Conform form (`useValidatedForm(…)[0].getFieldset().name`): its name, id, value to show and errors. */
export type FormField = FieldMetadata<unknown, Record<string, unknown>, string[]>

/**
 * What every field takes: the label, a hint (the field's description), and either `field`, the Conform
 * field of a form checked in the browser (Conform's own `getInputProps`/`getSelectProps`/`getTextareaProps`
 * give the name, id, value shown again and the aria wiring; its first error is the one shown), or, on a
 * form the server alone checks, `name`, `defaultValue` and `error` as props.
 */
type FieldShellProps = { label: ReactNode; hint?: ReactNode; error?: string | null; className?: string; field?: FormField }

type FieldIds = { inputId: string; hintId: string; errorId: string }

function useFieldIds(id: string | undefined, field: FormField | undefined): FieldIds {
	const generated = useId()
	if (field) return { inputId: field.id, hintId: field.descriptionId, errorId: field.errorId }
	const inputId = id ?? generated
	return { inputId, hintId: `${inputId}-hint`, errorId: `${inputId}-error` }
}

/** The control's id and aria wiring, and the error to show: from the Conform field when there is one. */
function wiring(ids: FieldIds, hint: ReactNode, error: string | null | undefined, field: FormField | undefined) {
	const shown = error ?? field?.errors?.[0]
	return {
		error: shown,
		aria: {
			id: ids.inputId,
			'aria-invalid': shown ? true : undefined,
			'aria-describedby': [hint ? ids.hintId : null, shown ? ids.errorId : null].filter(Boolean).join(' ') || undefined,
		},
	}
}

function FieldShell({ label, hint, error, className, ids, children }: Omit<FieldShellProps, 'field'> & { ids: FieldIds; children: ReactNode }) {
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
export function Field({ label, hint, error, className, id, field, ...input }: FieldShellProps & ComponentProps<'input'>) {
	const ids = useFieldIds(id, field)
	const wired = wiring(ids, hint, error, field)
	const conform = field ? getInputProps(field, { type: (input.type ?? 'text') as Parameters<typeof getInputProps>[1]['type'], ariaAttributes: false }) : {}
	return (
		<FieldShell label={label} hint={hint} error={wired.error} className={className} ids={ids}>
			<input {...conform} {...input} {...wired.aria} className={inputClass} />
		</FieldShell>
	)
}

export function TextareaField({ label, hint, error, className, id, field, ...textarea }: FieldShellProps & ComponentProps<'textarea'>) {
	const ids = useFieldIds(id, field)
	const wired = wiring(ids, hint, error, field)
	const conform = field ? getTextareaProps(field, { ariaAttributes: false }) : {}
	return (
		<FieldShell label={label} hint={hint} error={wired.error} className={className} ids={ids}>
			<textarea rows={4} {...conform} {...textarea} {...wired.aria} className={inputClass} />
		</FieldShell>
	)
}

export function SelectField({
	label,
	hint,
	error,
	className,
	id,
	field,
	options,
	...select
}: FieldShellProps & ComponentProps<'select'> & { options: ReadonlyArray<{ value: string; label: string }> }) {
	const ids = useFieldIds(id, field)
	const wired = wiring(ids, hint, error, field)
	const conform = field ? getSelectProps(field, { ariaAttributes: false }) : {}
	return (
		<FieldShell label={label} hint={hint} error={wired.error} className={className} ids={ids}>
			<select {...conform} {...select} {...wired.aria} className={inputClass}>
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
