import { getFormProps } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { FormError, Panel } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { DueTable } from '~/features/suppliers/components/due-table.tsx'
import { SupplierPayables } from '~/features/suppliers/components/supplier-payables.tsx'
import { SupplierFields } from '~/features/suppliers/components/supplier-fields.tsx'
import { componentInvoiceSchema, supplierPaymentSchema } from '~/features/suppliers/domain/payables.ts'
import { supplierFormSchema, supplierKindLabels } from '~/features/suppliers/domain/suppliers.ts'
import { recordSupplierPayment, setComponentInvoice, supplierBookingOptions, supplierStatement } from '~/features/suppliers/server/payables.server.ts'
import { getSupplier, setHotelSupplier, setSupplierArchived, supplierHotels, updateSupplier } from '~/features/suppliers/server/suppliers.server.ts'
import { SupplierHotels } from '~/features/suppliers/components/supplier-hotels.tsx'
import { formatTimestamp, todayInIndia } from '~/lib/dates.ts'
import { foundOr404, invariantResponse } from '~/lib/errors.ts'
import { answerOf, errorsOf, resultFor, useIsPending, useValidatedForm } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { z } from '~/lib/zod.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { db } from '~/server/db/index.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { newSubmissionKey, submissionKeyOf } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/supplier'

const missing = 'There is no supplier with that id. Search the suppliers list.'

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireStaff(request)
	invariantResponse(params.id && isId(params.id), missing)
	const supplier = await foundOr404(getSupplier(db(), params.id), missing)
	const today = todayInIndia()
	// What we owe them and paid them (docs/decisions/197-supplier-payables.md).
	return {
		supplier,
		today,
		...(await supplierStatement(db(), params.id, today)),
		bookings: await supplierBookingOptions(db(), params.id),
		hotels: await supplierHotels(db(), params.id),
		isOwner: user.role === 'owner',
		submissionKey: newSubmissionKey(),
	}
}

type IntentArgs = { id: string; actor: Actor & { isOwner: boolean }; here: string; submissionKey: string | null }

const detailsSchema = supplierFormSchema.safeExtend({
	readAt: z.string({ message: 'That form is out of date: reload the page and try again.' }).min(1).max(40),
})

async function saveDetails({ readAt, ...input }: z.output<typeof detailsSchema>, { id, actor, here }: IntentArgs) {
	await updateSupplier(db(), actor, id, input, readAt)
	return redirectWithToast(here, { title: 'Supplier saved' })
}

const archiveSchema = z.object({ archived: z.enum(['yes', 'no'], { message: 'Choose archive or restore.' }) })
async function archive({ archived }: z.output<typeof archiveSchema>, { id, actor, here }: IntentArgs) {
	await setSupplierArchived(db(), actor, id, archived === 'yes')
	return redirectWithToast(
		here,
		archived === 'yes'
			? { title: 'Supplier archived', description: 'Kept with its history; no longer offered for new components.' }
			: { title: 'Supplier restored' },
	)
}

async function pay(input: z.output<typeof supplierPaymentSchema>, { id, actor, here, submissionKey }: IntentArgs) {
	const { created } = await recordSupplierPayment(db(), actor, id, input, { submissionKey, today: todayInIndia() })
	return redirectWithToast(
		`${here}#payables-heading`,
		created
			? { title: 'Payment recorded', description: 'It is on the statement and taken off what is due.' }
			: { type: 'info', title: 'Already recorded', description: 'That form was sent twice; the payment is recorded once.' },
	)
}

async function invoice(input: z.output<typeof componentInvoiceSchema>, { id, actor, here }: IntentArgs) {
	const changed = await setComponentInvoice(db(), actor, id, input)
	return redirectWithToast(
		`${here}#payables-heading`,
		changed
			? {
					title: input.invoiceAmount === null ? 'Invoice cleared: the planned cost counts again' : 'Invoice amount saved',
					description: 'What we owe and the booking’s margin use it.',
				}
			: { type: 'info', title: 'Nothing changed' },
	)
}

const hotelSchema = z.object({
	hotelId: z.string({ message: 'Choose a hotel from the list.' }).trim().min(1, 'Choose a hotel from the list.').max(40, 'Choose a hotel from the list.'),
	link: z.enum(['yes', 'no'], { message: 'Choose link or unlink.' }),
})
async function hotel({ hotelId, link }: z.output<typeof hotelSchema>, { id, actor, here }: IntentArgs) {
	const changed = await setHotelSupplier(db(), actor, id, hotelId, link === 'yes')
	return redirectWithToast(
		`${here}#hotels-heading`,
		changed
			? {
					title: link === 'yes' ? 'Hotel linked' : 'Hotel unlinked',
					description: link === 'yes' ? 'Its new components get this supplier.' : 'Its new components get no supplier until one is chosen.',
				}
			: { type: 'info', title: 'Nothing changed' },
	)
}

