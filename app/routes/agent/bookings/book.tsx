import { Form, Link } from 'react-router'
import { FormError } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { MarkupFields } from '~/features/agents/components/markup-fields.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { markupFormSchema } from '~/features/agents/domain/agent-pricing.ts'
import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { bookablePackages, bookForAgency, agencyCredit, priceForAgency } from '~/features/agents/server/agent-portal.server.ts'
import { saveAgentQuote } from '~/features/agents/server/agent-quotes.server.ts'
import { agentQuoteHoldHours } from '~/features/agents/domain/agent-quote.ts'
import { agentTripParams } from '~/features/agents/domain/agent-trip.ts'
import { visitorNameField, visitorPhoneField } from '~/features/leads/domain/contact-fields.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { isAppError } from '~/lib/errors.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { formatINR } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { db } from '~/server/db/index.server.ts'
import { newSubmissionKey, parseForm, refuse, refuseOnAppError, submissionKeyOf } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/book'

/**
 * Price a trip at the agency's net, add the agent's markup, see the client's price, and book it on the
 * agency's credit (docs/decisions/223, 224). Priced on the server by the same engine as /book-now; only
 * the agency's net, markup and client price are shown, never our price or cost.
 */
export async function loader({ request }: Route.LoaderArgs) {
	const { agency } = await requireAgentUser(request)
	const search = new URL(request.url).searchParams
	const values = {
		package: search.get('package') ?? '',
		tier: search.get('tier') ?? 'standard',
		startDate: search.get('startDate') ?? '',
		adults: search.get('adults') ?? '2',
		childAges: search.get('childAges') ?? '',
		markupKind: search.get('markupKind') ?? 'percent',
		markupValue: search.get('markupValue') ?? '10',
	}
	const packages = await bookablePackages(db())
	const credit = await agencyCredit(db(), agency.id)
	// A package, or a custom trip from the agent's builder (/agent/build) in the public builder's query format.
	const trip = agentTripParams(search)
	const builder = trip.kind === 'builder' ? trip.params.toString() : ''
	let quote = null
	let problem: string | null = null
	if (trip.kind) {
		const markup = markupFormSchema.safeParse(values)
		if (!markup.success) problem = markup.error.issues.map((issue) => issue.message).join(' ')
		else {
			try {
				quote = (await priceForAgency(db(), agency.id, trip.params, markup.data)).quote
			} catch (error) {
				if (!isAppError(error) || error.status >= 500) throw error
				problem = error.message
			}
		}
	}
	return { packages, values, builder, quote, problem, available: credit.available, submissionKey: newSubmissionKey() }
}

const bookSchema = z
	.object({
		package: z.string().trim().max(100, 'Choose a package.').optional(),
		tier: z.string().trim().max(20).optional(),
		startDate: z.string().trim().max(10, 'Choose the arrival date.').optional(),
		adults: z.string().trim().max(3, 'Give the number of adults.').optional(),
		childAges: z.string().trim().max(40, 'Give the children’s ages, like 4, 9.').optional(),
		// A custom trip: the builder's query, as the loader priced it.
		builder: z.string().trim().max(4000, 'Build the trip again.').optional(),
		markupKind: z.string().trim().max(10),
		markupValue: z.string().trim().max(20),
		clientName: visitorNameField,
		clientPhone: visitorPhoneField,
	})
	.refine((form) => form.package || form.builder, { path: ['package'], message: 'Choose a package, or build a trip.' })

/** The trip a posted form prices again: the builder's query for a custom trip, the package's fields otherwise. */
function postedTrip(form: z.infer<typeof bookSchema>) {
	if (form.builder && !form.package) return agentTripParams(new URLSearchParams(form.builder)).params
	return agentTripParams(new URLSearchParams(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))).params
}

