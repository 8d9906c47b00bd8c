import { type ToastInput, toastTypeClasses } from './toast.tsx'

/**
 * The flash toast for a browser without JavaScript: toasts are drawn by script, so a staff member who
 * saves a form with scripts off would see no word that it worked. A `<noscript>` box says it instead,
 * where the scripted toasts show (bottom right, over the page, so no layout moves: a line at the top
 * pushed the sticky staff sidebar and the phone menu down). CSS hides it after ten seconds unless the
 * pointer is on it (`.noscript-toast` in app.css). With scripts on, the browser ignores it.
 */
export function NoScriptToast({ toast }: { toast: ToastInput }) {
	return (
		<noscript>
			<div className="no-print noscript-toast fixed right-0 bottom-0 z-[100] w-full max-w-sm p-4">
				<div role={toast.type === 'error' ? 'alert' : 'status'} className={`rounded-lg border p-4 text-sm shadow-lg ${toastTypeClasses[toast.type ?? 'info']}`}>
					<strong className="block font-semibold">{toast.title}</strong>
					{toast.description ? <span className="block">{toast.description}</span> : null}
				</div>
			</div>
		</noscript>
	)
}
