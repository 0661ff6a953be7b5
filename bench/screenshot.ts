// Renders a real dashboard run to assets/dashboard.png (the README's picture): a scene of
// agents on an isolated tmux server, the dashboard in one of its panes, `capture-pane -e`
// of that pane turned into SVG here (our own SGR parser), and the SVG into PNG by
// rsvg-convert (apt-get install librsvg2-bin; fonts-symbola draws the ⏸ and ⏵ glyphs that
// DejaVu lacks). A tool run by hand; nothing in CI needs it.
// Run: bun bench/screenshot.ts [out.png]

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseAnsi, type StyledSpan } from "../src/app/ansi.ts";
import { Tmux } from "../src/tmux/client.ts";
import { VERSION } from "../src/version.ts";
import { formatClaim, thisHost } from "../src/watch/claim.ts";

const ROOT = resolve(import.meta.dir, "..");
const OUT = resolve(process.argv[2] ?? join(ROOT, "assets", "dashboard.png"));
const COLS = 150;
const ROWS = 34;
const FONT_SIZE = 14;
/** DejaVu Sans Mono's advance is 0.602 em and its line 1.164 em: box lines join up. */
const CELL_W = FONT_SIZE * 0.602;
const CELL_H = FONT_SIZE * 1.17;
const PAD = 12;
const DEFAULT_FG = "#d8dee9";
const DEFAULT_BG = "#16181d";

const scratch = mkdtempSync(join(tmpdir(), "taw-shot-"));
const tmux = new Tmux({ socketName: `taw-shot-${process.pid}` });

