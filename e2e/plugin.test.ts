// The tmux plugin on real servers: assets/taw.tmux loaded with run-shell, as ~/.tmux.conf does.

import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, type TestServer, useServers, waitFor } from "./harness.ts";

const server = useServers();
const PLUGIN = `${ROOT}/assets/taw.tmux`;
const SLOT = "[47]";
/** Real servers, a popup and an engine: longer than bun's default test timeout. */
const TIMEOUT_MS = 60_000;

/** Every hook entry (global session and window hooks) as `name[i] command` lines. */
async function hookLines(s: TestServer): Promise<string[]> {
  const [session, window] = await Promise.all([s.run("show-hooks", "-g"), s.run("show-hooks", "-gw")]);
  return `${session}\n${window}`.split("\n").filter((line) => line.includes("["));
}

async function prefixBinding(s: TestServer, key: string): Promise<string | undefined> {
  const result = await s.tmux.tryRun(["list-keys", "-T", "prefix", key]);
  return result.error ? undefined : result.stdout.trim();
}

/** Load the plugin as a user's tmux.conf would; the engine stays off unless asked for. */
async function load(s: TestServer): Promise<void> {
  await s.run("run-shell", PLUGIN);
  // The plugin is silent by design; when it did nothing, say why.
  if ((await s.run("show-options", "-gqv", "@agent_wizard_version")).trim() === "") {
    const direct = await s.taw(["tmux", "install"]);
    throw new Error(`the plugin installed nothing; taw tmux install says: ${direct.stderr || direct.stdout}`);
  }
}

/** An outer server whose only pane is a client attached to `inner`, to press keys through. */
async function attachedClient(inner: TestServer): Promise<TestServer> {
  const outer = await server({
    width: 100,
    height: 30,
    command: `env -u TMUX tmux -L ${inner.name} attach -t main`,
  });
  await waitFor(async () => (await inner.run("list-clients")).trim() !== "", 5000, "client attached");
  return outer;
}

const screen = async (outer: TestServer) => outer.run("capture-pane", "-p", "-t", "main");

/** The popup's frame is gone (its dashboard clears its screen before its process ends). */
const popupClosed = (outer: TestServer) =>
  waitFor(async () => !/[╔┌]/.test(await screen(outer)), 5000, "the popup closed");

