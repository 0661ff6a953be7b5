// Picture-in-picture on a real server: `taw pip <pane>` splits a strip in a corner of the
// window that runs `taw pip view`, takes no input and shows the pinned pane's title line and
// output live; it sleeps while that pane is quiet; pinning again replaces it; it closes with
// the pinned pane and with `taw pip --off`; [pip] sets its corner and height; the dashboard's
// P (here through `taw run pip`) pins the agent in the client's window and unpins it.

import { expect, test } from "bun:test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { attachedClient, type TestServer, useServers, waitFor } from "./harness.ts";
import { optionAgent } from "./option-agent.ts";

const start = useServers();
const TEST_MS = 40_000;

const agentPane = (s: TestServer, name: string) => optionAgent(s, { name, state: "working" });

const panes = async (s: TestServer, window: string) =>
  (
    await s.run(
      "list-panes",
      "-t",
      window,
      "-F",
      "#{pane_id} #{pane_top} #{pane_height} #{pane_input_off} #{@taw_pip}",
    )
  )
    .trim()
    .split("\n")
    .map((line) => line.split(" "));

/** CPU ticks the process has used (user + system). */
const cpuTicks = (pid: string) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return Number(fields[11]) + Number(fields[12]);
};

test(
  "taw pip: a live strip in a corner, quiet when the pane is, gone with it or with --off",
  async () => {
    const s = await start({ width: 120, height: 40 });
    const config = mkdtempSync(join(tmpdir(), "taw-pip-config-"));
    writeFileSync(join(config, "config.toml"), '[pip]\ncorner = "top-left"\nheight = 8\n');
    const env = { TAW_CONFIG_DIR: config };
    const alpha = await agentPane(s, "alpha");

    const pinned = await s.taw(["pip", alpha, "--window", "main:0", "--json"], env);
    expect(pinned.code).toBe(0);
    const pip = pinned.json?.result.pip as string;
    const listed = await panes(s, "main:0");
    expect(listed).toContainEqual([pip, "0", "8", "1", alpha]); // top, 8 rows, input off, marked
    const shows = (check: (text: string) => boolean, what: string) =>
      waitFor(
        async () => {
          const text = await s.run("capture-pane", "-p", "-t", pip);
          return check(text) ? text : undefined;
        },
        10_000,
        what,
      );
    await shows((t) => t.includes("alpha") && t.includes("working"), "the title line");

    await s.run("send-keys", "-t", alpha, "echo PIP-SEES-THIS", "Enter");
    await shows((t) => t.includes("PIP-SEES-THIS"), "the pinned pane's output");

    // Quiet pane, quiet strip: its viewer takes (almost) no CPU for two seconds.
    const viewer = (await s.run("display-message", "-p", "-t", pip, "#{pane_pid}")).trim();
    const pid = (await Bun.$`pgrep -P ${viewer}`.nothrow().text()).trim().split("\n")[0] || viewer;
    const before = cpuTicks(pid);
    await Bun.sleep(2000);
    expect(cpuTicks(pid) - before).toBeLessThanOrEqual(2);

    // Pinning again replaces the strip: one per window.
    const bravo = await agentPane(s, "bravo");
    const again = await s.taw(["pip", bravo, "--window", "main:0", "--json"], env);
    expect(again.code).toBe(0);
    const strips = (await panes(s, "main:0")).filter((p) => p[4]);
    expect(strips.map((p) => p[4])).toEqual([bravo]);

    // The pinned pane closes: so does its strip.
    await s.run("kill-pane", "-t", bravo);
    await waitFor(async () => (await panes(s, "main:0")).length === 1 || undefined, 10_000, "the strip gone");

    // --off, and the pinned pane's output no longer piped anywhere.
    await s.taw(["pip", alpha, "--window", "main:0"], env);
    const off = await s.taw(["pip", "--off", "--window", "main:0", "--json"], env);
    expect(off.json?.result.closed).toHaveLength(1);
    expect((await panes(s, "main:0")).length).toBe(1);
    await waitFor(
      async () =>
        (await s.run("display-message", "-p", "-t", alpha, "#{pane_pipe}")).trim() === "0" || undefined,
      5000,
      "the pipe closed",
    );

    // Refusals: the pane's own window; no pane; a pane that is not there.
    expect((await s.taw(["pip", alpha, "--window", alpha])).stderr).toContain("in that window already");
    expect((await s.taw(["pip", "--window", "main:0"])).code).toBe(2);
    expect((await s.taw(["pip", "%999", "--window", "main:0"])).code).toBe(3);
  },
  TEST_MS,
);

test(
  "P (taw run pip): the agent pinned in the client's window, and unpinned",
  async () => {
    const s = await start({ session: "main" });
    const alpha = await agentPane(s, "alpha");
    await attachedClient(start, s);
    const client = (await s.run("list-clients", "-F", "#{client_name}")).trim();
    const window = (await s.run("display-message", "-p", "-c", client, "#{window_id}")).trim();
    const on = await s.taw(["run", "pip", "--agent", "alpha", "--client", client, "--json"]);
    // It says where the picture went: the corner, the window's public id and its place.
    const sessionId = (await s.run("display-message", "-p", "-t", window, "#{session_id}")).trim();
    const publicWindow = `w${sessionId.slice(1)}:t${window.slice(1)}`;
    expect(on.json?.result.message).toContain(
      `pinned alpha in the bottom-right corner of window ${publicWindow} (main:0 `,
    );
    expect((await panes(s, window)).map((p) => p[4]).filter(Boolean)).toEqual([alpha]);
    const off = await s.taw(["run", "pip", "--agent", "alpha", "--client", client, "--json"]);
    expect(off.json?.result.message).toBe("unpinned alpha");
    expect((await panes(s, window)).map((p) => p[4]).filter(Boolean)).toEqual([]);
  },
  TEST_MS,
);
