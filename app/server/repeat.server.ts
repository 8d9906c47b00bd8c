/**
 * Runs a job in-process: first after `firstDelayMs`, then `everyMs` after each run ends (runs never overlap).
 * The job handles its own errors; a throw is caught here so nothing can stop the process or the schedule.
 * The timer never keeps the process alive. Returns a function that stops the schedule and resolves once a run
 * in progress has finished (so the database can close after it).
 */
export function repeatEvery(job: () => Promise<void>, options: { firstDelayMs: number; everyMs: number }): () => Promise<void> {
	let timer: NodeJS.Timeout | undefined
	let stopped = false
	let running: Promise<void> | null = null
	const schedule = (delay: number) => {
		if (stopped) return
		timer = setTimeout(() => {
			running = job()
				.catch(() => {})
				.finally(() => {
					running = null
					schedule(options.everyMs)
				})
		}, delay)
		timer.unref()
	}
	schedule(options.firstDelayMs)
	return async () => {
		stopped = true
		clearTimeout(timer)
		await running
	}
}
