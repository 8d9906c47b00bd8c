import { Search } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { IntentLink } from '~/components/prefetch.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'

/** The search box and filters above an admin list: a plain GET form, so the filters live in the address. */
export function SearchBar({
	label,
	placeholder,
	q,
	children,
	clearTo,
}: {
	label: string
	placeholder: string
	q: string
	children?: ReactNode
	clearTo: string
}) {
	return (
		<Form method="get" role="search" aria-label={label} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
			<div className="flex gap-2">
				<label htmlFor="list-search" className="sr-only">
					{placeholder}
				</label>
				<input
					id="list-search"
					type="search"
					name="q"
					defaultValue={q}
					placeholder={placeholder}
					className="block w-full min-w-0 rounded-md border border-slate-400 px-3 py-2"
				/>
				<Button type="submit" aria-label="Search">
					<Search aria-hidden="true" className="size-4" />
					<span className="hidden sm:inline">Search</span>
				</Button>
			</div>
			{children ? (
				<div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
					{children}
					<div className="flex items-end gap-2">
						<Button type="submit" variant="outline">
							Apply
						</Button>
						<IntentLink className={buttonClass('ghost')} to={clearTo}>
							Clear all
						</IntentLink>
					</div>
				</div>
			) : null}
		</Form>
	)
}

export function FilterSelect({
	label,
	name,
	value,
	options,
}: {
	label: string
	name: string
	value: string | null
	options: ReadonlyArray<{ value: string; label: string }>
}) {
	return (
		<label className="block text-sm font-medium text-slate-800">
			{label}
			<select name={name} defaultValue={value ?? ''} className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-2 text-sm">
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
		</label>
	)
}

export function FilterDate({ label, name, value }: { label: string; name: string; value: string | null }) {
	return (
		<label className="block text-sm font-medium text-slate-800">
			{label}
			<input type="date" name={name} defaultValue={value ?? ''} className="mt-1 block w-full rounded-md border border-slate-400 px-2 py-2 text-sm" />
		</label>
	)
}

/** A list's one filter with its Show button, for lists short enough to need no search box. */
export function ListFilter({
	label,
	name,
	value,
	options,
}: {
	label: string
	name: string
	value: string | null
	options: ReadonlyArray<{ value: string; label: string }>
}) {
	return (
		<Form method="get" role="search" aria-label={label} className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
			<FilterSelect label="Show" name={name} value={value} options={options} />
			<Button type="submit" variant="outline">
				Show
			</Button>
		</Form>
	)
}