function git(cwd: string, ...args: string[]): void {
  const result = Bun.spawnSync(["git", "-c", "user.email=shot@taw", "-c", "user.name=taw", ...args], { cwd });
  if (result.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
}

/** A repository checked out on `branch`, for the branch column. */
function repo(name: string, branch: string): string {
  const dir = join(scratch, name);
  Bun.spawnSync(["mkdir", "-p", dir]);
  git(dir, "init", "-q", "-b", branch);
  git(dir, "commit", "-q", "--allow-empty", "-m", "start");
  return dir;
}

/** What the blocked agent's pane shows: a permission prompt in colour, for the preview. */
const BLOCKED_SCREEN = [
  "\x1b[38;5;174m●\x1b[0m I'll run the auth tests before pushing the fix.",
  "",
  "\x1b[38;5;174m●\x1b[0m \x1b[1mBash\x1b[0m(bun test src/auth)",
  "  ⎿  \x1b[32m✓\x1b[0m accepts a valid token \x1b[2m[3ms]\x1b[0m",
  "     \x1b[32m✓\x1b[0m refreshes an expired token \x1b[2m[12ms]\x1b[0m",
  "     \x1b[32m✓\x1b[0m rejects a revoked session \x1b[2m[4ms]\x1b[0m",
  "     \x1b[1m3 pass\x1b[0m, 0 fail",
  "",
  "\x1b[38;5;174m●\x1b[0m All green. Pushing the branch.",
  "",
  "\x1b[38;5;110m╭─────────────────────────────────────────────────╮\x1b[0m",
  "\x1b[38;5;110m│\x1b[0m \x1b[1mBash command\x1b[0m                                    \x1b[38;5;110m│\x1b[0m",
  "\x1b[38;5;110m│\x1b[0m   \x1b[33mgit push origin feat/login\x1b[0m                    \x1b[38;5;110m│\x1b[0m",
  "\x1b[38;5;110m│\x1b[0m Do you want to proceed?                         \x1b[38;5;110m│\x1b[0m",
  "\x1b[38;5;110m│\x1b[0m \x1b[38;5;110m❯ 1. Yes\x1b[0m                                        \x1b[38;5;110m│\x1b[0m",
  "\x1b[38;5;110m│\x1b[0m   2. No, and tell Claude what to do differently \x1b[38;5;110m│\x1b[0m",
  "\x1b[38;5;110m╰─────────────────────────────────────────────────╯\x1b[0m",
].join("\n");

interface SceneAgent {
  session: string;
  window: string;
  kind: string;
  state: string;
  ago: number;
  name?: string;
  title?: string;
  cwd: string;
  screen?: string;
}

async function buildScene(): Promise<string> {
  const auth = repo("auth", "feat/login");
  const docs = repo("docs", "docs/popup");
  const core = repo("core", "main");
  const flaky = repo("e2e", "fix/flaky-e2e");
  const screenFile = join(scratch, "blocked.txt");
  writeFileSync(screenFile, `${BLOCKED_SCREEN}\n`);
  const agents: SceneAgent[] = [
    {
      session: "api",
      window: "auth",
      kind: "claude",
      state: "blocked",
      ago: 140,
      name: "auth",
      title: "Bash: git push origin feat/login",
      cwd: auth,
      screen: screenFile,
    },
    {
      session: "api",
      window: "tests",
      kind: "opencode",
      state: "working",
      ago: 190,
      name: "tests",
      title: "Fixing the flaky popup test",
      cwd: flaky,
    },
    {
      session: "web",
      window: "docs",
      kind: "codex",
      state: "done",
      ago: 420,
      title: "Updated the README's popup section",
      cwd: docs,
    },
    {
      session: "web",
      window: "review",
      kind: "claude",
      state: "idle",
      ago: 3900,
      name: "review",
      title: "Reviewed #42",
      cwd: core,
    },
    {
      session: "infra",
      window: "poller",
      kind: "gemini",
      state: "working",
      ago: 40,
      title: "Refactoring the poller",
      cwd: core,
    },
    { session: "infra", window: "ci", kind: "aider", state: "idle", ago: 1500, cwd: flaky },
  ];
  const sessions = new Set<string>();
  await tmux.run([
    "-f",
    "/dev/null",
    "new-session",
    "-d",
    "-s",
    "dash",
    "-x",
    String(COLS),
    "-y",
    String(ROWS),
    "sh",
  ]);
  await tmux.run(["set-option", "-g", "exit-empty", "off"]);
  const now = Math.floor(Date.now() / 1000);
  for (const agent of agents) {
    const where = sessions.has(agent.session)
      ? ["new-window", "-d", "-t", `${agent.session}:`, "-n", agent.window]
      : ["new-session", "-d", "-s", agent.session, "-n", agent.window, "-x", "100", "-y", "20"];
    sessions.add(agent.session);
    const pane = (await tmux.run([...where, "-c", agent.cwd, "-P", "-F", "#{pane_id}", "sh"])).trim();
    const options: [string, string][] = [
      ["@agent_kind", agent.kind],
      ["@agent_state", agent.state],
      ["@agent_state_since", String(now - agent.ago)],
      ["@agent_name", agent.name ?? ""],
      ["@agent_title", agent.title ?? ""],
    ];
    for (const [option, value] of options)
      if (value) await tmux.run(["set-option", "-p", "-t", pane, option, value]);
    if (agent.screen) await tmux.run(["send-keys", "-t", pane, `clear; cat ${agent.screen}`, "Enter"]);
    // A shell beside each agent, except the one whose screen the preview shows whole.
    if (!agent.screen) await tmux.run(["split-window", "-d", "-t", pane, "-c", agent.cwd, "sh"]);
  }
  // This process holds the engine claim: the dashboard reads the options set above.
  await tmux.run([
    "set-option",
    "-g",
    "@agent_wizard_engine",
    formatClaim(process.pid, thisHost(), Date.now(), VERSION),
  ]);
  const line = `COLORTERM=truecolor ${process.execPath} ${ROOT}/src/app/entry.ts -L ${tmux.server.socketName}`;
  await tmux.run(["send-keys", "-t", "dash:0", line, "Enter"]);
  return "dash:0";
}

async function waitForDashboard(pane: string): Promise<string> {
  for (let tries = 0; tries < 200; tries++) {
    const plain = await tmux.run(["capture-pane", "-p", "-t", pane]);
    // Rows, branches and the preview all drawn.
    if (
      plain.includes("⏸ auth") &&
      plain.includes("feat/login") &&
      plain.includes("Do you want to proceed?")
    ) {
      return tmux.run(["capture-pane", "-p", "-e", "-t", pane]);
    }
    await Bun.sleep(100);
  }
  throw new Error("the dashboard did not draw the scene");
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function spanColors(span: StyledSpan): { fg: string; bg: string | undefined } {
  const fg = span.fg ?? DEFAULT_FG;
  if (span.inverse) return { fg: span.bg ?? DEFAULT_BG, bg: fg };
  return { fg, bg: span.bg };
}

export function ansiToSvg(text: string, cols: number, rows: number): string {
  const width = Math.ceil(cols * CELL_W + 2 * PAD);
  const height = Math.ceil(rows * CELL_H + 2 * PAD);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="100%" height="100%" rx="8" fill="${DEFAULT_BG}"/>`,
    `<g font-family="DejaVu Sans Mono, Symbola, monospace" font-size="${FONT_SIZE}" xml:space="preserve">`,
  ];
  parseAnsi(text)
    .slice(0, rows)
    .forEach((line, row) => {
      let col = 0;
      const y = PAD + row * CELL_H;
      for (const span of line) {
        const chars = Array.from(span.text);
        const x = PAD + col * CELL_W;
        const { fg, bg } = spanColors(span);
        if (bg) {
          parts.push(
            `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(chars.length * CELL_W).toFixed(1)}" height="${CELL_H.toFixed(1)}" fill="${bg}"/>`,
          );
        }
        if (span.text.trim() !== "") {
          const weight = span.bold ? ' font-weight="bold"' : "";
          const opacity = span.dim ? ' fill-opacity="0.6"' : "";
          // A glyph from the fallback font has its own advance: each one outside ASCII is
          // placed in its own cell, runs of ASCII follow DejaVu's monospace advance.
          let at = 0;
          for (const run of span.text.match(/[\x20-\x7e]+|[^\x20-\x7e]/gu) ?? []) {
            if (run.trim() !== "") {
              parts.push(
                `<text x="${(x + at * CELL_W).toFixed(1)}" y="${(y + CELL_H * 0.78).toFixed(1)}" fill="${fg}"${weight}${opacity}>${escapeXml(run)}</text>`,
              );
            }
            at += Array.from(run).length;
          }
        }
        col += chars.length;
      }
    });
  parts.push("</g></svg>");
  return parts.join("\n");
}

try {
  const pane = await buildScene();
  const captured = await waitForDashboard(pane);
  const svgFile = join(scratch, "dashboard.svg");
  writeFileSync(svgFile, ansiToSvg(captured, COLS, ROWS));
  const converted = Bun.spawnSync(["rsvg-convert", "-o", OUT, svgFile]);
  if (converted.exitCode !== 0) {
    throw new Error(`rsvg-convert failed (apt-get install librsvg2-bin): ${converted.stderr}`);
  }
  console.log(`wrote ${OUT}`);
} finally {
  await tmux.tryRun(["send-keys", "-t", "dash:0", "q"]);
  await Bun.sleep(300);
  await tmux.tryRun(["kill-server"]);
  rmSync(scratch, { recursive: true, force: true });
}
