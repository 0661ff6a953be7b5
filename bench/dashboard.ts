// The dashboard's speed on real tmux servers of 10, 50, 200 and 500 panes (every one an
// agent): cold start to the first frame with content (in a pane, and through `taw popup` on
// an attached client), keypress to redraw (`?` opening and closing the help, timed over a
// control-mode connection: keys pressed from the first full frame on, while the dashboard
// still starts its reads, then again once it has settled), the cost of one frame when one
// agent changes (React + layout + the native frame, in-process), and the dashboard's RSS
// (read after both sets of keys).
// Prints figures, then a `summary` line per size for scripts comparing commits; asserts
// nothing.  Run: bun bench/dashboard.ts [rounds]

import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { testRender } from "@opentui/react/test-utils";
import { act, createElement } from "react";
import { App } from "../src/app/App.tsx";
import type { ActionContext } from "../src/app/actions.ts";
import { createDashStore, setSnapshot } from "../src/app/store.ts";
import { popupKeyCommand } from "../src/cli/dashboard.ts";
import { COMPILED_TAW, DASHBOARD_ENTRY_WORD } from "../src/compiled/place.ts";
import { TAW_BIN } from "../src/paths.ts";
import type { Tmux } from "../src/tmux/client.ts";
import { takeSnapshot } from "../src/tmux/server.ts";
import { VERSION } from "../src/version.ts";
import { formatClaim, thisHost } from "../src/watch/claim.ts";
import { benchServer, killServer, memoryOf, ms, percentile } from "./servers.ts";

const ROUNDS = Number(process.argv[2] ?? 5);
/** How long the dashboard is left alone for its figures at rest. */
const REST_S = 10;
/** After the first keys, before the settled ones: the dashboard's start-up reads are over. */
const SETTLE_MS = 500;
const ROOT = resolve(import.meta.dir, "..");
/** What the popup runs (src/cli/dashboard.ts): the launcher's light entry. */
const DASHBOARD = `${TAW_BIN} ${DASHBOARD_ENTRY_WORD}`;
const STATES = ["working", "idle", "blocked", "done"];
const POLL_MS = 5;
const WIDTH = 160;
const HEIGHT = 45;
/** A real terminal's frame: with the preview, at a common size. */
const FRAME = { width: WIDTH, height: HEIGHT };

async function makeAgents(tmux: Tmux): Promise<void> {
  const snapshot = await takeSnapshot(tmux);
  const now = Math.floor(Date.now() / 1000);
  const commands = [...snapshot.panes.keys()].flatMap((id, index) => [
    ["set-option", "-p", "-t", id, "@agent_kind", index % 2 ? "codex" : "claude"],
    ["set-option", "-p", "-t", id, "@agent_state", STATES[index % STATES.length] as string],
    ["set-option", "-p", "-t", id, "@agent_state_since", String(now - index * 7)],
  ]);
  // This process claims the server: the dashboard reads the options instead of hosting an
  // engine that would find no agent processes and clear them.
  commands.push([
    "set-option",
    "-g",
    "@agent_wizard_engine",
    formatClaim(process.pid, thisHost(), Date.now(), VERSION),
  ]);
  await tmux.batch(commands);
}

async function waitForScreen(tmux: Tmux, pane: string, check: (text: string) => boolean, limitMs = 15_000) {
  const deadline = performance.now() + limitMs;
  let text = "";
  while (performance.now() < deadline) {
    text = await tmux.run(["capture-pane", "-p", "-t", pane]);
    if (check(text)) return text;
    await Bun.sleep(POLL_MS);
  }
  throw new Error(`the dashboard did not draw in time; the pane shows:\n${text}`);
}

const hasRows = (text: string) => /Agents \d+/.test(text) && /[⏸✓⏵·] (claude|codex)/.test(text);
/** The dashboard itself is up (keys answered by it): the list and preview boxes side by side,
 * which the splash (rows painted before OpenTUI loads) does not draw. */
const isReady = (text: string) => hasRows(text) && text.includes("╮╭");

/** `?` opens the help and closes it again: a redraw that touches no tmux state. The key and
 * every look at the screen go over one control-mode connection, so no tmux process starts
 * between the key and the frame: what is timed is the dashboard (a look costs ~0.3 ms). */
async function keyFigures(fast: Tmux, pane: string): Promise<number[]> {
  const screen = async () => (await fast.batch([["capture-pane", "-p", "-t", pane]]))[0]?.output ?? "";
  const times: number[] = [];
  for (let press = 0; press < 6; press++) {
    const open = press % 2 === 0;
    const pressed = performance.now();
    await fast.batch([["send-keys", "-t", pane, "?"]]);
    // The help's title: "keys — Esc closes", or "keys 1–19 of 107 — …, Esc closes" when it scrolls.
    while ((await screen()).includes("Esc closes") !== open) {
      if (performance.now() - pressed > 5000) throw new Error("the help did not toggle");
    }
    times.push(performance.now() - pressed);
  }
  return times;
}

