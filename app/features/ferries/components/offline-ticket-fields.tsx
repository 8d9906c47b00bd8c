import { Field, SelectField } from '~/components/ui/field.tsx'
import {
	paymentModeLabels,
	paymentModes,
	ticketKindLabels,
	ticketKinds,
	ticketSourceLabels,
	ticketSources,
	ticketSuggestions,
} from '~/features/ferries/domain/offline-ticket.ts'

/** The offline ticket's fields, for recording a new ticket and for editing one. */
export function OfflineTicketFields({ values, errors }: { values: Record<string, string | undefined>; errors: Record<string, string | undefined> }) {
	const choose = (label: string) => [{ value: '', label }]
	return (
		<div className="grid gap-3 sm:grid-cols-3">
			<SelectField
				label="Kind"
				name="kind"
				options={[...choose('Choose'), ...ticketKinds.map((kind) => ({ value: kind, label: ticketKindLabels[kind] }))]}
				defaultValue={values.kind ?? ''}
				error={errors.kind}
			/>
			<SelectField
				label="Bought from"
				name="source"
				options={[...choose('Choose'), ...ticketSources.map((source) => ({ value: source, label: ticketSourceLabels[source] }))]}
				defaultValue={values.source ?? ''}
				error={errors.source}
			/>
			<Field label="Operator or venue" name="operator" list="ticket-suggestions" defaultValue={values.operator} error={errors.operator} />
			<datalist id="ticket-suggestions">
				{ticketSuggestions.map((suggestion) => (
					<option key={suggestion} value={suggestion} />
				))}
			</datalist>
			<Field label="Vessel (optional)" name="vessel" defaultValue={values.vessel} error={errors.vessel} />
			<Field label="Voyage number (optional)" name="voyage" defaultValue={values.voyage} error={errors.voyage} />
			<Field
				label="Route or place"
				name="route"
				defaultValue={values.route}
				error={errors.route}
				hint="e.g. Phoenix Bay → Havelock, or Light and sound show (Hindi)"
			/>
			<Field label="Date" name="travelDate" type="date" defaultValue={values.travelDate} error={errors.travelDate} />
			<Field label="Time (optional)" name="travelTime" placeholder="17:30" defaultValue={values.travelTime} error={errors.travelTime} />
			<Field label="Class (optional)" name="class" defaultValue={values.class} error={errors.class} />
			<Field label="Quota (optional)" name="quota" defaultValue={values.quota} error={errors.quota} hint="General, tourist, islander, tatkal…" />
			<Field label="PNR (optional)" name="pnr" defaultValue={values.pnr} error={errors.pnr} />
			<Field label="Transaction number (optional)" name="transactionNumber" defaultValue={values.transactionNumber} error={errors.transactionNumber} />
			<Field label="Cost paid (₹)" name="cost" inputMode="decimal" defaultValue={values.cost} error={errors.cost} />
			<Field label="Sell price (₹)" name="sell" inputMode="decimal" defaultValue={values.sell} error={errors.sell} />
			<SelectField
				label="Payment mode"
				name="paymentMode"
				options={[...choose('Choose'), ...paymentModes.map((mode) => ({ value: mode, label: paymentModeLabels[mode] }))]}
				defaultValue={values.paymentMode ?? ''}
				error={errors.paymentMode}
			/>
			<Field
				label="Trip booking (optional)"
				name="bookingReference"
				placeholder="BK-2026-00042"
				defaultValue={values.bookingReference}
				error={errors.bookingReference}
				hint="Shows the ticket on the trip’s voucher"
			/>
			<Field
				label="Ferry lead (optional)"
				name="ferryLeadReference"
				placeholder="FL-2026-00042"
				defaultValue={values.ferryLeadReference}
				error={errors.ferryLeadReference}
			/>
		</div>
	)
}
