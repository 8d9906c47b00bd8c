import { UploadForm } from '~/components/ui/upload-form.tsx'

/**
 * Uploads a ticket file (PDF, JPEG, PNG or WebP, up to 5 MB). Works as a
 * plain multipart form; with JavaScript it stays on the page, shows the
 * upload's percentage and ends in a toast (UploadForm). `pageError` is the
 * error of a plain (no JavaScript) submit, which the page's action data carries.
 */
export function TicketUpload({
	label,
	current,
	downloadHref,
	pageError,
	successTitle = 'Ticket uploaded',
}: {
	label: string
	current: { name: string } | null
	downloadHref: string
	pageError?: string | null
	/** The toast after a JavaScript upload: the same words as the page's own redirect toast. */
	successTitle?: string
}) {
	return (
		<div className="space-y-3">
			{current ? (
				<p>
					Current file:{' '}
					<a href={downloadHref} target="_blank" rel="noreferrer" className="font-medium">
						{current.name}
					</a>
				</p>
			) : (
				<p className="text-slate-700">No file uploaded yet.</p>
			)}
			<UploadForm
				label={label}
				accept="application/pdf,image/jpeg,image/png,image/webp"
				hint="PDF, JPEG, PNG or WebP, up to 5 MB."
				pageError={pageError}
				successTitle={successTitle}
			/>
		</div>
	)
}
