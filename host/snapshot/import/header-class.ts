// Which header class an imported scenario joins. Pure. A class whose pin holds the same system
// prompt and tool schemas as the session's requests is joined (its pin's sidecars then check the
// replay); otherwise the scenario is the pin of a class of its own, named after it, and a sidecar
// another pin already holds byte for byte is named as that pin's instead of kept twice.
export interface PinSidecars {
  class: string
  system?: string
  tools?: string
  /** The scenarios that own the texts above (the pin itself, or the pin it names as source). */
  systemOwner: string
  toolsOwner: string
}

export interface ChosenHeader {
  class: string
  pin: boolean
  systemPromptSource?: string
  toolSchemasSource?: string
}

export function chooseHeaderClass(
  scenario: string,
  rendered: { system: string; tools: string },
  pins: readonly PinSidecars[],
): ChosenHeader {
  const same = pins.find((pin) => pin.system === rendered.system && pin.tools === rendered.tools)
  if (same) return { class: same.class, pin: false }
  const taken = new Set(pins.map((pin) => pin.class))
  let name = scenario
  for (let n = 2; taken.has(name); n++) name = `${scenario}-${n}`
  const systemPromptSource = pins.find((pin) => pin.system === rendered.system)?.systemOwner
  const toolSchemasSource = pins.find((pin) => pin.tools === rendered.tools)?.toolsOwner
  return {
    class: name,
    pin: true,
    ...(systemPromptSource ? { systemPromptSource } : {}),
    ...(toolSchemasSource ? { toolSchemasSource } : {}),
  }
}
