import { Search } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { Button, buttonClass, Spinner } from '~/components/ui/button.tsx'
import { UploadForm } from '~/components/ui/upload-form.tsx'
import { genders, idTypeLabels, idTypes, maxPassengers, nationalities, type Passenger, passengerField } from '~/features/ferries/domain/passengers.ts'
import type { Machine } from '~/features/ferries/domain/status.ts'
import { cn } from '~/lib/utils.ts'

/** Pieces shared by the ferry leads, ferry bookings, offline tickets and agents screens. */

const badgeColours: Record<string, string> = {
	new: 'bg-info-100 text-info-900',
	applied: 'bg-info-100 text-info-900',
	requested: 'bg-info-100 text-info-900',
	fare_quoted: 'bg-yellow-100 text-yellow-900',
	payment_pending: 'bg-yellow-100 text-yellow-900',
	purchased: 'bg-yellow-100 text-yellow-900',
	booked: 'bg-success-100 text-success-900',
	confirmed: 'bg-success-100 text-success-900',
	delivered: 'bg-success-100 text-success-900',
	approved: 'bg-success-100 text-success-900',
	rescheduled: 'bg-secondary-100 text-secondary-900',
}

export function StateBadge<S extends string>({ machine, status }: { machine: Machine<S>; status: S }) {
	return <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold', badgeColours[status] ?? 'bg-slate-200 text-slate-800')}>{machine.labels[status] ?? status}</span>
}

export function FormError({ error }: { error?: string | null }) {
	if (!error) return null
	return (
		<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
			{error}
		</p>
	)
}

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

/** Buttons for every status the record may move to now (the server checks again). */
export function StatusButtons<S extends string>({ machine, status, children }: { machine: Machine<S>; status: S; children?: ReactNode }) {
	const navigation = useNavigation()
	const next = machine.transitions[status] ?? []
	const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'status'
	if (!next.length) return <p className="text-sm text-slate-700">{machine.labels[status]} is final.</p>
	return (
		<Form method="post" className="flex flex-wrap items-center gap-2">
			<input type="hidden" name="intent" value="status" />
			{children}
			{next.map((to) => (
				<Button key={to} type="submit" name="status" value={to} size="sm" variant={['lost', 'failed', 'cancelled', 'refunded', 'rejected', 'suspended', 'unavailable'].includes(to) ? 'outline' : 'primary'} disabled={busy}>
					Mark {machine.labels[to].toLowerCase()}
				</Button>
			))}
			{busy ? <Spinner label="Saving" /> : null}
		</Form>
	)
}

export function SearchBar({ label, placeholder, q, children, clearTo }: { label: string; placeholder: string; q: string; children?: ReactNode; clearTo: string }) {
	return (
		<Form method="get" role="search" aria-label={label} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
			<div className="flex gap-2">
				<label htmlFor="list-search" className="sr-only">
					{placeholder}
				</label>
				<input id="list-search" type="search" name="q" defaultValue={q} placeholder={placeholder} className="block w-full min-w-0 rounded-md border border-slate-400 px-3 py-2" />
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
						<Link to={clearTo} className={buttonClass('ghost')}>
							Clear all
						</Link>
					</div>
				</div>
			) : null}
		</Form>
	)
}

