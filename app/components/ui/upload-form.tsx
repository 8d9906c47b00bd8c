import { Upload } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { toast } from '~/components/ui/toast.tsx'
import { formatUploadPercent, uploadPercent } from '~/lib/upload-progress.ts'

type UploadState = {
	phase: 'idle' | 'uploading' | 'done'
	percent: number
	error: string | null
}

const idle: UploadState = { phase: 'idle', percent: 0, error: null }

/** The server's own words for a refused upload: the page it renders marks them with data-upload-error. */
function refusal(response: unknown, status: number): string {
	const marked = response instanceof Document ? response.querySelector('[data-upload-error]')?.textContent?.trim() : null
	return marked || `The server did not take the file (error ${status}). Try again, or choose another file.`
}

/**
 * A one-file upload form (docs/conventions.md: progress for uploads). Without
 * JavaScript it is a plain multipart post to the page, which redirects back
 * with a toast. With JavaScript the same form data (its `intent` included) is
 * posted to the same address through XMLHttpRequest, so a real percentage
 * can be shown; then the page's data is revalidated so the new file appears.
 * A refusal shows the server's message, which the page renders for the
 * `pageError` of this component (docs/decisions/060-upload-progress.md).
 */
export function UploadForm({
	label,
	accept,
	hint,
	intent = 'upload',
	name = 'file',
	pageError,
	successTitle,
	children,
}: {
	label: string
	accept: string
	hint: string
	intent?: string
	name?: string
	/** The upload error of a post without JavaScript (the action's answer). */
	pageError?: string | null
	successTitle: string
	/** Other fields sent with the file (the photo library's alt text); they are posted and reset with it. */
	children?: ReactNode
}) {
	const id = useId()
	const revalidator = useRevalidator()
	const form = useRef<HTMLFormElement>(null)
	const request = useRef<XMLHttpRequest | null>(null)
	const [state, setState] = useState<UploadState>(idle)
	useEffect(() => () => request.current?.abort(), [])
	const uploading = state.phase === 'uploading'
	const error = state.error ?? (state.phase === 'idle' ? (pageError ?? null) : null)

	const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault()
		if (request.current) return
		const body = new FormData(event.currentTarget)
		const file = body.get(name)
		const fileName = file instanceof File ? file.name : ''
		const url = window.location.pathname + window.location.search
		const xhr = new XMLHttpRequest()
		request.current = xhr
		xhr.open('POST', url)
		xhr.responseType = 'document'
		xhr.upload.addEventListener('progress', (progress) => {
			if (progress.lengthComputable)
				setState({
					phase: 'uploading',
					percent: uploadPercent(progress.loaded, progress.total),
					error: null,
				})
		})
		xhr.addEventListener('load', () => {
			request.current = null
			// Signed out meanwhile (or sent elsewhere): follow the server there.
			if (xhr.responseURL && new URL(xhr.responseURL).pathname !== window.location.pathname) {
				window.location.assign(xhr.responseURL)
				return
			}
			if (xhr.status >= 200 && xhr.status < 300) {
				setState({ phase: 'done', percent: 100, error: null })
				form.current?.reset()
				toast({ type: 'success', title: successTitle, description: fileName })
				void revalidator.revalidate()
			} else {
				setState({
					phase: 'idle',
					percent: 0,
					error: refusal(xhr.response, xhr.status),
				})
			}
		})
		xhr.addEventListener('error', () => {
			request.current = null
			setState({
				phase: 'idle',
				percent: 0,
				error: 'The upload did not reach the server. Check the connection and try again.',
			})
		})
		setState({ phase: 'uploading', percent: 0, error: null })
		xhr.send(body)
	}

	return (
		<div className="space-y-2">
			<form
				ref={form}
				method="post"
				encType="multipart/form-data"
				onSubmit={onSubmit}
				onChange={() => state.phase !== 'uploading' && setState(idle)}
				className="flex flex-wrap items-end gap-3"
				aria-busy={uploading}
			>
				<input type="hidden" name="intent" value={intent} />
				{children ? <div className="basis-full">{children}</div> : null}
				<div className="space-y-1">
					<label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
						{label}
					</label>
					<input
						id={`${id}-file`}
						name={name}
						type="file"
						accept={accept}
						required
						aria-invalid={error ? true : undefined}
						aria-describedby={`${id}-hint`}
						className="block text-sm"
					/>
					<p id={`${id}-hint`} className="text-sm text-slate-600">
						{hint}
					</p>
				</div>
				<Button type="submit" variant="outline" pending={uploading}>
					<Upload aria-hidden="true" className="size-4" /> {uploading ? 'Uploading…' : 'Upload'}
				</Button>
			</form>
			<div className="flex max-w-sm items-center gap-3" hidden={state.phase === 'idle'}>
				<label htmlFor={`${id}-progress`} className="text-sm text-slate-700">
					Upload progress
				</label>
				<progress id={`${id}-progress`} max={100} value={state.percent} className="h-2 flex-1 accent-primary-700" />
				<span aria-live="polite" className="w-20 text-sm tabular-nums text-slate-800">
					{state.phase === 'done' ? `${formatUploadPercent(100)} done` : state.phase === 'uploading' ? formatUploadPercent(state.percent) : ''}
				</span>
			</div>
			{error ? (
				<p role="alert" data-upload-error="" className="text-sm font-medium text-error-700">
					{error}
				</p>
			) : null}
		</div>
	)
}
