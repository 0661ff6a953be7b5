import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installFakeAgent } from "./e2e/fake-agent/install.ts";
import { Tmux } from "./src/tmux/client.ts";
import { buildBatchArgv } from "./src/tmux/batch.ts";
import { readCommands, takeRead } from "./src/watch/reads.ts";
import { loadManifests } from "./src/detect/manifest.ts";
import { evaluate } from "./src/detect/engine.ts";

const scratch = mkdtempSync(join(tmpdir(), "zz-phase-"));
const agentPath = installFakeAgent(join(scratch, "agents"), "claude");
const tmux = new Tmux({ socketName: `zz-phase-${process.pid}` });
Bun.spawnSync(["tmux", ...tmux.serverArgs(), "-f", "/dev/null", "new-session", "-d", "-s", "bench", "-x", "200", "-y", "50", "sh"]);
const cmds: string[][] = [["set-option", "-g", "exit-empty", "off"]];
for (let i = 0; i < 10; i++) cmds.push(["new-window", "-d", "-t", "bench:", agentPath]);
for (let i = 0; i < 8; i++) { cmds.push(["new-window", "-d", "-t", "bench:", "sh"]); for (let j = 0; j < 4; j++) cmds.push(["split-window", "-d", "-t", "bench:", "sh"]); }
await tmux.batch(cmds);
await Bun.sleep(2000);
const listing = await tmux.run(["list-panes", "-a", "-F", "#{pane_id} #{window_id} #{pane_current_command}"]);
const rows = listing.trim().split("\n").map((l) => l.split(" "));
const agents = rows.filter((r) => r[2] !== "sh");
for (const [p] of agents) await tmux.batch([["send-keys", "-t", p!, "-l", "working"], ["send-keys", "-t", p!, "Enter"]]);
await Bun.sleep(1000);
for (const [p] of agents) await tmux.batch([["send-keys", "-t", p!, "-l", "redraw on"], ["send-keys", "-t", p!, "Enter"]]);
await Bun.sleep(1000);
const scope = new Set(agents.map((r) => r[1]!));
const captures = agents.map((r) => ({ paneId: r[0]!, sinceSecond: 0 }));
const plainCmds = readCommands(scope, []).concat(captures.map((c) => ["capture-pane", "-p", "-t", c.paneId]));
const argvPlain = ["tmux", ...tmux.serverArgs(), ...buildBatchArgv(plainCmds, "abcdefgh")];
const argvProbe = ["tmux", ...tmux.serverArgs(), ...buildBatchArgv(readCommands(scope, []).slice(0,3), "abcdefgh")];
const argv = ["tmux", ...tmux.serverArgs(), ...buildBatchArgv(readCommands(scope, captures), "abcdefgh")];
const N = 300;
const serverPid = Number((await tmux.run(["display-message", "-p", "#{pid}"])).trim());
const ticks = (pid: string) => { const f = require("node:fs").readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return [Number(f[11]) + Number(f[12]), Number(f[13]) + Number(f[14])]; };
async function kids(name: string, env: Record<string, string | undefined>, argv0 = argv) {
  const a = ticks("self"); const s0 = ticks(String(serverPid));
  for (let i = 0; i < N; i++) Bun.spawnSync(argv0, { stdout: "pipe", stderr: "pipe", env });
  const b = ticks("self"); const s1 = ticks(String(serverPid));
  console.log(name.padEnd(22), "client", ((b[1]! - a[1]!) * 10 / N).toFixed(2), "ms  server", ((s1[0]! - s0[0]!) * 10 / N).toFixed(2), "ms per read");
}
async function cpu(name: string, f: () => Promise<unknown> | unknown) {
  const u0 = process.cpuUsage(); const t0 = performance.now();
  for (let i = 0; i < N; i++) await f();
  const u = process.cpuUsage(u0);
  console.log(name.padEnd(22), ((u.user + u.system) / N / 1000).toFixed(3), "ms cpu", ((performance.now() - t0) / N).toFixed(2), "ms wall");
}
let out = "";
for (let r = 0; r < 2; r++) {
await cpu("spawn ignore", async () => { const p = Bun.spawn(argv, { stdout: "ignore", stderr: "ignore", stdin: "ignore" }); await p.exited; });
await cpu("spawn raw text", async () => { const p = Bun.spawn(argv, { stdout: "pipe", stderr: "pipe", stdin: "ignore", env: process.env }); out = await new Response(p.stdout).text(); await new Response(p.stderr).text(); await p.exited; });
await cpu("spawnSync", () => { out = Bun.spawnSync(argv, { stdout: "pipe", stderr: "pipe" }).stdout.toString(); });
await cpu("takeRead", async () => { await takeRead(tmux, scope, captures, true); });
}
console.log("output bytes", out.length, "env vars", Object.keys(process.env).length);
for (let r = 0; r < 3; r++) {
await kids("if-shell", process.env);
await kids("plain capture", process.env, argvPlain);
await kids("probe only", process.env, argvProbe);
await kids("display", process.env, ["tmux", ...tmux.serverArgs(), "display", "-p", "hi"]);
}
async function paced(name: string, f: () => Promise<unknown> | unknown, n = 40) {
  const u0 = process.cpuUsage();
  for (let i = 0; i < n; i++) { await f(); await Bun.sleep(300); }
  const u = process.cpuUsage(u0);
  console.log(name.padEnd(22), ((u.user + u.system) / n / 1000).toFixed(3), "ms cpu per paced call (incl. sleep wake)");
}
// await paced("sleep only", () => {});
// await paced("takeRead paced", async () => { await takeRead(tmux, scope, captures, true); });
// await paced("spawn raw paced", async () => { const p = Bun.spawn(argv, { stdout: "pipe", stderr: "pipe", stdin: "ignore", env: process.env }); out = await new Response(p.stdout).text(); await new Response(p.stderr).text(); await p.exited; });
// await paced("spawnSync paced", () => { out = Bun.spawnSync(argv, { stdout: "pipe", stderr: "pipe" }).stdout.toString(); });
const read = await takeRead(tmux, scope, captures, true);
const manifest = loadManifests().get("claude")!;
const screens = [...read.screens.values()];
console.log("screens", screens.length, screens.map((s) => s.length).join(","));
await cpu("evaluate x10", () => { for (const s of screens) evaluate(manifest, { screen: s, title: "" }); });
await tmux.tryRun(["kill-server"]);
