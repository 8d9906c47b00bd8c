import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { data, Form, Link, useFetcher } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { FERRY_OPERATOR_NAMES, FERRY_OPERATORS, HOTEL_TIERS, MEAL_PLANS, TRANSFER_MODES } from '~/domain/pricing/constants.ts'
import { activityIsland, parseEngineActivityId } from '~/domain/rates/activities.ts'
import { mealPlanNames, tierNames, transferNames } from '~/domain/rates/builder.ts'
import { ferryPorts, mealLabels, meals } from '~/domain/sales/day-template.ts'
import { appendDays, blankDay, dayDate, dayFromTemplate, type FormValues, formValues, type ItineraryDay, moveDay, nightIsland, parseItineraryForm, removeDay } from '~/domain/sales/itinerary.ts'
import { quoteStatusLabels } from '~/domain/sales/quote.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { AppError, isAppError } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { islandLabel, islandSlugs, stayIslands } from '~/lib/islands.ts'
import { formatINR } from '~/lib/money.ts'
import { requireStaff } from '~/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { actorOf } from '~/server/identity/users.server.ts'
import { activityOptions, ferryClassOptions } from '~/server/rates/builder.server.ts'
import { getPricing } from '~/server/rates/rate-book.server.ts'
import { listDayTemplates } from '~/server/sales/day-templates.server.ts'
import { getItinerary, hotelChoices, saveItinerary, setItineraryArchived } from '~/server/sales/itineraries.server.ts'
import { bookingsOfQuotes } from '~/server/bookings/trip-links.server.ts'
import { archivedQuoteMessage, quotesForItinerary, sendQuote } from '~/server/sales/quotes.server.ts'
import { saveItineraryAsPackage } from '~/server/sales/saved-packages.server.ts'
import { getSettings } from '~/server/settings.server.ts'
import { redirectWithToast, toastHeader } from '~/server/toast.server.ts'
import type { Route } from './+types/itinerary'
import { QuoteShareLink } from '~/components/quote-share-link.tsx'
import { env } from '~/server/env.server.ts'

