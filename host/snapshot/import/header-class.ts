// Which header class an imported scenario joins. Pure. A class whose pin holds the same system
// prompt and tool schemas as the session's requests is joined (its pin's sidecars then check the
// replay); otherwise the scenario is the pin of a class of its own, named after it.
export interface PinSidecars {
  class: string
  system?: string
  tools?: string
}

export function chooseHeaderClass(
  scenario: string,
  rendered: { system: string; tools: string },
  pins: readonly PinSidecars[],
): { class: string; pin: boolean } {
  const same = pins.find((pin) => pin.system === rendered.system && pin.tools === rendered.tools)
  if (same) return { class: same.class, pin: false }
  const taken = new Set(pins.map((pin) => pin.class))
  let name = scenario
  for (let n = 2; taken.has(name); n++) name = `${scenario}-${n}`
  return { class: name, pin: true }
}