export function FilterSelect({ label, name, value, options }: { label: string; name: string; value: string | null; options: ReadonlyArray<{ value: string; label: string }> }) {
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

const cellInput = 'block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm aria-[invalid=true]:border-error-600'

/**
 * Passenger rows (name, age, gender, nationality, ID, passport expiry) as a
 * plain form: the saved passengers plus empty rows to add more without
 * JavaScript. Rows left without a name are ignored.
 */
export function PassengerRows({ passengers, expected, values, errors }: { passengers: readonly Passenger[]; expected: number; values?: Record<string, string | undefined>; errors: Record<string, string | undefined> }) {
	const rows = Math.min(maxPassengers, Math.max(passengers.length + 1, expected))
	const messages = Object.entries(errors).filter(([key]) => /^p\d+/.test(key))
	return (
		<div className="space-y-3">
			{messages.length ? (
				<ul role="alert" className="list-disc rounded-md bg-error-50 p-3 pl-8 text-sm font-medium text-error-700">
					{messages.map(([key, message]) => (
						<li key={key}>{message}</li>
					))}
				</ul>
			) : null}
			<div className="overflow-x-auto">
				<table className="w-full min-w-[60rem] border-collapse text-left text-sm">
					<thead>
						<tr className="border-b border-slate-300">
							<th scope="col" className="py-2 pr-2">#</th>
							<th scope="col" className="py-2 pr-2">Name as on ID</th>
							<th scope="col" className="py-2 pr-2">Age</th>
							<th scope="col" className="py-2 pr-2">Gender</th>
							<th scope="col" className="py-2 pr-2">Nationality</th>
							<th scope="col" className="py-2 pr-2">ID document</th>
							<th scope="col" className="py-2 pr-2">ID number</th>
							<th scope="col" className="py-2 pr-2">Passport expiry</th>
						</tr>
					</thead>
					<tbody>
						{Array.from({ length: rows }, (_, i) => {
							const saved = passengers[i]
							const value = (part: Parameters<typeof passengerField>[1], fallback: string | number | null | undefined) => values?.[passengerField(i, part)] ?? (fallback === null || fallback === undefined ? '' : String(fallback))
							const input = (part: Parameters<typeof passengerField>[1], label: string, extra: Record<string, unknown> = {}, fallback?: string | number | null) => (
								<input aria-label={`Passenger ${i + 1} ${label}`} name={passengerField(i, part)} defaultValue={value(part, fallback)} aria-invalid={errors[passengerField(i, part)] ? true : undefined} className={cellInput} {...extra} />
							)
							const select = (part: Parameters<typeof passengerField>[1], label: string, options: ReadonlyArray<[string, string]>, fallback?: string | null) => (
								<select aria-label={`Passenger ${i + 1} ${label}`} name={passengerField(i, part)} defaultValue={value(part, fallback)} aria-invalid={errors[passengerField(i, part)] ? true : undefined} className={cellInput}>
									<option value="">Choose</option>
									{options.map(([optionValue, optionLabel]) => (
										<option key={optionValue} value={optionValue}>
											{optionLabel}
										</option>
									))}
								</select>
							)
							return (
								<tr key={i} className="border-b border-slate-100 align-top">
									<td className="py-2 pr-2 text-slate-600">{i + 1}</td>
									<td className="py-2 pr-2">{input('name', 'name', { autoComplete: 'off' }, saved?.name)}</td>
									<td className="w-20 py-2 pr-2">{input('age', 'age', { inputMode: 'numeric' }, saved?.age)}</td>
									<td className="py-2 pr-2">{select('gender', 'gender', genders.map((g) => [g, g.charAt(0).toUpperCase() + g.slice(1)]), saved?.gender)}</td>
									<td className="py-2 pr-2">{select('nationality', 'nationality', nationalities.map((n) => [n, n === 'indian' ? 'Indian' : 'Foreign']), saved?.nationality)}</td>
									<td className="py-2 pr-2">{select('idType', 'ID document', idTypes.map((t) => [t, idTypeLabels[t]]), saved?.idType)}</td>
									<td className="py-2 pr-2">{input('idNumber', 'ID number', {}, saved?.idNumber)}</td>
									<td className="py-2 pr-2">{input('passportExpiry', 'passport expiry', { type: 'date' }, saved?.passportExpiry)}</td>
								</tr>
							)
						})}
					</tbody>
				</table>
			</div>
			<p className="text-sm text-slate-600">Infants are passengers aged 0–1. Foreign nationals travel on their passport: give its number and expiry. Save to add more rows.</p>
		</div>
	)
}

/**
 * Uploads a ticket file (PDF, JPEG, PNG or WebP, up to 5 MB). Works as a
 * plain multipart form; with JavaScript it stays on the page, shows the
 * upload's percentage and ends in a toast (UploadForm). `pageError` is the
 * error of a plain (no JavaScript) submit, which the page's action data carries.
 */
export function TicketUpload({
	label,
	current,
	downloadHref,
	pageError,
	successTitle = 'Ticket uploaded',
}: {
	label: string
	current: { name: string } | null
	downloadHref: string
	pageError?: string | null
	/** The toast after a JavaScript upload: the same words as the page's own redirect toast. */
	successTitle?: string
}) {
	return (
		<div className="space-y-3">
			{current ? (
				<p>
					Current file:{' '}
					<a href={downloadHref} target="_blank" rel="noreferrer" className="font-medium">
						{current.name}
					</a>
				</p>
			) : (
				<p className="text-slate-700">No file uploaded yet.</p>
			)}
			<UploadForm label={label} accept="application/pdf,image/jpeg,image/png,image/webp" hint="PDF, JPEG, PNG or WebP, up to 5 MB." pageError={pageError} successTitle={successTitle} />
		</div>
	)
}
