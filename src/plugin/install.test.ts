import { expect, test } from "bun:test";
import { parseSource, preview } from "./install.ts";
import { parseManifest } from "./manifest.ts";

test("GitHub shorthand: owner/repo with an optional subfolder; anything else refused", () => {
  expect(parseSource("me/plugins")).toEqual({ owner: "me", repo: "plugins", subdir: "", spec: "me/plugins" });
  expect(parseSource("me/plugins/tools/one").subdir).toBe("tools/one");
  for (const bad of ["me", "https://github.com/me/x", "me/x/../y", "me x/y"])
    expect(() => parseSource(bad)).toThrow("not GitHub shorthand");
});

test("the preview names every command that will run, the build first", () => {
  const manifest = parseManifest(
    "p.toml",
    'id = "a.b"\nname = "AB"\nversion = "1"\nmin_herdr_version = "0.7.0"\n[[build]]\ncommand = ["make"]\n[[startup]]\ncommand = ["./up"]\n[[events]]\non = "pane.created"\ncommand = ["./ev"]\n',
  );
  const text = preview(parseSource("me/ab"), manifest);
  expect(text).toContain("AB (a.b 1) from github.com/me/ab");
  expect(text).toContain('build, now: ["make"]');
  expect(text).toContain('at every engine start: ["./up"]');
  expect(text).toContain('on pane.created: ["./ev"]');
});
