import { Field, SelectField } from '~/components/ui/field.tsx'

/** The agent's markup on a trip, as every agent pricing form asks it (docs/decisions/223): a kind and a value. */
export function MarkupFields({ kind, value }: { kind: string; value: string }) {
	return (
		<>
			<SelectField
				label="Your markup"
				name="markupKind"
				defaultValue={kind}
				options={[
					{ value: 'percent', label: 'Percentage of net' },
					{ value: 'amount', label: 'Amount in rupees' },
				]}
			/>
			<Field label="Markup (% or ₹)" name="markupValue" inputMode="decimal" defaultValue={value} />
		</>
	)
}
