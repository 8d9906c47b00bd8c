import { data, Form, Link, useNavigation } from 'react-router'
import { FormError, Panel } from '~/features/ferries/components/admin-ui.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { FocalPointPicker } from '~/features/media/components/focal-point-picker.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SelectField, TextareaField } from '~/components/ui/field.tsx'
import { photoDetailsSchema, subjectKindLabels, subjectSchema } from '~/features/media/domain/media.ts'
import { formatTimestamp } from '~/lib/dates.ts'
import { isAppError } from '~/lib/errors.ts'
import { fieldErrors } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { intentFailure } from '~/server/forms.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { attachPhoto, deletePhoto, detachPhoto, getMediaPage, updatePhotoDetails } from '~/features/media/server/media.server.ts'
import { mediaStore } from '~/features/media/server/store.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/media-photo'

function notFound(): never {
	throw new Response('That photo is not in the library (it may have been deleted). Open the photo library to find it.', { status: 404, statusText: 'Page Not Found' })
}

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	if (!isId(params.id)) notFound()
	try {
		return await getMediaPage(db(), params.id)
	} catch (error) {
		if (isAppError(error) && error.code === 'not-found') notFound()
		throw error
	}
}

/** One schema for every button on the page; `intent` says which form was sent. */
const photoActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('details'), alt: z.string().max(2000), focalX: z.string().max(10), focalY: z.string().max(10) }),
	z.object({ intent: z.literal('attach'), subject: subjectSchema }),
	z.object({ intent: z.literal('detach'), subject: subjectSchema }),
	z.object({ intent: z.literal('delete') }),
], { error: () => 'Choose what to do with the photo.' })

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	if (!isId(params.id)) notFound()
	const id = params.id
	const here = `/admin/media/${id}`
	const values = Object.fromEntries([...(await request.formData())].filter(([, value]) => typeof value === 'string')) as Record<string, string>
	const parsed = photoActionSchema.safeParse(values)
	const intent = values.intent ?? ''
	if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error.issues), values }, { status: 400 })
	try {
		const form = parsed.data
		switch (form.intent) {
			case 'details': {
				const details = photoDetailsSchema.safeParse(form)
				if (!details.success) return data({ intent, errors: fieldErrors(details.error.issues), values }, { status: 400 })
				await updatePhotoDetails(db(), actorOf(user), id, details.data)
				return redirectWithToast(here, { title: 'Photo saved', description: 'Pages show the new description and crop.' })
			}
			case 'attach': {
				const { created } = await attachPhoto(db(), actorOf(user), id, form.subject)
				return redirectWithToast(here, created ? { title: 'Photo attached', description: 'It shows there now.' } : { type: 'info', title: 'Already attached there' })
			}
			case 'detach':
				await detachPhoto(db(), actorOf(user), id, form.subject)
				return redirectWithToast(here, { title: 'Photo removed from there', description: 'It stays in the library.' })
			case 'delete':
				await deletePhoto(db(), mediaStore(), actorOf(user), id)
				return redirectWithToast('/admin/media', { title: 'Photo deleted' })
		}
	} catch (error) {
		if (isAppError(error) && error.code === 'not-found' && !error.fields) notFound()
		return intentFailure(intent, error)
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.item.alt.slice(0, 60)} | Photos | Andaman Isles Travel admin` : 'Photo | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function MediaPhoto({ loaderData, actionData }: Route.ComponentProps) {
	const { item, attachments, subjects } = loaderData
	const navigation = useNavigation()
	const intent = actionData?.intent ?? ''
	const errors: Record<string, string | undefined> = actionData?.errors ?? {}
	const values: Record<string, string | undefined> = actionData && 'values' in actionData ? ((actionData.values as Record<string, string>) ?? {}) : {}
	const busy = (name: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === name
	const attachedValues = new Set(attachments.map((attachment) => attachment.value))
	const options = subjects.flatMap((group) => group.options.filter((option) => !attachedValues.has(option.value)).map((option) => ({ value: option.value, label: `${subjectKindLabels[group.kind]}: ${option.label}` })))
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<p>
				<Link to="/admin/media">← Photos</Link>
			</p>
			<h1 className="text-2xl font-semibold">Photo</h1>
			<p className="text-slate-700">
				{item.originalName} · {item.width} × {item.height} px · added {formatTimestamp(item.createdAt)}
			</p>
			<FormError error={intent === 'delete' || intent === 'detach' || (intent === '' && errors.form) ? errors.form : null} />

			<Panel title="Description and focal point" id="details-heading">
				<Form method="post" className="space-y-4" noValidate>
					<input type="hidden" name="intent" value="details" />
					<FormError error={intent === 'details' && !errors.alt && !errors.focalX && !errors.focalY ? errors.form : null} />
					<TextareaField
						label="Describe the photo (alt text)"
						name="alt"
						required
						maxLength={250}
						rows={2}
						defaultValue={intent === 'details' ? (values.alt ?? item.alt) : item.alt}
						error={intent === 'details' ? errors.alt : null}
						hint="What a screen reader says, and what shows if the photo cannot load: what it shows and where."
					/>
					<FocalPointPicker key={item.id} image={item} width={item.width} height={item.height} initial={item.focal} errors={intent === 'details' ? errors : {}} />
					<Button type="submit" pending={busy('details')}>
						Save description and focal point
					</Button>
				</Form>
			</Panel>

			<Panel title="Where it shows" id="attach-heading">
				{attachments.length === 0 ? (
					<p className="text-slate-700">Not shown anywhere yet. Pages use their demo illustration until you attach a photo.</p>
				) : (
					<ul className="space-y-2">
						{attachments.map((attachment) => (
							<li key={attachment.value} className="flex flex-wrap items-center gap-3 rounded border border-slate-200 p-3">
								<span>
									{attachment.kindLabel}: <strong>{attachment.name}</strong> · {attachment.position === 0 ? 'cover photo' : `photo ${attachment.position + 1}`}
								</span>
								<Link to={`/admin/media/for/${attachment.value}`}>Order photos</Link>
								{attachment.publicPath ? (
									<a href={attachment.publicPath} target="_blank" rel="noreferrer">
										View page
									</a>
								) : null}
								<Form method="post" className="ml-auto">
									<input type="hidden" name="intent" value="detach" />
									<input type="hidden" name="subject" value={attachment.value} />
									<Button type="submit" size="sm" variant="outline" aria-label={`Remove from ${attachment.name}`}>
										Remove from there
									</Button>
								</Form>
							</li>
						))}
					</ul>
				)}
				<Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
					<input type="hidden" name="intent" value="attach" />
					<SelectField
						label="Show it on"
						name="subject"
						defaultValue=""
						options={[{ value: '', label: 'Choose a package, hotel, activity or island' }, ...options]}
						error={intent === 'attach' ? (errors.subject ?? errors.form) : null}
						hint="It goes after the photos already there; the first photo is the cover."
						className="min-w-72 flex-1"
					/>
					<Button type="submit" pending={busy('attach')}>
						Attach
					</Button>
				</Form>
			</Panel>

			<Panel title="Delete" id="delete-heading">
				{attachments.length > 0 ? (
					<p className="text-slate-700">This photo is in use. Remove it from every place above before deleting it.</p>
				) : (
					<Form method="post" className="flex flex-wrap items-center gap-3">
						<input type="hidden" name="intent" value="delete" />
						<p className="text-slate-700">Deleting removes the photo for good. It is not shown anywhere.</p>
						<Button type="submit" variant="danger" pending={busy('delete')}>
							Delete photo
						</Button>
					</Form>
				)}
			</Panel>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
