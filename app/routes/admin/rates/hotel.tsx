import { Form, Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { HOTEL_TIERS, MEAL_PLANS } from '~/features/rates/domain/pricing/constants.ts'
import { foundOr404 } from '~/lib/errors.ts'
import { errorsOf, resultFor, type SubmissionResult, useIsPending } from '~/lib/forms.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { islandName, rateFields, stayIslandOptions } from '~/features/rates/domain/options.ts'
import { getHotel, type RateInput, saveHotel, saveHotelRates, saveRoomType } from '~/features/rates/server/admin.server.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/hotel'
import { cellInput, ErrorSummary, rupeesInput } from '~/features/rates/components/rate-form.tsx'
import { hotelFormSchema, rateFormSchema } from '~/features/rates/domain/rate-form.ts'

/** One hotel: details, room types and a rate grid (room type × season for one meal plan at a time). */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	const meal = new URL(request.url).searchParams.get('meal') ?? 'CP'
	const hotel = await foundOr404(getHotel(db(), params.id ?? ''), 'That hotel does not exist.')
	return { ...hotel, meal: (MEAL_PLANS as readonly string[]).includes(meal) ? meal : 'CP' }
}

const roomTypeSchema = rateFormSchema(['intent', 'roomTypeId', 'name', 'maxAdults', 'maxChildren', 'extraBed', 'isDefault'])
/** The rate grid posts `rate.<room type id>.<meal plan>.<season>.<price field>`: nested objects once parsed. */
const priceCells = z.record(z.string(), z.string())
const ratesSchema = z.object({
	intent: z.literal('rates'),
	meal: z.string().optional(),
	rate: z.record(z.string(), z.record(z.string(), z.record(z.string(), priceCells))).optional(),
})

type IntentArgs = { hotelId: string; actor: Actor }

async function saveDetails(input: z.output<typeof hotelFormSchema>, { hotelId, actor }: IntentArgs) {
	await saveHotel(db(), actor, hotelId, input)
	return redirectWithToast(`/admin/hotels/${hotelId}`, { title: 'Hotel saved' })
}

async function saveRoom(values: z.output<typeof roomTypeSchema>, { hotelId, actor }: IntentArgs) {
	await saveRoomType(db(), actor, hotelId, values.roomTypeId || null, values)
	return redirectWithToast(`/admin/hotels/${hotelId}`, { title: `Room type ${values.name} saved` })
}

async function saveRates(input: z.output<typeof ratesSchema>, { hotelId, actor }: IntentArgs) {
	const rows: RateInput[] = []
	for (const [roomTypeId, plans] of Object.entries(input.rate ?? {}))
		for (const [mealPlan, seasons] of Object.entries(plans))
			for (const [season, cells] of Object.entries(seasons)) {
				if (!/^[A-Z]+$/.test(mealPlan) || !/^[a-z0-9-]+$/.test(season) || cells.double_sell === undefined) continue
				const prices = Object.fromEntries(rateFields.map(([field]) => [field, cells[field] ?? ''])) as RateInput['prices']
				// A row left completely empty is not a rate yet.
				if (Object.values(prices).every((price) => price.trim() === '')) continue
				rows.push({ roomTypeId, mealPlan, season, prices })
			}
	const saved = await saveHotelRates(db(), actor, hotelId, rows)
	return redirectWithToast(`/admin/hotels/${hotelId}?meal=${input.meal ?? 'CP'}`, { title: `Saved ${saved} rate rows` })
}

const intents = { hotel: intent(hotelFormSchema, saveDetails), 'room-type': intent(roomTypeSchema, saveRoom), rates: intent(ratesSchema, saveRates) }

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	return runIntent(request.formData(), intents, {
		unknown: { formError: 'Choose what to save.' },
		context: () => ({ hotelId: params.id ?? '', actor: { id: user.id, label: user.email } }),
	})
}

