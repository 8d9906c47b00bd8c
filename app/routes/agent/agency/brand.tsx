import { Form } from 'react-router'
import { FormError } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, TextareaField } from '~/components/ui/field.tsx'
import { agencyBrandSchema } from '~/features/agents/domain/agent-brand.ts'
import { requireAgentAdmin } from '~/features/agents/server/agent-auth.server.ts'
import { getAgencyBrand, saveAgencyBrand } from '~/features/agents/server/agent-brand.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { tooLargeMessage } from '~/features/media/domain/media.ts'
import { mediaStore } from '~/features/media/server/store.server.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { db } from '~/server/db/index.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { readMultipartForm } from '~/server/uploads.server.ts'
import type { Route } from './+types/brand'

/**
 * The agency's brand, for its admin (docs/decisions/225): the name, logo, address and contact its clients see
 * on their quotes and vouchers, and whether our name shows too. The agency is the signed-in admin's, never one
 * from the request. A plain multipart form: it works without JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
	const { agency } = await requireAgentAdmin(request)
	return { brand: await getAgencyBrand(db(), agency.id) }
}

export async function action({ request }: Route.ActionArgs) {
	const { user, agency } = await requireAgentAdmin(request)
	let formData: FormData
	try {
		formData = await readMultipartForm(request, undefined, tooLargeMessage)
	} catch (error) {
		return refuseOnAppError(parseForm(new FormData(), agencyBrandSchema), error)
	}
	const submission = parseForm(formData, agencyBrandSchema)
	if (submission.status !== 'success') return refuse(submission)
	try {
		await saveAgencyBrand(db(), mediaStore(), actorOf(user), agency.id, submission.value, formData.get('logo'))
	} catch (error) {
		return refuseOnAppError(submission, error)
	}
	return redirectWithToast('/agent/brand', { title: 'Brand saved', description: 'Your clients see it on their quotes and vouchers.' })
}

export const meta: Route.MetaFunction = () => [{ title: 'Your brand | Agent area' }, { name: 'robots', content: 'noindex' }]

export default function AgentBrand({ loaderData, actionData }: Route.ComponentProps) {
	const { brand } = loaderData
	const result = resultFor(actionData)
	const errors = errorsOf(result)
	const values = valuesOf(result)
	const pending = useIsPending()
	const value = (name: 'brandName' | 'brandAddress' | 'brandPhone' | 'brandEmail') => values[name] ?? brand[name]
	return (
		<main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold">Your brand</h1>
			<p className="text-slate-700">
				Your clients see this on the quotes you send them and on their vouchers, in place of ours. They never see your net price.
			</p>
			<Form method="post" encType="multipart/form-data" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5">
				<FormError error={errors.form ?? errors.file} />
				<Field label="Name your clients know you by" name="brandName" defaultValue={value('brandName') || brand.company} error={errors.brandName} required />
				<TextareaField label="Address" name="brandAddress" rows={3} defaultValue={value('brandAddress')} error={errors.brandAddress} />
				<Field label="Phone" name="brandPhone" type="tel" defaultValue={value('brandPhone')} error={errors.brandPhone} />
				<Field label="Email" name="brandEmail" type="email" defaultValue={value('brandEmail')} error={errors.brandEmail} />
				{brand.logo ? (
					<div>
						<p className="text-sm font-medium">Your logo now</p>
						<img src={brand.logo.src} alt={brand.logo.alt} className="mt-1 h-16 w-auto" />
					</div>
				) : null}
				<Field
					label={brand.logo ? 'Replace the logo' : 'Logo'}
					name="logo"
					type="file"
					accept="image/jpeg,image/png,image/webp"
					hint="JPEG, PNG or WebP, at least 640 pixels wide, up to 5 MB. Leave empty to keep the logo you have."
				/>
				<label className="flex items-center gap-2">
					<input type="checkbox" name="showOurs" defaultChecked={values.showOurs ? values.showOurs === 'on' : brand.showOurs} className="size-4" />
					Show our name too (“in partnership with …”)
				</label>
				<div>
					<Button type="submit" pending={pending}>
						Save your brand
					</Button>
				</div>
			</Form>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
