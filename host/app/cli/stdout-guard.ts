import { Console } from 'node:console'

/**
 * In `serve`, stdout carries ACP protocol bytes only. Send console.log/info/debug (from any
 * plugin) to stderr so a stray log line cannot corrupt the stream.
 */
export function routeConsoleToStderr(): void {
  const stderrConsole = new Console({ stdout: process.stderr, stderr: process.stderr })
  for (const method of ['log', 'info', 'debug', 'dir', 'table', 'trace'] as const)
    Object.defineProperty(console, method, { value: stderrConsole[method].bind(stderrConsole), writable: true })
}
