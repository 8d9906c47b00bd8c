import { Field, type FormField, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { agencyStateOptions } from '~/features/agents/domain/agent.ts'

/** The agent's fields, for adding an agency and for editing one. */
export function AgentFields({
	fields,
}: {
	fields: Record<
		'company' | 'contactPerson' | 'phone' | 'email' | 'city' | 'commissionPercent' | 'pan' | 'gstin' | 'billingAddress' | 'stateCode' | 'notes',
		FormField
	>
}) {
	return (
		<div className="grid gap-3 sm:grid-cols-3">
			<Field label="Company" field={fields.company} />
			<Field label="Contact person" field={fields.contactPerson} />
			<Field label="Phone" field={fields.phone} type="tel" hint="10-digit Indian mobile, or + and country code" />
			<Field label="Email (optional)" field={fields.email} type="email" />
			<Field label="City (optional)" field={fields.city} />
			<Field label="Commission %" field={fields.commissionPercent} inputMode="decimal" hint="On confirmed and completed bookings" />
			<Field label="PAN (optional)" field={fields.pan} hint="Like ABCDE1234F" />
			<Field label="GSTIN (optional)" field={fields.gstin} hint="15 characters, like 35ABCDE1234F1Z3; on the agency’s tax invoices" />
			<TextareaField label="Billing address (optional)" field={fields.billingAddress} rows={2} hint="The registered address on the agency’s tax invoices" />
			<SelectField
				label="State (optional)"
				field={fields.stateCode}
				options={[{ value: '', label: 'Not given' }, ...agencyStateOptions]}
				hint="Place of supply when the agency has no GSTIN"
			/>
			<TextareaField label="Notes (optional)" field={fields.notes} rows={2} />
		</div>
	)
}
