import { type ToastInput, toastTypeClasses } from './toast.tsx'

/**
 * The flash toast for a browser without JavaScript: toasts are drawn by script, so a staff member who
 * saves a form with scripts off would see no word that it worked. A `<noscript>` line at the top of the
 * page says it instead; with scripts on, the browser ignores it and the toast shows as usual.
 */
export function NoScriptToast({ toast }: { toast: ToastInput }) {
	return (
		<noscript>
			<div role={toast.type === 'error' ? 'alert' : 'status'} className={`no-print border-b px-4 py-3 text-center text-sm ${toastTypeClasses[toast.type ?? 'info']}`}>
				<strong className="block font-semibold">{toast.title}</strong>
				{toast.description ? <span className="block">{toast.description}</span> : null}
			</div>
		</noscript>
	)
}
