// The one place that bridges @agentclientprotocol/sdk's type entries, as plugins/config/cordis-compat.ts
// is for Cordis. The SDK ships its stable and unstable entries with separate declarations of the same
// runtime classes; TypeScript compares classes with private fields by declaration (SessionBuilder's
// `cx`), so the unstable client's connection cannot be typed as the stable one, though it is that object.
import type * as acp from '@agentclientprotocol/sdk'
import type * as unstable from '@agentclientprotocol/sdk/unstable'

/** The unstable entry's client connection as the stable entry declares it: the same runtime API. */
export function asStableConnection(connection: unstable.ClientConnection): acp.ClientConnection {
  return connection as unknown as acp.ClientConnection
}
