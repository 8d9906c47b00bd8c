/** docs/conventions.md: look for a new build about hourly. */
export const versionCheckIntervalMs = 60 * 60 * 1000

/**
 * Whether the server now runs a build other than `current` (/version.json). Offline, or on any
 * failure, the answer is no: the next check tries again.
 */
export async function newerBuildRunning(current: string): Promise<boolean> {
	try {
		const response = await fetch('/version.json', { cache: 'no-store' })
		if (!response.ok) return false
		const { version } = (await response.json()) as { version?: string }
		return Boolean(version && version !== current)
	} catch {
		return false
	}
}
