// Test-only plugin that needs a service nobody provides in its fixture.
export const name = 'test-needs-service'
export const inject = ['nonexistentService']
export const apply = () => {}
