/**
 * Checkout names its failure fields with brackets (`error[description]`), which Conform does not read
 * as an object; as dotted names (`error.description`) it does, so the callback parses with
 * `checkoutCallbackSchema` like any form. Files are dropped: the gateway posts none.
 */
export function checkoutCallbackFields(form: FormData): URLSearchParams {
	const renamed = new URLSearchParams()
	for (const [name, value] of form) if (typeof value === 'string') renamed.append(name.replace(/\[([^\]\d][^\]]*)\]/g, '.$1'), value)
	return renamed
}
