/** The whole-number percentage of an upload, 0–100, from XMLHttpRequest's progress event. */
export function uploadPercent(loaded: number, total: number): number {
	if (!Number.isFinite(loaded) || !Number.isFinite(total) || total <= 0 || loaded <= 0) return 0
	if (loaded >= total) return 100
	// Floor, so 100% is only said once every byte has gone.
	return Math.min(99, Math.floor((loaded / total) * 100))
}

/** What the percentage reads as, for the label beside the bar and for screen readers. */
export function formatUploadPercent(percent: number): string {
	return `${Math.max(0, Math.min(100, Math.round(percent)))}%`
}
