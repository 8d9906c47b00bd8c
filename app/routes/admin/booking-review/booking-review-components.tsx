import { Form, Link } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { componentKindLabels, componentKinds, supplierStatusLabels, supplierStatuses } from '~/features/bookings/domain/components.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import type { Route } from './+types/booking-review'

type Component = Route.ComponentProps['loaderData']['components'][number]

/** Hotel stays, activities, ferries and transfers with their supplier status; edited in place, and added by hand. */
export function ComponentsSection({ components, editable, actionData }: { components: Component[]; editable: boolean; actionData: unknown }) {
	const updated = resultFor(actionData, 'update-component')
	const editing = updated ? (valuesOf(updated).componentId ?? null) : null
	const added = resultFor(actionData, 'add-component')
	const addErrors = errorsOf(added)
	const adding = useIsPending({ intent: 'add-component', state: 'submitting' })
	return (
		<section aria-labelledby="components-heading">
			<h2 id="components-heading" className="text-lg font-semibold">
				Hotels, ferries, activities and transfers
			</h2>
			{components.length === 0 ? (
				<p className="text-slate-700">None yet: they are planned from the package when the booking is confirmed, or add them below.</p>
			) : null}
			{components.some((component) => component.kind === 'ferry') ? (
				<p>
					<Link to="ferries" relative="path">
						Book the ferries live with the operators
					</Link>{' '}
					(every leg for the travellers in one action)
				</p>
			) : null}
			{editable ? <ConfirmWithNumbers components={components.filter((component) => component.supplierStatus !== 'confirmed')} actionData={actionData} /> : null}
			<ul className="mt-2 space-y-2">
				{components.map((component) => {
					const mine = editing === component.id
					const errors = mine ? errorsOf(updated) : {}
					// A refused edit shows what was sent: a field left out of the answer was sent empty.
					const values = mine ? valuesOf(updated) : {}
					return (
						<li key={component.id} className="rounded border border-slate-200 p-3" data-testid="component">
							<p className="flex flex-wrap items-center gap-2">
								<span className="font-semibold">{componentKindLabels[component.kind]}</span>
								<span>{component.description}</span>
								<span
									className={`rounded-full px-2 text-sm ${component.supplierStatus === 'confirmed' ? 'bg-success-50 text-success-700' : component.supplierStatus === 'rejected' ? 'bg-error-50 text-error-700' : 'bg-slate-100'}`}
								>
									{supplierStatusLabels[component.supplierStatus]}
								</span>
							</p>
							<p className="text-sm text-slate-700">
								{[
									component.startDate ? formatTravelDate(component.startDate) : null,
									component.endDate ? `to ${formatTravelDate(component.endDate)}` : null,
									component.time,
									component.supplier,
									component.confirmationNumber ? `Conf. ${component.confirmationNumber}` : null,
								]
									.filter(Boolean)
									.join(' · ')}
							</p>
							{editable ? (
								<details open={mine} className="mt-2">
									<summary className="cursor-pointer text-sm font-medium text-primary-800">Edit {componentKindLabels[component.kind].toLowerCase()}</summary>
									<Form method="post" className="mt-2" aria-label={`Edit ${component.description}`}>
										<input type="hidden" name="intent" value="update-component" />
										<input type="hidden" name="componentId" value={component.id} />
										<ComponentFields
											errors={errors}
											defaults={
												mine
													? values
													: {
															kind: component.kind,
															description: component.description,
															startDate: component.startDate ?? '',
															endDate: component.endDate ?? '',
															time: component.time ?? '',
															supplier: component.supplier ?? '',
															supplierStatus: component.supplierStatus,
															confirmationNumber: component.confirmationNumber ?? '',
															notes: component.notes ?? '',
														}
											}
										/>
										<SaveButton componentId={component.id} />
									</Form>
								</details>
							) : null}
						</li>
					)
				})}
			</ul>
			{editable ? (
				<details open={Object.keys(addErrors).length > 0} className="mt-3 rounded-lg bg-slate-50 p-4">
					<summary className="cursor-pointer font-medium">Add a hotel, ferry, activity or transfer</summary>
					<Form method="post" className="mt-2" aria-label="Add a component">
						<input type="hidden" name="intent" value="add-component" />
						<ComponentFields errors={addErrors} defaults={{ supplierStatus: 'pending', ...valuesOf(added) }} />
						<Button type="submit" size="sm" className="mt-3" pending={adding}>
							Add
						</Button>
					</Form>
				</details>
			) : null}
		</section>
	)
}

