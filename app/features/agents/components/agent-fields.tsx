import { Field, TextareaField } from '~/components/ui/field.tsx'

/** The agent's fields, for adding an agency and for editing one. */
export function AgentFields({ values, errors }: { values: Record<string, string | undefined>; errors: Record<string, string | undefined> }) {
	return (
		<div className="grid gap-3 sm:grid-cols-3">
			<Field label="Company" name="company" defaultValue={values.company} error={errors.company} />
			<Field label="Contact person" name="contactPerson" defaultValue={values.contactPerson} error={errors.contactPerson} />
			<Field label="Phone" name="phone" type="tel" defaultValue={values.phone} error={errors.phone} hint="10-digit Indian mobile, or + and country code" />
			<Field label="Email (optional)" name="email" type="email" defaultValue={values.email} error={errors.email} />
			<Field label="City (optional)" name="city" defaultValue={values.city} error={errors.city} />
			<Field label="Commission %" name="commissionPercent" inputMode="decimal" defaultValue={values.commissionPercent} error={errors.commissionPercent} hint="On confirmed and completed bookings" />
			<Field label="PAN (optional)" name="pan" defaultValue={values.pan} error={errors.pan} hint="Like ABCDE1234F" />
			<Field label="GSTIN (optional)" name="gstin" defaultValue={values.gstin} error={errors.gstin} hint="15 characters, like 35ABCDE1234F1Z5" />
			<TextareaField label="Notes (optional)" name="notes" rows={2} defaultValue={values.notes} error={errors.notes} />
		</div>
	)
}
