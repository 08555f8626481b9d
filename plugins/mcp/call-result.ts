// An MCP CallToolResult as the text the model reads. Text blocks are kept as they are; other
// blocks become a one-line placeholder, so a binary payload never floods the model's context.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { plural } from '../../lib/plural.ts'

type Block = CallToolResult['content'][number]

export function callResultText(result: CallToolResult): string {
  const blocks = result.content ?? []
  if (blocks.length === 0) {
    return result.structuredContent === undefined ? '' : JSON.stringify(result.structuredContent)
  }
  return blocks.map(blockText).join('\n')
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'text':
      return block.text
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType}, ${plural(Math.floor((block.data.length * 3) / 4), 'byte')}]`
    case 'resource':
      return 'text' in block.resource ? block.resource.text : `[resource ${block.resource.uri}]`
    case 'resource_link':
      return `[resource link ${block.name}: ${block.uri}]`
    default:
      return `[${(block as { type: string }).type} content]`
  }
}
