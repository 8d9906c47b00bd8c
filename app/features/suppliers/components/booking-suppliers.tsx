import type { ComponentProps } from 'react'
import { Form } from 'react-router'
import { DueTable } from '~/features/suppliers/components/due-table.tsx'
import { Figures } from '~/features/suppliers/components/figures.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { componentKindLabels, type ComponentKind } from '~/features/bookings/domain/components.ts'
import { type AmendmentChange, changeText, requestStatusLabels, type RequestStatus } from '~/features/suppliers/domain/supplier-requests.ts'
import { supplierKindLabels, type SupplierKind } from '~/features/suppliers/domain/suppliers.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { formatINR } from '~/lib/money.ts'
import { formatPhone } from '~/lib/phone.ts'

type Component = {
	id: string
	kind: ComponentKind
	description: string
	startDate: string | null
	supplierId: string | null
	plannedCost: number | null
	supplierStatus: string
}
type Margin = {
	sellNet: number
	bookingCost: number | null
	componentCost: number | null
	costedComponents: number
	components: number
	margin: number | null
	basis: 'components' | 'booking' | null
}
type SupplierOption = { id: string; name: string; kind: SupplierKind }
type Request = {
	id: string
	supplierName: string
	whatsapp: string | null
	status: RequestStatus
	componentIds: string[]
	emailed: boolean
	sentAt: string
	sentByLabel: string
	answeredAt: string | null
	confirmationNumber: string | null
	answerNote: string | null
	expiresOn: string
	url: string
	whatsappText: string | null
	kind: 'request' | 'amendment'
	changes: AmendmentChange[]
	chasedAt: string | null
	question: string | null
	questionAt: string | null
}

const rupees = (paise: number | null) => (paise === null ? '' : (paise / 100).toFixed(2).replace(/\.00$/, ''))

/**
 * Each component's supplier and what it costs us, saved together; then one confirmation request per
 * supplier (docs/decisions/190-supplier-confirmation-links.md), listed with its answer, its link and
 * the WhatsApp text to copy.
 */
