// The scratch terminal on a real client: shown in a popup, hidden, shown again with the same
// shell and its history; its holder session stays out of taw tree.

import { expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { screenShows } from "./dashboard-helpers.ts";
import { attachedClient, spawnTaw, type TestServer, useServers, waitFor } from "./harness.ts";

const start = useServers();

const clients = async (s: TestServer) =>
  (await s.run("list-clients", "-F", "#{client_name}\t#{client_session}"))
    .trim()
    .split("\n")
    .map((l) => l.split("\t"));

test("scratch toggled twice keeps its shell and history", async () => {
  const inner = await start({ session: "main" });
  await inner.run("set-option", "-g", "default-shell", "/bin/sh");
  const outer = await attachedClient(start, inner, { width: 100, height: 30 });
  const view = "main:0.0";
  const client = (await clients(inner))[0]?.[0] ?? "";

  const show = () =>
    spawnTaw(["scratch", "--client", client, "--width", "60", "--height", "12"], inner.env());
  let shown = show();
  const popupClient = await waitFor(
    async () => (await clients(inner)).find(([, session]) => session?.startsWith("_taw_scratch_"))?.[0],
    10_000,
    "the popup's client on the holder",
  );
  const holder = (await clients(inner)).find(([name]) => name === popupClient)?.[1] ?? "";
  const shellPid = (await inner.run("display-message", "-p", "-t", `=${holder}:`, "#{pane_pid}")).trim();
  // Type once the shell has drawn its prompt, as a person would.
  await waitFor(
    async () => (await inner.run("capture-pane", "-p", "-t", `=${holder}:`)).trim() !== "",
    10_000,
    "the scratch shell's prompt",
  );
  await outer.run("send-keys", "-t", view, "-l", "echo scratch-$((6*7))");
  await outer.run("send-keys", "-t", view, "Enter");
  await screenShows(
    outer,
    view,
    (s) => /^\s*scratch-42/m.test(s.replace(/[│]/g, " ")),
    "the command's output in the popup",
  );

  // The holder is taw's own: not in tree.
  const tree = await inner.taw(["tree", "--json"]);
  expect(tree.json?.result.workspaces.map((w: { name: string }) => w.name)).toEqual(["main"]);

  // Toggle from inside the popup hides it; the shell keeps running.
  const hide = await inner.taw(["scratch", "--client", popupClient, "--json"]);
  expect(hide.json?.result.state).toBe("hidden");
  expect(await shown.exited).toBe(0);
  await screenShows(outer, view, (s) => !s.includes("scratch-42"), "the popup gone");
  expect((await inner.run("display-message", "-p", "-t", `=${holder}:`, "#{pane_pid}")).trim()).toBe(
    shellPid,
  );

  // Shown again: the same shell, its history on screen.
  shown = show();
  await screenShows(outer, view, (s) => s.includes("scratch-42"), "the history back in the popup");
  const again = await waitFor(
    async () => (await clients(inner)).find(([, session]) => session === holder)?.[0],
    10_000,
    "the popup again",
  );
  expect((await inner.taw(["scratch", "--client", again])).code).toBe(0);
  expect(await shown.exited).toBe(0);
}, 40_000);

test("a [scratch.entries] entry: its own holder runs its command, at its own size, from config.toml", async () => {
  const inner = await start({ session: "main" });
  await inner.run("set-option", "-g", "default-shell", "/bin/sh");
  const outer = await attachedClient(start, inner, { width: 100, height: 30 });
  const client = (await clients(inner))[0]?.[0] ?? "";
  const config = mkdtempSync(join(tmpdir(), "taw-scratch-config-"));
  writeFileSync(
    join(config, "config.toml"),
    '[scratch.entries.notes]\nkey = "N"\ncommand = "echo NOTES-ENTRY; exec cat"\nwidth = "40"\nheight = "10"\n',
  );
  const shown = spawnTaw(["scratch", "notes", "--client", client], inner.env({ TAW_CONFIG_DIR: config }));
  const popupClient = await waitFor(
    async () => (await clients(inner)).find(([, session]) => session?.endsWith("_notes"))?.[0],
    10_000,
    "the entry's holder shown",
  );
  await screenShows(outer, "main:0.0", (s) => s.includes("NOTES-ENTRY"), "the entry's command in its popup");
  // 40 columns: the popup's client is that wide.
  expect((await inner.run("display-message", "-p", "-c", popupClient, "#{client_width}")).trim()).toBe("38");
  await inner.taw(["scratch", "notes", "--client", popupClient], { TAW_CONFIG_DIR: config });
  expect(await shown.exited).toBe(0);
}, 40_000);
