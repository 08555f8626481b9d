// Keep the API key out of every message built from foreign text (provider bodies,
// fetch errors). DeepSeek's 401 body echoes a masked key ("Your api key: ****abcd");
// even that suffix must not reach a session log that gets committed as a fixture.

const KEY_MENTION = /(api[ _-]?key\s*[:=]\s*)[^\s,;"']+/gi

export function redactSecrets(text: string, apiKey?: string): string {
  let out = text
  if (apiKey) out = out.split(apiKey).join('[redacted]')
  return out.replace(KEY_MENTION, '$1[redacted]')
}