export function BookingSuppliers({
	components,
	suppliers,
	requests,
	due,
	today,
	margin,
	editable,
	actionData,
}: {
	components: Component[]
	suppliers: SupplierOption[]
	requests: Request[]
	due: ComponentProps<typeof DueTable>['items']
	today: string
	margin: Margin | null
	editable: boolean
	actionData: unknown
}) {
	const assignErrors = errorsOf(resultFor(actionData, 'component-suppliers'))
	const sendErrors = errorsOf(resultFor(actionData, 'send-supplier-requests'))
	const saving = useIsPending({ intent: 'component-suppliers', state: 'submitting' })
	const sending = useIsPending({ intent: 'send-supplier-requests', state: 'submitting' })
	const names = new Map(components.map((component) => [component.id, component.description]))
	const planned = components.reduce((sum, component) => sum + (component.plannedCost ?? 0), 0)
	return (
		<section aria-labelledby="suppliers-heading" className="space-y-3">
			<h2 id="suppliers-heading" className="text-lg font-semibold">
				Suppliers and costs
			</h2>
			{margin ? (
				<Figures
					testId="margin"
					figures={[
						['Sell without GST', formatINR(margin.sellNet)],
						['Cost when booked', margin.bookingCost === null ? 'Not known' : formatINR(margin.bookingCost)],
						[
							'Cost of the components',
							margin.componentCost === null ? `${margin.costedComponents} of ${margin.components} costed` : formatINR(margin.componentCost),
						],
						['Margin', margin.margin === null ? 'Not known yet' : `${formatINR(margin.margin)}${margin.basis === 'components' ? ' (actual)' : ' (planned)'}`],
					]}
				/>
			) : null}
			{due.length ? (
				<div className="space-y-2">
					<h3 className="font-semibold">Due to suppliers</h3>
					{due.some((item) => item.warning) ? (
						<p role="status" className="rounded-md bg-warning-50 p-3 font-medium text-warning-800" data-testid="supplier-due-warning">
							A supplier payment falls due before the traveller has paid us: collect the balance first, or pay from our own funds knowingly.
						</p>
					) : null}
					<DueTable items={due} today={today} show="no-booking" label="Due to this booking’s suppliers" />
				</div>
			) : null}
			{editable && components.length ? (
				<Form method="post" className="rounded-lg bg-slate-50 p-4" aria-label="Suppliers and costs">
					<input type="hidden" name="intent" value="component-suppliers" />
					{assignErrors.form || assignErrors.plannedCost ? (
						<p role="alert" className="mb-2 font-medium text-error-700">
							{assignErrors.form ?? assignErrors.plannedCost}
						</p>
					) : null}
					<div className="space-y-3">
						{components.map((component) => (
							<fieldset key={component.id} className="grid gap-2 sm:grid-cols-[1fr_16rem_10rem] sm:items-end" data-testid="component-supplier">
								<legend className="sr-only">{component.description}</legend>
								<input type="hidden" name="componentId" value={component.id} />
								<p className="text-sm">
									<span className="font-semibold">{componentKindLabels[component.kind]}</span> {component.description}
									{component.startDate ? `, ${formatTravelDate(component.startDate)}` : ''}
								</p>
								<SelectField
									label={
										<>
											Supplier<span className="sr-only"> of {component.description}</span>
										</>
									}
									name="supplierId"
									defaultValue={component.supplierId ?? ''}
									options={[
										{ value: '', label: 'No supplier yet' },
										...suppliers.map((supplier) => ({ value: supplier.id, label: `${supplier.name} (${supplierKindLabels[supplier.kind]})` })),
									]}
								/>
								<Field
									label={
										<>
											Cost to us<span className="sr-only"> of {component.description}</span> (₹)
										</>
									}
									name="plannedCost"
									inputMode="decimal"
									defaultValue={rupees(component.plannedCost)}
									autoComplete="off"
								/>
							</fieldset>
						))}
					</div>
					<p className="mt-2 text-sm text-slate-700">Planned cost so far: {formatINR(planned)}. Suppliers are kept under Suppliers in the menu.</p>
					<Button type="submit" size="sm" className="mt-3" pending={saving}>
						Save suppliers and costs
					</Button>
				</Form>
			) : null}
			{editable ? (
				<Form method="post" className="flex flex-wrap items-center gap-3">
					<input type="hidden" name="intent" value="send-supplier-requests" />
					<Button type="submit" pending={sending}>
						Send confirmation requests
					</Button>
					<span className="text-sm text-slate-700">
						One per supplier, for components not confirmed or already waiting: emailed when the supplier has an address, and a WhatsApp text below.
					</span>
					{sendErrors.form ? (
						<p role="alert" className="w-full font-medium text-error-700">
							{sendErrors.form}
						</p>
					) : null}
				</Form>
			) : null}
			{requests.length ? (
				<ul className="space-y-2" aria-label="Confirmation requests">
					{requests.map((request) => (
						<li key={request.id} className="rounded border border-slate-200 p-3" data-testid="supplier-request">
							<p className="flex flex-wrap items-center gap-2">
								<span className="font-semibold">{request.supplierName}</span>
								{request.kind === 'amendment' ? <span className="rounded-full bg-warning-50 px-2 text-sm text-warning-800">Amendment</span> : null}
								<span
									className={`rounded-full px-2 text-sm ${request.status === 'confirmed' ? 'bg-success-50 text-success-700' : request.status === 'declined' ? 'bg-error-50 text-error-700' : 'bg-slate-100'}`}
								>
									{requestStatusLabels[request.status]}
								</span>
								{request.confirmationNumber ? <span>Number {request.confirmationNumber}</span> : null}
							</p>
							{request.answerNote ? <p className="mt-1">Supplier says: {request.answerNote}</p> : null}
							{request.question && request.questionAt ? (
								<p className="mt-1 font-medium text-warning-800" data-testid="supplier-question">
									Asked on {formatTimestamp(request.questionAt)}: {request.question} (call or WhatsApp them; they can still confirm on the link)
								</p>
							) : null}
							{request.changes.length ? (
								<ul className="mt-1 list-inside list-disc text-sm">
									{request.changes.map((change, index) => (
										<li key={index}>{changeText(change)}</li>
									))}
								</ul>
							) : null}
							{request.chasedAt && request.status === 'waiting' ? (
								<p className="text-sm font-medium text-warning-800">Reminded {formatTimestamp(request.chasedAt)} and still no answer: call them.</p>
							) : null}
							<p className="text-sm text-slate-700">{request.componentIds.map((id) => names.get(id) ?? 'a component no longer on the booking').join('; ')}</p>
							<p className="text-sm text-slate-700">
								Sent {formatTimestamp(request.sentAt)} by {request.sentByLabel}
								{request.emailed ? ', emailed' : ', not emailed (no address)'}
								{request.answeredAt
									? ` · answered ${formatTimestamp(request.answeredAt)}`
									: request.status === 'waiting'
										? ` · link works until ${formatTravelDate(request.expiresOn)}`
										: ''}
							</p>
							{request.whatsappText ? (
								<details className="mt-2">
									<summary className="cursor-pointer text-sm font-medium text-primary-800">
										WhatsApp text and link{request.whatsapp ? ` for ${formatPhone(request.whatsapp)}` : ''}
									</summary>
									<label className="mt-2 block text-sm font-medium" htmlFor={`wa-${request.id}`}>
										Copy and send
									</label>
									<textarea
										id={`wa-${request.id}`}
										readOnly
										rows={8}
										className="mt-1 block w-full rounded-md border border-slate-300 p-2 text-sm"
										defaultValue={request.whatsappText}
									/>
									{request.whatsapp ? (
										<a
											className="mt-2 inline-block text-sm"
											href={`https://wa.me/${request.whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(request.whatsappText)}`}
											rel="noreferrer noopener"
											target="_blank"
										>
											Open in WhatsApp
										</a>
									) : null}
								</details>
							) : null}
						</li>
					))}
				</ul>
			) : null}
		</section>
	)
}
