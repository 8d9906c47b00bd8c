import type { $ZodType } from 'zod/v4/core'
import { z } from './zod.ts'

/**
 * A field posted by checkboxes or a multi-select, for a schema `parseForm` checks: no box ticked posts
 * nothing, one box a single value, several a list. The schema inside always sees a list. Typed as the
 * schema it wraps (it accepts what that schema accepts, and a single value too), so it can replace a
 * list field of a refined object schema with `safeExtend`.
 */
export function formList<Schema extends $ZodType>(schema: Schema): Schema {
	return z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), schema) as unknown as Schema
}
