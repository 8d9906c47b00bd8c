let version = 'development'

/** Set once at start-up from the server build's manifest version. */
export function setBuildVersion(value: string) {
	version = value
}

export function buildVersion() {
	return version
}