/** A process's CPU time so far, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "latin1").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A reading dashboard left alone for REST_S seconds: its own CPU and the tmux server's. */
async function restFigures(tmux: Tmux, dashboardPid: number): Promise<{ own: number; server: number }> {
  const serverPid = Number((await tmux.run(["display-message", "-p", "#{pid}"])).trim());
  const [own, server] = [cpuMs(dashboardPid), cpuMs(serverPid)];
  await Bun.sleep(REST_S * 1000);
  const percent = (ms: number) => (ms / (REST_S * 1000)) * 100;
  return { own: percent(cpuMs(dashboardPid) - own), server: percent(cpuMs(serverPid) - server) };
}

/** Cold start in a pane; then key round trips; then the process's RSS and its cost at rest. */
async function paneFigures(tmux: Tmux) {
  const fast = tmux.withControl();
  let rest = { own: 0, server: 0 };
  const starts: number[] = [];
  const ready: number[] = [];
  const keys: number[] = [];
  const settledKeys: number[] = [];
  let memory = { rss: 0, anon: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const pane = (
      await tmux.run(["new-window", "-d", "-t", "dash:", "-P", "-F", "#{pane_id}", "sh", "-c", "exec sh"])
    ).trim();
    // As the popup starts it.
    const line = `exec ${DASHBOARD} -L ${tmux.server.socketName}`;
    const started = performance.now();
    await tmux.run(["send-keys", "-t", pane, "-l", line]);
    await tmux.run(["send-keys", "-t", pane, "Enter"]);
    await waitForScreen(tmux, pane, hasRows);
    starts.push(performance.now() - started);
    await waitForScreen(tmux, pane, isReady);
    ready.push(performance.now() - started);
    keys.push(...(await keyFigures(fast, pane)));
    await Bun.sleep(SETTLE_MS);
    settledKeys.push(...(await keyFigures(fast, pane)));
    const pid = Number((await tmux.run(["display-message", "-p", "-t", pane, "#{pane_pid}"])).trim());
    const now = memoryOf(pid);
    if (now.rss > memory.rss) memory = now;
    if (round === 0) rest = await restFigures(tmux, pid);
    await tmux.run(["send-keys", "-t", pane, "q"]);
    await Bun.sleep(300);
  }
  fast.close();
  return { starts, ready, keys, settledKeys, memory, rest };
}

/** In-process: one agent changes state, the frame is rebuilt. */
async function frameFigures(tmux: Tmux) {
  const snapshot = await takeSnapshot(tmux);
  const store = createDashStore({ engine: "reading" });
  const ctx: ActionContext = { store, tmux, quit: () => {} };
  setSnapshot(store, snapshot);
  const setup = await testRender(createElement(App, { ctx }), FRAME);
  await setup.renderOnce();
  const times: number[] = [];
  const [first] = snapshot.panes.values();
  for (let round = 0; round < 30; round++) {
    if (!first) break;
    first.agent.state = STATES[round % STATES.length] as string;
    first.agent.stateSince = String(Math.floor(Date.now() / 1000) - round);
    const start = performance.now();
    act(() => setSnapshot(store, { ...snapshot, takenAt: Date.now() }));
    await setup.renderOnce();
    times.push(performance.now() - start);
  }
  act(() => setup.renderer.destroy());
  return times;
}

/** `taw popup` on a client attached inside an outer server's pane, to the first frame with rows. */
async function popupFigures(tmux: Tmux) {
  const outer = await benchServer(1, `taw-bench-outer-${process.pid}`);
  const times: number[] = [];
  const keyTimes: number[] = [];
  const keyReady: number[] = [];
  try {
    await outer.run([
      "respawn-pane",
      "-k",
      "-t",
      "bench:w0",
      `tmux -L ${tmux.server.socketName} attach -t dash`,
    ]);
    let client = "";
    for (let tries = 0; tries < 100 && !client; tries++) {
      client = (await tmux.run(["list-clients", "-F", "#{client_name}"])).trim().split("\n")[0] ?? "";
      if (!client) await Bun.sleep(50);
    }
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const popup = Bun.spawn(
        [`${ROOT}/bin/taw`, "popup", "-L", tmux.server.socketName as string, "--client", client],
        { stdin: "ignore", stdout: "ignore", stderr: "ignore" },
      );
      await waitForScreen(outer, "bench:w0", (text) => text.includes("taw popup") && hasRows(text));
      times.push(performance.now() - started);
      await outer.run(["send-keys", "-t", "bench:w0", "q"]);
      await popup.exited;
    }
    // The plugin's key: prefix A has tmux itself run display-popup (run-shell -C), no process
    // before the popup's own. Against the earlier binding (a shell running the tmux client),
    // 16 interleaved presses: first rows p50 79 -> 66 ms, dashboard ready 221 -> 210 ms.
    await tmux.run(["bind-key", "-T", "prefix", "A", "run-shell", "-C", popupKeyCommand()]);
    await waitForScreen(outer, "bench:w0", (text) => !text.includes("taw popup"));
    for (let round = 0; round < ROUNDS; round++) {
      // A key sent the moment a popup has closed can be lost on the nested client: a person
      // presses it later than that.
      await Bun.sleep(500);
      const started = performance.now();
      await outer.run(["send-keys", "-t", "bench:w0", "C-b", "A"]);
      await waitForScreen(outer, "bench:w0", (text) => text.includes("taw popup") && hasRows(text));
      keyTimes.push(performance.now() - started);
      await waitForScreen(outer, "bench:w0", (text) => text.includes("taw popup") && isReady(text));
      keyReady.push(performance.now() - started);
      await outer.run(["send-keys", "-t", "bench:w0", "q"]);
      await waitForScreen(outer, "bench:w0", (text) => !text.includes("taw popup"));
    }
  } finally {
    await killServer(outer);
  }
  return { verb: times, key: keyTimes, keyReady };
}

