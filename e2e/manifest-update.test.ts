// taw manifest update against a real HTTP server on 127.0.0.1 serving a catalog in herdr's
// format (index.toml, [[agents]] id and path): the good newer manifest is stored and used
// (manifest list, agent explain, a running engine), the broken and the older ones are not,
// --if-stale skips a second run, an unreachable catalog changes nothing, and the plugin runs
// the check as tmux loads it when config.toml asks.

import { afterAll, describe, expect, test } from "bun:test";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCatalog } from "../src/manifest-update/catalog-fixture.ts";
import { agentWindow, fakeAgentDir, option, stateIs } from "./fake-agent/helpers.ts";
import { ROOT, type TestServer, useServers, waitFor } from "./harness.ts";

const TEST_MS = 60_000;
const server = useServers();
const agents = fakeAgentDir();
const scratch = mkdtempSync(join(tmpdir(), "taw-manifest-update-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const catalog = startCatalog();
afterAll(() => catalog.stop());
const CATALOG = catalog.url;
const serve = catalog.serve;

const MARKER = "TAW-CATALOG-MARKER waiting for you";
/** A taw manifest for `id` whose one rule reads the marker as blocked. */
const markerManifest = (id: string, version: string) => `id = "${id}"
name = "${id} (catalog)"
command = "${id}"
version = "${version}"
min_engine_version = 1

[identity]
processes = ["${id}"]

[[rules]]
id = "catalog_marker"
state = "blocked"
priority = 100
contains = "TAW-CATALOG-MARKER"
`;

/** Fresh config and state folders, with the catalog's URL in the environment. */
function home(extra: Record<string, string> = {}) {
  const root = mkdtempSync(join(scratch, "home-"));
  return {
    root,
    env: {
      TAW_CONFIG_DIR: join(root, "config"),
      TAW_STATE_DIR: join(root, "state"),
      TAW_MANIFEST_CATALOG_URL: CATALOG,
      ...extra,
    },
  };
}
const remoteDir = (root: string) => join(root, "state", "manifests", "remote");
/** Every stored manifest's name and text. */
function storedFiles(root: string): Record<string, string> {
  const dir = remoteDir(root);
  if (!existsSync(dir)) return {};
  return Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), "utf8")]));
}

async function explain(s: TestServer, env: Record<string, string>, agent: string) {
  const file = join(scratch, `${agent}-screen.txt`);
  writeFileSync(file, `${MARKER}\n> \n`);
  const result = await s.taw(["agent", "explain", "--file", file, "--agent", agent, "--json"], env);
  expect(result.code).toBe(0);
  return result.json?.result as { state: string; rule?: string };
}

