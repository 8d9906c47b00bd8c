import { redirect } from 'react-router'
import { BareHeader } from '~/components/bare-header.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ErrorSummary } from '~/components/ui/error-summary.tsx'
import { Field, Honeypot, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { WhatsAppIcon } from '~/components/whatsapp-icon.tsx'
import { tierLabels, tiers } from '~/features/catalog/domain/packages.ts'
import { budgetBands, leadFieldsFromQuoteForm, quoteFormSchema, quoteIslands, travelMonthOptions } from '~/features/leads/domain/quote-form.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { answerOf, resultFor } from '~/lib/forms.ts'
import { islandLabel } from '~/lib/islands.ts'
import { seo } from '~/lib/seo.ts'
import { staticPage } from '~/lib/static-page.ts'
import { whatsappLink } from '~/lib/site.ts'
import { getPackageBySlug } from '~/features/catalog/server/packages.server.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { isHoneypotFilled, newSubmissionKey, parseForm, refuse } from '~/server/forms.server.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import type { Route } from './+types/quote'

async function packageFor(slug: string | null) {
	if (!slug || !/^[a-z0-9-]{1,120}$/.test(slug)) return null
	const pkg = await getPackageBySlug(db(), slug)
	return pkg ? { id: pkg.id, slug: pkg.slug, title: pkg.title, totalNights: pkg.totalNights, islands: pkg.islands as string[] } : null
}

/** The request-a-quote form (no layout). `?package=<slug>` fills it from that package. */
export async function loader({ request }: Route.LoaderArgs) {
	const pkg = await packageFor(new URL(request.url).searchParams.get('package'))
	return { submissionKey: newSubmissionKey(), siteUrl: env().SITE_URL, months: travelMonthOptions(todayInIndia()), pkg }
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = await request.formData()
	// Bots that fill the hidden field get the normal thank-you page and nothing is stored.
	if (isHoneypotFilled(form)) return redirect('/thank-you')
	const submission = parseForm(form, quoteFormSchema)
	if (submission.status !== 'success') return refuse(submission)
	const pkg = await packageFor(submission.value.packageSlug ?? null)
	if (submission.value.packageSlug && !pkg)
		return refuse(submission, { fieldErrors: { packageSlug: 'That package is no longer offered. Remove it, or tell us in the message what you liked.' } })
	const limited = await checkPublicFormRate(context, 'quote')
	if (limited) return refuse(submission, { status: 429, formError: limited })
	const { submissionKey, packageSlug: _packageSlug, ...brief } = submission.value
	const lead = await createLead(
		db(),
		{
			source: pkg ? 'package_page' : 'quote_form',
			...leadFieldsFromQuoteForm(brief),
			packageId: pkg?.id ?? null,
		},
		{ submissionKey },
	)
	return redirect(`/thank-you?ref=${encodeURIComponent(lead.reference)}`)
}

/**
 * Plain HTML in the browser (app/lib/static-page.ts, ADR 219): the form posts and redirects; a refused
 * submit comes back from the server with each field's message and focus on the summary.
 */
export const handle = staticPage

export const meta: Route.MetaFunction = ({ loaderData }) => [
	...seo({
		title: loaderData?.pkg ? `Get a quote: ${loaderData.pkg.title}` : 'Request a quote for your Andaman trip',
		description:
			'Tell us your dates, who is travelling and which islands you want to see. A planner in Port Blair replies with a day-by-day plan and a price, usually within a few hours.',
		path: '/quote',
		siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000',
	}),
	{ name: 'robots', content: 'noindex' },
]

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
	const { pkg, months } = loaderData
	const lastResult = resultFor(actionData)
	const { errors, values = {} } = answerOf(actionData)
	const postedIslands = lastResult?.initialValue?.islands
	const chosenIslands = new Set<string>(
		lastResult
			? typeof postedIslands === 'string'
				? [postedIslands]
				: Array.isArray(postedIslands)
					? postedIslands.filter((island): island is string => typeof island === 'string')
					: []
			: (pkg?.islands ?? []),
	)
	const packageSlug = values.packageSlug ?? pkg?.slug ?? ''
	return (
		<div className="min-h-screen bg-slate-50">
			<BareHeader whatsappMessage="Hello! I would like a quote for an Andaman trip." />
			<main id="main" className="mx-auto max-w-3xl px-4 py-8">
				<h1 className="text-3xl font-bold text-slate-900">Request a quote</h1>
				<p className="mt-2 text-slate-700">
					Tell us about your trip. A planner in Port Blair replies with a day-by-day plan and a price, usually within a few hours (8 am to 9 pm IST). Nothing is
					charged.
				</p>
				{pkg ? (
					<p className="mt-4 rounded-md border border-primary-200 bg-primary-50 p-3 text-primary-900" data-testid="quote-package">
						You are asking about <strong>{pkg.title}</strong> ({pkg.totalNights} nights). Change anything below to suit you.
					</p>
				) : null}
				<ErrorSummary errors={errors} className="mt-4" />
				<form method="post" id="quote" noValidate className="relative mt-6 space-y-8">
					<Honeypot />
					<input type="hidden" name="submissionKey" value={values.submissionKey ?? loaderData.submissionKey} />
					{packageSlug ? <input type="hidden" name="packageSlug" value={packageSlug} /> : null}
					{errors.packageSlug ? (
						<p className="text-sm font-medium text-error-700" role="alert">
							{errors.packageSlug} <a href="/quote">Start without the package</a>
						</p>
					) : null}

					<fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
						<legend className="px-1 text-lg font-semibold">How we reach you</legend>
						<Field label="Your name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
						<Field
							label="Phone or WhatsApp"
							name="phone"
							type="tel"
							autoComplete="tel"
							inputMode="tel"
							required
							hint="10-digit Indian mobile, or + and country code"
							defaultValue={values.phone}
							error={errors.phone}
						/>
						<Field
							label="Email (optional)"
							name="email"
							type="email"
							autoComplete="email"
							defaultValue={values.email}
							error={errors.email}
							className="sm:col-span-2"
						/>
					</fieldset>

					<fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
						<legend className="px-1 text-lg font-semibold">Your trip</legend>
						<SelectField
							label="Month of travel"
							name="travelMonth"
							defaultValue={values.travelMonth ?? ''}
							error={errors.travelMonth}
							hint="Or give exact dates below"
							options={[{ value: '', label: 'Not decided yet' }, ...months]}
						/>
						<Field
							label="Nights"
							name="nights"
							type="number"
							inputMode="numeric"
							min={1}
							max={30}
							defaultValue={values.nights ?? (pkg ? String(pkg.totalNights) : '')}
							error={errors.nights}
							hint="1 to 30; leave empty if unsure"
						/>
						<Field label="Arrive on (optional)" name="travelStart" type="date" defaultValue={values.travelStart} error={errors.travelStart} />
						<Field label="Leave on (optional)" name="travelEnd" type="date" defaultValue={values.travelEnd} error={errors.travelEnd} />
						<Field
							label="Adults (12 years and over)"
							name="adults"
							type="number"
							inputMode="numeric"
							min={1}
							max={40}
							required
							defaultValue={values.adults ?? '2'}
							error={errors.adults}
						/>
						<Field
							label="Children’s ages (optional)"
							name="childAges"
							inputMode="numeric"
							hint="Separated by commas, like 4, 9. Babies under 2 count as 0 or 1."
							defaultValue={values.childAges}
							error={errors.childAges}
						/>
						<SelectField
							label="Budget (optional)"
							name="budget"
							defaultValue={values.budget ?? ''}
							error={errors.budget}
							options={[{ value: '', label: 'Not sure' }, ...Object.entries(budgetBands).map(([value, label]) => ({ value, label }))]}
						/>
						<SelectField
							label="Hotels (optional)"
							name="tier"
							defaultValue={values.tier ?? ''}
							error={errors.tier}
							options={[{ value: '', label: 'Suggest for me' }, ...tiers.map((tier) => ({ value: tier, label: tierLabels[tier] }))]}
						/>
						<fieldset className="sm:col-span-2" aria-describedby={errors.islands ? 'islands-error' : undefined}>
							<legend className="text-sm font-medium text-slate-800">Islands you would like to see (optional)</legend>
							<div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
								{quoteIslands.map((island) => (
									<label key={island} className="flex min-h-11 items-center gap-3 rounded-md border border-slate-300 px-3 py-2">
										<input type="checkbox" name="islands" value={island} defaultChecked={chosenIslands.has(island)} className="size-5 shrink-0" />
										<span>{islandLabel(island)}</span>
									</label>
								))}
							</div>
							{errors.islands ? (
								<p id="islands-error" className="mt-1 text-sm font-medium text-error-700">
									{errors.islands}
								</p>
							) : null}
						</fieldset>
						<TextareaField
							label="Anything else? (optional)"
							name="message"
							rows={4}
							hint="Honeymoon, scuba, a wheelchair user, a birthday: tell us what matters"
							defaultValue={values.message}
							error={errors.message}
							className="sm:col-span-2"
						/>
					</fieldset>

					<div className="flex flex-wrap items-center gap-4">
						<Button type="submit" size="lg">
							Request my quote
						</Button>
						<a href={whatsappLink('Hello! I would like a quote for an Andaman trip.')} className="inline-flex items-center gap-2">
							<WhatsAppIcon className="size-5" /> Or WhatsApp us
						</a>
					</div>
				</form>
			</main>
		</div>
	)
}

export const ErrorBoundary = RouteErrorBoundary
