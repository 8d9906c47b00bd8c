/**
 * The pure part of the job runner (docs/decisions/209-one-job-runner.md): which slot a recurring job
 * is in, and how long a failed job waits before its next attempt.
 */

/** A job that runs every `everyMs`, at most once per slot across every instance. */
export type RecurringJob = { kind: string; everyMs: number; maxAttempts?: number; leaseMs?: number }

/** The slot `now` falls in, counted from the epoch, and the key that makes its job unique. */
export function recurringSlot(job: Pick<RecurringJob, 'kind' | 'everyMs'>, now: Date): { key: string; runAt: string } {
	if (!Number.isSafeInteger(job.everyMs) || job.everyMs < 1000)
		throw new RangeError(`A recurring job runs at most once a second (${job.kind}: ${job.everyMs} ms).`)
	const start = Math.floor(now.getTime() / job.everyMs) * job.everyMs
	const runAt = new Date(start).toISOString()
	return { key: `${job.kind}@${runAt}`, runAt }
}

/** Waits between attempts: 30 s, 2 min, 8 min, 32 min…, never more than 6 hours. */
export function retryDelayMs(attempts: number): number {
	return Math.min(6 * 60 * 60_000, 30_000 * 4 ** Math.max(0, attempts - 1))
}

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const
export type JobStatus = (typeof jobStatuses)[number]
export const jobStatusLabels: Record<JobStatus, string> = { queued: 'Waiting', running: 'Running', done: 'Done', failed: 'Failed' }

/** A job's kind as staff read it: "payment-reminders" is "Payment reminders". */
export function jobKindLabel(kind: string): string {
	const words = kind.replace(/[-_]+/g, ' ').trim()
	return words.charAt(0).toUpperCase() + words.slice(1)
}
