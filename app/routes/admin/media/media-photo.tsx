import { Form, Link } from 'react-router'
import { FormError, Panel } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { FocalPointPicker } from '~/features/media/components/focal-point-picker.tsx'
import { Button } from '~/components/ui/button.tsx'
import { SelectField, TextareaField } from '~/components/ui/field.tsx'
import { photoDetailsSchema, subjectKindLabels, subjectSchema } from '~/features/media/domain/media.ts'
import { formatTimestamp } from '~/lib/dates.ts'
import { foundOr404, invariantResponse } from '~/lib/errors.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { attachPhoto, deletePhoto, detachPhoto, getMediaPage, updatePhotoDetails } from '~/features/media/server/media.server.ts'
import { mediaStore } from '~/features/media/server/store.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/media-photo'

const missing = 'That photo is not in the library (it may have been deleted). Open the photo library to find it.'

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	invariantResponse(isId(params.id), missing)
	return foundOr404(getMediaPage(db(), params.id), missing)
}

const detailsSchema = photoDetailsSchema.extend({ intent: z.literal('details') })
const attachSchema = z.object({ intent: z.literal('attach'), subject: subjectSchema })
const detachSchema = z.object({ intent: z.literal('detach'), subject: subjectSchema })
const deleteSchema = z.object({ intent: z.literal('delete') })

type IntentArgs = { id: string; actor: Actor; here: string }

async function saveDetails(input: z.output<typeof detailsSchema>, { id, actor, here }: IntentArgs) {
	await updatePhotoDetails(db(), actor, id, input)
	return redirectWithToast(here, { title: 'Photo saved', description: 'Pages show the new description and crop.' })
}

async function attach({ subject }: z.output<typeof attachSchema>, { id, actor, here }: IntentArgs) {
	const { created } = await attachPhoto(db(), actor, id, subject)
	return redirectWithToast(here, created ? { title: 'Photo attached', description: 'It shows there now.' } : { type: 'info', title: 'Already attached there' })
}

async function detach({ subject }: z.output<typeof detachSchema>, { id, actor, here }: IntentArgs) {
	await detachPhoto(db(), actor, id, subject)
	return redirectWithToast(here, { title: 'Photo removed from there', description: 'It stays in the library.' })
}

async function remove(_input: z.output<typeof deleteSchema>, { id, actor }: IntentArgs) {
	await deletePhoto(db(), mediaStore(), actor, id)
	return redirectWithToast('/admin/media', { title: 'Photo deleted' })
}

const intents = {
	details: intent(detailsSchema, saveDetails),
	attach: intent(attachSchema, attach),
	detach: intent(detachSchema, detach),
	delete: intent(deleteSchema, remove),
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const id = params.id
	invariantResponse(isId(id), missing)
	// The photo gone meanwhile is the 404 page; a place that no longer exists goes back to its field.
	return runIntent(request.formData(), intents, {
		unknown: { formError: 'Choose what to do with the photo.' },
		missing,
		context: () => ({ id, actor: actorOf(user), here: `/admin/media/${id}` }),
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `${loaderData.item.alt.slice(0, 60)} | Photos | Andaman Isles Travel admin` : 'Photo | Andaman Isles Travel admin' },
	{ name: 'robots', content: 'noindex' },
]

export default function MediaPhoto({ loaderData, actionData }: Route.ComponentProps) {
	const { item, attachments, subjects } = loaderData
	const lastResult = resultFor(actionData)
	const intent = actionData?.intent ?? ''
	const errors = errorsOf(lastResult)
	const values = valuesOf(lastResult)
	const savingDetails = useIsPending({ intent: 'details' })
	const attaching = useIsPending({ intent: 'attach' })
	const deleting = useIsPending({ intent: 'delete' })
	const attachedValues = new Set(attachments.map((attachment) => attachment.value))
	const options = subjects.flatMap((group) =>
		group.options
			.filter((option) => !attachedValues.has(option.value))
			.map((option) => ({ value: option.value, label: `${subjectKindLabels[group.kind]}: ${option.label}` })),
	)
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
						defaultValue={intent === 'details' ? (values.alt ?? '') : item.alt}
						error={intent === 'details' ? errors.alt : null}
						hint="What a screen reader says, and what shows if the photo cannot load: what it shows and where."
					/>
					<FocalPointPicker
						key={item.id}
						image={item}
						width={item.width}
						height={item.height}
						initial={item.focal}
						errors={intent === 'details' ? errors : {}}
					/>
					<Button type="submit" pending={savingDetails}>
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
					<Button type="submit" pending={attaching}>
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
						<Button type="submit" variant="danger" pending={deleting}>
							Delete photo
						</Button>
					</Form>
				)}
			</Panel>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
