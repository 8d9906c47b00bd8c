import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import type { Flights } from '~/features/operations/domain/day-sheet.ts'
import { useIsPending } from '~/lib/forms.ts'
import { FlightsFields } from './flights-fields.tsx'

/** "Your flights" on the trip page: the traveller tells us their flights so the driver meets the right one. Works without JavaScript. */
export function TripFlights({
	flights,
	trip,
	errors,
	values,
}: {
	flights: Flights & { revision: number }
	trip: { startDate: string; endDate: string }
	errors: Record<string, string | undefined>
	values: Record<string, string | undefined>
}) {
	const saving = useIsPending({ intent: 'flights' })
	return (
		<section aria-labelledby="flights-heading" className="space-y-3 rounded-lg border border-slate-300 p-4">
			<h2 id="flights-heading" className="text-lg font-semibold">
				Your flights
			</h2>
			<p className="text-sm text-slate-700">
				So our driver meets your flight at Veer Savarkar airport and drops you in time for the flight home. Times in India time (IST).
			</p>
			{errors.form ? (
				<p role="alert" className="font-medium text-error-700">
					{errors.form}
				</p>
			) : null}
			<Form method="post" className="space-y-3">
				<input type="hidden" name="intent" value="flights" />
				<FlightsFields flights={flights} values={values} errors={errors} defaults={{ arrivalDate: trip.startDate, departureDate: trip.endDate }} />
				<Button type="submit" pending={saving}>
					Save flights
				</Button>
			</Form>
		</section>
	)
}
