// session/prompt's content blocks against what initialize advertised (promptCapabilities): an
// image or audio block the agent said it does not take is refused by name, never dropped silently.
import { RequestError, type ContentBlock } from '@agentclientprotocol/sdk'

/** The block types initialize advertises as unsupported (`promptCapabilities.image/audio: false`). */
const UNADVERTISED_BLOCKS: ReadonlySet<string> = new Set(['image', 'audio'])

/** Throws -32602 naming the first block of a type the agent does not take. */
export function refuseUnadvertisedBlocks(prompt: readonly ContentBlock[]): void {
  const index = prompt.findIndex((block) => UNADVERTISED_BLOCKS.has(block.type))
  const block = prompt[index]
  if (block === undefined) return
  const { type } = block
  throw RequestError.invalidParams(
    { field: `prompt[${index}]`, type },
    `session/prompt: prompt[${index}] is an "${type}" block, but this agent advertises ` +
      `promptCapabilities.${type}: false; send text, a resource_link or an embedded resource instead`,
  )
}
