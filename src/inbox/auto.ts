// The auto-approver, hosted by the engine: when an agent becomes blocked and [inbox]
// auto_approve has patterns (none by default), its prompt is read and, if the risk rules
// mark it auto (an auto_approve match and no never_approve match), approved through the
// same answer path as the Inbox's key. Every auto-approval is appended to
// <state>/inbox.log and notified on every attached client.

import { appendFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadConfig } from "../config/load.ts";
import { deliveriesFor, deliverText } from "../notify/deliver.ts";
import { readTmuxNow } from "../notify/read.ts";
import { stateDir } from "../paths.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { answerAgent } from "./answer.ts";
import { PromptReader } from "./read.ts";
import { classify, compileRiskRules } from "./risk.ts";

/** Let the prompt finish drawing before it is read. */
const SETTLE_MS = 300;

interface BlockedEvent {
  kind: string;
  tmux_id: string;
  pane: string;
  agent: string | null;
  to: string | null;
}

interface Subscribable {
  subscribe(listener: (snapshot: unknown, events: BlockedEvent[]) => void): () => unknown;
}

export const inboxLogFile = (env: Record<string, string | undefined> = process.env) =>
  join(stateDir(env), "inbox.log");

export function attachAutoApprove(
  engine: Subscribable,
  tmux: Tmux,
  env: Record<string, string | undefined> = process.env,
  log: (message: string) => void = () => {},
): () => void {
  const reader = new PromptReader();
  const busy = new Set<string>();
  const unsubscribe = engine.subscribe((_snapshot, events) => {
    for (const event of events) {
      if (event.kind !== "pane.agent_status_changed" || event.to !== "blocked" || !event.agent) continue;
      if (busy.has(event.tmux_id)) continue;
      busy.add(event.tmux_id);
      void consider(event)
        .catch((error) => log(`inbox: auto-approve of ${event.pane} skipped: ${(error as Error).message}`))
        .finally(() => busy.delete(event.tmux_id));
    }
  });

  async function consider(event: BlockedEvent): Promise<void> {
    // Read per event: config.toml edits apply to the next prompt, and nothing is read when off.
    const config = loadConfig(env).config;
    if (config.inbox.auto_approve.length === 0) return;
    const rules = compileRiskRules(config.inbox);
    await Bun.sleep(SETTLE_MS);
    const read = await reader.read(tmux, event.tmux_id, event.agent as string);
    if (!read?.prompt || !read.promptId) {
      log(`inbox: ${event.pane} is blocked on a prompt taw cannot read; not auto-approved`);
      return;
    }
    const path = (
      await tmux.run(["display-message", "-p", "-t", target(event.tmux_id), "#{pane_path}"])
    ).trim();
    const risk = classify(read.prompt, path, rules);
    if (risk.level !== "auto") return;
    const result = await answerAgent(
      tmux,
      reader,
      event.tmux_id,
      { kind: "approve" },
      {
        rules,
        auto: true,
        expect: read.promptId,
      },
    );
    const line = `taw approved ${result.ask} for ${result.label} (auto_approve)`;
    const { clients } = await readTmuxNow(tmux);
    const delivered = await deliverText(
      tmux,
      config.notify,
      deliveriesFor(config.notify, event.agent as string),
      { title: "taw approved a command", body: `${result.label}: ${result.ask}`, line },
      clients,
    );
    const file = inboxLogFile(env);
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(
      file,
      `${JSON.stringify({
        at: new Date().toISOString(),
        action: "auto_approve",
        pane: result.pane_id,
        agent: event.agent,
        command: result.ask,
        reason: risk.reason,
        typed: result.typed,
        left: result.left,
        notified_clients: delivered.tmuxMessage,
      })}\n`,
    );
    log(`inbox: ${line}`);
  }

  return () => {
    unsubscribe();
  };
}