console.log(
  `taw bench/dashboard: ${ROUNDS} rounds per size, ${WIDTH}×${HEIGHT}, ${existsSync(COMPILED_TAW) ? "compiled taw" : "from the sources"}, load ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`,
);
console.log(
  "panes  first frame p50  p95        ready p50   p95        key→redraw p50  p95   settled p50        frame p50   p95        RSS (anon)   at rest: cpu% (tmux server%)",
);
const summaries: string[] = [];
const fixed = (value: number) => value.toFixed(1);
for (const size of [10, 50, 200, 500]) {
  const tmux = await benchServer(size);
  try {
    await tmux.run(["new-session", "-d", "-s", "dash", "-x", String(WIDTH), "-y", String(HEIGHT), "sh"]);
    await makeAgents(tmux);
    const pane = await paneFigures(tmux);
    const frames = await frameFigures(tmux);
    console.log(
      [
        String(size).padStart(5),
        ms(percentile(pane.starts, 50)).padStart(15),
        ms(percentile(pane.starts, 95)).padStart(11),
        ms(percentile(pane.ready, 50)).padStart(12),
        ms(percentile(pane.ready, 95)).padStart(11),
        ms(percentile(pane.keys, 50)).padStart(15),
        ms(percentile(pane.keys, 95)).padStart(11),
        ms(percentile(pane.settledKeys, 50)).padStart(14),
        ms(percentile(frames, 50)).padStart(11),
        ms(percentile(frames, 95)).padStart(11),
        `${pane.memory.rss.toFixed(0)} (${pane.memory.anon.toFixed(0)}) MB`.padStart(13),
        `${pane.rest.own.toFixed(2)} (${pane.rest.server.toFixed(2)})`.padStart(20),
      ].join(""),
    );
    let summary = [
      `summary panes=${size}`,
      `first_frame_p50_ms=${fixed(percentile(pane.starts, 50))}`,
      `ready_p50_ms=${fixed(percentile(pane.ready, 50))}`,
      `key_redraw_p50_ms=${fixed(percentile(pane.keys, 50))}`,
      `key_redraw_settled_p50_ms=${fixed(percentile(pane.settledKeys, 50))}`,
      `frame_p50_ms=${fixed(percentile(frames, 50))}`,
      `rss_mb=${fixed(pane.memory.rss)}`,
      `anon_mb=${fixed(pane.memory.anon)}`,
      `rest_cpu=${pane.rest.own.toFixed(2)}`,
      `rest_tmux_server_cpu=${pane.rest.server.toFixed(2)}`,
    ].join(" ");
    if (size === 10) {
      const popup = await popupFigures(tmux);
      summary += ` prefix_a_rows_p50_ms=${fixed(percentile(popup.key, 50))} prefix_a_ready_p50_ms=${fixed(percentile(popup.keyReady, 50))}`;
      console.log(
        `       taw popup → first frame with rows: p50 ${ms(percentile(popup.verb, 50))}, p95 ${ms(percentile(popup.verb, 95))}`,
      );
      console.log(
        `       prefix A (the plugin's key) → first frame with rows: p50 ${ms(percentile(popup.key, 50))}, p95 ${ms(percentile(popup.key, 95))}`,
      );
      console.log(
        `       prefix A → dashboard ready (OpenTUI frame): p50 ${ms(percentile(popup.keyReady, 50))}, p95 ${ms(percentile(popup.keyReady, 95))}`,
      );
    }
    summaries.push(summary);
  } finally {
    await killServer(tmux);
  }
}
for (const line of summaries) console.log(line);
console.log(
  "first frame: from the command line typed to rows on screen (capture-pane every 5 ms); ready: to the dashboard's own frame.",
);
process.exit(0);
