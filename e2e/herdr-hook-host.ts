// A stand-in for the agent that loads one of herdr's plugin-form hooks (pi's and omp's
// extensions, opencode's and kilo's plugins, opencode's TUI plugin), fetched from herdr's
// sources into a temp folder (e2e/herdr-hook-capture.ts): it loads the hook as its agent does,
// drives it through the entry's `steps` with the agent's event and context shapes, then lives
// on <linger ms> as the agent would, so the state the hook reported stays its pane's. Usage:
// bun herdr-hook-host.ts <hook module> <entry.json (a HookSpec)> <linger ms>.

import type { HookSpec, Step } from "./herdr-hook-capture.ts";

type Handler = (event: unknown, context?: unknown) => unknown;

const [module, entryFile, linger] = process.argv.slice(2) as [string, string, string];
const entry = (await Bun.file(entryFile).json()) as HookSpec;
const loaded = await import(module);

const contextOf = (ctx: Step["ctx"] = {}) => ({
  mode: ctx.mode ?? "tui",
  hasUI: ctx.hasUI ?? true,
  isIdle: () => ctx.idle ?? true,
  sessionManager: { getSessionFile: () => undefined, getSessionId: () => ctx.sessionId },
});

if (entry.host === "extension") {
  const handlers = new Map<string, Handler>();
  loaded.default({ on: (name: string, h: Handler) => handlers.set(name, h), events: { on: () => () => {} } });
  for (const step of entry.steps ?? []) await handlers.get(step.on)?.(step.event ?? {}, contextOf(step.ctx));
} else if (entry.host === "plugin") {
  const hooks = (await loaded.HerdrAgentStatePlugin()) as Record<string, Handler>;
  for (const step of entry.steps ?? []) await hooks[step.on]?.(step.event);
} else {
  await loaded.default.tui({
    route: { current: { name: "session", params: { sessionID: entry.route } } },
    state: { session: { get: (id: string) => ({ id }) } },
    lifecycle: { onDispose: () => {} },
  });
}
console.log(`${entry.target}: hooked`);
// The agent lives on: a reporter that is gone gives its pane back.
await Bun.sleep(Number(linger));
