// The model server and its scripts (server.ts, script.ts, model-script.ts, the wires' renderers).
export * from './script.ts'
export * from './server.ts'
export * from './openai-chat/builders.ts'
export * from './token-cut.ts'
export * from './model-script.ts'
export * from './wires.ts'
export { renderOpenAiChat } from './openai-chat/render.ts'
export { renderAnthropicMessages } from './anthropic/render.ts'
