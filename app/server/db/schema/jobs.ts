import type { Generated } from 'kysely'

/** Durable jobs: everything timed or retried (docs/decisions/209-one-job-runner.md). */
export interface JobsTable {
	id: Generated<number>
	kind: string
	/** Unique: a job is queued once per key; a recurring job's key names its slot. */
	key: string
	payload_json: string
	/** queued, running, done or failed. */
	status: string
	run_at: string
	attempts: number
	max_attempts: number
	locked_by: string | null
	locked_until: string | null
	last_error: string | null
	created_at: string
	finished_at: string | null
}
