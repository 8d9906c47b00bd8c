import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { gstStates, stateCodes } from '~/features/invoices/domain/gstin.ts'
import { invoiceBases, invoiceBasisLabels, type InvoicingSettings } from '~/features/invoices/domain/invoice.ts'

/** The "Tax invoices" part of the owner's settings form (docs/decisions/115-gst-tax-invoices.md). */
export function InvoicingSettingsFields({
	settings,
	value,
	fields,
}: {
	settings: InvoicingSettings
	value: (key: string, fallback: string) => string
	fields: Record<string, string>
}) {
	return (
		<fieldset className="grid gap-4 sm:grid-cols-2">
			<legend className="mb-2 text-lg font-semibold">Tax invoices (GST)</legend>
			<p className="text-sm text-slate-700 sm:col-span-2">
				Printed on every tax invoice and credit note. Invoices can be issued once the legal name, address and GSTIN are filled in. An invoice never changes
				after it is issued: new details apply to the next one.
			</p>
			<Field
				label="Legal name (as registered for GST)"
				name="invoiceLegalName"
				defaultValue={value('invoiceLegalName', settings.legalName)}
				error={fields.invoiceLegalName}
			/>
			<Field
				label="GSTIN"
				name="invoiceGstin"
				autoCapitalize="characters"
				spellCheck={false}
				defaultValue={value('invoiceGstin', settings.gstin)}
				error={fields.invoiceGstin}
				hint="15 characters, e.g. 35AABCA1234F1ZC; checked as you save."
			/>
			<TextareaField
				label="Registered address"
				name="invoiceAddress"
				rows={2}
				defaultValue={value('invoiceAddress', settings.address)}
				error={fields.invoiceAddress}
				className="sm:col-span-2"
			/>
			<SelectField
				label="State or union territory of registration"
				name="invoiceStateCode"
				options={stateCodes.map((code) => ({ value: code, label: `${gstStates[code]} (${code})` }))}
				defaultValue={value('invoiceStateCode', settings.stateCode)}
				error={fields.invoiceStateCode}
			/>
			<SelectField
				label="Invoice each booking for"
				name="invoiceBasis"
				options={invoiceBases.map((basis) => ({ value: basis, label: invoiceBasisLabels[basis] }))}
				defaultValue={value('invoiceBasis', settings.basis)}
				error={fields.invoiceBasis}
				hint="Per payment: the advance is invoiced when it is verified, the balance when it is."
			/>
			<Field
				label="Invoice number prefix"
				name="invoicePrefix"
				autoCapitalize="characters"
				defaultValue={value('invoicePrefix', settings.invoicePrefix)}
				error={fields.invoicePrefix}
				hint="Up to 6 capitals, digits, - or /. Numbers look like INV-2627/0001 and restart each April."
			/>
			<Field
				label="Credit note number prefix"
				name="creditNotePrefix"
				autoCapitalize="characters"
				defaultValue={value('creditNotePrefix', settings.creditNotePrefix)}
				error={fields.creditNotePrefix}
				hint="A series of its own, e.g. CN-2627/0001."
			/>
		</fieldset>
	)
}
