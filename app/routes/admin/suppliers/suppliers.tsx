import { getFormProps } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { FilterSelect, SearchBar } from '~/components/admin/list-filters.tsx'
import { FormError, Panel } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Pager } from '~/components/pager.tsx'
import { Button } from '~/components/ui/button.tsx'
import { listParams, listQuery } from '~/features/ferries/domain/list-params.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { SupplierFields } from '~/features/suppliers/components/supplier-fields.tsx'
import { supplierFormSchema, supplierKindLabels, supplierKinds } from '~/features/suppliers/domain/suppliers.ts'
import { createSupplier, listSuppliers } from '~/features/suppliers/server/suppliers.server.ts'
import { errorsOf, resultFor, useIsPending, useValidatedForm } from '~/lib/forms.ts'
import { formatPhone } from '~/lib/phone.ts'
import { db } from '~/server/db/index.server.ts'
import { newSubmissionKey, parseForm, refuse, submissionKeyOf } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/suppliers'

/** Suppliers (docs/decisions/189-suppliers-and-their-terms.md): searched and filtered on the server, added below the list. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const params = listParams(new URL(request.url).searchParams)
	const filters = { q: params.q, kind: params.pick('kind', supplierKinds), show: params.pick('show', ['archived'] as const), page: params.page }
	return {
		...(await listSuppliers(db(), { q: filters.q, kind: filters.kind, archived: filters.show === 'archived', page: filters.page })),
		filters,
		submissionKey: newSubmissionKey(),
	}
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const form = await request.formData()
	const submission = parseForm(form, supplierFormSchema)
	if (submission.status !== 'success') return refuse(submission)
	const id = await createSupplier(db(), actorOf(user), submission.value, { submissionKey: submissionKeyOf(form) })
	return redirectWithToast(`/admin/suppliers/${id}`, {
		title: `${submission.value.name} added`,
		description: 'Choose it for a booking’s components under “Suppliers and costs”.',
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Suppliers | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Suppliers({ loaderData, actionData }: Route.ComponentProps) {
	const { suppliers, total, page, pages, filters } = loaderData
	const lastResult = resultFor(actionData)
	const [form] = useValidatedForm(supplierFormSchema, {
		id: 'new-supplier',
		lastResult,
		defaultValue: { terms: 'advance', advancePercent: '30', termsDays: '7' },
	})
	const errors = errorsOf(form.allErrors)
	const isPending = useIsPending()
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Suppliers</h1>
				<p className="mt-1 text-slate-700">
					Hotels, activity operators, cab companies, ferry operators and guides: how to reach them, pay them, and their terms.
				</p>
			</div>
			<SearchBar
				label="Search and filter suppliers"
				placeholder="Name, contact, email, WhatsApp, GSTIN, PAN or UPI id"
				q={filters.q}
				clearTo="/admin/suppliers"
			>
				<FilterSelect
					label="Kind"
					name="kind"
					value={filters.kind}
					options={[{ value: '', label: 'Any kind' }, ...supplierKinds.map((kind) => ({ value: kind, label: supplierKindLabels[kind] }))]}
				/>
				<FilterSelect
					label="Show"
					name="show"
					value={filters.show}
					options={[
						{ value: '', label: 'In use' },
						{ value: 'archived', label: 'Archived' },
					]}
				/>
			</SearchBar>
			<p className="text-sm text-slate-700" aria-live="polite">
				{total === 0 ? 'No suppliers match.' : `${total} ${total === 1 ? 'supplier' : 'suppliers'}. Page ${page} of ${pages}.`}
			</p>
			<ul className="space-y-2" aria-label="Suppliers">
				{suppliers.map((supplier) => (
					<li key={supplier.id} className="rounded-xl border border-slate-200 bg-white shadow-sm hover:border-primary-500">
						<Link to={`/admin/suppliers/${supplier.id}`} className="flex flex-wrap items-center justify-between gap-2 p-4 text-slate-900 no-underline">
							<span>
								<span className="font-semibold">{supplier.name}</span>{' '}
								<span className="rounded-full bg-slate-100 px-2 text-sm">{supplierKindLabels[supplier.kind]}</span>
								<span className="block text-sm text-slate-700">
									{[supplier.contactPerson, supplier.whatsapp ? formatPhone(supplier.whatsapp) : null, supplier.email].filter(Boolean).join(' · ') ||
										'No contact yet'}
								</span>
							</span>
							<span className="text-sm text-slate-700">{supplier.termsText}</span>
						</Link>
					</li>
				))}
			</ul>
			<Pager page={page} pages={pages} href={(to) => `/admin/suppliers${listQuery(filters, { page: to })}`} />
			<Panel title="Add a supplier" id="new-supplier-heading">
				<FormError error={errors.form} />
				<Form method="post" className="mt-3 space-y-4" {...getFormProps(form)}>
					<input type="hidden" name="submissionKey" value={loaderData.submissionKey} />
					<SupplierFields fields={form.getFieldset()} />
					<Button type="submit" pending={isPending}>
						Add supplier
					</Button>
				</Form>
			</Panel>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
