import { Link } from 'react-router'
import { FormError } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Pager } from '~/components/pager.tsx'
import { Photo } from '~/features/media/components/photo.tsx'
import { TextareaField } from '~/components/ui/field.tsx'
import { UploadForm } from '~/components/ui/upload-form.tsx'
import { tooLargeMessage } from '~/features/media/domain/media.ts'
import { formatTimestamp } from '~/lib/dates.ts'
import { errorsOf, resultFor, valuesOf } from '~/lib/forms.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { intent, type Posted, runIntent } from '~/server/form-intents.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { listMedia, uploadPhoto } from '~/features/media/server/media.server.ts'
import { mediaStore } from '~/features/media/server/store.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { readMultipartForm } from '~/server/uploads.server.ts'
import type { Route } from './+types/media'

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const page = Math.max(1, Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1))
	return listMedia(db(), page)
}

/** The upload's text fields (the file streams in beside them, checked by uploadPhoto). */
const uploadSchema = z.object({ intent: z.literal('upload'), alt: z.string().optional() })

async function upload(input: z.output<typeof uploadSchema>, { request, actor }: { request: Request; actor: Actor }, { formData }: Posted) {
	// A refusal sends the description back: nothing typed is lost.
	const { item, duplicate } = await uploadPhoto(db(), mediaStore(), actor, formData.get('file'), (input.alt ?? '').slice(0, 1000))
	const toast = duplicate
		? { type: 'info' as const, title: 'That photo is already in the library', description: 'Here it is: nothing was added twice.' }
		: { title: 'Photo added', description: 'Set its focal point and choose where it shows.' }
	// Without JavaScript: on to the photo, where it is attached. With it (the upload form), the list refreshes itself.
	if (request.headers.get('Accept')?.includes('text/html')) return redirectWithToast(`/admin/media/${item.id}`, toast)
	return { intent: 'upload', uploaded: item.id, duplicate }
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	return runIntent(
		readMultipartForm(request, undefined, tooLargeMessage),
		{ upload: intent(uploadSchema, upload) },
		{ unknown: { formError: 'Choose a photo and describe it, then press Upload.' }, context: () => ({ request, actor: actorOf(user) }) },
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Photos | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

function formatBytes(bytes: number): string {
	return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

export default function MediaLibrary({ loaderData, actionData }: Route.ComponentProps) {
	const { items, total, page, pages } = loaderData
	const lastResult = resultFor(actionData)
	const errors = errorsOf(lastResult)
	const values = valuesOf(lastResult)
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold">Photos</h1>
				<p className="mt-1 max-w-3xl text-slate-700">
					Your own photos of packages, hotels, activities and islands. Pages show them in place of the demo illustrations, resized for each screen. Every photo
					needs a description for travellers who cannot see it.
				</p>
			</div>

			<section aria-labelledby="upload-heading" className="rounded-xl border border-slate-200 bg-white p-5">
				<h2 id="upload-heading" className="text-lg font-semibold">
					Add a photo
				</h2>
				<div className="mt-3">
					<UploadForm
						label="Photo"
						accept="image/jpeg,image/png,image/webp"
						hint="JPEG, PNG or WebP, at least 640 pixels wide, up to 5 MB. Location and camera details are removed."
						pageError={errors.file ?? errors.alt ?? errors.form}
						successTitle="Photo added"
					>
						<TextareaField
							label="Describe the photo (alt text)"
							name="alt"
							required
							minLength={10}
							maxLength={250}
							rows={2}
							defaultValue={values.alt ?? ''}
							error={errors.alt}
							hint='Say what it shows and where, for example "Sunset over Radhanagar Beach, Havelock, with two swimmers".'
						/>
					</UploadForm>
				</div>
			</section>

			<section aria-labelledby="library-heading">
				<h2 id="library-heading" className="text-lg font-semibold">
					Library
				</h2>
				<FormError error={!errors.file && !errors.alt && errors.form && !actionData ? errors.form : null} />
				<p className="mt-1 text-sm text-slate-700">
					{total === 0 ? 'No photos yet. Add the first one above.' : `${total} ${total === 1 ? 'photo' : 'photos'}, newest first.`}
				</p>
				<ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
					{items.map((item) => (
						<li key={item.id} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
							<Photo
								image={item}
								width={320}
								height={200}
								sizes="(min-width: 1024px) 270px, (min-width: 640px) 50vw, 100vw"
								className="aspect-[8/5] w-full bg-slate-100 object-cover"
							/>
							<div className="flex flex-1 flex-col gap-1 p-3 text-sm">
								<p className="line-clamp-3 text-slate-900">{item.alt}</p>
								<p className="text-slate-700">
									{item.width} × {item.height} px · {formatBytes(item.bytes)} · {formatTimestamp(item.createdAt)}
								</p>
								<p className="text-slate-700">{item.uses === 0 ? 'Not shown anywhere yet' : `Shown in ${item.uses} ${item.uses === 1 ? 'place' : 'places'}`}</p>
								<Link to={`/admin/media/${item.id}`} className="mt-auto pt-1 font-medium" aria-label={`Edit photo: ${item.alt}`}>
									Edit, attach or delete
								</Link>
							</div>
						</li>
					))}
				</ul>
				<Pager page={page} pages={pages} href={(to) => `/admin/media?page=${to}`} />
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