/** The price a refused rate grid post held for one cell (its field names are nested once parsed). */
function echoedPrice(result: SubmissionResult<string[]> | undefined, path: string): string | undefined {
	let value: unknown = result?.initialValue
	for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined
	return typeof value === 'string' ? value : undefined
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.hotel.name ?? 'Hotel'} | Andaman Isles Travel admin` },
	{ name: 'robots', content: 'noindex' },
]

export default function Hotel({ loaderData, actionData }: Route.ComponentProps) {
	const { hotel, roomTypes, rates, seasons, meal } = loaderData
	const lastResult = resultFor(actionData)
	const intent = actionData && 'intent' in actionData ? actionData.intent : undefined
	const fields = errorsOf(lastResult)
	const savingRates = useIsPending({ intent: 'rates' })
	const savingHotel = useIsPending({ intent: 'hotel' })
	const rateOf = (roomTypeId: string, season: string) =>
		rates.find((rate) => rate.room_type_id === roomTypeId && rate.meal_plan === meal && rate.season === season)
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">
			<div>
				<Link to="/admin/hotels" className="text-sm">
					← All hotels
				</Link>
				<h1 className="mt-2 text-2xl font-semibold text-slate-900">{hotel.name}</h1>
				<Link to={`/admin/hotels/${hotel.id}/availability`} className="text-sm font-medium">
					Availability calendar: rooms, stop-sales, minimum stays
				</Link>
				<p className="text-slate-700">
					{islandName(hotel.island)} · <span className="capitalize">{hotel.tier}</span> · {hotel.active ? 'active' : 'inactive'}
				</p>
			</div>

			<section aria-labelledby="rates-heading" className="rounded-xl border border-slate-200 bg-white p-4">
				<h2 id="rates-heading" className="text-lg font-semibold">
					Rates ({meal}), in rupees per night
				</h2>
				<nav aria-label="Meal plan" className="mt-2 flex gap-2 text-sm">
					{MEAL_PLANS.map((plan) => (
						<Link key={plan} to={`?meal=${plan}`} aria-current={plan === meal ? 'page' : undefined} className={plan === meal ? 'font-bold' : ''}>
							{plan}
						</Link>
					))}
				</nav>
				{intent === 'rates' ? <ErrorSummary result={lastResult} /> : null}
				{roomTypes.length === 0 ? (
					<p className="mt-3 text-sm text-slate-700">Add a room type below before entering rates.</p>
				) : (
					<Form method="post" className="mt-3" noValidate>
						<input type="hidden" name="intent" value="rates" />
						<input type="hidden" name="meal" value={meal} />
						<div className="overflow-x-auto">
							<table className="text-sm">
								<thead className="text-left">
									<tr>
										<th scope="col" className="pr-3">
											Room type
										</th>
										<th scope="col" className="pr-3">
											Season
										</th>
										{rateFields.map(([field, label]) => (
											<th key={field} scope="col" className="pr-2 font-medium capitalize">
												{label}
											</th>
										))}
									</tr>
								</thead>
								<tbody>
									{roomTypes.flatMap((room) =>
										seasons.map((season) => {
											const rate = rateOf(room.id, season)
											const prefix = `rate.${room.id}.${meal}.${season}.`
											return (
												<tr key={`${room.id}-${season}`} className="border-t border-slate-100">
													<th scope="row" className="py-1 pr-3 text-left font-normal">
														{room.name}
													</th>
													<td className="py-1 pr-3 capitalize">{season}</td>
													{rateFields.map(([field, label]) => (
														<td key={field} className="py-1 pr-2">
															<input
																aria-label={`${room.name}, ${season}: ${label}`}
																name={prefix + field}
																inputMode="decimal"
																defaultValue={(intent === 'rates' ? echoedPrice(lastResult, prefix + field) : undefined) ?? rupeesInput(rate?.[field])}
																aria-invalid={fields[`${room.id}.${meal}.${season}.${field}`] ? true : undefined}
																className={cellInput}
															/>
														</td>
													))}
												</tr>
											)
										}),
									)}
								</tbody>
							</table>
						</div>
						<Button type="submit" className="mt-3" pending={savingRates}>
							Save rates
						</Button>
					</Form>
				)}
			</section>

			<section aria-labelledby="rooms-heading" className="rounded-xl border border-slate-200 bg-white p-4">
				<h2 id="rooms-heading" className="text-lg font-semibold">
					Room types
				</h2>
				{intent === 'room-type' ? <ErrorSummary result={lastResult} /> : null}
				<ul className="mt-3 space-y-3">
					{[...roomTypes, null].map((room) => (
						<li key={room?.id ?? 'new'}>
							<Form method="post" className="flex flex-wrap items-end gap-3" aria-label={room ? `Room type ${room.name}` : 'New room type'}>
								<input type="hidden" name="intent" value="room-type" />
								<input type="hidden" name="roomTypeId" value={room?.id ?? ''} />
								<Field label={room ? 'Name' : 'New room type name'} name="name" defaultValue={room?.name ?? ''} />
								<Field label="Most adults" name="maxAdults" inputMode="numeric" defaultValue={String(room?.max_adults ?? 3)} className="w-28" />
								<Field label="Most children" name="maxChildren" inputMode="numeric" defaultValue={String(room?.max_children ?? 2)} className="w-28" />
								<label className="flex items-center gap-2 pb-2 text-sm">
									<input type="checkbox" name="extraBed" defaultChecked={room ? room.extra_bed === 1 : true} className="size-4" /> Extra bed
								</label>
								<label className="flex items-center gap-2 pb-2 text-sm">
									<input type="checkbox" name="isDefault" defaultChecked={room?.is_default === 1} className="size-4" /> Default
								</label>
								<Button type="submit" variant="outline" size="sm" className="mb-1">
									{room ? 'Save room type' : 'Add room type'}
								</Button>
							</Form>
						</li>
					))}
				</ul>
			</section>

			<section aria-labelledby="details-heading" className="rounded-xl border border-slate-200 bg-white p-4">
				<h2 id="details-heading" className="text-lg font-semibold">
					Hotel details
				</h2>
				{intent === 'hotel' ? <ErrorSummary result={lastResult} /> : null}
				<Form method="post" className="mt-3 grid gap-3 sm:grid-cols-3" noValidate>
					<input type="hidden" name="intent" value="hotel" />
					<Field label="Hotel name" name="name" defaultValue={hotel.name} error={fields.name} />
					<SelectField
						label="Island"
						name="island"
						defaultValue={hotel.island}
						options={stayIslandOptions.map((island) => ({ value: island, label: islandName(island) }))}
					/>
					<SelectField label="Tier" name="tier" defaultValue={hotel.tier} options={HOTEL_TIERS.map((tier) => ({ value: tier, label: tier }))} />
					<Field label="Stars (1–5)" name="stars" inputMode="numeric" defaultValue={hotel.stars === null ? '' : String(hotel.stars)} error={fields.stars} />
					<Field label="Check-in" name="checkIn" defaultValue={hotel.check_in} error={fields.checkIn} />
					<Field label="Check-out" name="checkOut" defaultValue={hotel.check_out} error={fields.checkOut} />
					<Field label="Address" name="address" defaultValue={hotel.address ?? ''} className="sm:col-span-3" />
					<Field label="Phone" name="phone" defaultValue={hotel.phone ?? ''} />
					<Field label="Email" name="email" defaultValue={hotel.email ?? ''} />
					<label className="flex items-center gap-2 self-end pb-2 text-sm">
						<input type="checkbox" name="active" defaultChecked={hotel.active === 1} className="size-4" /> Active
					</label>
					<div className="sm:col-span-3">
						<Button type="submit" pending={savingHotel}>
							Save hotel
						</Button>
					</div>
				</Form>
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