/** The processes under `root` whose arguments include --popup (the popup's dashboard). */
function popupProcesses(root: number): number[] | undefined {
  const found: number[] = [];
  const visit = (pid: number) => {
    const children = Bun.spawnSync(["pgrep", "-P", String(pid)])
      .stdout.toString()
      .split("\n")
      .filter(Boolean);
    for (const child of children.map(Number)) {
      const argv = Bun.spawnSync(["cat", `/proc/${child}/cmdline`]).stdout.toString();
      if (argv.includes("--popup")) found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found.length > 0 ? found : undefined;
}

describe("plugin", () => {
  test(
    "loading twice leaves one set of hooks and bindings; uninstall leaves none of them",
    async () => {
      const s = await server();
      await s.run("set-option", "-g", "@agent-wizard-watch", "off");
      // The user's own hook on the same event must survive install and uninstall.
      await s.run("set-hook", "-g", "after-select-pane[0]", "set-option -g @mine 1");
      await load(s);
      const once = await hookLines(s);
      await load(s);
      const twice = await hookLines(s);
      expect(twice).toEqual(once);
      const ours = twice.filter((line) => line.includes(SLOT)).map((line) => line.split(" ")[0]);
      expect(ours.sort()).toEqual(
        [
          "after-select-pane",
          "after-select-window",
          "client-session-changed",
          "pane-exited",
          "pane-focus-in",
        ].map((h) => h + SLOT),
      );
      // The roster's hook records ended panes (src/watch/roster.ts); the others run taw seen.
      expect(twice.find((l) => l.startsWith(`pane-exited${SLOT}`))).toContain("@agent_wizard_exited");
      for (const line of twice.filter((l) => l.includes(SLOT) && !l.startsWith("pane-exited"))) {
        expect(line).toContain(" seen '#{pane_id}'");
        expect(line).toMatch(/\|\| true"$/);
      }
      const popup = await prefixBinding(s, "A");
      const next = await prefixBinding(s, "O");
      const inbox = await prefixBinding(s, "B");
      expect(popup).toContain('run-shell -C "display-popup -E');
      expect(next).toContain(" next ");
      expect(inbox).toContain("'--view' 'inbox'");
      // A shell command never fails or prints; the popup keys are tmux commands (no shell).
      expect(next).toMatch(/\|\| true"$/);
      expect(inbox).toContain('run-shell -C "display-popup -E');
      // config.toml's [scratch] key (S by default) toggles the session's scratch shell.
      const scratch = await prefixBinding(s, "S");
      expect(scratch).toContain(" scratch >/dev/null 2>&1 || true");
      expect(scratch).toContain("TAW_CLIENT='#{client_name}'");
      const keys = (await s.run("list-keys", "-T", "prefix"))
        .split("\n")
        .filter((line) => line.includes("bin/taw"));
      expect(keys).toHaveLength(4);

      const removed = await s.taw(["tmux", "uninstall", "--json"]);
      expect(removed.json?.ok).toBe(true);
      const after = await hookLines(s);
      expect(after.filter((line) => line.includes(SLOT))).toEqual([]);
      expect(after.some((line) => line.includes("@mine"))).toBe(true);
      expect(await prefixBinding(s, "A")).toBeUndefined();
      expect(await prefixBinding(s, "O")).toBeUndefined();
      expect(await prefixBinding(s, "B")).toBeUndefined();
      expect(await prefixBinding(s, "S")).toBeUndefined();
      expect((await s.run("show-options", "-gqv", "@agent_wizard_keys")).trim()).toBe("");
    },
    TIMEOUT_MS,
  );

  test(
    "the user's own prefix A and O come back at uninstall, after one load or two",
    async () => {
      const s = await server();
      await s.run("set-option", "-g", "@agent-wizard-watch", "off");
      await s.run("bind-key", "-T", "prefix", "A", "display-message", "my #{session_name} key");
      await s.run("bind-key", "-r", "-T", "prefix", "O", "select-pane", "-t", ":.+");
      const mine = { A: await prefixBinding(s, "A"), O: await prefixBinding(s, "O") };
      for (const loads of [1, 2]) {
        for (let i = 0; i < loads; i++) await load(s);
        expect(await prefixBinding(s, "A")).toContain('run-shell -C "display-popup -E');
        expect(await prefixBinding(s, "O")).toContain(" next ");
        const removed = await s.taw(["tmux", "uninstall", "--json"]);
        expect(removed.json?.result.restored).toEqual(["A", "O"]);
        expect(await prefixBinding(s, "A")).toBe(mine.A);
        expect(await prefixBinding(s, "O")).toBe(mine.O);
      }
    },
    TIMEOUT_MS,
  );

  test(
    "uninstall leaves a key the user bound again after install",
    async () => {
      const s = await server();
      await s.run("set-option", "-g", "@agent-wizard-watch", "off");
      await s.run("bind-key", "-T", "prefix", "A", "display-message", "before");
      await load(s);
      await s.run("bind-key", "-T", "prefix", "A", "display-message", "after");
      const after = await prefixBinding(s, "A");
      await s.taw(["tmux", "uninstall"]);
      expect(await prefixBinding(s, "A")).toBe(after);
    },
    TIMEOUT_MS,
  );

  test(
    "a key changed between loads moves; a list of keys binds each",
    async () => {
      const s = await server();
      await s.run("set-option", "-g", "@agent-wizard-watch", "off");
      await load(s);
      await s.run("set-option", "-g", "@agent-wizard", "M-a F5");
      await load(s);
      expect(await prefixBinding(s, "A")).toBeUndefined();
      expect(await prefixBinding(s, "M-a")).toContain('run-shell -C "display-popup -E');
      expect(await prefixBinding(s, "F5")).toContain('run-shell -C "display-popup -E');
      expect(await prefixBinding(s, "O")).toContain(" next ");
    },
    TIMEOUT_MS,
  );

  test(
    "the engine starts at load unless @agent-wizard-watch is off",
    async () => {
      const s = await server();
      const state = mkdtempSync(join(tmpdir(), "taw-plugin-state-"));
      await s.run("set-environment", "-g", "TAW_STATE_DIR", state);
      await load(s);
      const running = await waitFor(
        async () => {
          const status = await s.taw(["engine", "status", "--json"]);
          return status.json?.result.running === true ? status.json.result : undefined;
        },
        15000,
        "engine running",
      );
      expect(running.pid).toBeGreaterThan(0);
      expect((await s.taw(["engine", "stop", "--json"])).json?.ok).toBe(true);
    },
    TIMEOUT_MS,
  );

  test(
    "prefix A opens the popup on the client that pressed it",
    async () => {
      const inner = await server({ width: 100, height: 30 });
      await inner.run("set-option", "-g", "@agent-wizard-watch", "off");
      await load(inner);
      const outer = await attachedClient(inner);
      expect(await screen(outer)).not.toContain("taw popup");
      await outer.run("send-keys", "-t", "main", "C-b", "A");
      await waitFor(async () => (await screen(outer)).includes("taw popup"), 15000, "the popup on screen");
      await outer.run("send-keys", "-t", "main", "q");
      await popupClosed(outer);
    },
    TIMEOUT_MS,
  );

  test(
    "prefix B opens the popup straight on the Inbox",
    async () => {
      const inner = await server({ width: 100, height: 30 });
      await inner.run("set-option", "-g", "@agent-wizard-watch", "off");
      await load(inner);
      const outer = await attachedClient(inner);
      await outer.run("send-keys", "-t", "main", "C-b", "B");
      const shown = await waitFor(
        async () => {
          const text = await screen(outer);
          return text.includes("taw popup") && text.includes("no agent is waiting") ? text : undefined;
        },
        15000,
        "the popup on the Inbox",
      );
      expect(shown).toContain("Inbox");
      await outer.run("send-keys", "-t", "main", "q");
      await popupClosed(outer);
    },
    TIMEOUT_MS,
  );

  test(
    "the popup's title and border come from @agent-wizard-popup-title and -border; a border tmux has not falls back",
    async () => {
      const inner = await server({ width: 100, height: 30 });
      await inner.run("set-option", "-g", "@agent-wizard-watch", "off");
      // Quotes, a '#' and a ';' in the title are shown, never parsed as tmux commands.
      await inner.run("set-option", "-g", "@agent-wizard-popup-title", `it's "my" #1; agents`);
      await inner.run("set-option", "-g", "@agent-wizard-popup-border", "double");
      await load(inner);
      const outer = await attachedClient(inner);
      await outer.run("send-keys", "-t", "main", "C-b", "A");
      const framed = await waitFor(
        async () => {
          const text = await screen(outer);
          return text.includes("taw popup") ? text : undefined;
        },
        15000,
        "the popup on screen",
      );
      expect(framed).toContain(`it's "my" #1; agents`);
      expect(framed).toContain("╔");
      await outer.run("send-keys", "-t", "main", "q");
      await popupClosed(outer);
      // Unset title: "taw"; a border style tmux does not know: tmux's own (single) lines.
      await inner.run("set-option", "-gu", "@agent-wizard-popup-title");
      await inner.run("set-option", "-g", "@agent-wizard-popup-border", "dubble");
      await outer.run("send-keys", "-t", "main", "C-b", "A");
      const plain = await waitFor(
        async () => {
          const text = await screen(outer);
          return text.includes("taw popup") ? text : undefined;
        },
        15000,
        "the popup on screen again",
      );
      expect(plain).toMatch(/┌─*taw─/);
      expect(plain).not.toContain("╔");
      await outer.run("send-keys", "-t", "main", "q");
    },
    TIMEOUT_MS,
  );

  test(
    "while the popup is open its bar is on the status line; the rows come back as it closes, even after a killed one",
    async () => {
      const inner = await server({ width: 100, height: 30 });
      await inner.run("set-option", "-g", "@agent-wizard-watch", "off");
      await load(inner);
      const outer = await attachedClient(inner);
      const statusLine = async () => (await screen(outer)).trimEnd().split("\n").at(-1) ?? "";
      const before = await statusLine();
      expect(before).toContain("[main]");
      const open = async () => {
        await outer.run("send-keys", "-t", "main", "C-b", "A");
        let last = "";
        await waitFor(
          async () => {
            last = await screen(outer);
            return last.includes("taw popup") && last.includes("taw: no agents (Enter jumps, q closes)")
              ? true
              : undefined;
          },
          15000,
          "the bar on the status line",
        ).catch((error) => {
          throw new Error(`${(error as Error).message}; the screen:\n${last}`);
        });
      };
      await open();
      await outer.run("send-keys", "-t", "main", "q");
      await waitFor(async () => (await statusLine()) === before, 5000, "the status line as it was");
      // The session inherits the global rows again: nothing of taw's is left in it.
      expect((await inner.run("show-options", "-t", "main", "status-format")).trim()).toBe("");
      expect((await inner.run("show-options", "-t", "main")).includes("@agent_wizard")).toBe(false);

      // A session with rows of its own gets them back; a popup killed outright leaves its
      // saved rows, which the next popup puts back first.
      await inner.run("set-option", "-t", "main", "status", "2");
      await inner.run("set-option", "-t", "main", "status-format[0]", "mine-zero");
      await inner.run("set-option", "-t", "main", "status-format[1]", "mine-one");
      await open();
      // The popup's dashboard: a descendant of the inner server with --popup in its argv.
      const serverPid = Number((await inner.run("display-message", "-p", "#{pid}")).trim());
      const dashboard = await waitFor(() => popupProcesses(serverPid), 5000, "the popup's dashboard process");
      for (const pid of dashboard) process.kill(pid, "SIGKILL");
      await popupClosed(outer);
      expect((await inner.run("show-options", "-v", "-t", "main", "status-format[1]")).trim()).toBe(
        "mine-one",
      );
      await open();
      await outer.run("send-keys", "-t", "main", "q");
      await waitFor(
        async () =>
          (await inner.run("show-options", "-v", "-t", "main", "status-format[0]")).trim() === "mine-zero",
        5000,
        "the session's own first row back",
      );
      expect((await inner.run("show-options", "-v", "-t", "main", "status-format[1]")).trim()).toBe(
        "mine-one",
      );
      await waitFor(
        async () => !(await inner.run("show-options", "-t", "main")).includes("@agent_wizard_status_saved"),
        5000,
        "the saved rows let go",
      );
    },
    TIMEOUT_MS,
  );

  test(
    "@agent-wizard-clear-key clears the pane it is pressed in; uninstall lets the key go",
    async () => {
      const inner = await server({ width: 100, height: 30 });
      await inner.run("set-option", "-g", "@agent-wizard-watch", "off");
      await inner.run("set-option", "-g", "@agent-wizard-clear-key", "K");
      await load(inner);
      expect(await prefixBinding(inner, "K")).toContain("pane clear");
      const outer = await attachedClient(inner);
      await inner.run("send-keys", "-t", "main", "echo before-clear-$((6*7))", "Enter");
      const innerScreen = () => inner.run("capture-pane", "-p", "-t", "main");
      await waitFor(async () => (await innerScreen()).includes("before-clear-42"), 5000, "the echo");
      await outer.run("send-keys", "-t", "main", "C-b", "K");
      await waitFor(async () => !(await innerScreen()).includes("before-clear"), 10000, "the pane cleared");
      expect((await inner.run("capture-pane", "-p", "-S", "-", "-t", "main")).includes("before-clear")).toBe(
        false,
      );
      await inner.taw(["tmux", "uninstall"]);
      expect(await prefixBinding(inner, "K")).toBeUndefined();
    },
    TIMEOUT_MS,
  );

  test(
    "taw setup prints the run-shell line for this plugin file",
    async () => {
      const s = await server();
      const setup = await s.taw(["setup"]);
      expect(setup.code).toBe(0);
      expect(setup.stdout).toContain(`run-shell '${PLUGIN}'`);
      expect(setup.stdout).toContain("#{@agent_wizard_status}");
    },
    TIMEOUT_MS,
  );
});
