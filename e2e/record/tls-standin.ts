// A stand-in for a vendor's HTTPS endpoints, for first runs that check them before any screen
// (Claude Code asks api.anthropic.com and platform.claude.com "hello" and exits when they do
// not answer). An HTTP proxy on 127.0.0.1 takes CONNECT for the named hosts only and hands
// the tunnel to a local TLS server that answers every request 200 `{}`; its certificate is
// signed by a CA made for this run (openssl), which the agent trusts via NODE_EXTRA_CA_CERTS.
// Nothing reaches the network: other hosts are refused, as offline.

import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";

export interface TlsStandIn {
  /** Environment for the agent: HTTPS_PROXY, NODE_EXTRA_CA_CERTS. */
  env: Record<string, string>;
  /** "METHOD https://host/path" of every request answered, "refused host" of the others. */
  seen: string[];
  stop(): void;
}

function openssl(args: string[], cwd: string): void {
  const run = Bun.spawnSync(["openssl", ...args], { cwd, stdout: "ignore", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`openssl ${args[0]}: ${run.stderr.toString().trim()}`);
}

/** A CA and a certificate for `hosts` (wildcards allowed), in `dir`. */
function makeCertificates(dir: string, hosts: string[]): { key: string; cert: string; ca: string } {
  mkdirSync(dir, { recursive: true });
  const subject = ["-subj", "/CN=taw recording stand-in"];
  openssl(
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "ca.key",
      "-out",
      "ca.pem",
      "-days",
      "1",
      ...subject,
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign",
    ],
    dir,
  );
  openssl(
    ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "leaf.key", "-out", "leaf.csr", ...subject],
    dir,
  );
  const names = hosts.map((host) => `DNS:${host}`).join(",");
  writeFileSync(join(dir, "ext.cnf"), `subjectAltName=${names}\nextendedKeyUsage=serverAuth\n`);
  openssl(
    [
      "x509",
      "-req",
      "-in",
      "leaf.csr",
      "-CA",
      "ca.pem",
      "-CAkey",
      "ca.key",
      "-CAcreateserial",
      "-out",
      "leaf.pem",
      "-days",
      "1",
      "-extfile",
      "ext.cnf",
    ],
    dir,
  );
  return { key: join(dir, "leaf.key"), cert: join(dir, "leaf.pem"), ca: join(dir, "ca.pem") };
}

const matches = (host: string, pattern: string) =>
  pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) : host === pattern;

export async function startTlsStandIn(dir: string, hosts: string[]): Promise<TlsStandIn> {
  const files = makeCertificates(dir, hosts);
  const seen: string[] = [];
  const note = (line: string) => {
    seen.push(line);
    appendFileSync(join(dir, "seen.log"), `${line}\n`);
  };
  const tls = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    tls: { key: Bun.file(files.key), cert: Bun.file(files.cert) },
    fetch(request) {
      note(`${request.method} ${request.url}`);
      return Response.json({});
    },
  });
  const proxy = net.createServer((socket) => {
    socket.on("error", () => socket.destroy());
    socket.once("data", (chunk) => {
      const target = /^CONNECT ([^\s:]+):443 /.exec(chunk.toString("latin1"))?.[1];
      if (!target || !hosts.some((pattern) => matches(target, pattern))) {
        note(`refused ${target ?? "a request that is not CONNECT"}`);
        socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
        return;
      }
      const upstream = net.connect(tls.port as number, "127.0.0.1", () => {
        socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        socket.pipe(upstream);
        upstream.pipe(socket);
      });
      upstream.on("error", () => socket.destroy());
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const port = (proxy.address() as net.AddressInfo).port;
  return {
    env: { HTTPS_PROXY: `http://127.0.0.1:${port}`, NODE_EXTRA_CA_CERTS: files.ca },
    seen,
    stop() {
      proxy.close();
      tls.stop(true);
    },
  };
}
