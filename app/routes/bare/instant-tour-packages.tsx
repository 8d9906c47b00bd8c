import { BareHeader } from '~/components/bare-header.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { ISLAND_SHORT_NAMES } from '~/features/rates/domain/pricing/constants.ts'
import { addDays } from '~/lib/dates.ts'
import type { HotelTier, Island } from '~/features/rates/domain/pricing/types.ts'
import { type BuilderConfig, builderSearchParams, builderTiers, tierNames } from '~/features/rates/domain/builder.ts'
import { monthChoices, todayInIndia } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import { seo } from '~/lib/seo.ts'
import { staticPage } from '~/lib/static-page.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { priceBuilderConfig } from '~/features/rates/server/builder.server.ts'
import type { Route } from './+types/instant-tour-packages'

/** Standard island splits by number of nights (start and end in Port Blair). */
const itineraries: Record<number, Array<[Island, number]>> = {
	3: [
		['port-blair', 1],
		['havelock', 2],
	],
	4: [
		['port-blair', 1],
		['havelock', 2],
		['port-blair', 1],
	],
	5: [
		['port-blair', 1],
		['havelock', 2],
		['neil', 1],
		['port-blair', 1],
	],
	6: [
		['port-blair', 2],
		['havelock', 2],
		['neil', 1],
		['port-blair', 1],
	],
	7: [
		['port-blair', 2],
		['havelock', 3],
		['neil', 1],
		['port-blair', 1],
	],
	8: [
		['port-blair', 2],
		['havelock', 3],
		['neil', 2],
		['port-blair', 1],
	],
	9: [
		['port-blair', 3],
		['havelock', 3],
		['neil', 2],
		['port-blair', 1],
	],
	10: [
		['port-blair', 3],
		['havelock', 4],
		['neil', 2],
		['port-blair', 1],
	],
}

/** An ad landing page: nights + tier + travellers + month → an instant per-person price from the engine. */
export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const today = todayInIndia()
	const monthOptions = monthChoices(today, 12)
	const nights = Math.min(10, Math.max(3, Number(url.searchParams.get('nights')) || 5))
	const tierParam = url.searchParams.get('tier') ?? 'deluxe'
	const tier: HotelTier = (builderTiers as readonly string[]).includes(tierParam) ? (tierParam as HotelTier) : 'deluxe'
	const adults = Math.min(12, Math.max(1, Number(url.searchParams.get('adults')) || 2))
	const monthParam = url.searchParams.get('month') ?? ''
	const month = monthOptions.some((option) => option.value === monthParam) ? monthParam : monthOptions[1]!.value
	// The 10th of the month, or two weeks from today when that is later.
	const earliest = addDays(today, 14)
	const start = `${month}-10` < earliest ? earliest : `${month}-10`
	const config: BuilderConfig = {
		start,
		stays: itineraries[nights]!.map(([island, stayNights]) => ({ island, nights: stayNights })),
		tier,
		meal: 'CP',
		adults,
		childAges: [],
		infants: 0,
		rooms: Math.ceil(adults / 2),
		activities: [],
		ferry: '',
		ferryClass: '',
		transfers: 'airport-and-jetty',
	}
	const { result } = await priceBuilderConfig(db(), config, today)
	return { nights, tier, adults, month, monthOptions, config, query: builderSearchParams(config).toString(), result, siteUrl: env().SITE_URL }
}

/** Plain HTML in the browser (app/lib/static-page.ts): a live GET form whose price updates in place (ADR 219). */
export const handle = staticPage

export const meta: Route.MetaFunction = ({ loaderData }) =>
	seo({
		title: 'Instant Andaman tour package prices',
		description:
			'Choose nights, hotel category, travellers and month: see the per-person price of a Port Blair, Havelock and Neil package at once, with hotels, ferries and transfers.',
		path: '/instant-tour-packages',
		siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000',
	})

export default function InstantTourPackages({ loaderData }: Route.ComponentProps) {
	const { nights, tier, adults, month, monthOptions, config, query, result } = loaderData
	return (
		<>
			<BareHeader />
			<main id="main" className="mx-auto max-w-3xl px-4 py-10">
				<h1 className="mt-2 text-3xl font-bold">Your Andaman package price, instantly</h1>
				<p className="mt-2 text-slate-700">Hotels, ferries between the islands and airport and jetty transfers, priced from today’s rates. GST included.</p>
				<form
					method="get"
					action="/instant-tour-packages"
					data-live-form
					className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-4 sm:items-end"
					aria-label="Package choices"
				>
					<SelectField
						label="Nights"
						name="nights"
						defaultValue={String(nights)}
						options={Object.keys(itineraries).map((value) => ({ value, label: `${value} nights` }))}
					/>
					<SelectField label="Hotels" name="tier" defaultValue={tier} options={builderTiers.map((value) => ({ value, label: tierNames[value] }))} />
					<Field label="Adults" name="adults" type="number" min={1} max={12} defaultValue={String(adults)} />
					<SelectField label="Month" name="month" defaultValue={month} options={monthOptions} />
					<Button type="submit" className="sm:col-span-4">
						Show price
					</Button>
				</form>
				<section
					id="instant-result"
					data-live-region
					aria-labelledby="instant-price"
					className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
					aria-live="polite"
				>
					<h2 id="instant-price" className="text-xl font-semibold">
						{nights} nights: {config.stays.map((stay) => `${ISLAND_SHORT_NAMES[stay.island]} ${stay.nights}N`).join(' · ')}
					</h2>
					{result.ok ? (
						<>
							<p className="mt-2 text-3xl font-bold text-primary-900">
								{formatINR(result.perPerson)} <span className="text-base font-medium text-slate-700">per person</span>
							</p>
							<p className="text-sm text-slate-700">
								Total {formatINR(result.total)} for {adults} {adults === 1 ? 'adult' : 'adults'}, {tierNames[tier].toLowerCase()} hotels with breakfast.
							</p>
						</>
					) : (
						<p role="alert" className="mt-2 rounded-md bg-warning-50 p-3 text-slate-900">
							{result.problems.join(' ')}
						</p>
					)}
					<div className="mt-4 flex flex-wrap gap-3">
						<a href={`/book-now?${query}`} className={buttonClass('primary', 'md')}>
							Book now
						</a>
						<a href={`/builder?${query}`} className={buttonClass('outline', 'md')}>
							Get this quote
						</a>
					</div>
				</section>
			</main>
		</>
	)
}

export const ErrorBoundary = RouteErrorBoundary
