// Every agent taw can install an integration for, in the order `taw integration list` shows.

import { antigravity } from "./antigravity.ts";
import { claude } from "./claude.ts";
import { codex } from "./codex.ts";
import { copilot } from "./copilot.ts";
import { cursor } from "./cursor.ts";
import { devin } from "./devin.ts";
import { droid } from "./droid.ts";
import { gemini } from "./gemini.ts";
import { grok } from "./grok.ts";
import { hermes } from "./hermes.ts";
import { kilo } from "./kilo.ts";
import { kimi } from "./kimi.ts";
import { letta } from "./letta.ts";
import { mastracode } from "./mastracode.ts";
import { omp } from "./omp.ts";
import { opencode } from "./opencode.ts";
import { pi } from "./pi.ts";
import { qodercli } from "./qodercli.ts";
import { qwen } from "./qwen.ts";
import type { Integration } from "./types.ts";

export const INTEGRATIONS: Integration[] = [
  claude,
  codex,
  gemini,
  opencode,
  copilot,
  qwen,
  pi,
  omp,
  mastracode,
  kilo,
  kimi,
  cursor,
  droid,
  letta,
  hermes,
  grok,
  devin,
  antigravity,
  qodercli,
];

/** herdr's names for the same agents (`herdr integration install antigravity_cli` reaches
 * taw's verb unchanged), and the agent's own command. */
const ALIASES: Record<string, string> = { antigravity_cli: "antigravity", agy: "antigravity" };

export const findIntegration = (id: string) =>
  INTEGRATIONS.find((integration) => integration.id === (ALIASES[id] ?? id));
