import { Mail, MapPin, Phone } from 'lucide-react'
import { redirect } from 'react-router'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ErrorSummary } from '~/components/ui/error-summary.tsx'
import { Field, Honeypot, TextareaField } from '~/components/ui/field.tsx'
import { WhatsAppIcon } from '~/components/whatsapp-icon.tsx'
import { contactFormSchema } from '~/features/leads/domain/contact-form.ts'
import { answerOf } from '~/lib/forms.ts'
import { seo } from '~/lib/seo.ts'
import { staticPage } from '~/lib/static-page.ts'
import { site, whatsappLink } from '~/lib/site.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { isHoneypotFilled, newSubmissionKey, parseForm, refuse } from '~/server/forms.server.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { checkPublicFormRate } from '~/server/public-form-limit.server.ts'
import type { Route } from './+types/contact'

export function loader() {
	return { submissionKey: newSubmissionKey(), siteUrl: env().SITE_URL }
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = await request.formData()
	// Bots that fill the hidden field get the normal thank-you page and nothing is stored.
	if (isHoneypotFilled(form)) return redirect('/thank-you')
	const submission = parseForm(form, contactFormSchema)
	if (submission.status !== 'success') return refuse(submission)
	const limited = await checkPublicFormRate(context, 'contact')
	if (limited) return refuse(submission, { status: 429, formError: limited })
	const { submissionKey, travelStart, travelEnd, ...contact } = submission.value
	const lead = await createLead(db(), { source: 'contact_form', ...contact, email: contact.email ?? null, travelStart, travelEnd }, { submissionKey })
	return redirect(`/thank-you?ref=${encodeURIComponent(lead.reference)}`)
}

/**
 * Plain HTML in the browser (app/lib/static-page.ts, ADR 219): the form posts and redirects; a refused
 * submit comes back from the server with each field's message and focus on the summary.
 */
export const handle = staticPage

export const meta: Route.MetaFunction = ({ loaderData }) =>
	seo({
		title: 'Contact Andaman Isles Travel, Port Blair',
		description:
			'Call, WhatsApp or write to our planners in Sri Vijaya Puram (Port Blair). Tell us your dates and we reply with a plan and a price, usually within a few hours.',
		path: '/contact',
		siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000',
	})

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
	const { errors, values = {} } = answerOf(actionData)
	return (
		<main id="main" className="mx-auto max-w-6xl px-4 py-8">
			<Breadcrumbs
				trail={[
					{ name: 'Home', path: '/' },
					{ name: 'Contact', path: '/contact' },
				]}
			/>
			<h1 className="mt-4 text-3xl font-bold">Contact us</h1>
			<div className="mt-6 grid gap-10 lg:grid-cols-3">
				<section aria-labelledby="write-heading" className="lg:col-span-2">
					<h2 id="write-heading" className="text-xl font-semibold">
						Write to a planner
					</h2>
					<p className="mt-1 text-slate-700">We reply by phone or WhatsApp, usually within a few hours, between 8 am and 9 pm IST.</p>
					<ErrorSummary errors={errors} className="mt-4" />
					<form method="post" id="contact" noValidate className="relative mt-6 grid gap-4 sm:grid-cols-2">
						<Honeypot />
						<input type="hidden" name="submissionKey" value={values.submissionKey ?? loaderData.submissionKey} />
						<Field label="Your name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} />
						<Field
							label="Phone or WhatsApp"
							name="phone"
							type="tel"
							autoComplete="tel"
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
						<Field label="Travel from (optional)" name="travelStart" type="date" defaultValue={values.travelStart} error={errors.travelStart} />
						<Field label="Travel until (optional)" name="travelEnd" type="date" defaultValue={values.travelEnd} error={errors.travelEnd} />
						<TextareaField
							label="How can we help?"
							name="message"
							required
							rows={5}
							hint="Who is travelling, which islands, your budget, anything you want to do"
							defaultValue={values.message}
							error={errors.message}
							className="sm:col-span-2"
						/>
						<div className="sm:col-span-2">
							<Button type="submit" size="lg">
								Send message
							</Button>
						</div>
					</form>
				</section>
				<aside aria-labelledby="reach-heading" className="space-y-4 rounded-xl bg-slate-50 p-5">
					<h2 id="reach-heading" className="text-xl font-semibold">
						Other ways to reach us
					</h2>
					<p className="flex gap-2">
						<Phone aria-hidden="true" className="mt-1 size-5 shrink-0" />
						<a href={site.phoneHref}>{site.phone}</a>
					</p>
					<p className="flex gap-2">
						<WhatsAppIcon className="mt-1 size-5 shrink-0" />
						<a href={whatsappLink('Hello! I am planning an Andaman trip.')}>WhatsApp {site.phone}</a>
					</p>
					<p className="flex gap-2">
						<Mail aria-hidden="true" className="mt-1 size-5 shrink-0" />
						<a href={`mailto:${site.email}`}>{site.email}</a>
					</p>
					<p className="flex gap-2">
						<MapPin aria-hidden="true" className="mt-1 size-5 shrink-0" />
						<span>{site.address}</span>
					</p>
					<p className="text-sm text-slate-700">{site.hours}. During your trip our support line answers around the clock.</p>
				</aside>
			</div>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
