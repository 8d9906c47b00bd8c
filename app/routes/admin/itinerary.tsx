import { useEffect, useRef } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { isId } from '~/lib/ids.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import type { Route } from './+types/itinerary'
import { DayFields, pick } from './itinerary-day-fields.tsx'
import { useKeepPlace } from './itinerary-keep-place.ts'
import { PricePanel, QuotesPanel } from './itinerary-panels.tsx'
import { AddDaysSection, TermsSection, TripSection } from './itinerary-sections.tsx'
import { failed, loadItineraryEditor, runEditorIntent } from './itinerary.server.ts'

/**
 * /admin/create-itinerary/:id — the itinerary editor. One form holds the whole
 * plan; every button (save, add days, move, remove, send quote, save as
 * package) posts it, so it works without JavaScript. With JavaScript it posts
 * through a fetcher, the page is not reloaded, and after a change to the days
 * the page keeps its scroll and focus (useKeepPlace); without JavaScript such a
 * change redirects back to the day's anchor. The server prices the plan on
 * every save (docs/decisions/036-itineraries.md).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	if (!isId(params.id)) throw new Response('There is no itinerary with that id.', { status: 404, statusText: 'Page Not Found' })
	return loadItineraryEditor(db(), params.id)
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	if (!isId(params.id)) return failed('There is no itinerary with that id.', null, 404)
	return runEditorIntent(db(), actorOf(user), params.id, await request.formData())
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.itinerary.title ?? 'Itinerary'} | Andaman Isles Travel admin` }, { name: 'robots', content: 'noindex' }]

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
	const place = result?.place
	const remember = useKeepPlace(fetcher.data?.place, fetcher.state === 'idle')
	useEffect(() => {
		// After a button, say what happened where a screen reader and the keyboard are; an automatic save stays quiet,
		// and a change to the days keeps focus on the day (useKeepPlace) while the status is announced.
		if (result && fetcher.state === 'idle' && lastIntent.current !== 'auto' && !place) statusRef.current?.focus()
	}, [result, fetcher.state, place])
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
		remember(submitter)
	}
	const v = (name: string, fallback: string) => pick(values, name, fallback)
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
				{/* Set only when JavaScript runs: the server then answers a change to the days with data, not a redirect to the day's anchor. */}
				<input type="hidden" name="client" defaultValue="" ref={(input) => void (input && (input.value = 'fetcher'))} />
				<fieldset disabled={itinerary.archived} className="contents">
					<div className="space-y-6">
						{/* The first submit button is the one Enter presses. */}
						<p className="flex flex-wrap items-center gap-3">
							<Button type="submit" name="intent" value="save" pending={busyIntent === 'save'} aria-keyshortcuts="Control+S">
								Save and price
							</Button>
							<span className="text-sm text-slate-600">Enter or Ctrl+S saves; changes are priced as you go.</span>
						</p>
						<TripSection plan={plan} errors={errors} v={v} ferryClasses={ferryClasses} defaultMarkup={loaderData.defaultMarkup} />

						<section aria-labelledby="days-heading" className="space-y-4">
							<h2 id="days-heading" tabIndex={-1} className="scroll-mt-20 text-lg font-semibold">
								Days ({plan.days.length})
							</h2>
							{errors.days ? <p className="font-medium text-error-700">{errors.days}</p> : null}
							<input type="hidden" name="dayCount" value={plan.days.length} />
							{plan.days.length === 0 ? <p className="text-slate-700">No days yet: add them from the templates below.</p> : null}
							{plan.days.map((day, index) => (
								<DayFields key={day.key} day={day} index={index} count={plan.days.length} startDate={v('startDate', plan.startDate)} values={values} errors={errors} loader={loaderData} />
							))}
						</section>

						<AddDaysSection templates={templates} errors={errors} busyIntent={busyIntent} />


						<TermsSection plan={plan} errors={errors} v={v} />
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
						<QuotesPanel quotes={quotes} lead={lead} archived={itinerary.archived} busyIntent={busyIntent} />
					</aside>
				</fieldset>
			</fetcher.Form>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
