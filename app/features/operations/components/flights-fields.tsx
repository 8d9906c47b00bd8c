import { Field } from '~/components/ui/field.tsx'
import type { Flights } from '~/features/operations/domain/day-sheet.ts'

/** The arrival and departure flight fields, shared by the staff page and the traveller's trip page; posts `revision` too. */
export function FlightsFields({
	flights,
	values,
	errors,
	defaults,
}: {
	flights: Flights & { revision: number }
	values: Record<string, string | undefined>
	errors: Record<string, string | undefined>
	defaults: { arrivalDate: string; departureDate: string }
}) {
	const value = (name: keyof Flights, fallback = '') => values[name] ?? flights[name] ?? fallback
	return (
		<>
			<input type="hidden" name="revision" value={flights.revision} />
			{(['arrival', 'departure'] as const).map((leg) => (
				<fieldset key={leg} className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-3">
					<legend className="px-1 font-semibold">{leg === 'arrival' ? 'Arrival flight into Port Blair' : 'Departure flight from Port Blair'}</legend>
					<Field
						label="Flight number"
						name={`${leg}Flight`}
						defaultValue={value(`${leg}Flight`)}
						error={errors[`${leg}Flight`]}
						placeholder="6E 231"
						autoComplete="off"
					/>
					<Field
						label="Date"
						type="date"
						name={`${leg}Date`}
						defaultValue={value(`${leg}Date`, leg === 'arrival' ? defaults.arrivalDate : defaults.departureDate)}
						error={errors[`${leg}Date`]}
					/>
					<Field
						label={leg === 'arrival' ? 'Lands at (IST)' : 'Leaves at (IST)'}
						type="time"
						name={`${leg}Time`}
						defaultValue={value(`${leg}Time`)}
						error={errors[`${leg}Time`]}
					/>
				</fieldset>
			))}
		</>
	)
}
