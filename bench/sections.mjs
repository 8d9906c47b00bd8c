// The benchmark sections, in order. Each issue adds its own.
import { pageThroughput, renderCost } from './pages.mjs'

export const sections = [
	{ name: 'http', title: 'HTTP throughput: our server against nginx serving the same bytes', run: pageThroughput },
	{ name: 'render', title: 'In-process render cost against a hello-world page of the same build', run: renderCost },
]
