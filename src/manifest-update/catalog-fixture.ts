// For tests (unit and e2e): a real HTTP server on 127.0.0.1, on a free port, serving a
// catalog in herdr's format and the manifests it lists, so `taw manifest update` is tested
// over the network stack it uses, not a stub.

export interface CatalogFixture {
  /** The catalog's URL (…/agent-detection/index.toml). */
  url: string;
  /** Serve these manifests (by agent id), each listed in the catalog as `<id>.toml`. */
  serve(manifests: Record<string, string>): void;
  /** The files served, by URL path: a test may change or remove one. */
  files: Map<string, string>;
  stop(): void;
}

export function startCatalog(): CatalogFixture {
  const files = new Map<string, string>();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: (request) => {
      const body = files.get(new URL(request.url).pathname);
      return body === undefined ? new Response("not found", { status: 404 }) : new Response(body);
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/agent-detection/index.toml`,
    files,
    serve(manifests) {
      files.clear();
      const entries = Object.keys(manifests).map((id) => `[[agents]]\nid = "${id}"\npath = "${id}.toml"\n`);
      files.set("/agent-detection/index.toml", `schema_version = 1\n\n${entries.join("\n")}`);
      for (const [id, text] of Object.entries(manifests)) files.set(`/agent-detection/${id}.toml`, text);
    },
    stop: () => server.stop(true),
  };
}
