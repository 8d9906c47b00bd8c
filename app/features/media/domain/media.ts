import { maxUploadBytes, sniffUploadType } from '~/lib/uploads.ts'
import { z } from '~/lib/zod.ts'

/**
 * The operator's photo library (docs/decisions/132-media-library.md): what a
 * photo may be, what it needs before pages show it, and where it can be shown.
 */

/** The upload limit is the one for every staff upload (docs/security.md, "Limits"). */
export const maxPhotoBytes = maxUploadBytes
/** Decoded size cap: a small file that unpacks to a huge canvas (a decompression bomb) is refused before it is decoded. */
export const maxPhotoPixels = 50_000_000
/** Narrower photos look soft on a package page's hero, which is up to 760 CSS pixels wide. */
export const minPhotoWidth = 640
/** The stored copy's longest side: the largest width the image route ever serves. */
export const maxStoredEdge = 3072

export const photoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const

export type PhotoCheck = { ok: true } | { ok: false; error: string }

/** Size and type by content (the first bytes), never by the file's name or the browser's claim. */
export function checkPhotoBytes(bytes: Uint8Array): PhotoCheck {
	if (bytes.byteLength === 0) return { ok: false, error: 'The file is empty. Choose the photo again.' }
	if (bytes.byteLength > maxPhotoBytes) return { ok: false, error: tooLargeMessage }
	const type = sniffUploadType(bytes)
	if (!type || !(photoTypes as readonly string[]).includes(type)) return { ok: false, error: notAPhotoMessage }
	return { ok: true }
}

export const tooLargeMessage = 'The photo is larger than 5 MB. Export it at about 3000 pixels wide (JPEG quality 85) and upload that.'
export const notAPhotoMessage = 'That file is not a JPEG, PNG or WebP photo. Upload a photo in one of those formats.'

/** What a decoded photo's size allows; null when it is fine. */
export function checkPhotoSize(width: number, height: number): string | null {
	if (width * height > maxPhotoPixels)
		return `The photo is ${width} × ${height} pixels, more than ${maxPhotoPixels / 1_000_000} megapixels. Resize it to about 3000 pixels wide and upload that.`
	if (width < minPhotoWidth)
		return `The photo is only ${width} pixels wide. Upload one at least ${minPhotoWidth} pixels wide (1600 or more looks best) so it stays sharp.`
	return null
}

/** The longest side after cleaning: never larger than the largest width a page asks for. */
export function storedSize(width: number, height: number): { width: number; height: number } {
	const scale = Math.min(1, maxStoredEdge / Math.max(width, height))
	return { width: Math.round(width * scale), height: Math.round(height * scale) }
}

/** Alt text is required: it is what a screen reader says and what shows when the photo cannot load. */
export const altTextSchema = z
	.string()
	.transform((text) => text.replace(/\s+/g, ' ').trim())
	.pipe(
		z
			.string()
			.min(1, 'Describe the photo for travellers who cannot see it (for example "Sunset over Radhanagar Beach with two swimmers").')
			.min(10, 'Write at least 10 characters: say what the photo shows and where.')
			.max(250, 'Keep the description under 250 characters.')
			.refine((text) => !/\.(jpe?g|png|webp|heic|gif)$/i.test(text) && !/^(img|dsc|pxl|photo)[-_ ]?\d+/i.test(text), {
				message: 'That looks like a file name. Say what the photo shows and where.',
			}),
	)

// An empty field is missing, not 0.
const percent = (axis: string) =>
	z.preprocess(
		(value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
		z.coerce
			.number({ message: `The focal point ${axis} must be a number from 0 to 100.` })
			.int(`The focal point ${axis} must be a whole number from 0 to 100.`)
			.min(0, `The focal point ${axis} must be from 0 to 100.`)
			.max(100, `The focal point ${axis} must be from 0 to 100.`),
	)

/** One form for a photo's details: alt text and the focal point in percent from the left and the top. */
export const photoDetailsSchema = z.object({
	alt: altTextSchema,
	focalX: percent('across'),
	focalY: percent('down'),
})
export type PhotoDetails = z.infer<typeof photoDetailsSchema>

export type FocalPoint = { x: number; y: number }
export const centre: FocalPoint = { x: 50, y: 50 }

/** CSS object-position for a cropped photo, so its focal point stays in view. */
export function objectPosition(focal: FocalPoint | undefined): string | undefined {
	return focal ? `${focal.x}% ${focal.y}%` : undefined
}

/** The focal point of a click on a rendered photo (offsets and box in CSS pixels), in whole percent. */
export function focalPointFromClick(offsetX: number, offsetY: number, boxWidth: number, boxHeight: number): FocalPoint {
	const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)))
	if (boxWidth <= 0 || boxHeight <= 0) return centre
	return { x: clamp((offsetX / boxWidth) * 100), y: clamp((offsetY / boxHeight) * 100) }
}

export const subjectKinds = ['package', 'hotel', 'activity', 'island'] as const
export type SubjectKind = (typeof subjectKinds)[number]
export const subjectKindLabels: Record<SubjectKind, string> = { package: 'Package', hotel: 'Hotel', activity: 'Activity', island: 'Island' }

/** What a photo is attached to: a package or hotel by id, an activity or island by slug. */
export type Subject = { kind: SubjectKind; key: string }

/** "package:AbC…" as one form value (a select of every place a photo can go). */
export function subjectValue(subject: Subject): string {
	return `${subject.kind}:${subject.key}`
}

export const subjectSchema = z
	.string({ message: 'Choose where the photo goes.' })
	.min(1, 'Choose where the photo goes.')
	.max(80, 'Choose where the photo goes from the list.')
	.transform((value, context) => {
		const match = /^(package|hotel|activity|island):([A-Za-z0-9-]{1,60})$/.exec(value)
		if (!match) {
			context.addIssue({ code: 'custom', message: 'Choose where the photo goes from the list.' })
			return z.NEVER
		}
		return { kind: match[1] as SubjectKind, key: match[2]! }
	})

export const orderMoves = ['up', 'down', 'cover'] as const
export type OrderMove = (typeof orderMoves)[number]

/** A subject's photo order after one move; the first is the cover. Unknown ids leave the order as it was. */
export function reorder(ids: readonly string[], id: string, move: OrderMove): string[] {
	const order = [...ids]
	const index = order.indexOf(id)
	if (index < 0) return order
	const target = move === 'cover' ? 0 : move === 'up' ? Math.max(0, index - 1) : Math.min(order.length - 1, index + 1)
	order.splice(index, 1)
	order.splice(target, 0, id)
	return order
}

/** The site path of a library photo: what `/img?url=` and og:image take. */
export function mediaPath(id: string): string {
	return `/media/${id}.webp`
}

/** The id in a library photo's site path, or null when the path is not one. */
export function mediaIdFromPath(pathname: string): string | null {
	return /^\/media\/([A-Za-z0-9]{20})\.webp$/.exec(pathname)?.[1] ?? null
}

/** A photo as pages show it: through the image route, cropped around its focal point. */
export type ShownPhoto = { src: string; alt: string; focal?: FocalPoint }
