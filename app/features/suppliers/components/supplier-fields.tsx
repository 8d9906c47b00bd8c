import { Field, type FormField, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { supplierKindLabels, supplierKinds, supplierTerms, supplierTermsLabels } from '~/features/suppliers/domain/suppliers.ts'

/** The supplier's fields, for adding one and for editing one. */
export function SupplierFields({
	fields,
}: {
	fields: Record<
		| 'name'
		| 'kind'
		| 'contactPerson'
		| 'email'
		| 'whatsapp'
		| 'terms'
		| 'advancePercent'
		| 'termsDays'
		| 'gstin'
		| 'pan'
		| 'upiId'
		| 'bankAccountName'
		| 'bankAccountNumber'
		| 'bankIfsc'
		| 'notes',
		FormField
	>
}) {
	return (
		<div className="space-y-4">
			<div className="grid gap-3 sm:grid-cols-3">
				<Field label="Name" field={fields.name} />
				<SelectField
					label="Kind"
					field={fields.kind}
					options={[{ value: '', label: 'Choose' }, ...supplierKinds.map((kind) => ({ value: kind, label: supplierKindLabels[kind] }))]}
				/>
				<Field label="Contact person (optional)" field={fields.contactPerson} />
				<Field label="Email for requests (optional)" field={fields.email} type="email" hint="Confirmation requests are emailed here" />
				<Field label="WhatsApp (optional)" field={fields.whatsapp} type="tel" hint="10-digit Indian mobile, or + and country code" />
			</div>
			<fieldset className="grid gap-3 sm:grid-cols-3">
				<legend className="mb-1 font-medium">Payment terms</legend>
				<SelectField label="Terms" field={fields.terms} options={supplierTerms.map((terms) => ({ value: terms, label: supplierTermsLabels[terms] }))} />
				<Field label="Advance %" field={fields.advancePercent} inputMode="numeric" hint="At booking; 0 unless the terms have an advance" />
				<Field label="Days" field={fields.termsDays} inputMode="numeric" hint="Before service (advance, all before) or after it (credit)" />
			</fieldset>
			<fieldset className="grid gap-3 sm:grid-cols-3">
				<legend className="mb-1 font-medium">Tax and bank details</legend>
				<Field label="GSTIN (optional)" field={fields.gstin} hint="15 characters, like 35ABCDE1234F1Z5" />
				<Field label="PAN (optional)" field={fields.pan} hint="Like ABCDE1234F" />
				<Field label="UPI id (optional)" field={fields.upiId} hint="Like name@bank" />
				<Field label="Account name (optional)" field={fields.bankAccountName} />
				<Field label="Account number (optional)" field={fields.bankAccountNumber} inputMode="numeric" autoComplete="off" />
				<Field label="IFSC (optional)" field={fields.bankIfsc} hint="11 characters, like SBIN0001234" />
			</fieldset>
			<TextareaField label="Notes (optional)" field={fields.notes} rows={2} />
		</div>
	)
}
