import type { ContentBlock } from '@agentclientprotocol/sdk'

/** Flatten ACP prompt blocks to the text the model sees; links and embedded resources stay recognisable. */
export function promptToText(blocks: ContentBlock[]): string {
  return blocks.map(blockToText).join('\n')
}

function blockToText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text
    case 'resource_link':
      return `[resource_link ${block.name}: ${block.uri}]`
    case 'resource': {
      const resource = block.resource as { uri: string; text?: string; blob?: string; mimeType?: string | null }
      if (typeof resource.text === 'string') return `<resource uri="${resource.uri}">\n${resource.text}\n</resource>`
      return `[binary resource ${resource.uri}${resource.mimeType ? ` (${resource.mimeType})` : ''}]`
    }
    default:
      return `[${block.type} omitted]`
  }
}
