import { ArrowDown, ArrowUp, Star } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { FormError } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Photo } from '~/features/media/components/photo.tsx'
import { Button } from '~/components/ui/button.tsx'
import { orderMoves, type Subject, subjectSchema, subjectValue } from '~/features/media/domain/media.ts'
import { foundOr404, invariantResponse } from '~/lib/errors.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { describeSubject, detachPhoto, movePhoto, subjectPhotos } from '~/features/media/server/media.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/media-subject'

const missing = 'There is no package, hotel, activity or island with that id. Open a photo in the library to choose where it shows.'

async function subjectOf(param: string) {
	const subject = subjectSchema.safeParse(param)
	invariantResponse(subject.success, missing)
	return { subject: subject.data, ...(await foundOr404(describeSubject(db(), subject.data), missing)) }
}

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	const found = await subjectOf(params.subject)
	return { ...found, photos: await subjectPhotos(db(), found.subject) }
}

const mediaId = z.string({ message: 'Choose a photo from the list.' }).regex(/^[A-Za-z0-9]{20}$/, 'Choose a photo from the list.')
const moveSchema = z.object({ intent: z.enum(orderMoves), mediaId })
const detachSchema = z.object({ intent: z.literal('detach'), mediaId })

type IntentArgs = { subject: Subject; name: string; actor: Actor; here: string }

async function move({ intent: to, mediaId }: z.output<typeof moveSchema>, { subject, actor, here }: IntentArgs) {
	await movePhoto(db(), actor, subject, mediaId, to)
	return redirectWithToast(here, { title: to === 'cover' ? 'New cover photo' : 'Order saved' })
}

async function detach({ mediaId }: z.output<typeof detachSchema>, { subject, name, actor, here }: IntentArgs) {
	await detachPhoto(db(), actor, mediaId, subject)
	return redirectWithToast(here, { title: `Photo removed from ${name}`, description: 'It stays in the library.' })
}

const intents = {
	up: intent(moveSchema, move),
	down: intent(moveSchema, move),
	cover: intent(moveSchema, move),
	detach: intent(detachSchema, detach),
} satisfies Record<(typeof orderMoves)[number] | 'detach', unknown>

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const { subject, name } = await subjectOf(params.subject)
	return runIntent(request.formData(), intents, {
		unknown: { formError: 'Choose what to do with the photo.' },
		context: () => ({ subject, name, actor: actorOf(user), here: `/admin/media/for/${subjectValue(subject)}` }),
	})
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Photos of ${loaderData.name} | Andaman Isles Travel admin` : 'Photos | Andaman Isles Travel admin' },
	{ name: 'robots', content: 'noindex' },
]

export default function MediaSubject({ loaderData, actionData }: Route.ComponentProps) {
	const { name, kindLabel, publicPath, photos } = loaderData
	const navigation = useNavigation()
	const errors = errorsOf(resultFor(actionData))
	const pending = useIsPending()
	const busyOn = (intent: string, id: string) => pending && navigation.formData?.get('intent') === intent && navigation.formData?.get('mediaId') === id
	return (
		<main id="main" className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
			<p>
				<Link to="/admin/media">← Photos</Link>
			</p>
			<h1 className="text-2xl font-semibold">
				Photos of {name} <span className="text-base font-normal text-slate-700">({kindLabel.toLowerCase()})</span>
			</h1>
			<p className="text-slate-700">
				The first photo is the cover: it shows on cards and at the top of the page. {publicPath ? <a href={publicPath}>View the page</a> : null}
			</p>
			<FormError error={errors.form ?? errors.mediaId ?? errors.intent} />
			{photos.length === 0 ? (
				<p className="text-slate-700">
					No photos yet: the page shows its demo illustration. Open a photo in the <Link to="/admin/media">library</Link> and attach it here.
				</p>
			) : (
				<ol className="space-y-3">
					{photos.map((photo, index) => (
						<li key={photo.id} className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-3">
							<Photo image={photo} width={320} height={200} sizes="160px" className="aspect-[8/5] w-40 rounded-md bg-slate-100 object-cover" />
							<div className="min-w-48 flex-1 space-y-1">
								<p className="font-medium">{index === 0 ? 'Cover photo' : `Photo ${index + 1}`}</p>
								<p className="text-sm text-slate-700">{photo.alt}</p>
								<Link to={`/admin/media/${photo.id}`} className="text-sm">
									Edit photo
								</Link>
							</div>
							<div className="flex flex-wrap gap-2">
								{index > 0 ? (
									<>
										<MoveButton intent="cover" mediaId={photo.id} label={`Make cover: ${photo.alt}`} pending={busyOn('cover', photo.id)}>
											<Star aria-hidden="true" className="size-4" /> Make cover
										</MoveButton>
										<MoveButton intent="up" mediaId={photo.id} label={`Move up: ${photo.alt}`} pending={busyOn('up', photo.id)}>
											<ArrowUp aria-hidden="true" className="size-4" /> Up
										</MoveButton>
									</>
								) : null}
								{index < photos.length - 1 ? (
									<MoveButton intent="down" mediaId={photo.id} label={`Move down: ${photo.alt}`} pending={busyOn('down', photo.id)}>
										<ArrowDown aria-hidden="true" className="size-4" /> Down
									</MoveButton>
								) : null}
								<MoveButton intent="detach" mediaId={photo.id} label={`Remove from ${name}: ${photo.alt}`} pending={busyOn('detach', photo.id)}>
									Remove
								</MoveButton>
							</div>
						</li>
					))}
				</ol>
			)}
		</main>
	)
}

function MoveButton({
	intent,
	mediaId,
	label,
	pending,
	children,
}: {
	intent: string
	mediaId: string
	label: string
	pending: boolean
	children: React.ReactNode
}) {
	return (
		<Form method="post" preventScrollReset>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="mediaId" value={mediaId} />
			<Button type="submit" size="sm" variant="outline" aria-label={label} pending={pending}>
				{children}
			</Button>
		</Form>
	)
}

export const ErrorBoundary = RouteErrorBoundary
