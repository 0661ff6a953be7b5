import { describe, expect, test } from "bun:test";
import { compareVersions, versionProblem } from "./manifest-version.ts";
import { parseManifest } from "./schema.ts";

describe("manifest versions", () => {
  test("dotted numbers compare segment by segment, a missing segment counting as 0", () => {
    expect(compareVersions("2026.6.10.1", "2026.6.9.9")).toBe(1);
    expect(compareVersions("2026.6.9", "2026.6.10")).toBe(-1);
    expect(compareVersions("1.2", "1.2.0")).toBe(0);
    expect(compareVersions("1.2.1", "1.2")).toBe(1);
    expect(compareVersions("10", "9.99")).toBe(1);
  });

  test("anything but dotted numbers is refused, with the reason", () => {
    expect(versionProblem("2026.10.01.1")).toBeUndefined();
    expect(versionProblem("")).toBe("must not be empty");
    expect(versionProblem("2026.06.alpha")).toContain("dotted numbers");
    expect(versionProblem("2026..06")).toContain("dotted numbers");
    expect(versionProblem("1.9999999999999999")).toContain("dotted numbers");
  });

  const manifest = (extra: string) =>
    `id = "demo"\nname = "Demo"\ncommand = "demo"\n${extra}\n[[rules]]\nid = "ready"\nstate = "idle"\ncontains = "ready"\n`;

  test("the schema reads version and min_engine_version", () => {
    const parsed = parseManifest(
      manifest('version = "2.1"\nmin_engine_version = 1\nupdated_at = "x"'),
      "demo.toml",
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.manifest?.version).toBe("2.1");
    expect(parsed.manifest?.minEngineVersion).toBe(1);
  });

  test("a manifest that needs a newer engine, or has a bad version, does not load", () => {
    const newer = parseManifest(manifest("min_engine_version = 99"), "demo.toml");
    expect(newer.manifest).toBeUndefined();
    expect(newer.errors[0]).toMatchObject({ field: "min_engine_version", line: 4 });
    expect(newer.errors[0]?.message).toContain("needs manifest engine 99");
    const bad = parseManifest(manifest('version = "one"'), "demo.toml");
    expect(bad.errors[0]).toMatchObject({ field: "version", line: 4 });
  });
});
