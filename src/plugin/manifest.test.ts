import { describe, expect, test } from "bun:test";
import { compareVersions, parseManifest, runsHere } from "./manifest.ts";

const BASE = 'id = "example.demo"\nname = "Demo"\nversion = "1.0.0"\nmin_herdr_version = "0.7.0"\n';

describe("parseManifest", () => {
  test("herdr's documented manifest: build, startup, actions, events, panes, link handlers", () => {
    const text = `${BASE}description = "Apply project layouts"
platforms = ["linux", "macos", "windows"]

[[build]]
command = ["npm", "ci"]

[[startup]]
command = ["node", "dist/restore.js"]

[[actions]]
id = "apply"
title = "Apply layout"
contexts = ["workspace"]
command = ["node", "dist/apply.js"]

[[events]]
on = "worktree.created"
command = ["herdr", "workspace", "list"]

[[panes]]
id = "board"
title = "Project board"
command = ["herdr-board"]

[[panes]]
id = "picker"
title = "Picker"
platforms = ["linux", "macos"]
placement = "popup"
width = "80%"
height = 20
command = ["sh", "picker.sh"]

[[link_handlers]]
id = "github-issue"
title = "Open GitHub issue"
pattern = "^https://github\\\\.com/[^/]+/[^/]+/(issues|pull)/[0-9]+$"
action = "apply"
`;
    const manifest = parseManifest("p.toml", text);
    expect(manifest).toMatchObject({
      id: "example.demo",
      minHerdrVersion: "0.7.0",
      description: "Apply project layouts",
      build: [{ command: ["npm", "ci"] }],
      startup: [{ command: ["node", "dist/restore.js"] }],
      actions: [
        { id: "apply", title: "Apply layout", contexts: ["workspace"], command: ["node", "dist/apply.js"] },
      ],
      events: [{ on: "worktree.created", command: ["herdr", "workspace", "list"] }],
      panes: [
        { id: "board", placement: "overlay" },
        { id: "picker", placement: "popup", width: "80%", height: 20, platforms: ["linux", "macos"] },
      ],
      linkHandlers: [{ id: "github-issue", action: "apply" }],
    });
    expect(runsHere(manifest, manifest.panes[1] as { platforms?: string[] })).toBe(true);
    expect(runsHere({ ...manifest, platforms: ["windows"] }, {})).toBe(false);
  });

  const bad: [string, string, string][] = [
    ["missing id", 'name = "x"\nversion = "1"\n', "p.toml:1: id: must be a non-empty string"],
    [
      "bad id",
      'id = "Bad Id"\nname = "x"\nversion = "1"\nmin_herdr_version = "0.7.0"\n',
      "p.toml:1: id: use letters",
    ],
    ["no minimum", 'id = "a"\nname = "x"\nversion = "1"\n', "min_herdr_version: must be a non-empty string"],
    [
      "shell string",
      `${BASE}[[actions]]\nid = "a"\ntitle = "A"\ncommand = "echo hi"\n`,
      "p.toml:8: actions.0.command: must be an argv list",
    ],
    [
      "second action without id",
      `${BASE}[[actions]]\nid = "a"\ntitle = "A"\ncommand = ["a"]\n[[actions]]\ntitle = "B"\ncommand = ["b"]\n`,
      "p.toml:9: actions.1.id: must be a non-empty string",
    ],
    [
      "dotted action id",
      `${BASE}[[actions]]\nid = "a.b"\ntitle = "A"\ncommand = ["a"]\n`,
      "actions.0.id: use letters",
    ],
    [
      "the same action twice",
      `${BASE}[[actions]]\nid = "a"\ntitle = "A"\ncommand = ["a"]\n[[actions]]\nid = "a"\ntitle = "B"\ncommand = ["b"]\n`,
      "p.toml:10: actions.1.id: 'a' is declared twice",
    ],
    ["too new", BASE.replace("0.7.0", "99.0.0"), "p.toml:4: min_herdr_version: needs herdr 99.0.0"],
    [
      "event without on",
      `${BASE}[[events]]\ncommand = ["x"]\n`,
      "p.toml:5: events.0.on: must be a non-empty string",
    ],
    [
      "bad placement",
      `${BASE}[[panes]]\nid = "p"\ntitle = "P"\nplacement = "side"\ncommand = ["x"]\n`,
      "panes.0.placement: must be one of",
    ],
    [
      "unknown platform",
      `${BASE}platforms = ["beos"]\n`,
      "platforms: 'beos' is not one of linux, macos, windows",
    ],
    [
      "a link handler for no action",
      `${BASE}[[link_handlers]]\nid = "l"\ntitle = "L"\npattern = "x"\naction = "nope"\n`,
      "link_handlers.0.action: names no action of this plugin ('nope')",
    ],
    [
      "an unknown action context",
      `${BASE}[[actions]]\nid = "a"\ntitle = "A"\ncontexts = ["window"]\ncommand = ["a"]\n`,
      "actions.0.contexts: 'window' is not one of global, workspace, tab, pane, selection",
    ],
    ["not toml", "id = = 1\n", "p.toml:1: not valid TOML"],
  ];
  for (const [name, text, message] of bad) {
    test(`refuses: ${name}`, () => {
      expect(() => parseManifest("p.toml", text)).toThrow(message);
    });
  }
});

test("compareVersions compares numerically", () => {
  expect(compareVersions("0.10.0", "0.9.3")).toBe(1);
  expect(compareVersions("0.9.3", "0.9.3")).toBe(0);
  expect(compareVersions("0.9", "0.9.3")).toBe(-1);
});
