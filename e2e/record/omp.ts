// oh-my-pi (omp) against the stand-in, for the real-agent e2e of its integration
// (e2e/integration-omp.test.ts): installed from npm at a pinned version into the gitignored
// e2e/.agents/omp, with a provider of its own in ~/.omp/agent/models.yml pointing at the
// stand-in, the stand-in model as its default role, and its setup wizard turned off.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { AGENTS_DIR } from "../agents.ts";
import type { StandIn } from "../standin/server.ts";
import type { Scratch } from "./scratch.ts";
import type { Launch } from "./session.ts";

/** 18.3.4 (newest) does not install: its @oh-my-pi/omp-stats@18.3.4 is not on the registry. */
export const OMP = { pkg: "@oh-my-pi/pi-coding-agent", version: "18.2.3" };
const PREFIX = `${AGENTS_DIR}/omp`;
export const OMP_BIN = `${PREFIX}/node_modules/.bin/omp`;
const INSTALL_TIMEOUT_MS = 300_000;

export function ompVersion(): string | undefined {
  const manifest = `${PREFIX}/node_modules/${OMP.pkg}/package.json`;
  if (!existsSync(manifest) || !existsSync(OMP_BIN)) return undefined;
  return JSON.parse(readFileSync(manifest, "utf8")).version;
}

/** Install the pinned omp unless it is there; answers its binary. */
export async function ensureOmp(): Promise<string> {
  if (ompVersion() === OMP.version) return OMP_BIN;
  const proc = Bun.spawn(
    ["npm", "install", "--prefix", PREFIX, "--no-audit", "--no-fund", `${OMP.pkg}@${OMP.version}`],
    { stdout: "pipe", stderr: "pipe", timeout: INSTALL_TIMEOUT_MS },
  );
  const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0 || ompVersion() !== OMP.version)
    throw new Error(`npm install ${OMP.pkg}@${OMP.version} failed (exit ${code}): ${stderr.slice(-2000)}`);
  return OMP_BIN;
}

/** omp's files in the scratch HOME; it runs under Bun (`#!/usr/bin/env bun`): this Bun first on PATH. */
export function prepareOmp(scratch: Scratch, standIn: StandIn, argv: string[] = ["omp"]): Launch {
  const dir = `${scratch.home}/.omp/agent`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    `${dir}/models.yml`,
    [
      "providers:",
      "  standin:",
      `    baseUrl: ${standIn.url}/v1`,
      "    api: openai-completions",
      "    apiKey: dummy",
      "    models:",
      "      - id: standin-model",
      "        name: Stand-in",
      "",
    ].join("\n"),
  );
  writeFileSync(
    `${dir}/config.yml`,
    "startup:\n  setupWizard: false\nmodelRoles:\n  default: standin/standin-model\n",
  );
  const path = `${dirname(OMP_BIN)}:${dirname(process.execPath)}:${scratch.env.PATH}`;
  return { argv, env: { PATH: path } };
}
