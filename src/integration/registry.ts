// Every agent taw can install an integration for, in the order `taw integration list` shows.

import { claude } from "./claude.ts";
import { codex } from "./codex.ts";
import { copilot } from "./copilot.ts";
import { cursor } from "./cursor.ts";
import { droid } from "./droid.ts";
import { gemini } from "./gemini.ts";
import { kilo } from "./kilo.ts";
import { kimi } from "./kimi.ts";
import { letta } from "./letta.ts";
import { opencode } from "./opencode.ts";
import { pi } from "./pi.ts";
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
  kilo,
  kimi,
  cursor,
  droid,
  letta,
];

export const findIntegration = (id: string) => INTEGRATIONS.find((integration) => integration.id === id);