/**
 * /admin/create-itinerary/:id — the itinerary editor. One form holds the whole
 * plan; every button (save, add days, move, remove, send quote, save as
 * package) posts it, so it works without JavaScript. With JavaScript it posts
 * through a fetcher and the page is not reloaded. The server prices the plan
 * on every save (docs/decisions/036-itineraries.md).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	if (!isId(params.id)) throw new Response('There is no itinerary with that id.', { status: 404, statusText: 'Page Not Found' })
	const itinerary = await getItinerary(db(), params.id).catch((error: unknown) => {
		if (isAppError(error) && error.code === 'not-found') throw new Response(error.message, { status: 404, statusText: 'Page Not Found' })
		throw error
	})
	const [lead, templates, hotels, pricing, quotes, settings] = await Promise.all([
		itinerary.leadId ? db().selectFrom('leads').select(['id', 'name', 'reference', 'phone', 'status']).where('id', '=', itinerary.leadId).executeTakeFirst() : Promise.resolve(undefined),
		listDayTemplates(db(), { island: null, tag: null, q: '', archived: false }),
		hotelChoices(db()),
		getPricing(db()),
		quotesForItinerary(db(), itinerary.id),
		getSettings(db()),
	])
	const booked = await bookingsOfQuotes(db(), quotes.map((quote) => quote.id))
	return {
		itinerary,
		lead: lead ?? null,
		templates: templates.filter((template) => template.active).map((template) => ({ id: template.id, island: template.island, title: template.title })),
		hotels,
		activities: activityOptions(pricing.book),
		ferryClasses: ferryClassOptions(pricing.book),
		quotes: quotes.map((quote) => ({ id: quote.id, shareUrl: new URL(`/quote/${quote.id}`, env().SITE_URL).href, version: quote.version, status: quote.status, total: quote.total, validUntil: quote.validUntil, sentAt: quote.sentAt, booking: booked.get(quote.id) ?? null })),
		defaultMarkup: settings.markupPercent,
	}
}

const dayIntent = /^(remove|up|down):(\d{1,2})$/

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	if (!isId(params.id)) return data({ errors: { form: 'There is no itinerary with that id.' }, values: null, message: null }, { status: 404 })
	const form = await request.formData()
	const values = formValues(form)
	const intent = String(form.get('intent') ?? 'save')
	const known = ['save', 'add-templates', 'add-blank', 'send', 'save-package', 'archive', 'restore'].includes(intent) || dayIntent.test(intent)
	if (!known) return data({ errors: { form: 'Choose what to do with the itinerary.' }, values, message: null }, { status: 400 })
	if (intent === 'archive' || intent === 'restore') {
		// Archiving does not save the form's unsaved changes: an archived itinerary is read-only until restored.
		try {
			const itinerary = await setItineraryArchived(db(), actorOf(user), params.id, intent === 'archive')
			return redirectWithToast(
				`/admin/create-itinerary/${itinerary.id}`,
				intent === 'archive'
					? { type: 'success', title: 'Itinerary archived', description: `${itinerary.reference} is hidden from the lists and read-only. Restore it to edit or quote again.` }
					: { type: 'success', title: 'Itinerary restored', description: `${itinerary.reference} can be edited and quoted again.` },
			)
		} catch (error) {
			if (isAppError(error) && error.status < 500) return data({ errors: { form: error.message }, values: null, message: null }, { status: error.status })
			throw error
		}
	}
	const { plan: parsed, errors } = parseItineraryForm(values)
	if (Object.keys(errors).length) return data({ errors: { form: 'Some details need attention. Each one says what to change; nothing was saved.', ...errors }, values, message: null }, { status: 400 })
	let plan = parsed
	const actor = actorOf(user)
	try {
		if (intent === 'add-templates') {
			const wanted = form.getAll('template').filter((value): value is string => typeof value === 'string' && isId(value))
			if (!wanted.length) return data({ errors: { form: 'Tick at least one day template to add.', template: 'Tick at least one day template to add.' }, values, message: null }, { status: 400 })
			const templates = await listDayTemplates(db(), { island: null, tag: null, q: '', archived: false })
			const byId = new Map(templates.map((template) => [template.id, template]))
			const added = wanted.map((id) => byId.get(id)).filter((template) => template !== undefined)
			if (added.length !== wanted.length) return data({ errors: { form: 'A day template you ticked was archived meanwhile. Tick others.' }, values, message: null }, { status: 400 })
			plan = appendDays(plan, added.map((template) => dayFromTemplate(template)))
		} else if (intent === 'add-blank') {
			plan = appendDays(plan, [blankDay(plan.days.at(-1)?.island ?? 'port-blair')])
		} else {
			const match = dayIntent.exec(intent)
			if (match) {
				const index = Number(match[2])
				plan = match[1] === 'remove' ? removeDay(plan, index) : moveDay(plan, index, match[1] as 'up' | 'down')
			}
		}
		if (intent === 'send' && (await getItinerary(db(), params.id)).archived) throw new AppError('failed-precondition', archivedQuoteMessage)
		const saved = await saveItinerary(db(), actor, params.id, plan)
		if (intent === 'send') {
			const quote = await sendQuote(db(), actor, params.id)
			return data(
				{ errors: {}, values: null, message: `Quote version ${quote.version} sent. Send the traveller its link from the quotes list: ${new URL(`/quote/${quote.id}`, env().SITE_URL).href}` },
				{ headers: { 'Set-Cookie': await toastHeader({ type: 'success', title: `Quote v${quote.version} sent`, description: 'The lead is now quoted. Copy the link from the quotes list.' }) } },
			)
		}
		if (intent === 'save-package') {
			const pkg = await saveItineraryAsPackage(db(), actor, params.id)
			return redirectWithToast(`/admin/saved-packages?q=${encodeURIComponent(pkg.title)}`, { type: 'success', title: 'Saved as a package', description: `“${pkg.title}” can now start new itineraries.` })
		}
		const priced = saved.price?.ok ? `Total ${formatINR(saved.price.total)}.` : 'It cannot be priced yet: see the problems in the price panel.'
		return data({ errors: {}, values: null, message: `Saved. ${priced}` })
	} catch (error) {
		if (isAppError(error) && error.status < 500) return data({ errors: { form: error.message }, values, message: null }, { status: error.status })
		throw error
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.itinerary.title ?? 'Itinerary'} | Andaman Isles Travel admin` }, { name: 'robots', content: 'noindex' }]

type LoaderData = Route.ComponentProps['loaderData']

function pick(values: FormValues | null, name: string, fallback: string): string {
	if (!values) return fallback
	const value = values[name]
	return Array.isArray(value) ? (value[0] ?? '') : (value ?? '')
}
function picks(values: FormValues | null, name: string, fallback: string[]): string[] {
	if (!values) return fallback
	const value = values[name]
	return value === undefined ? [] : Array.isArray(value) ? value : [value]
}

function DayFields({ day, index, count, startDate, values, errors, loader }: { day: ItineraryDay; index: number; count: number; startDate: string; values: FormValues | null; errors: Record<string, string>; loader: LoaderData }) {
	const n = `d${index}_`
	const v = (name: string, fallback: string) => pick(values, n + name, fallback)
	const last = index === count - 1
	const stayIsland = v('stayIsland', day.stay?.island ?? nightIsland(day.island))
	const hotel = v('hotel', day.stay?.hotel ?? 'tier:deluxe')
	const hotelRow = loader.hotels.find((row) => row.id === hotel)
	const dayIsland = v('island', day.island)
	const pricedHere = loader.activities.filter((activity) => {
		const parsed = parseEngineActivityId(activity.id)
		const island = parsed ? activityIsland(parsed.location) : null
		return island === nightIsland(dayIsland) || island === stayIsland
	})
	const chosenPriced = new Set(picks(values, `${n}priced`, day.priced))
	const chosenMeals = new Set(picks(values, `${n}meals`, day.meals))
	const date = /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? formatTravelDate(dayDate(startDate, index)) : ''
	return (
		<fieldset className="rounded-xl border border-slate-300 bg-white p-4" aria-labelledby={`day-${index}-legend`}>
			<legend id={`day-${index}-legend`} className="px-1 text-lg font-semibold">
				Day {index + 1}
				{date ? ` · ${date}` : ''}
				{last ? ' · departure' : ''}
			</legend>
			<input type="hidden" name={`${n}key`} value={day.key} />
			<input type="hidden" name={`${n}templateId`} value={day.templateId ?? ''} />
			<div className="grid gap-3 sm:grid-cols-2">
				<Field label={`Day ${index + 1} title`} name={`${n}title`} defaultValue={v('title', day.title)} error={errors[`${n}title`]} />
				<SelectField label="Island" name={`${n}island`} defaultValue={dayIsland} error={errors[`${n}island`]} options={islandSlugs.map((slug) => ({ value: slug, label: islandLabel(slug) }))} />
				<TextareaField label="Description" name={`${n}description`} rows={3} defaultValue={v('description', day.description)} error={errors[`${n}description`]} className="sm:col-span-2" />
				<TextareaField label="Activities" name={`${n}activities`} rows={3} defaultValue={v('activities', day.activities.join('\n'))} error={errors[`${n}activities`]} hint="One per line, as the traveller reads them" />
				<TextareaField label="Transfers" name={`${n}transfers`} rows={3} defaultValue={v('transfers', day.transfers.join('\n'))} error={errors[`${n}transfers`]} hint="One per line" />
				<SelectField label="Ferry from" name={`${n}ferryFrom`} defaultValue={v('ferryFrom', day.ferry?.from ?? '')} error={errors[`${n}ferryFrom`]} options={[{ value: '', label: 'No ferry this day' }, ...ferryPorts.map((port) => ({ value: port, label: islandLabel(port) }))]} />
				<SelectField label="Ferry to" name={`${n}ferryTo`} defaultValue={v('ferryTo', day.ferry?.to ?? '')} error={errors[`${n}ferryTo`]} options={[{ value: '', label: 'No ferry this day' }, ...ferryPorts.map((port) => ({ value: port, label: islandLabel(port) }))]} />
				<fieldset>
					<legend className="text-sm font-medium text-slate-800">Meals the day expects</legend>
					<p className="text-sm text-slate-600">The quote shows the meals of the meal plan; a meal ticked here that the plan does not include is flagged under the price.</p>
					<div className="mt-1 flex flex-wrap gap-3">
						{meals.map((meal) => (
							<label key={meal} className="flex min-h-11 items-center gap-2">
								<input type="checkbox" name={`${n}meals`} value={meal} defaultChecked={chosenMeals.has(meal)} className="size-5" />
								{mealLabels[meal]}
							</label>
						))}
					</div>
				</fieldset>
				<fieldset>
					<legend className="text-sm font-medium text-slate-800">Priced activities</legend>
					{pricedHere.length ? (
						<div className="mt-1 grid gap-1">
							{pricedHere.map((activity) => (
								<label key={activity.id} className="flex min-h-9 items-center gap-2">
									<input type="checkbox" name={`${n}priced`} value={activity.id} defaultChecked={chosenPriced.has(activity.id)} className="size-5" />
									{activity.name}
								</label>
							))}
						</div>
					) : (
						<p className="mt-1 text-sm text-slate-600">No priced activities on this island.</p>
					)}
					{errors[`${n}priced`] ? <p className="text-sm font-medium text-error-700">{errors[`${n}priced`]}</p> : null}
				</fieldset>
			</div>
			{last ? (
				<p className="mt-3 text-sm text-slate-700">Departure day: no night’s stay.</p>
			) : (
				<fieldset className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-4">
					<legend className="px-1 text-sm font-semibold">Night {index + 1} stay</legend>
					<SelectField label="Sleeps on" name={`${n}stayIsland`} defaultValue={stayIsland} error={errors[`${n}stayIsland`]} options={stayIslands.map((slug) => ({ value: slug, label: islandLabel(slug) }))} />
					<SelectField
						label="Hotel"
						name={`${n}hotel`}
						defaultValue={hotel}
						error={errors[`${n}hotel`]}
						options={[
							...HOTEL_TIERS.map((tier) => ({ value: `tier:${tier}`, label: `Cheapest ${tierNames[tier]}` })),
							...loader.hotels.filter((row) => row.island === stayIsland).map((row) => ({ value: row.id, label: `${row.name} (${row.tier})` })),
						]}
					/>
					<SelectField
						label="Room type"
						name={`${n}roomType`}
						defaultValue={v('roomType', day.stay?.roomTypeId ?? '')}
						hint={hotelRow ? undefined : 'For a named hotel'}
						options={[{ value: '', label: 'Default room' }, ...(hotelRow?.rooms ?? []).map((room) => ({ value: room.id, label: room.name }))]}
					/>
					<SelectField label="Meal plan" name={`${n}mealPlan`} defaultValue={v('mealPlan', day.stay?.mealPlan ?? 'CP')} error={errors[`${n}mealPlan`]} options={MEAL_PLANS.map((plan) => ({ value: plan, label: mealPlanNames[plan] }))} />
				</fieldset>
			)}
			<div className="mt-3 flex flex-wrap gap-2">
				<button type="submit" name="intent" value={`up:${index}`} disabled={index === 0} className={buttonClass('outline', 'sm')} aria-label={`Move day ${index + 1} up`}>
					<ArrowUp aria-hidden className="size-4" /> Up
				</button>
				<button type="submit" name="intent" value={`down:${index}`} disabled={last} className={buttonClass('outline', 'sm')} aria-label={`Move day ${index + 1} down`}>
					<ArrowDown aria-hidden className="size-4" /> Down
				</button>
				<button type="submit" name="intent" value={`remove:${index}`} className={buttonClass('outline', 'sm')} aria-label={`Remove day ${index + 1}`}>
					<Trash2 aria-hidden className="size-4" /> Remove
				</button>
			</div>
		</fieldset>
	)
}

function PricePanel({ price, defaultMarkup }: { price: LoaderData['itinerary']['price']; defaultMarkup: number }) {
	if (!price) return <p>Not priced yet: add days and save.</p>
	if (!price.ok)
		return (
			<div role="alert" className="rounded-md bg-error-50 p-3 text-error-700">
				<p className="font-semibold">This plan cannot be priced yet:</p>
				<ul className="mt-1 list-disc pl-5">
					{price.problems.map((problem) => (
						<li key={problem}>{problem}</li>
					))}
				</ul>
			</div>
		)
	return (
		<div>
			<dl className="grid grid-cols-2 gap-x-4 gap-y-1">
				<dt>Cost</dt>
				<dd className="text-right font-semibold" data-testid="price-cost">
					{formatINR(price.totalCost)}
				</dd>
				<dt>Sell (total with GST)</dt>
				<dd className="text-right text-lg font-bold" data-testid="price-total">
					{formatINR(price.total)}
				</dd>
				<dt>Margin (before GST)</dt>
				<dd className={price.margin < 0 ? 'text-right font-semibold text-error-700' : 'text-right font-semibold'}>{formatINR(price.margin)}</dd>
				<dt>Per person ({price.payingTravellers})</dt>
				<dd className="text-right font-semibold">{formatINR(price.perPerson)}</dd>
			</dl>
			<details className="mt-3">
				<summary className="cursor-pointer font-medium">Breakdown</summary>
				<table className="mt-2 w-full text-sm">
					<caption className="sr-only">Lines with cost and sell</caption>
					<thead>
						<tr>
							<th scope="col" className="text-left">
								Line
							</th>
							<th scope="col" className="text-right">
								Cost
							</th>
							<th scope="col" className="text-right">
								Sell
							</th>
						</tr>
					</thead>
					<tbody>
						{price.lines.map((line, index) => (
							<tr key={index} className="border-t border-slate-200">
								<td className="py-1">{line.description}</td>
								<td className="py-1 text-right">{formatINR(line.cost)}</td>
								<td className="py-1 text-right">{formatINR(line.sell)}</td>
							</tr>
						))}
						<tr className="border-t border-slate-300">
							<td>Markup ({price.markupPercent}%{price.markupPercent === defaultMarkup ? ', settings' : ', override'})</td>
							<td />
							<td className="text-right">{formatINR(price.markup)}</td>
						</tr>
						{price.discount ? (
							<tr>
								<td>Discount</td>
								<td />
								<td className="text-right">−{formatINR(price.discount)}</td>
							</tr>
						) : null}
						<tr>
							<td>GST ({price.gstPercent}%)</td>
							<td />
							<td className="text-right">{formatINR(price.gst)}</td>
						</tr>
					</tbody>
				</table>
			</details>
			{price.warnings.length ? (
				<ul className="mt-2 list-disc pl-5 text-sm text-amber-800">
					{price.warnings.map((warning) => (
						<li key={warning}>{warning}</li>
					))}
				</ul>
			) : null}
		</div>
	)
}

export default function ItineraryEditor({ loaderData, actionData }: Route.ComponentProps) {
	const { itinerary, lead, templates, quotes, ferryClasses } = loaderData
	const fetcher = useFetcher<typeof action>()
	// With JavaScript the fetcher holds the answer; without it the page is the action's answer.
	const result = fetcher.data ?? actionData
	const errors: Record<string, string> = result?.errors ?? {}
	const values = result?.values ?? null
	const plan = itinerary.plan
	const busy = fetcher.state !== 'idle'
	const busyIntent = busy ? String(fetcher.formData?.get('intent') ?? 'save') : null
	const statusRef = useRef<HTMLParagraphElement>(null)
	const lastIntent = useRef<string>('save')
	useEffect(() => {
		// After a button, say what happened where a screen reader and the keyboard are; an automatic save stays quiet.
		if (result && fetcher.state === 'idle' && lastIntent.current !== 'auto') statusRef.current?.focus()
	}, [result, fetcher.state])
	// With JavaScript, a changed field saves and reprices on its own (debounced); any button cancels the pending save.
	const autoSave = useRef<ReturnType<typeof setTimeout> | null>(null)
	useEffect(() => () => clearTimeout(autoSave.current ?? undefined), [])
	const onChange = (event: React.FormEvent<HTMLFormElement>) => {
		const target = event.target as HTMLInputElement
		if (target.name === 'template') return
		const form = event.currentTarget
		clearTimeout(autoSave.current ?? undefined)
		autoSave.current = setTimeout(() => {
			lastIntent.current = 'auto'
			void fetcher.submit(form, { method: 'post', preventScrollReset: true })
		}, 600)
	}
	// Ctrl+S (⌘S) saves and prices from any field.
	const onKeyDown = (event: React.KeyboardEvent<HTMLFormElement>) => {
		if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey)) return
		event.preventDefault()
		clearTimeout(autoSave.current ?? undefined)
		lastIntent.current = 'save'
		void fetcher.submit(event.currentTarget, { method: 'post', preventScrollReset: true })
	}
	const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
		clearTimeout(autoSave.current ?? undefined)
		const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
		lastIntent.current = submitter?.value ?? 'save'
	}
	const v = (name: string, fallback: string) => pick(values, name, fallback)
	const templatesByIsland = islandSlugs.map((island) => ({ island, templates: templates.filter((template) => template.island === island) })).filter((group) => group.templates.length)
	const errorList = Object.entries(errors).filter(([name]) => name !== 'form')
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<header className="flex flex-wrap items-start justify-between gap-3">
				<div>
					<p className="text-sm text-slate-600">
						<Link to="/admin/create-itinerary">Itineraries</Link> · {itinerary.reference}
					</p>
					<h1 className="text-2xl font-bold">{itinerary.title}</h1>
					<p className="text-slate-700">
						{lead ? (
							<>
								For <Link to={`/admin/leads/${lead.id}`}>{lead.name}</Link> ({lead.reference})
							</>
						) : (
							'Not linked to a lead: it can be saved as a package, but a quote needs a lead.'
						)}
					</p>
				</div>
			</header>
			{itinerary.archived ? (
				<Form method="post" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
					<p className="font-medium">Archived: hidden from the itinerary lists, read-only, and no quote can be sent from it.</p>
					<Button type="submit" name="intent" value="restore" variant="outline">
						Restore itinerary
					</Button>
				</Form>
			) : null}
			<div aria-live="polite">
				{errors.form ? (
					<div role="alert" className="rounded-md bg-error-50 p-3 text-error-700">
						<p className="font-medium">{errors.form}</p>
						{errorList.length ? (
							<ul className="mt-1 list-disc pl-5 text-sm">
								{errorList.map(([name, message]) => (
									<li key={name}>{message}</li>
								))}
							</ul>
						) : null}
					</div>
				) : result?.message ? (
					<p ref={statusRef} tabIndex={-1} role="status" className="rounded-md bg-success-50 p-3 font-medium text-success-700">
						{result.message}
					</p>
				) : null}
			</div>
			<fetcher.Form
				method="post"
				// Re-read the saved plan when its days change (added, moved, removed); a plain save keeps the fields as typed.
				key={`${itinerary.id}-${plan.days.map((day) => day.key).join('.')}`}
				noValidate
				preventScrollReset
				onChange={onChange}
				onSubmit={onSubmit}
				onKeyDown={onKeyDown}
				className="grid gap-6 lg:grid-cols-[1fr_20rem]">
				{/* An archived itinerary is read-only: its fields are shown but neither sent nor saved. */}
				<fieldset disabled={itinerary.archived} className="contents">
					<div className="space-y-6">
						{/* The first submit button is the one Enter presses. */}
						<p className="flex flex-wrap items-center gap-3">
							<Button type="submit" name="intent" value="save" pending={busyIntent === 'save'} aria-keyshortcuts="Control+S">
								Save and price
							</Button>
							<span className="text-sm text-slate-600">Enter or Ctrl+S saves; changes are priced as you go.</span>
						</p>
						<section aria-labelledby="trip-heading" className="grid gap-3 rounded-xl border border-slate-300 bg-white p-4 sm:grid-cols-3">
							<h2 id="trip-heading" className="text-lg font-semibold sm:col-span-3">
								Trip and travellers
							</h2>
							<Field label="Title" name="title" defaultValue={v('title', plan.title)} error={errors.title} className="sm:col-span-2" />
							<Field label="Arrival date" name="startDate" type="date" defaultValue={v('startDate', plan.startDate)} error={errors.startDate} hint="Day dates follow it" />
							<Field label="Adults" name="adults" inputMode="numeric" defaultValue={v('adults', String(plan.adults))} error={errors.adults} />
							<Field label="Children’s ages" name="childAges" defaultValue={v('childAges', plan.childAges.join(', '))} error={errors.childAges} hint="e.g. 5, 9" />
							<Field label="Infants under 2" name="infants" inputMode="numeric" defaultValue={v('infants', String(plan.infants))} error={errors.infants} />
							<Field label="Rooms" name="rooms" inputMode="numeric" defaultValue={v('rooms', String(plan.rooms))} error={errors.rooms} />
							<SelectField label="Ground transport" name="transfers" defaultValue={v('transfers', plan.transfers)} error={errors.transfers} options={TRANSFER_MODES.map((mode) => ({ value: mode, label: transferNames[mode] }))} />
							<SelectField
								label="Ferry operator"
								name="ferryOperator"
								defaultValue={v('ferryOperator', plan.ferryOperator)}
								error={errors.ferryOperator}
								options={[{ value: '', label: 'Cheapest available' }, ...FERRY_OPERATORS.map((operator) => ({ value: operator, label: FERRY_OPERATOR_NAMES[operator] }))]}
							/>
							<SelectField label="Ferry class" name="ferryClass" defaultValue={v('ferryClass', plan.ferryClass)} error={errors.ferryClass} options={[{ value: '', label: 'Any class' }, ...ferryClasses.map((name) => ({ value: name, label: name }))]} />
							<Field
								label="Markup % (override)"
								name="markupPercent"
								inputMode="decimal"
								defaultValue={v('markupPercent', plan.markupPercent === null ? '' : String(plan.markupPercent))}
								error={errors.markupPercent}
								hint={`Empty: ${loaderData.defaultMarkup}% from settings. Changes are audited.`}
							/>
							<Field label="Discount ₹" name="discount" inputMode="decimal" defaultValue={v('discount', plan.discount ? String(plan.discount / 100) : '')} error={errors.discount} hint="Before GST. Changes are audited." />
						</section>

						<section aria-labelledby="days-heading" className="space-y-4">
							<h2 id="days-heading" className="text-lg font-semibold">
								Days ({plan.days.length})
							</h2>
							{errors.days ? <p className="font-medium text-error-700">{errors.days}</p> : null}
							<input type="hidden" name="dayCount" value={plan.days.length} />
							{plan.days.length === 0 ? <p className="text-slate-700">No days yet: add them from the templates below.</p> : null}
							{plan.days.map((day, index) => (
								<DayFields key={day.key} day={day} index={index} count={plan.days.length} startDate={v('startDate', plan.startDate)} values={values} errors={errors} loader={loaderData} />
							))}
						</section>

						<section aria-labelledby="add-heading" className="rounded-xl border border-primary-200 bg-white p-4">
							<h2 id="add-heading" className="text-lg font-semibold">
								Add days
							</h2>
							<p className="text-sm text-slate-700">Tick day templates (they are copied, then editable here) and add them at the end, in the order shown.</p>
							{errors.template ? <p className="font-medium text-error-700">{errors.template}</p> : null}
							<div className="mt-3 grid gap-4 sm:grid-cols-2">
								{templatesByIsland.map((group) => (
									<fieldset key={group.island}>
										<legend className="font-semibold">{islandLabel(group.island)}</legend>
										{group.templates.map((template) => (
											<label key={template.id} className="flex min-h-9 items-center gap-2">
												<input type="checkbox" name="template" value={template.id} className="size-5" />
												{template.title}
											</label>
										))}
									</fieldset>
								))}
							</div>
							<div className="mt-3 flex flex-wrap gap-2">
								<Button type="submit" name="intent" value="add-templates" variant="secondary" pending={busyIntent === 'add-templates'}>
									Add selected days
								</Button>
								<Button type="submit" name="intent" value="add-blank" variant="outline" pending={busyIntent === 'add-blank'}>
									Add a blank day
								</Button>
							</div>
						</section>

						<section aria-labelledby="terms-heading" className="grid gap-3 rounded-xl border border-slate-300 bg-white p-4 sm:grid-cols-2">
							<h2 id="terms-heading" className="text-lg font-semibold sm:col-span-2">
								Inclusions and exclusions
							</h2>
							<TextareaField label="Inclusions" name="inclusions" rows={5} defaultValue={v('inclusions', plan.inclusions.join('\n'))} error={errors.inclusions} hint="One per line" />
							<TextareaField label="Exclusions" name="exclusions" rows={5} defaultValue={v('exclusions', plan.exclusions.join('\n'))} error={errors.exclusions} hint="One per line" />
						</section>
					</div>

					<aside className="order-first space-y-4 lg:sticky lg:top-4 lg:order-none lg:self-start" aria-labelledby="price-heading">
						<section className="rounded-xl border border-slate-300 bg-white p-4" aria-busy={busy}>
							<h2 id="price-heading" className="text-lg font-semibold">
								Price {busy ? <span className="text-sm font-normal text-slate-600">(updating…)</span> : null}
							</h2>
							<PricePanel price={itinerary.price} defaultMarkup={loaderData.defaultMarkup} />
							<Button type="submit" name="intent" value="save" variant="outline" className="mt-3 w-full" pending={busyIntent === 'save'}>
								Save and price
							</Button>
						</section>
						<section className="space-y-2 rounded-xl border border-slate-300 bg-white p-4" aria-labelledby="quotes-heading">
							<h2 id="quotes-heading" className="text-lg font-semibold">
								Quotes
							</h2>
							{quotes.length ? (
								<ul className="space-y-1 text-sm">
									{quotes.map((quote) => (
										<li key={quote.id}>
											<Link to={`/quote/${quote.id}`} target="_blank" rel="noreferrer">
												Version {quote.version}
											</Link>{' '}
											· {quoteStatusLabels[quote.status]} · {formatINR(quote.total)} · valid until {formatTravelDate(quote.validUntil)}
											{quote.booking ? (
												<>
													{' '}
													· booked as <Link to={`/admin/pending/${quote.booking.id}`}>{quote.booking.reference}</Link>
												</>
											) : null}
											{quote.status === 'sent' || quote.status === 'viewed' ? (
												<QuoteShareLink url={quote.shareUrl} phone={loaderData.lead?.phone ?? null} greeting={`Hello${loaderData.lead ? ` ${loaderData.lead.name}` : ''}, here is your Andaman trip quote (version ${quote.version}):`} className="mt-2" />
											) : null}
										</li>
									))}
								</ul>
							) : (
								<p className="text-sm text-slate-700">None sent yet.</p>
							)}
							<Button type="submit" name="intent" value="send" className="w-full" disabled={!lead} pending={busyIntent === 'send'}>
								{quotes.length ? 'Send new quote version' : 'Send quote'}
							</Button>
							{!lead ? <p className="text-sm text-slate-600">Start the itinerary from a lead to send a quote.</p> : null}
							<Button type="submit" name="intent" value="save-package" variant="outline" className="w-full" pending={busyIntent === 'save-package'}>
								Save as package
							</Button>
							{itinerary.archived ? null : (
								<>
									<Button type="submit" name="intent" value="archive" variant="ghost" className="w-full" pending={busyIntent === 'archive'}>
										Archive itinerary
									</Button>
									<p className="text-sm text-slate-600">Archiving hides it from the lists without saving unsaved changes; restore it any time.</p>
								</>
							)}
						</section>
					</aside>
				</fieldset>
			</fetcher.Form>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
