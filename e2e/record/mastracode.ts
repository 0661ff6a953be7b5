// Mastra Code against the stand-in, for the real-agent e2e of its integration
// (e2e/integration-mastracode.test.ts): installed from npm at a pinned version into the
// gitignored e2e/.agents/mastracode with --ignore-scripts (onnxruntime-node's install
// script downloads its library from GitHub; nothing run here needs it), the stand-in as a
// custom provider in its settings.json (under $XDG_DATA_HOME/mastracode), onboarding done,
// the stand-in model for every mode, and YOLO off so a tool asks for approval.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { AGENTS_DIR } from "../agents.ts";
import type { StandIn } from "../standin/server.ts";
import type { Scratch } from "./scratch.ts";
import type { Launch } from "./session.ts";

export const MASTRACODE = { pkg: "mastracode", version: "0.32.1" };
const PREFIX = `${AGENTS_DIR}/mastracode`;
export const MASTRACODE_BIN = `${PREFIX}/node_modules/.bin/mastracode`;
const INSTALL_TIMEOUT_MS = 300_000;

export function mastracodeVersion(): string | undefined {
  const manifest = `${PREFIX}/node_modules/${MASTRACODE.pkg}/package.json`;
  if (!existsSync(manifest) || !existsSync(MASTRACODE_BIN)) return undefined;
  return JSON.parse(readFileSync(manifest, "utf8")).version;
}

export async function ensureMastracode(): Promise<string> {
  if (mastracodeVersion() === MASTRACODE.version) return MASTRACODE_BIN;
  const spec = `${MASTRACODE.pkg}@${MASTRACODE.version}`;
  const proc = Bun.spawn(
    ["npm", "install", "--prefix", PREFIX, "--no-audit", "--no-fund", "--ignore-scripts", spec],
    { stdout: "pipe", stderr: "pipe", timeout: INSTALL_TIMEOUT_MS },
  );
  const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0 || mastracodeVersion() !== MASTRACODE.version)
    throw new Error(`npm install ${spec} failed (exit ${code}): ${stderr.slice(-2000)}`);
  return MASTRACODE_BIN;
}

export function prepareMastracode(scratch: Scratch, standIn: StandIn): Launch {
  const data = `${scratch.env.XDG_DATA_HOME}/mastracode`;
  mkdirSync(data, { recursive: true });
  mkdirSync(`${scratch.home}/.mastracode`, { recursive: true });
  const model = "standin/standin-model";
  const settings = {
    onboarding: { completedAt: new Date().toISOString(), version: 1, quietModePreferenceSelected: true },
    models: {
      modeDefaults: { build: model, plan: model, fast: model },
      subagentModels: { default: model },
      omModelOverride: model,
      observerModelOverride: model,
      reflectorModelOverride: model,
    },
    preferences: { yolo: false },
    customProviders: [
      { name: "standin", url: `${standIn.url}/v1`, apiKey: "dummy", models: ["standin-model"] },
    ],
  };
  writeFileSync(`${data}/settings.json`, JSON.stringify(settings, null, 2));
  return { argv: ["mastracode"], env: { PATH: `${dirname(MASTRACODE_BIN)}:${scratch.env.PATH}` } };
}
