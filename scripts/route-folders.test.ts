import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from 'vitest'

/** ADR 229: one folder per screen or area under app/routes, none of them a long flat list. */
const maxFilesPerRouteFolder = 20

const root = join(import.meta.dirname, '..', 'app', 'routes')

function folders(dir: string): Array<{ folder: string; files: number }> {
	const entries = readdirSync(dir, { withFileTypes: true })
	const here = { folder: relative(root, dir) || '.', files: entries.filter((entry) => entry.isFile()).length }
	return [here, ...entries.filter((entry) => entry.isDirectory()).flatMap((entry) => folders(join(dir, entry.name)))]
}

test(`no folder under app/routes holds more than ${maxFilesPerRouteFolder} files`, () => {
	const all = folders(root)
	expect(all.length).toBeGreaterThan(10)
	expect(all.filter(({ files }) => files > maxFilesPerRouteFolder)).toEqual([])
})
