import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { operatorsFromEnv, type OperatorSetup } from '~/features/ferries/server/live/operators.server.ts'
import { startFerryStandIns } from './ferry-operator-stand-ins.ts'

/**
 * Test-only (vitest): the three stand-ins for one test file, the operator setup pointed at them (each search
 * `timeoutMs`) and a temporary storage folder for ticket files; started before the file's tests, stopped after.
 */
export function ferryStandInsForFile(timeoutMs = 1500) {
	const state = {} as { standIns: Awaited<ReturnType<typeof startFerryStandIns>>; setup: OperatorSetup; root: string }
	beforeAll(async () => {
		state.standIns = await startFerryStandIns()
		state.setup = operatorsFromEnv(state.standIns.env(timeoutMs))
		state.root = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-stand-ins-'))
	})
	afterAll(async () => {
		await state.standIns.stop()
		await fs.rm(state.root, { recursive: true, force: true })
	})
	return state
}
