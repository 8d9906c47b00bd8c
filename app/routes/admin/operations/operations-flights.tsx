import { FormError } from '~/components/admin/panel.tsx'
import { Form, Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { flightsFormSchema } from '~/features/operations/domain/day-sheet.ts'
import { FlightsFields } from '~/features/operations/components/flights-fields.tsx'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { getFlights, saveFlights } from '~/features/operations/server/operations.server.ts'
import { getBooking } from '~/features/bookings/server/bookings.server.ts'
import { formatTravelDate, isIsoDate } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { invariantResponse, notFoundOn } from '~/lib/errors.ts'
import { db } from '~/server/db/index.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/operations-flights'

/** A booking's flights, for staff filling what the traveller did not (docs/decisions/192-the-day-sheet-from-booking-components-and-flights.md). */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	const found = await getBooking(db(), params.id)
	invariantResponse(found, 'That booking does not exist.')
	const { booking } = found
	const date = new URL(request.url).searchParams.get('date')
	return {
		booking: {
			id: booking.id,
			reference: booking.reference,
			title: booking.title,
			startDate: booking.startDate,
			endDate: booking.endDate,
			status: booking.status,
		},
		flights: await getFlights(db(), booking.id),
		date: date && isIsoDate(date) ? date : null,
	}
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const submission = parseForm(await request.formData(), flightsFormSchema)
	if (submission.status !== 'success') return refuse(submission)
	try {
		await saveFlights(db(), params.id, submission.value, 'staff', actorOf(user))
	} catch (error) {
		notFoundOn(error, 'That booking does not exist.')
		return refuseOnAppError(submission, error)
	}
	const date = new URL(request.url).searchParams.get('date')
	return redirectWithToast(date && isIsoDate(date) ? `/admin/operations?date=${date}` : `/admin/pending/${params.id}`, {
		title: 'Flights saved',
		description: 'The day sheet shows them.',
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `Flights ${loaderData?.booking.reference ?? ''} | Andaman Isles Travel admin` },
	{ name: 'robots', content: 'noindex' },
]

export default function OperationsFlights({ loaderData, actionData }: Route.ComponentProps) {
	const { booking, flights, date } = loaderData
	const result = resultFor(actionData)
	const errors = errorsOf(result)
	const values = valuesOf(result)
	const saving = useIsPending({ state: 'submitting' })
	return (
		<main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6">
			<Link to={date ? `/admin/operations?date=${date}` : `/admin/pending/${booking.id}`}>← Back</Link>
			<h1 className="text-2xl font-semibold">Flights for {booking.reference}</h1>
			<p className="text-slate-700">
				{booking.title}, {formatTravelDate(booking.startDate)} to {formatTravelDate(booking.endDate)}. Times in India time (IST).
			</p>
			<FormError error={errors.form} />
			<Form method="post" className="space-y-4">
				<FlightsFields flights={flights} values={values} errors={errors} defaults={{ arrivalDate: booking.startDate, departureDate: booking.endDate }} />
				<Button type="submit" pending={saving}>
					Save flights
				</Button>
			</Form>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
