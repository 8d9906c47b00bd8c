import { Form } from 'react-router'
import { Panel } from '~/components/admin/panel.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SelectField } from '~/components/ui/field.tsx'
import { answerOf } from '~/lib/forms.ts'

type Hotels = {
	linked: ReadonlyArray<{ id: string; name: string; island: string }>
	others: ReadonlyArray<{ id: string; name: string; island: string; currentSupplier: string | null }>
}

/**
 * The hotels booked through this supplier (docs/decisions/199-hotels-linked-to-their-supplier.md): a
 * new hotel component naming one of them gets this supplier. Linking a hotel moves it from the
 * supplier it had.
 */
export function SupplierHotels({ hotels, actionData }: { hotels: Hotels; actionData: unknown }) {
	const answer = answerOf(actionData)
	const errors = answer.intent === 'hotel' ? answer.errors : {}
	return (
		<Panel title="Hotels booked through them" id="hotels-heading">
			{errors.form || errors.hotelId ? (
				<p role="alert" className="mt-2 font-medium text-error-700">
					{errors.form ?? errors.hotelId}
				</p>
			) : null}
			{hotels.linked.length ? (
				<ul className="mt-2 space-y-2" aria-label="Linked hotels">
					{hotels.linked.map((hotel) => (
						<li key={hotel.id} className="flex flex-wrap items-center gap-3">
							<a href={`/admin/hotels/${hotel.id}`}>{hotel.name}</a>
							<Form method="post">
								<input type="hidden" name="intent" value="hotel" />
								<input type="hidden" name="hotelId" value={hotel.id} />
								<input type="hidden" name="link" value="no" />
								<Button type="submit" size="sm" variant="outline">
									Unlink<span className="sr-only"> {hotel.name}</span>
								</Button>
							</Form>
						</li>
					))}
				</ul>
			) : (
				<p className="mt-2 text-slate-700">No hotel is linked: new hotel components get a supplier only when staff choose one.</p>
			)}
			{hotels.others.length ? (
				<Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
					<input type="hidden" name="intent" value="hotel" />
					<input type="hidden" name="link" value="yes" />
					<SelectField
						label="Link a hotel"
						name="hotelId"
						defaultValue=""
						options={[
							{ value: '', label: 'Choose a hotel' },
							...hotels.others.map((hotel) => ({
								value: hotel.id,
								label: hotel.currentSupplier ? `${hotel.name} (now with ${hotel.currentSupplier})` : hotel.name,
							})),
						]}
					/>
					<Button type="submit" size="sm">
						Link hotel
					</Button>
				</Form>
			) : null}
		</Panel>
	)
}
