// The real agent CLIs, installed from npm into a gitignored cache (e2e/.agents/<id>) at
// pinned versions, so recordings and the real-agent e2e run the same builds everywhere.
// Re-pin here after `npm view <package> version`, then re-record (e2e/record/README.md).

import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

export const AGENTS_DIR = resolve(import.meta.dir, ".agents");

export type AgentId =
  | "claude"
  | "codex"
  | "opencode"
  | "gemini"
  | "qwen"
  | "pi"
  | "grok"
  | "continue"
  | "cline"
  | "kilo"
  | "copilot";

export interface AgentPackage {
  id: AgentId;
  pkg: string;
  version: string;
  /** The command npm links into node_modules/.bin. */
  bin: string;
}

export const AGENT_PACKAGES: Record<AgentId, AgentPackage> = {
  claude: { id: "claude", pkg: "@anthropic-ai/claude-code", version: "2.1.332", bin: "claude" },
  codex: { id: "codex", pkg: "@openai/codex", version: "0.171.0", bin: "codex" },
  opencode: { id: "opencode", pkg: "opencode-ai", version: "1.18.33", bin: "opencode" },
  gemini: { id: "gemini", pkg: "@google/gemini-cli", version: "0.61.0", bin: "gemini" },
  qwen: { id: "qwen", pkg: "@qwen-code/qwen-code", version: "0.24.4", bin: "qwen" },
  pi: { id: "pi", pkg: "@mariozechner/pi-coding-agent", version: "0.73.1", bin: "pi" },
  grok: { id: "grok", pkg: "@vibe-kit/grok-cli", version: "0.0.34", bin: "grok" },
  continue: { id: "continue", pkg: "@continuedev/cli", version: "1.5.47", bin: "cn" },
  cline: { id: "cline", pkg: "cline", version: "3.0.65", bin: "cline" },
  // 7.8.1 (newest) lacks its Linux binary package on the registry; 7.7.7 installs.
  kilo: { id: "kilo", pkg: "@kilocode/cli", version: "7.7.7", bin: "kilo" },
  copilot: { id: "copilot", pkg: "@github/copilot", version: "1.0.102", bin: "copilot" },
};

/** An install of the four packages is a few hundred MB each; bounded so CI cannot hang. */
const INSTALL_TIMEOUT_MS = 300_000;

export function agentPrefix(id: AgentId): string {
  return `${AGENTS_DIR}/${id}`;
}

export function agentBin(id: AgentId): string {
  return `${agentPrefix(id)}/node_modules/.bin/${AGENT_PACKAGES[id].bin}`;
}

/** The version installed in the cache, or undefined when it is not there. */
export function installedVersion(id: AgentId): string | undefined {
  const manifest = `${agentPrefix(id)}/node_modules/${AGENT_PACKAGES[id].pkg}/package.json`;
  if (!existsSync(manifest) || !existsSync(agentBin(id))) return undefined;
  return JSON.parse(readFileSync(manifest, "utf8")).version;
}

/** Install the pinned version unless it is already there; returns the binary's path. */
export async function ensureAgent(id: AgentId): Promise<string> {
  const { pkg, version } = AGENT_PACKAGES[id];
  if (installedVersion(id) === version) return agentBin(id);
  const proc = Bun.spawn(
    ["npm", "install", "--prefix", agentPrefix(id), "--no-audit", "--no-fund", `${pkg}@${version}`],
    { stdout: "pipe", stderr: "pipe", timeout: INSTALL_TIMEOUT_MS },
  );
  const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0 || installedVersion(id) !== version) {
    throw new Error(`npm install ${pkg}@${version} failed (exit ${code}): ${stderr.slice(-2000)}`);
  }
  return agentBin(id);
}

if (import.meta.main) {
  // `bun e2e/agents.ts [id…]` installs the named agents (all by default).
  const ids = (process.argv.slice(2) as AgentId[]).filter((id) => id in AGENT_PACKAGES);
  for (const id of ids.length > 0 ? ids : (Object.keys(AGENT_PACKAGES) as AgentId[])) {
    console.log(`${id}: ${await ensureAgent(id)} (${installedVersion(id)})`);
  }
}
