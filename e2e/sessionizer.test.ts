// The sessionizer on a real server: `O` lists the folders under config.toml's
// [sessionizer] roots, Enter opens the chosen folder's session (made there when none is, and
// the client switched to it), a second pick of the same folder goes back to that session
// instead of making another, a folder named like another gets its parent's name too, and a
// typed path opens that folder. `taw session folders` lists the same folders.

import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { attachedClient, type TestServer, useServers, waitFor } from "./harness.ts";

const start = useServers();

const type = (s: TestServer, pane: string, ...keys: string[]) => s.run("send-keys", "-t", pane, ...keys);
const clientSession = async (s: TestServer) =>
  (await s.run("list-clients", "-F", "#{client_session}")).trim();
const sessions = async (s: TestServer) =>
  (await s.run("list-sessions", "-F", "#{session_name}\t#{session_path}")).trim().split("\n");

test("O opens a folder's session: made in the folder once, then switched back to", async () => {
  const home = mkdtempSync(join(tmpdir(), "taw-sessionizer-"));
  const code = join(home, "code");
  const other = join(home, "other");
  for (const dir of ["code/api", "code/web", "code/.cache", "other/api", "loose"])
    mkdirSync(join(home, dir), { recursive: true });
  const config = join(home, "config");
  mkdirSync(config);
  writeFileSync(
    join(config, "config.toml"),
    `[sessionizer]\nroots = ["${code}", "${other}"]\ndepth = 1\nzoxide = false\n`,
  );

  const inner = await start({ session: "main" });
  const listed = await inner.taw(["session", "folders", "--json"], { TAW_CONFIG_DIR: config });
  expect(listed.code).toBe(0);
  const paths = listed.json?.result.map((f: { path: string }) => f.path);
  expect(paths).toEqual(expect.arrayContaining([join(code, "api"), join(code, "web"), join(other, "api")]));
  expect(paths).not.toContain(join(code, ".cache"));

  const dash = await openDashboard(inner, { env: { TAW_CONFIG_DIR: config } });
  await attachedClient(start, inner);
  await screenShows(inner, dash, (s) => s.includes("? keys"), "the dashboard");
  /** The client on `name`; the dashboard's screen in the error when it is not. */
  const onSession = async (name: string, what: string) => {
    try {
      await waitFor(async () => (await clientSession(inner)) === name, 10_000, what);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${await inner.run("capture-pane", "-p", "-t", dash)}`);
    }
  };
  const open = async (typed: string) => {
    await type(inner, dash, "O");
    await screenShows(inner, dash, (s) => s.includes("open the session of folder:"), "the sessionizer");
    await type(inner, dash, "-l", typed);
    await type(inner, dash, "Enter");
  };

  await type(inner, dash, "O");
  await screenShows(
    inner,
    dash,
    (s) => s.includes(join(code, "web")) && s.includes(join(other, "api")),
    "the roots' folders listed",
  );
  await type(inner, dash, "Escape");

  await open("web");
  await onSession("web", "the client on a new web session");
  expect(await sessions(inner)).toContain(`web\t${join(code, "web")}`);

  // The same folder again: its session, not a second one.
  await inner.run("switch-client", "-t", "main");
  await open("web");
  await onSession("web", "back on web");
  expect((await sessions(inner)).filter((line) => line.startsWith("web"))).toHaveLength(1);

  // Two folders called api: the second session takes its parent's name too.
  await open(join(code, "api"));
  await onSession("api", "the client on api");
  await open(join(other, "api"));
  await onSession("other-api", "the client on other-api");
  expect(await sessions(inner)).toEqual(
    expect.arrayContaining([`api\t${join(code, "api")}`, `other-api\t${join(other, "api")}`]),
  );

  // A typed path outside the roots opens too; the row of a folder with a session names it.
  await open(join(home, "loose"));
  await onSession("loose", "the client on loose");
  await type(inner, dash, "O");
  await screenShows(
    inner,
    dash,
    (s) => s.includes(`${join(code, "web")}  [web]`),
    "web's row names its session",
  );
  await type(inner, dash, "Escape");
});
