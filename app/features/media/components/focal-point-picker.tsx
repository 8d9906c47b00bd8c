import { useId, useState } from 'react'
import { Photo } from '~/features/media/components/photo.tsx'
import { Field } from '~/components/ui/field.tsx'
import { type FocalPoint, focalPointFromClick } from '~/features/media/domain/media.ts'

/**
 * The focal point of a photo: click the part that must stay in view when a
 * page crops it. The two number fields are the same value in words, for the
 * keyboard and for a browser without JavaScript. Previews show the crops
 * pages use (a wide card and a square).
 */
export function FocalPointPicker({
	image,
	width,
	height,
	initial,
	errors,
}: {
	image: { src: string; alt: string }
	width: number
	height: number
	initial: FocalPoint
	errors: Record<string, string | undefined>
}) {
	const id = useId()
	// The fields hold what was typed (even half-typed); the marker and previews follow once it is a valid percentage.
	const [typed, setTyped] = useState({ x: String(initial.x), y: String(initial.y) })
	const [point, setPoint] = useState<FocalPoint>(initial)
	const setAxis = (axis: 'x' | 'y', text: string) => {
		setTyped((current) => ({ ...current, [axis]: text }))
		const value = Number(text)
		if (text.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= 100) setPoint((current) => ({ ...current, [axis]: value }))
	}
	const pick = (next: FocalPoint) => {
		setPoint(next)
		setTyped({ x: String(next.x), y: String(next.y) })
	}
	return (
		<div className="space-y-4">
			<div className="relative inline-block max-w-full">
				<button
					type="button"
					aria-describedby={`${id}-how`}
					className="block max-w-full cursor-crosshair rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
					onClick={(event) => {
						// A keyboard "click" has no position: the fields below are the keyboard's way.
						if (event.detail === 0) return
						const box = event.currentTarget.getBoundingClientRect()
						pick(focalPointFromClick(event.clientX - box.left, event.clientY - box.top, box.width, box.height))
					}}
				>
					<Photo
						image={image}
						width={width}
						height={height}
						priority
						sizes="(min-width: 1024px) 640px, 100vw"
						className="block h-auto max-h-[28rem] w-auto max-w-full rounded-lg"
					/>
					<span className="sr-only">Set the focal point where you click</span>
				</button>
				<span
					aria-hidden="true"
					data-testid="focal-marker"
					className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary-700/70 shadow-[0_0_0_2px_rgba(15,23,42,0.8)]"
					style={{ left: `${point.x}%`, top: `${point.y}%` }}
				/>
			</div>
			<p id={`${id}-how`} className="text-sm text-slate-700">
				Click the part of the photo that must stay in view when a page crops it (a face, a boat, the beach), or type the position below.
			</p>
			<div className="flex flex-wrap gap-4">
				<Field
					label="Focal point across (% from the left)"
					name="focalX"
					type="number"
					inputMode="numeric"
					min={0}
					max={100}
					step={1}
					required
					value={typed.x}
					onChange={(event) => setAxis('x', event.currentTarget.value)}
					error={errors.focalX}
					className="w-56"
				/>
				<Field
					label="Focal point down (% from the top)"
					name="focalY"
					type="number"
					inputMode="numeric"
					min={0}
					max={100}
					step={1}
					required
					value={typed.y}
					onChange={(event) => setAxis('y', event.currentTarget.value)}
					error={errors.focalY}
					className="w-56"
				/>
			</div>
			<div className="flex flex-wrap items-end gap-4" aria-label="How pages will crop it" role="group">
				<figure className="w-64">
					<Photo
						image={{ ...image, alt: '', focal: point }}
						width={320}
						height={200}
						sizes="256px"
						className="aspect-[8/5] w-full rounded-md bg-slate-100 object-cover"
					/>
					<figcaption className="mt-1 text-sm text-slate-700">As a package card</figcaption>
				</figure>
				<figure className="w-32">
					<Photo
						image={{ ...image, alt: '', focal: point }}
						width={320}
						height={320}
						sizes="128px"
						className="aspect-square w-full rounded-md bg-slate-100 object-cover"
					/>
					<figcaption className="mt-1 text-sm text-slate-700">Square</figcaption>
				</figure>
			</div>
		</div>
	)
}
