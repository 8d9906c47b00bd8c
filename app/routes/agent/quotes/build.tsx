import { Form, Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { MarkupFields } from '~/features/agents/components/markup-fields.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { agencyBuilderChoices } from '~/features/agents/server/agent-portal.server.ts'
import { builderIslands, builderTiers, defaultBuilderConfig, hasBuilderParams, maxStayRows, parseBuilderParams } from '~/features/rates/domain/builder.ts'
import { ISLAND_NAMES } from '~/features/rates/domain/pricing/constants.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/build'

/**
 * The agent's trip builder (docs/decisions/231-agent-net-from-our-cost-and-instant-prices.md): islands and nights in
 * order, a hotel category or a hotel per stay, activities and the party, sent as the public builder's own query to
 * /agent/book, which prices it at the agency's net with the same engine. This page shows no price: no sell price or
 * cost reaches it. A plain GET form, so it works without JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
	await requireAgentUser(request)
	const today = todayInIndia()
	const search = new URL(request.url).searchParams
	// Coming back from /agent/book ("Change this trip"): the trip as it was; otherwise the builder's own default.
	const config = hasBuilderParams(search) ? parseBuilderParams(search, today, (await getSettings(db())).childAgeBands).config : defaultBuilderConfig(today)
	const { hotels, activities } = await agencyBuilderChoices(db())
	return {
		config,
		hotels,
		activities,
		markupKind: search.get('markupKind') === 'amount' ? 'amount' : 'percent',
		markupValue: (search.get('markupValue') ?? '10').slice(0, 20),
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Build a trip | Agent area' }, { name: 'robots', content: 'noindex' }]

const tierNames: Record<(typeof builderTiers)[number], string> = { standard: 'Standard', deluxe: 'Deluxe', premium: 'Premium', luxury: 'Luxury' }

export default function AgentBuild({ loaderData }: Route.ComponentProps) {
	const { config, hotels, activities, markupKind, markupValue } = loaderData
	const islandOptions = [{ value: '', label: '— no stay —' }, ...builderIslands.map((island) => ({ value: island, label: ISLAND_NAMES[island] }))]
	const hotelOptions = [
		{ value: '', label: 'Our pick in the category' },
		...hotels.map((hotel) => ({
			value: hotel.id,
			label: `${hotel.name}: ${ISLAND_NAMES[hotel.island]}, ${tierNames[hotel.tier as keyof typeof tierNames] ?? hotel.tier}`,
		})),
	]
	return (
		<main id="main" className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold">Build a custom trip</h1>
			<p className="text-slate-700">
				Choose the islands and nights in order, the hotels and activities. The next page prices the trip at your agency’s net, with your markup and your
				client’s price, and books it or saves a quote. Or <Link to="/agent/prices">see every package’s price</Link>.
			</p>
			<Form method="get" action="/agent/book" className="space-y-5 rounded-xl border border-slate-200 bg-white p-5">
				<div className="grid gap-3 sm:grid-cols-3">
					<Field label="Arrival date" name="start" type="date" defaultValue={config.start} required />
					<Field label="Adults" name="adults" inputMode="numeric" defaultValue={String(config.adults)} />
					<Field label="Children’s ages" name="childAges" hint="Like 4, 9; leave empty for none." defaultValue={config.childAges.join(', ')} />
					<SelectField
						label="Hotel category"
						name="tier"
						defaultValue={config.tier}
						options={builderTiers.map((tier) => ({ value: tier, label: tierNames[tier] }))}
					/>
					<Field label="Rooms" name="rooms" inputMode="numeric" defaultValue={String(config.rooms)} />
				</div>
				<fieldset className="space-y-3">
					<legend className="text-base font-semibold">Islands and nights, in order</legend>
					<p className="text-sm text-slate-700">Trips start and end in Port Blair (the airport). A hotel you choose must be on its stop’s island.</p>
					{Array.from({ length: maxStayRows }, (_, index) => {
						const row = index + 1
						const stay = config.stays[index]
						return (
							<div key={row} className="grid gap-3 sm:grid-cols-[1fr_7rem_1.5fr]">
								<SelectField label={`Stop ${row}: island`} name={`island${row}`} defaultValue={stay?.island ?? ''} options={islandOptions} />
								<Field label={`Stop ${row}: nights`} name={`nights${row}`} type="number" min={1} max={14} defaultValue={String(stay?.nights ?? 1)} />
								<SelectField label={`Stop ${row}: hotel`} name={`hotel${row}`} defaultValue={stay?.hotel ?? ''} options={hotelOptions} />
							</div>
						)
					})}
				</fieldset>
				{activities.length ? (
					<fieldset className="space-y-2">
						<legend className="text-base font-semibold">Activities</legend>
						<div className="grid gap-2 sm:grid-cols-2">
							{activities.map((activity) => (
								<label key={activity.id} className="flex items-start gap-2 text-sm">
									<input type="checkbox" name="activity" value={activity.id} defaultChecked={config.activities.includes(activity.id)} className="mt-1 size-4" />
									<span>
										{activity.name} <span className="text-slate-700">· {ISLAND_NAMES[activity.island as keyof typeof ISLAND_NAMES] ?? activity.island}</span>
									</span>
								</label>
							))}
						</div>
					</fieldset>
				) : null}
				<div className="grid gap-3 sm:grid-cols-3">
					<MarkupFields kind={markupKind} value={markupValue} />
				</div>
				<Button type="submit">Price this trip at net</Button>
			</Form>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
