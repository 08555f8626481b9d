// The providers `llm-openai` knows by name: each preset fills the config a user leaves out (base
// URL, key variable and file, the reasoning field). Facts from each provider's documentation.

/** Where a provider streams the model's reasoning in a chat-completions delta, if anywhere. */
export const REASONING_FIELDS = ['reasoning_content', 'reasoning', 'none'] as const

export interface Preset {
  /** How messages name the provider. */
  label: string
  baseUrl: string
  /** A variable that overrides the base URL (the config's `baseUrl` wins over it). */
  baseUrlEnv?: string
  /** The key: its variable, the file in dsh's key folder, the variable naming another file; none when keyless. */
  key?: { env: string; fileName: string; fileEnv: string }
  reasoningField: (typeof REASONING_FIELDS)[number]
  /** Used when the config lists no models (only where the provider's names are stable). */
  models?: string[]
}

export const PRESETS = {
  deepseek: {
    label: 'DeepSeek',
    baseUrl: 'https://api.deepseek.com',
    baseUrlEnv: 'DEEPSEEK_BASE_URL',
    key: { env: 'DEEPSEEK_API_KEY', fileName: 'deepseek-api-key', fileEnv: 'DEEPSEEK_API_KEY_FILE' },
    reasoningField: 'reasoning_content',
    models: ['deepseek-chat', 'deepseek-reasoner'],
  },
  openai: {
    label: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    baseUrlEnv: 'OPENAI_BASE_URL',
    key: { env: 'OPENAI_API_KEY', fileName: 'openai-api-key', fileEnv: 'OPENAI_API_KEY_FILE' },
    reasoningField: 'none',
  },
  openrouter: {
    label: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    baseUrlEnv: 'OPENROUTER_BASE_URL',
    key: { env: 'OPENROUTER_API_KEY', fileName: 'openrouter-api-key', fileEnv: 'OPENROUTER_API_KEY_FILE' },
    reasoningField: 'reasoning',
  },
  vllm: {
    label: 'vLLM',
    baseUrl: 'http://127.0.0.1:8000/v1',
    baseUrlEnv: 'VLLM_BASE_URL',
    reasoningField: 'reasoning_content',
  },
  ollama: {
    label: 'Ollama',
    baseUrl: 'http://127.0.0.1:11434/v1',
    baseUrlEnv: 'OLLAMA_BASE_URL',
    reasoningField: 'reasoning',
  },
} as const satisfies Record<string, Preset>

export type PresetName = keyof typeof PRESETS
export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[]
