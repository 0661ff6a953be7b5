import { describe, expect, test } from "bun:test";
import { compareVersions, parseManifest } from "./manifest.ts";

const BASE = 'id = "demo"\nname = "Demo"\nversion = "1.0.0"\n';

describe("parseManifest", () => {
  test("reads actions, events and panes as argv", () => {
    const text = `${BASE}[[actions]]\nid = "hi"\ntitle = "Say hi"\ncommand = ["./hi", "x y"]\ncontexts = ["pane"]\n[[events]]\nevent = "pane.agent_status_changed"\ncommand = ["./on"]\n[[panes]]\nid = "side"\ncommand = ["./side"]\n`;
    const manifest = parseManifest("p.toml", text);
    expect(manifest.id).toBe("demo");
    expect(manifest.actions).toEqual([
      { id: "hi", title: "Say hi", command: ["./hi", "x y"], contexts: ["pane"] },
    ]);
    expect(manifest.events[0]).toEqual({ event: "pane.agent_status_changed", command: ["./on"] });
    expect(manifest.panes[0]).toEqual({ id: "side", placement: "split", command: ["./side"] });
  });

  const bad: [string, string, string][] = [
    ["missing id", 'name = "x"\nversion = "1"\n', "p.toml:1: id: must be a non-empty string"],
    ["bad id", 'id = "Bad Id"\nname = "x"\nversion = "1"\n', "p.toml:1: id: use lowercase"],
    [
      "shell string",
      `${BASE}[[actions]]\nid = "a"\ntitle = "A"\ncommand = "echo hi"\n`,
      "p.toml:7: actions.0.command: must be an argv list",
    ],
    [
      "second action",
      `${BASE}[[actions]]\nid = "a"\ntitle = "A"\ncommand = ["a"]\n[[actions]]\ncommand = ["b"]\n`,
      "p.toml:8: actions.1.id: must be a non-empty string",
    ],
    ["too new", `${BASE}min_herdr_version = "99.0.0"\n`, "p.toml:4: min_herdr_version: needs herdr 99.0.0"],
    [
      "event without name",
      `${BASE}[[events]]\ncommand = ["x"]\n`,
      "p.toml:4: events.0.event: must be a non-empty string",
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
