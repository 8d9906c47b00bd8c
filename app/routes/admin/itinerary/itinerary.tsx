import { useEffect, useRef } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { staleItineraryMessage } from '~/features/sales/domain/itinerary.ts'
import { invariantResponse } from '~/lib/errors.ts'
import { detailsFor, errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import type { Route } from './+types/itinerary'
import { DayFields, echoedValues, pick } from './itinerary-day-fields.tsx'
import { useKeepPlace } from './itinerary-keep-place.ts'
import { PricePanel, QuotePreviewPanel, QuotesPanel, StayAvailabilityList } from './itinerary-panels.tsx'
import { AddDaysSection, TermsSection, TripSection } from './itinerary-sections.tsx'
import { type EditorDetails, loadItineraryEditor, runEditorIntent } from './itinerary.server.ts'

/**
 * /admin/create-itinerary/:id — the itinerary editor. One form holds the whole
 * plan; every button (save, add days, move, remove, send quote, save as
 * package) posts it, so it works without JavaScript. With JavaScript it posts
 * through a fetcher, the page is not reloaded, and after a change to the days
 * the page keeps its scroll and focus (useKeepPlace); without JavaScript such a
 * change redirects back to the day's anchor. The server prices the plan on
 * every save (docs/decisions/036-itineraries.md). Every post carries the
 * revision the form's contents were read at; a save from an older one is
 * refused (409), so two people (or tabs) never overwrite each other
 * (docs/decisions/164-itinerary-edits-check-the-revision.md).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	invariantResponse(isId(params.id), 'There is no itinerary with that id.')
	return loadItineraryEditor(db(), params.id)
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	invariantResponse(isId(params.id), 'There is no itinerary with that id.')
	return runEditorIntent(db(), actorOf(user), params.id, await request.formData(), new URL(request.url))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.itinerary.title ?? 'Itinerary'} | Andaman Isles Travel admin` },
	{ name: 'robots', content: 'noindex' },
]

export default function ItineraryEditor({ loaderData, actionData }: Route.ComponentProps) {
	const { itinerary, lead, templates, quotes, ferryClasses } = loaderData
	const fetcher = useFetcher<typeof action>()
	// With JavaScript the fetcher holds the answer; without it the page is the action's answer.
	const result = fetcher.data ?? actionData
	const lastResult = resultFor(result)
	const errors = errorsOf(lastResult)
	// An unknown button is refused on the `intent` field: the form's message all the same.
	const formError = errors.form ?? errors.intent
	const values = echoedValues(lastResult)
	const notice = result && 'notice' in result ? result.notice : undefined
	const plan = itinerary.plan
	const busy = fetcher.state !== 'idle'
	const busyIntent = busy ? String(fetcher.formData?.get('intent') ?? 'save') : null
	const statusRef = useRef<HTMLParagraphElement>(null)
	const lastIntent = useRef<string>('save')
	const place = detailsFor<EditorDetails>(result)?.place
	const restoring = useIsPending({ intent: 'restore' })
	const remember = useKeepPlace(detailsFor<EditorDetails>(fetcher.data)?.place, fetcher.state === 'idle')
	// The revision the form's contents are at: the one this page's last save answered with; after a refusal the
	// one it posted (a stale page stays stale until reloaded); else the one the page was read at.
	const echoedRevision = values?.revision
	const revision = detailsFor<EditorDetails>(result)?.revision ?? (typeof echoedRevision === 'string' ? echoedRevision : itinerary.revision)
	const stale = formError === staleItineraryMessage
	const preview = detailsFor<EditorDetails>(result)?.preview
	const formId = `itinerary-${itinerary.id}`
	useEffect(() => {
		// After a button, say what happened where a screen reader and the keyboard are; an automatic save stays quiet,
		// and a change to the days keeps focus on the day (useKeepPlace) while the status is announced.
		if (result && fetcher.state === 'idle' && lastIntent.current !== 'auto' && !place) statusRef.current?.focus()
	}, [result, fetcher.state, place])
	// One post at a time, each with the revision the one before it answered (else it would carry the old one and
	// be refused as stale): an automatic save waits for the post on its way, and so does a button pressed during
	// an automatic save; a second press while a button's post is on its way is dropped (a double click adds one
	// day, not two).
	const formRef = useRef<HTMLFormElement>(null)
	const busyRef = useRef(busy)
	useEffect(() => void (busyRef.current = busy))
	const waiting = useRef<{ submitter: HTMLButtonElement | null; intent: string } | null>(null)
	const post = (form: HTMLFormElement, submitter: HTMLButtonElement | null, intentName: string) => {
		if (busyRef.current) {
			if (intentName === 'auto') waiting.current ??= { submitter: null, intent: 'auto' }
			else if (lastIntent.current === 'auto') waiting.current = { submitter, intent: intentName }
			return
		}
		lastIntent.current = intentName
		remember(submitter)
		// Busy from now on, before the next render says so: the second click of a double click is the next event.
		busyRef.current = true
		void fetcher.submit(submitter ?? form, { method: 'post', preventScrollReset: true })
	}
	useEffect(() => {
		const next = waiting.current
		const form = formRef.current
		if (fetcher.state !== 'idle' || !next || !form) return
		waiting.current = null
		// A change to the days re-reads the form: a button pressed on the old one is gone, and so is its post.
		if (next.submitter && !(next.submitter.isConnected && next.submitter.form === form)) return
		post(form, next.submitter, next.intent)
	})
	// With JavaScript, a changed field saves and reprices on its own (debounced); any button cancels the pending save.
	const autoSave = useRef<ReturnType<typeof setTimeout> | null>(null)
	useEffect(() => () => clearTimeout(autoSave.current ?? undefined), [])
	const onChange = (event: React.FormEvent<HTMLFormElement>) => {
		const target = event.target as HTMLInputElement
		if (target.name === 'template') return
		const form = event.currentTarget
		clearTimeout(autoSave.current ?? undefined)
		autoSave.current = setTimeout(() => post(form, null, 'auto'), 600)
	}
	// Ctrl+S (⌘S) saves and prices from any field.
	const onKeyDown = (event: React.KeyboardEvent<HTMLFormElement>) => {
		if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey)) return
		event.preventDefault()
		clearTimeout(autoSave.current ?? undefined)
		post(event.currentTarget, null, 'save')
	}
	const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
		clearTimeout(autoSave.current ?? undefined)
		event.preventDefault()
		const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
		post(event.currentTarget, submitter, submitter?.value ?? 'save')
	}
	const v = (name: string, fallback: string) => pick(values, name, fallback)
	const errorList = Object.entries(errors).filter(([name]) => name !== 'form' && name !== 'intent')
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
					<Button type="submit" name="intent" value="restore" variant="outline" pending={restoring}>
						Restore itinerary
					</Button>
				</Form>
			) : null}
			<div aria-live="polite">
				{formError ? (
					<div role="alert" className="rounded-md bg-error-50 p-3 text-error-700">
						<p className="font-medium">{formError}</p>
						{/* A document load (not a client navigation): the form is read again from the saved itinerary. */}
						{stale ? (
							<p className="mt-2">
								<a href={`/admin/create-itinerary/${itinerary.id}`} className="font-medium underline">
									Reload the itinerary
								</a>{' '}
								<span className="text-sm">(what you typed here is not kept)</span>
							</p>
						) : null}
						{errorList.length ? (
							<ul className="mt-1 list-disc pl-5 text-sm">
								{errorList.map(([name, message]) => (
									<li key={name}>{message}</li>
								))}
							</ul>
						) : null}
					</div>
				) : notice ? (
					<p ref={statusRef} tabIndex={-1} role="status" className="rounded-md bg-success-50 p-3 font-medium text-success-700">
						{notice}
					</p>
				) : null}
			</div>
			{preview && !itinerary.archived ? <QuotePreviewPanel preview={preview} form={formId} pending={busyIntent === 'confirm-send'} /> : null}
			<fetcher.Form
				id={formId}
				method="post"
				// Re-read the saved plan when its days change (added, moved, removed); a plain save keeps the fields as typed.
				key={`${itinerary.id}-${plan.days.map((day) => day.key).join('.')}`}
				noValidate
				preventScrollReset
				onChange={onChange}
				onSubmit={onSubmit}
				onKeyDown={onKeyDown}
				ref={formRef}
				className="grid gap-6 lg:grid-cols-[1fr_20rem]"
			>
				{/* An archived itinerary is read-only: its fields are shown but neither sent nor saved. */}
				{/* Set only when JavaScript runs: the server then answers a change to the days with data, not a redirect to the day's anchor. */}
				<input type="hidden" name="client" defaultValue="" ref={(input) => void (input && (input.value = 'fetcher'))} />
				<input type="hidden" name="revision" value={revision} />
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
								<DayFields
									key={day.key}
									day={day}
									index={index}
									count={plan.days.length}
									startDate={v('startDate', plan.startDate)}
									values={values}
									errors={errors}
									loader={loaderData}
								/>
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
							<StayAvailabilityList availability={loaderData.availability} />
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