function SaveButton({ componentId }: { componentId: string }) {
	const saving = useIsPending({ intent: 'update-component', fields: { componentId }, state: 'submitting' })
	return (
		<Button type="submit" size="sm" className="mt-3" pending={saving}>
			Save
		</Button>
	)
}

function ComponentFields({ errors, defaults }: { errors: Record<string, string | undefined>; defaults: Record<string, string | undefined> }) {
	return (
		<div className="grid gap-3 sm:grid-cols-3">
			<SelectField
				label="Kind"
				name="kind"
				defaultValue={defaults.kind}
				error={errors.kind}
				options={[{ value: '', label: 'Choose' }, ...componentKinds.map((kind) => ({ value: kind, label: componentKindLabels[kind] }))]}
			/>
			<Field label="Description" name="description" className="sm:col-span-2" defaultValue={defaults.description} error={errors.description} />
			<Field label="Date (check-in)" name="startDate" type="date" defaultValue={defaults.startDate} error={errors.startDate} />
			<Field label="End date (check-out)" name="endDate" type="date" defaultValue={defaults.endDate} error={errors.endDate} />
			<Field label="Time" name="time" type="time" defaultValue={defaults.time} error={errors.time} />
			<Field label="Supplier (hotel, operator, vendor)" name="supplier" defaultValue={defaults.supplier} error={errors.supplier} />
			<SelectField
				label="Supplier status"
				name="supplierStatus"
				defaultValue={defaults.supplierStatus}
				error={errors.supplierStatus}
				options={supplierStatuses.map((status) => ({ value: status, label: supplierStatusLabels[status] }))}
			/>
			<Field label="Confirmation number or PNR" name="confirmationNumber" defaultValue={defaults.confirmationNumber} error={errors.confirmationNumber} />
			<TextareaField
				label="Notes (pickup point, room, driver)"
				name="notes"
				rows={2}
				className="sm:col-span-3"
				defaultValue={defaults.notes}
				error={errors.notes}
			/>
		</div>
	)
}

/**
 * Every component not confirmed yet with a field for its supplier's number: one save confirms all
 * those given a number (straight from “not requested yet” when the number is known); the rest stay
 * as they are. A refused save shows the numbers as typed.
 */
function ConfirmWithNumbers({ components, actionData }: { components: Component[]; actionData: unknown }) {
	const result = resultFor(actionData, 'confirm-components')
	const errors = errorsOf(result)
	const message = errors.form ?? errors.confirmationNumber ?? errors.componentId
	const posted = result?.initialValue ?? {}
	const list = (name: string) => {
		const value = posted[name]
		return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []
	}
	const typed = new Map(list('componentId').map((id, index) => [id, list('confirmationNumber')[index] ?? '']))
	const saving = useIsPending({ intent: 'confirm-components', state: 'submitting' })
	if (!components.length) return null
	return (
		<Form method="post" className="mt-3 rounded-lg bg-slate-50 p-4" aria-labelledby="confirm-numbers-heading">
			<h3 id="confirm-numbers-heading" className="font-semibold">
				Confirm with supplier numbers
			</h3>
			<p className="text-sm text-slate-700">Type the confirmation number or PNR of each one the supplier confirmed, then save once. Leave the others empty.</p>
			<input type="hidden" name="intent" value="confirm-components" />
			{message ? (
				<p role="alert" className="mt-2 font-medium text-error-700">
					{message}
				</p>
			) : null}
			<div className="mt-2 grid gap-3 sm:grid-cols-2">
				{components.map((component) => (
					<div key={component.id}>
						<input type="hidden" name="componentId" value={component.id} />
						<Field
							label={`${componentKindLabels[component.kind]}: ${component.description}${component.startDate ? `, ${formatTravelDate(component.startDate)}` : ''}`}
							name="confirmationNumber"
							maxLength={80}
							autoComplete="off"
							defaultValue={typed.get(component.id) ?? ''}
							hint={supplierStatusLabels[component.supplierStatus]}
						/>
					</div>
				))}
			</div>
			<Button type="submit" size="sm" className="mt-3" pending={saving}>
				Confirm those with a number
			</Button>
		</Form>
	)
}