const intents = {
	hotel: intent(hotelSchema, hotel),
	details: intent(detailsSchema, saveDetails),
	archive: intent(archiveSchema, archive, { formError: 'Choose archive or restore.' }),
	pay: intent(supplierPaymentSchema, pay),
	invoice: intent(componentInvoiceSchema, invoice),
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const formData = await request.formData()
	const id = params.id
	invariantResponse(id && isId(id), missing)
	return runIntent(formData, intents, {
		unknown: { formError: 'Choose what to do with the supplier.' },
		missing,
		context: () => ({
			id,
			actor: { ...actorOf(user), isOwner: user.role === 'owner' },
			here: `/admin/suppliers/${id}`,
			submissionKey: submissionKeyOf(formData),
		}),
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `${loaderData.supplier.name} | Suppliers | Andaman Isles Travel admin` : 'Supplier | Andaman Isles Travel admin' },
	{ name: 'robots', content: 'noindex' },
]

export default function Supplier({ loaderData, actionData }: Route.ComponentProps) {
	const { supplier } = loaderData
	// The payables forms show their own messages.
	const pageErrors = ['pay', 'invoice', 'hotel'].includes(answerOf(actionData).intent) ? {} : errorsOf(resultFor(actionData))
	const lastResult = resultFor(actionData, 'details')
	const saving = useIsPending({ intent: 'details' })
	const archiving = useIsPending({ intent: 'archive' })
	const saved = {
		name: supplier.name,
		kind: supplier.kind,
		contactPerson: supplier.contactPerson ?? '',
		email: supplier.email ?? '',
		whatsapp: supplier.whatsapp ?? '',
		gstin: supplier.gstin ?? '',
		pan: supplier.pan ?? '',
		bankAccountName: supplier.bankAccountName ?? '',
		bankAccountNumber: supplier.bankAccountNumber ?? '',
		bankIfsc: supplier.bankIfsc ?? '',
		upiId: supplier.upiId ?? '',
		terms: supplier.terms,
		advancePercent: String(supplier.advancePercent),
		termsDays: String(supplier.termsDays),
		notes: supplier.notes ?? '',
	}
	const [form] = useValidatedForm(detailsSchema, { id: 'supplier-details', lastResult, defaultValue: saved })
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<p>
				<Link to="/admin/suppliers">← Suppliers</Link>
			</p>
			<div>
				<h1 className="text-2xl font-semibold">{supplier.name}</h1>
				<p className="mt-1 text-slate-700">
					{supplierKindLabels[supplier.kind]} · {supplier.termsText}
					{supplier.archivedAt ? ` · archived ${formatTimestamp(supplier.archivedAt)}` : ''}
				</p>
			</div>
			<FormError error={pageErrors.form} />
			<SupplierPayables
				supplierId={supplier.id}
				statement={loaderData.statement}
				payables={loaderData.payables}
				payments={loaderData.payments}
				bookings={loaderData.bookings}
				isOwner={loaderData.isOwner}
				today={loaderData.today}
				submissionKey={loaderData.submissionKey}
				actionData={actionData}
			>
				<DueTable items={loaderData.due} today={loaderData.today} show="no-supplier" label={`Due to ${supplier.name}`} />
			</SupplierPayables>
			<SupplierHotels hotels={loaderData.hotels} actionData={actionData} />
			<Panel title="Details" id="details-heading">
				<Form method="post" className="mt-3 space-y-4" {...getFormProps(form)}>
					<input type="hidden" name="intent" value="details" />
					<input type="hidden" name="readAt" value={supplier.updatedAt} />
					<SupplierFields fields={form.getFieldset()} />
					<Button type="submit" pending={saving}>
						Save supplier
					</Button>
				</Form>
			</Panel>
			<Form method="post">
				<input type="hidden" name="intent" value="archive" />
				<input type="hidden" name="archived" value={supplier.archivedAt ? 'no' : 'yes'} />
				<Button type="submit" variant="outline" pending={archiving}>
					{supplier.archivedAt ? 'Restore supplier' : 'Archive supplier'}
				</Button>
			</Form>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