describe("taw manifest update", () => {
  test(
    "applies only the good newer manifest; list shows it remote, explain uses it; --if-stale skips",
    async () => {
      const s = await server();
      const { root, env } = home();
      // What an earlier update stored for codex, newer than the catalog's codex below.
      mkdirSync(remoteDir(root), { recursive: true });
      writeFileSync(join(remoteDir(root), "codex.toml"), markerManifest("codex", "9000.5"));
      serve({
        aider: markerManifest("aider", "9000.1"),
        goose: markerManifest("goose", "9000.1").replace('state = "blocked"', 'state = "stuck"'),
        codex: markerManifest("codex", "9000.1").replace("TAW-CATALOG-MARKER", "OLDER"),
      });
      const before = await explain(s, env, "aider");
      expect(before.rule).not.toBe("catalog_marker");

      const update = await s.taw(["manifest", "update", "--json"], env);
      expect(update.code).toBe(0);
      const result = update.json?.result;
      expect(result).toMatchObject({ skipped: false, catalogUrl: CATALOG, updated: ["aider"] });
      const outcome = Object.fromEntries(
        (result.agents as { id: string; result: string; message?: string }[]).map((a) => [a.id, a]),
      );
      expect(outcome.aider).toMatchObject({ result: "updated", version: "9000.1" });
      expect(outcome.goose).toMatchObject({ result: "refused" });
      expect(outcome.goose?.message).toContain("state");
      expect(outcome.codex).toMatchObject({ result: "older", version: "9000.1", previous: "9000.5" });
      expect(Object.keys(storedFiles(root)).sort()).toEqual(["aider.toml", "codex.toml"]);
      expect(storedFiles(root)["codex.toml"]).toBe(markerManifest("codex", "9000.5"));

      const list = await s.taw(["manifest", "list", "--json"], env);
      const sources = Object.fromEntries(
        ((list.json?.result.manifests ?? []) as { id: string; source: string }[]).map((m) => [
          m.id,
          m.source,
        ]),
      );
      expect(sources).toMatchObject({ aider: "remote 9000.1", codex: "remote 9000.5", goose: "shipped" });
      expect((await s.taw(["manifest", "list"], env)).stdout).toMatch(/aider .* remote 9000\.1/);

      expect(await explain(s, env, "aider")).toMatchObject({ state: "blocked", rule: "catalog_marker" });

      const status = await s.taw(["manifest", "status", "--json"], env);
      expect(status.json?.result).toMatchObject({ catalogUrl: CATALOG, lastCheck: expect.any(String) });
      expect((await s.taw(["manifest", "status"], env)).stdout).toMatch(/goose\s+refused/);

      const again = await s.taw(["manifest", "update", "--if-stale", "--json"], env);
      expect(again.code).toBe(0);
      expect(again.json?.result).toMatchObject({ skipped: true, lastCheck: status.json?.result.lastCheck });
      expect(again.json?.result.reason).toContain("--if-stale checks once a day");
      expect((await s.taw(["manifest", "update", "--if-stale"], env)).stdout).toMatch(/^skipped: /);
    },
    TEST_MS,
  );

  test(
    "an unreachable catalog is a one-line error, exit 1, and no manifest changes",
    async () => {
      const s = await server();
      const { root, env } = home();
      serve({ aider: markerManifest("aider", "9000.1") });
      expect((await s.taw(["manifest", "update"], env)).code).toBe(0);
      const stored = storedFiles(root);
      const listed = (await s.taw(["manifest", "list"], env)).stdout;
      const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
      const port = closed.port;
      closed.stop(true);
      const unreachable = `http://127.0.0.1:${port}/index.toml`;
      const failed = await s.taw(["manifest", "update"], { ...env, TAW_MANIFEST_CATALOG_URL: unreachable });
      expect(failed.code).toBe(1);
      expect(failed.stderr.trim().split("\n")).toHaveLength(1);
      expect(failed.stderr).toContain(`cannot fetch ${unreachable}`);
      expect(failed.stderr).toContain("no manifest changed");
      expect(failed.stderr).not.toContain(" at ");
      const json = await s.taw(["manifest", "update", "--json"], {
        ...env,
        TAW_MANIFEST_CATALOG_URL: unreachable,
      });
      expect(json.json?.error?.code).toBe("manifest_update_failed");
      const bad = await s.taw(["manifest", "update"], {
        ...env,
        TAW_MANIFEST_CATALOG_URL: "herdr.dev/index",
      });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("TAW_MANIFEST_CATALOG_URL is 'herdr.dev/index'");
      expect(storedFiles(root)).toEqual(stored);
      expect((await s.taw(["manifest", "list"], env)).stdout).toBe(listed);
      const status = (await s.taw(["manifest", "status"], env)).stdout;
      expect(status).toContain(`last error  cannot fetch ${unreachable}`);
    },
    TEST_MS,
  );

  test(
    "a running engine reads a pane with the fetched manifest as soon as it is stored",
    async () => {
      const s = await server();
      const { env } = home();
      const shipped = readFileSync(join(ROOT, "manifests", "claude.toml"), "utf8");
      // The shipped claude manifest, versioned, with one more rule: its idle footer reads blocked.
      const newer = `version = "9000.1"\n${shipped}`.replace(
        /\n\[\[rules\]\]/,
        '\n[[rules]]\nid = "catalog_footer"\nstate = "blocked"\npriority = 1000\nregion = "bottom_non_empty_lines(3)"\ncontains = "for shortcuts"\n\n[[rules]]',
      );
      serve({ claude: newer });
      expect((await s.taw(["engine"], env)).code).toBe(0);
      const pane = await agentWindow(s, agents);
      await stateIs(s, pane, "idle", 15_000);
      const update = await s.taw(["manifest", "update", "--json"], env);
      expect(update.json?.result.updated).toEqual(["claude"]);
      await stateIs(s, pane, "blocked", 5000);
      expect(await option(s, pane, "@agent_rule")).toContain("catalog_footer");
      // herdr's socket names it as herdr does a fetched manifest.
      const herdr = await s.taw(["herdr", "call", "server.agent_manifests"], env);
      expect(JSON.parse(herdr.stdout).result.manifests).toContainEqual(
        expect.objectContaining({ agent: "claude", source_kind: "remote" }),
      );
      await s.taw(["engine", "stop"], env);
    },
    TEST_MS,
  );

  test(
    "the plugin checks the catalog as tmux loads it when [manifests] update = true",
    async () => {
      const s = await server();
      const { root, env } = home();
      mkdirSync(env.TAW_CONFIG_DIR, { recursive: true });
      writeFileSync(
        join(env.TAW_CONFIG_DIR, "config.toml"),
        `[manifests]\nupdate = true\ncatalog_url = "${CATALOG}"\n`,
      );
      serve({ aider: markerManifest("aider", "9000.1") });
      // run-shell's commands get the server's environment: taw's folders, no catalog variable.
      for (const key of ["TAW_CONFIG_DIR", "TAW_STATE_DIR"] as const) {
        await s.run("set-environment", "-g", key, env[key]);
      }
      await s.run("set-environment", "-gu", "TAW_MANIFEST_CATALOG_URL");
      await s.run("set-option", "-g", "@agent-wizard-watch", "off");
      await s.run("run-shell", join(ROOT, "assets", "taw.tmux"));
      const file = join(remoteDir(root), "aider.toml");
      await waitFor(() => existsSync(file) || undefined, 20_000, "the background update stored aider");
      expect(readFileSync(file, "utf8")).toBe(markerManifest("aider", "9000.1"));
    },
    TEST_MS,
  );
});
