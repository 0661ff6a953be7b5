// The demo server `taw start` (npm start) opens when no tmux server runs: `tmux -L taw-demo`
// with one window per demo agent (scripts.ts) and a shell, made once and reused after.

import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stateDir } from "../paths.ts";
import { bunExecutable, PACKAGE_ROOT } from "../runtime.ts";
import { Tmux } from "../tmux/client.ts";
import { newName, optionValue, shellQuote, startDirectory, target } from "../tmux/escape.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import { DEMO_AGENTS } from "./scripts.ts";

export const DEMO_SOCKET_NAME = "taw-demo";
export const DEMO_SESSION = "demo";

const AGENT_ENTRY = join(PACKAGE_ROOT, "src", "demo", "agent.ts");

/** `<state>/demo/bin/<kind>`: executables named as the agents, running the demo agent. */
function installAgents(): string {
  const bin = join(stateDir(), "demo", "bin");
  mkdirSync(bin, { recursive: true });
  for (const kind of new Set(DEMO_AGENTS.map((agent) => agent.kind))) {
    const path = join(bin, kind);
    writeFileSync(path, `#!${bunExecutable()}\nawait import(${JSON.stringify(AGENT_ENTRY)});\n`);
    chmodSync(path, 0o755);
  }
  return bin;
}

async function hasDemoSession(tmux: Tmux): Promise<boolean> {
  return !(await tmux.tryRun(["has-session", "-t", `=${DEMO_SESSION}`])).error;
}

/** The demo server, made with its agents unless its session is already there. */
export async function ensureDemoServer(): Promise<{ tmux: Tmux; started: boolean }> {
  const tmux = new Tmux({ socketName: DEMO_SOCKET_NAME });
  if (await hasDemoSession(tmux)) return { tmux, started: false };
  const bin = installAgents();
  const home = startDirectory(process.env.HOME ?? "/");
  const sh = "sh";
  await tmux.run(["-f", "/dev/null", "new-session", "-d", "-s", DEMO_SESSION, "-n", "shell", "-c", home, sh]);
  await tmux.batch([
    ["set-option", "-g", "exit-empty", "off"],
    ...DEMO_AGENTS.flatMap((agent) => {
      const window = `${DEMO_SESSION}:${agent.name}`;
      const command = `${shellQuote(join(bin, agent.kind))} ${agent.name}`;
      return [
        ["new-window", "-d", "-t", `${DEMO_SESSION}:`, "-n", newName(agent.name), "-c", home, command],
        ["set-option", "-p", "-t", target(window), AGENT_OPTIONS.name, optionValue(agent.name)],
      ];
    }),
  ]);
  return { tmux, started: true };
}
