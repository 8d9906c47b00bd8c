import { Form, Link } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { tierLabels, tiers } from '~/features/catalog/domain/packages.ts'
import { sourceLabels } from '~/features/leads/domain/lead.ts'
import { budgetBands, leadFieldsFromQuoteForm, quoteFormSchema, quoteIslands, travelMonthOptions } from '~/features/leads/domain/quote-form.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { formList } from '~/lib/form-list.ts'
import { islandLabel } from '~/lib/islands.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { newSubmissionKey, parseForm, refuse } from '~/server/forms.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { createLead } from '~/features/leads/server/leads.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/lead-new'

/** Where staff hear from travellers directly (docs/product.md lead sources). */
const staffSources = ['phone', 'whatsapp', 'walk_in', 'agent'] as const
/** The public quote form's fields plus where the enquiry came from; one ticked island posts a single value, several a list. */
const newLeadSchema = quoteFormSchema.safeExtend({
	source: z.enum(staffSources, { message: 'Choose how the traveller got in touch: phone, WhatsApp, walk-in or agent.' }),
	islands: formList(quoteFormSchema.shape.islands),
})

/** /admin/leads/new: a lead taken on the phone, on WhatsApp, at the counter or from an agent. Same contact and brief fields as the public quote form. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	return { submissionKey: newSubmissionKey(), months: travelMonthOptions(todayInIndia()) }
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const submission = parseForm(await request.formData(), newLeadSchema)
	if (submission.status !== 'success') return refuse(submission, { formError: 'Some details need attention; nothing was saved.' })
	const { source, ...brief } = submission.value
	const lead = await createLead(
		db(),
		{
			source,
			...leadFieldsFromQuoteForm(brief),
		},
		{ submissionKey: brief.submissionKey, actor: actorOf(user) },
	)
	return redirectWithToast(`/admin/leads/${lead.id}`, {
		type: 'success',
		title: lead.created ? `Lead ${lead.reference} added` : `Lead ${lead.reference} was already saved`,
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'New lead | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function NewLead({ loaderData, actionData }: Route.ComponentProps) {
	const lastResult = resultFor(actionData)
	const errors = errorsOf(lastResult)
	const values = valuesOf(lastResult)
	const v = (name: string): string | undefined => values[name]
	const posted = lastResult?.initialValue?.islands
	const islandsChosen = new Set<unknown>(Array.isArray(posted) ? posted : [posted])
	const isPending = useIsPending()
	return (
		<main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
			<p>
				<Link to="/admin/leads">← Leads</Link>
			</p>
			<h1 className="text-2xl font-semibold">New lead</h1>
			<p className="text-slate-700">For enquiries taken on the phone, on WhatsApp, at the counter or from a partner agent.</p>
			{errors.form ? (
				<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
					{errors.form}
				</p>
			) : null}
			<Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
				<input type="hidden" name="submissionKey" value={v('submissionKey') ?? loaderData.submissionKey} />
				<SelectField
					label="Source"
					name="source"
					defaultValue={v('source') ?? 'phone'}
					error={errors.source}
					options={staffSources.map((source) => ({ value: source, label: sourceLabels[source] }))}
					className="sm:col-span-2"
				/>
				<Field label="Name" name="name" autoComplete="off" defaultValue={v('name')} error={errors.name} />
				<Field
					label="Phone or WhatsApp"
					name="phone"
					type="tel"
					defaultValue={v('phone')}
					error={errors.phone}
					hint="10-digit Indian mobile, or + and the country code"
				/>
				<Field label="Email (optional)" name="email" type="email" defaultValue={v('email')} error={errors.email} />
				<SelectField
					label="Travel month (optional)"
					name="travelMonth"
					defaultValue={v('travelMonth') ?? ''}
					error={errors.travelMonth}
					options={[{ value: '', label: 'Not decided' }, ...loaderData.months]}
				/>
				<Field label="Arrival date (optional)" name="travelStart" type="date" defaultValue={v('travelStart')} error={errors.travelStart} />
				<Field label="Departure date (optional)" name="travelEnd" type="date" defaultValue={v('travelEnd')} error={errors.travelEnd} />
				<Field label="Nights (optional)" name="nights" inputMode="numeric" defaultValue={v('nights')} error={errors.nights} />
				<Field label="Adults" name="adults" inputMode="numeric" defaultValue={v('adults') ?? '2'} error={errors.adults} />
				<Field label="Children’s ages (optional)" name="childAges" defaultValue={v('childAges')} error={errors.childAges} hint="e.g. 4, 9" />
				<SelectField
					label="Budget (optional)"
					name="budget"
					defaultValue={v('budget') ?? ''}
					error={errors.budget}
					options={[{ value: '', label: 'Not said' }, ...Object.entries(budgetBands).map(([value, label]) => ({ value, label }))]}
				/>
				<SelectField
					label="Hotel category (optional)"
					name="tier"
					defaultValue={v('tier') ?? ''}
					error={errors.tier}
					options={[{ value: '', label: 'Not said' }, ...tiers.map((tier) => ({ value: tier, label: tierLabels[tier] }))]}
				/>
				<fieldset className="sm:col-span-2">
					<legend className="text-sm font-medium text-slate-800">Islands (optional)</legend>
					<div className="mt-1 flex flex-wrap gap-3">
						{quoteIslands.map((island) => (
							<label key={island} className="flex min-h-11 items-center gap-2">
								<input type="checkbox" name="islands" value={island} defaultChecked={islandsChosen.has(island)} className="size-5" />
								{islandLabel(island)}
							</label>
						))}
					</div>
					{errors.islands ? <p className="text-sm font-medium text-error-700">{errors.islands}</p> : null}
				</fieldset>
				<TextareaField
					label="Notes from the conversation (optional)"
					name="message"
					rows={4}
					defaultValue={v('message')}
					error={errors.message}
					className="sm:col-span-2"
				/>
				<div className="flex gap-3 sm:col-span-2">
					<Button type="submit" pending={isPending}>
						Save lead
					</Button>
					<Link to="/admin/leads" className={buttonClass('ghost')}>
						Cancel
					</Link>
				</div>
			</Form>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
