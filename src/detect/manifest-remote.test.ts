// The loader's order: the user's folder wins, then the newer of a fetched copy and the
// shipped one.

import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadManifests } from "./manifest.ts";

let root: string;
const dir = (name: string) => join(root, name);
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "taw-remote-"));
  for (const name of ["shipped", "remote", "user"]) mkdirSync(dir(name));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(folder: string, version?: string, id = "demo") {
  const header = version ? `version = "${version}"\n` : "";
  writeFileSync(
    join(dir(folder), `${id}.toml`),
    `id = "${id}"\nname = "${folder}"\ncommand = "${id}"\n${header}\n[[rules]]\nid = "r"\nstate = "idle"\ncontains = "x"\n`,
  );
}
const load = () =>
  loadManifests({ shippedDir: dir("shipped"), remoteDir: dir("remote"), userDir: dir("user") });
const from = (id = "demo") => load().get(id)?.name;

describe("fetched manifests in the loader", () => {
  test("a versioned fetched copy replaces a shipped one without a version", () => {
    write("shipped");
    write("remote", "1.0");
    expect(from()).toBe("remote");
    expect(load().get("demo")?.version).toBe("1.0");
  });

  test("the newer of fetched and shipped wins when both have versions", () => {
    write("shipped", "2.0");
    write("remote", "1.5");
    expect(from()).toBe("shipped");
    write("remote", "2.0");
    expect(from()).toBe("shipped");
    write("remote", "2.0.1");
    expect(from()).toBe("remote");
  });

  test("the user's file wins over a fetched one", () => {
    write("shipped");
    write("remote", "9.0");
    write("user");
    expect(from()).toBe("user");
  });

  test("a fetched copy without a version, or for an agent taw does not ship, is not used", () => {
    write("shipped");
    write("remote");
    expect(from()).toBe("shipped");
    write("remote", "1.0", "other");
    expect(load().get("other")).toBeUndefined();
  });

  test("a fetched copy that no longer loads leaves the shipped one, with the error reported", () => {
    write("shipped");
    writeFileSync(join(dir("remote"), "demo.toml"), 'id = "demo"\nversion = "1.0"\n');
    const set = load();
    expect(set.get("demo")?.name).toBe("shipped");
    expect(set.errors[0]?.file).toBe(join(dir("remote"), "demo.toml"));
  });
});
