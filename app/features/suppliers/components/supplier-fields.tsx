import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { supplierKindLabels, supplierKinds, supplierTerms, supplierTermsLabels } from '~/features/suppliers/domain/suppliers.ts'

/** The supplier's fields, for adding one and for editing one. */
export function SupplierFields({ values, errors }: { values: Record<string, string | undefined>; errors: Record<string, string | undefined> }) {
	return (
		<div className="space-y-4">
			<div className="grid gap-3 sm:grid-cols-3">
				<Field label="Name" name="name" defaultValue={values.name} error={errors.name} />
				<SelectField label="Kind" name="kind" defaultValue={values.kind} error={errors.kind} options={[{ value: '', label: 'Choose' }, ...supplierKinds.map((kind) => ({ value: kind, label: supplierKindLabels[kind] }))]} />
				<Field label="Contact person (optional)" name="contactPerson" defaultValue={values.contactPerson} error={errors.contactPerson} />
				<Field label="Email for requests (optional)" name="email" type="email" defaultValue={values.email} error={errors.email} hint="Confirmation requests are emailed here" />
				<Field label="WhatsApp (optional)" name="whatsapp" type="tel" defaultValue={values.whatsapp} error={errors.whatsapp} hint="10-digit Indian mobile, or + and country code" />
			</div>
			<fieldset className="grid gap-3 sm:grid-cols-3">
				<legend className="mb-1 font-medium">Payment terms</legend>
				<SelectField label="Terms" name="terms" defaultValue={values.terms} error={errors.terms} options={supplierTerms.map((terms) => ({ value: terms, label: supplierTermsLabels[terms] }))} />
				<Field label="Advance %" name="advancePercent" inputMode="numeric" defaultValue={values.advancePercent} error={errors.advancePercent} hint="At booking; 0 unless the terms have an advance" />
				<Field label="Days" name="termsDays" inputMode="numeric" defaultValue={values.termsDays} error={errors.termsDays} hint="Before service (advance, all before) or after it (credit)" />
			</fieldset>
			<fieldset className="grid gap-3 sm:grid-cols-3">
				<legend className="mb-1 font-medium">Tax and bank details</legend>
				<Field label="GSTIN (optional)" name="gstin" defaultValue={values.gstin} error={errors.gstin} hint="15 characters, like 35ABCDE1234F1Z5" />
				<Field label="PAN (optional)" name="pan" defaultValue={values.pan} error={errors.pan} hint="Like ABCDE1234F" />
				<Field label="UPI id (optional)" name="upiId" defaultValue={values.upiId} error={errors.upiId} hint="Like name@bank" />
				<Field label="Account name (optional)" name="bankAccountName" defaultValue={values.bankAccountName} error={errors.bankAccountName} />
				<Field label="Account number (optional)" name="bankAccountNumber" inputMode="numeric" autoComplete="off" defaultValue={values.bankAccountNumber} error={errors.bankAccountNumber} />
				<Field label="IFSC (optional)" name="bankIfsc" defaultValue={values.bankIfsc} error={errors.bankIfsc} hint="11 characters, like SBIN0001234" />
			</fieldset>
			<TextareaField label="Notes (optional)" name="notes" rows={2} defaultValue={values.notes} error={errors.notes} />
		</div>
	)
}
