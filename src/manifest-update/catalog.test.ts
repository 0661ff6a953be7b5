import { describe, expect, test } from "bun:test";
import { catalogUrl, DEFAULT_CATALOG_URL, manifestUrl, parseCatalog, safePath } from "./catalog.ts";

const catalog = (agents: string, head = "schema_version = 1") => `${head}\n${agents}`;
const entry = (id: string, path: string) => `[[agents]]\nid = "${id}"\npath = "${path}"\n`;

describe("the catalog", () => {
  test("herdr's format: schema_version 1 and [[agents]] with id and path", () => {
    expect(parseCatalog(catalog(entry("codex", "codex.toml") + entry("claude", "v2/claude.toml")))).toEqual({
      entries: [
        { id: "codex", path: "codex.toml" },
        { id: "claude", path: "v2/claude.toml" },
      ],
    });
    expect(parseCatalog("schema_version = 1\n")).toEqual({ entries: [] });
  });

  test("another schema, an unknown key, a duplicate or a bad table is refused whole", () => {
    expect(parseCatalog(catalog(entry("codex", "c.toml"), "schema_version = 2"))).toEqual({
      error: "schema_version 2 is not supported (this taw reads 1)",
    });
    expect(parseCatalog(catalog("", "schema_version = 1\nmirror = true"))).toEqual({
      error: "unknown key 'mirror'",
    });
    expect(parseCatalog(catalog(`${entry("codex", "a.toml")}sha = "x"\n`))).toEqual({
      error: "agents[0]: unknown key 'sha'",
    });
    expect(parseCatalog(catalog(entry("codex", "a.toml") + entry("codex", "b.toml")))).toEqual({
      error: "agent 'codex' is listed twice",
    });
    expect("error" in parseCatalog("schema_version = [")).toBe(true);
  });

  test("a path may not leave the catalog's folder", () => {
    for (const path of ["../x.toml", "/etc/passwd", "https://evil/x.toml", "a/../../x.toml", "a\\b.toml"]) {
      expect(safePath(path)).toBe(false);
      expect(parseCatalog(catalog(entry("codex", path.replace(/\\/g, "\\\\"))))).toMatchObject({
        error: expect.stringContaining("unsafe path"),
      });
    }
    expect(safePath("sub/codex.toml")).toBe(true);
  });

  test("a manifest's URL is its path beside the catalog", () => {
    expect(manifestUrl("http://127.0.0.1:9/agent-detection/index.toml", "codex.toml")).toBe(
      "http://127.0.0.1:9/agent-detection/codex.toml",
    );
  });

  test("the URL: taw's variable, then herdr's, then config.toml, then herdr's site", () => {
    const taw = { TAW_MANIFEST_CATALOG_URL: "http://a/index.toml" };
    const herdr = { HERDR_AGENT_DETECTION_MANIFEST_CATALOG_URL: "http://b/index.toml" };
    expect(catalogUrl({ ...taw, ...herdr }, "http://c/index.toml")).toBe("http://a/index.toml");
    expect(catalogUrl(herdr, "http://c/index.toml")).toBe("http://b/index.toml");
    expect(catalogUrl({ TAW_MANIFEST_CATALOG_URL: " " }, "http://c/index.toml")).toBe("http://c/index.toml");
    expect(catalogUrl({}, "")).toBe(DEFAULT_CATALOG_URL);
  });

  test("a URL that is not http(s) is a usage error naming where it came from", () => {
    expect(() => catalogUrl({ TAW_MANIFEST_CATALOG_URL: "ftp://x/index.toml" }, "")).toThrow(
      /^TAW_MANIFEST_CATALOG_URL is 'ftp:\/\/x\/index.toml': give the catalog's http:\/\/ or https:\/\/ URL/,
    );
    expect(() => catalogUrl({}, "http://host")).toThrow(/\[manifests\] catalog_url is 'http:\/\/host'/);
  });
});