export async function action({ request }: Route.ActionArgs) {
	const { user, agency } = await requireAgentUser(request)
	const formData = await request.formData()
	const submission = parseForm(formData, bookSchema)
	if (submission.status !== 'success') return refuse(submission)
	const markup = markupFormSchema.safeParse(submission.value)
	if (!markup.success) return refuse(submission, { fieldErrors: { markupValue: markup.error.issues[0]!.message } })
	const client = {
		params: postedTrip(submission.value),
		markup: markup.data,
		clientName: submission.value.clientName,
		clientPhone: submission.value.clientPhone,
	}
	try {
		// Save a quote for the client instead of booking now (docs/decisions/230): the client accepts it on its own page.
		if (formData.get('intent') === 'quote') {
			const saved = await saveAgentQuote(db(), actorOf(user), agency.id, client, new Date())
			return redirectWithToast(`/client-quote/${saved.id}`, {
				title: 'Quote saved',
				description:
					(saved.creditHeld
						? `Send this page’s address to your client: the price and your credit for it are held for ${agentQuoteHoldHours} hours.`
						: `Send this page’s address to your client: the price is held for ${agentQuoteHoldHours} hours. It is more than your available credit, so no credit is held: when your client accepts, the booking waits for our approval.`) +
					(saved.roomsHeld ? ' The hotel rooms are held for your client for that time too.' : '') +
					(saved.roomsOnRequest
						? ' A hotel’s last rooms were taken while you saved: none are held for that stay, so it depends on rooms being free when your client accepts.'
						: ''),
			})
		}
		const booked = await bookForAgency(db(), actorOf(user), agency.id, client, { submissionKey: submissionKeyOf(formData) ?? newSubmissionKey() })
		return redirectWithToast('/agent/bookings', {
			...(booked.credit === 'on_credit'
				? { title: `${booked.reference} confirmed on your credit` }
				: {
						title: `${booked.reference} is waiting for our confirmation`,
						// Either reason holds a booking back (docs/decisions/224, 233); staff see which, and confirm or call.
						description: 'A hotel on it confirms rooms on request, or it is more than your available credit. We confirm it as soon as we can.',
					}),
		})
	} catch (error) {
		return refuseOnAppError(submission, error)
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Price and book | Agent area' }, { name: 'robots', content: 'noindex' }]

export default function AgentBook({ loaderData, actionData }: Route.ComponentProps) {
	const { packages, values, builder, quote, problem, available, submissionKey } = loaderData
	const errors = errorsOf(resultFor(actionData))
	const pending = useIsPending()
	return (
		<main id="main" className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold">Price and book a trip</h1>
			<p className="text-slate-700">Prices are your agency’s net. Add your markup to see what your client pays. Available credit: {formatINR(available)}.</p>
			<p>
				<Link to="/agent/prices">See every package’s price for a date</Link> or <Link to="/agent/build">build a custom trip</Link>.
			</p>
			{builder ? (
				<p className="rounded-md bg-slate-50 p-3">
					Pricing your custom trip. <Link to={`/agent/build?${builder}`}>Change this trip</Link>, or choose a package below.
				</p>
			) : null}
			<Form method="get" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-2">
				<SelectField
					label="Package"
					name="package"
					defaultValue={values.package}
					options={[{ value: '', label: 'Choose a package' }, ...packages.map((pkg) => ({ value: pkg.slug, label: pkg.title }))]}
				/>
				<SelectField
					label="Hotel category"
					name="tier"
					defaultValue={values.tier}
					options={[
						{ value: 'standard', label: 'Standard' },
						{ value: 'deluxe', label: 'Deluxe' },
						{ value: 'premium', label: 'Premium' },
					]}
				/>
				<Field label="Arrival date" name="startDate" type="date" defaultValue={values.startDate} />
				<Field label="Adults" name="adults" inputMode="numeric" defaultValue={values.adults} />
				<Field label="Children’s ages" name="childAges" hint="Like 4, 9; leave empty for none." defaultValue={values.childAges} />
				<MarkupFields kind={values.markupKind} value={values.markupValue} />
				<div className="sm:col-span-2">
					<Button type="submit" variant="outline">
						Price this trip
					</Button>
				</div>
			</Form>
			{problem ? (
				<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
					{problem}
				</p>
			) : null}
			{quote ? (
				<section aria-labelledby="price-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
					<h2 id="price-heading" className="text-lg font-semibold">
						{quote.title}, arriving {formatTravelDate(quote.startDate)}
					</h2>
					<dl className="grid gap-3 sm:grid-cols-3">
						<div className="rounded-lg bg-slate-50 p-3">
							<dt className="text-sm text-slate-700">Your net</dt>
							<dd className="text-xl font-semibold" data-testid="agent-net">
								{formatINR(quote.net)}
							</dd>
						</div>
						<div className="rounded-lg bg-slate-50 p-3">
							<dt className="text-sm text-slate-700">Your markup</dt>
							<dd className="text-xl font-semibold" data-testid="agent-markup">
								{formatINR(quote.markup)}
							</dd>
						</div>
						<div className="rounded-lg bg-slate-50 p-3">
							<dt className="text-sm text-slate-700">Your client pays</dt>
							<dd className="text-xl font-semibold" data-testid="client-price">
								{formatINR(quote.client)}
							</dd>
						</div>
					</dl>
					{quote.availability.length ? <p className="text-sm text-slate-700">{quote.availability.join(' ')}</p> : null}
					<Form method="post" className="grid gap-3 sm:grid-cols-2">
						<FormError error={errors.form} />
						<input type="hidden" name="submissionKey" value={submissionKey} />
						{builder ? (
							<input type="hidden" name="builder" value={builder} />
						) : (
							(['package', 'tier', 'startDate', 'adults', 'childAges'] as const).map((name) => (
								<input key={name} type="hidden" name={name} value={values[name]} />
							))
						)}
						{(['markupKind', 'markupValue'] as const).map((name) => (
							<input key={name} type="hidden" name={name} value={values[name]} />
						))}
						<Field label="Client’s name" name="clientName" autoComplete="off" error={errors.clientName} />
						<Field label="Client’s phone" name="clientPhone" type="tel" autoComplete="off" error={errors.clientPhone} />
						<div className="flex flex-wrap gap-3 sm:col-span-2">
							<Button type="submit" name="intent" value="book" pending={pending}>
								Book on credit at {formatINR(quote.net)}
							</Button>
							<Button type="submit" name="intent" value="quote" variant="outline">
								Save a quote for your client at {formatINR(quote.client)}
							</Button>
						</div>
					</Form>
				</section>
			) : null}
			<p>
				<Link to="/agent/bookings">Your bookings</Link>
			</p>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
