// Kilo CLI against the stand-in: `bun e2e/record/kilo.ts` re-records its fixtures. Kilo is
// built on OpenCode: the same config shape, screens and keys.

import { mkdirSync, writeFileSync } from "node:fs";
import type { StandIn } from "../standin/server.ts";
import { opencodeDriver, standInConfig } from "./opencode.ts";
import type { Scratch } from "./scratch.ts";
import type { AgentDriver, Launch } from "./session.ts";
import { recordMain } from "./walk.ts";

/** No auto-update, model list fetch, LSP download, sharing or telemetry. */
export const KILO_ENV = {
  KILO_DISABLE_AUTOUPDATE: "1",
  KILO_DISABLE_MODELS_FETCH: "1",
  KILO_DISABLE_LSP_DOWNLOAD: "1",
  KILO_DISABLE_SHARE: "1",
  KILO_TELEMETRY_LEVEL: "off",
};

export function prepareKilo(scratch: Scratch, standIn: StandIn): Launch {
  const dir = `${scratch.env.XDG_CONFIG_HOME}/kilo`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/kilo.json`, JSON.stringify(standInConfig(standIn), null, 2));
  return { argv: ["kilo"], env: KILO_ENV };
}

/** OpenCode's driver (screens, tools, keys) with Kilo's config; Esc on a permission asks
 * what to do instead, and Enter refuses without saying. */
export const kiloDriver: AgentDriver = {
  ...opencodeDriver,
  id: "kilo",
  prepare: prepareKilo,
  refuseKeys: ["Escape", "Enter"],
};

if (import.meta.main) await recordMain(kiloDriver);
