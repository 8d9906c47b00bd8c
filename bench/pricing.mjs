import { spawnSync } from 'node:child_process'

/** The pricing engine under Vitest's bench runner (it compiles the TypeScript); prints ops/s, mean and p99. */
export async function pricingEngine() {
	const result = spawnSync('npx', ['vitest', 'bench', '--run', 'app/features/rates/domain/pricing/engine.bench.ts'], {
		encoding: 'utf8',
		env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
	})
	const lines = result.stdout
		.replace(/\x1b\[[0-9;]*m/g, '')
		.split('\n')
		.filter((line) => /name|priceTrip|createRateBook/.test(line) && !/faster than/.test(line))
	console.log(lines.slice(0, 3).join('\n'))
	const row = lines.find((line) => line.includes('priceTrip'))
	// Columns end with: p99, p995, p999, rme, samples.
	const p99 = row ? Number(row.trim().split(/\s+/).at(-5)) : Number.NaN
	console.log(`\npriceTrip p99: ${p99} ms (goal ≤ 2 ms; ratio to goal ${(p99 / 2).toFixed(2)})`)
	if (result.status !== 0) throw new Error(result.stderr)
}
