import { describe, expect, test } from "bun:test";
import { useServers } from "./harness.ts";

const server = useServers();

interface Listed {
  workspace_id: string;
  name: string;
  tabs: {
    tab_id: string;
    index: number;
    panes: { pane_id: string; tmux_id: string; pane_index: number }[];
  }[];
}

describe("taw tree", () => {
  test("3 sessions, 5 windows and 12 panes are listed exactly, in tmux's order", async () => {
    const s = await server({ session: "alpha" });
    // alpha: 2 windows (3 + 2 panes); beta: 2 windows (4 + 1); gamma: 1 window (2 panes).
    await s.run("split-window", "-t", "alpha:0", "sh");
    await s.run("split-window", "-t", "alpha:0", "sh");
    await s.run("new-window", "-t", "alpha:", "sh");
    await s.run("split-window", "-t", "alpha:1", "sh");
    await s.run("new-session", "-d", "-s", "beta", "-x", "120", "-y", "40", "sh");
    for (let i = 0; i < 3; i++) await s.run("split-window", "-t", "beta:0", "sh");
    await s.run("new-window", "-t", "beta:", "sh");
    await s.run("new-session", "-d", "-s", "gamma", "sh");
    await s.run("split-window", "-t", "gamma:0", "sh");

    const expected = (
      await s.run(
        "list-panes",
        "-a",
        "-F",
        "#{session_id} #{session_name} #{window_id} #{window_index} #{pane_id} #{pane_index}",
      )
    )
      .trim()
      .split("\n")
      .map((line) => line.split(" ") as [string, string, string, string, string, string]);
    expect(expected).toHaveLength(12);

    const result = await s.taw(["tree", "--json"]);
    expect(result.code).toBe(0);
    const workspaces = result.json?.result.workspaces as Listed[];
    expect(workspaces.map((w) => w.name)).toEqual(["alpha", "beta", "gamma"]);
    expect(workspaces.flatMap((w) => w.tabs)).toHaveLength(5);
    const listed = workspaces.flatMap((w) =>
      w.tabs.flatMap((t) =>
        t.panes.map((p) => [w.workspace_id, w.name, t.tab_id, t.index, p.pane_id, p.tmux_id, p.pane_index]),
      ),
    );
    expect(listed).toEqual(
      expected.map(([sid, sname, wid, windex, pid, pindex]) => [
        `w${sid.slice(1)}`,
        sname,
        `w${sid.slice(1)}:t${wid.slice(1)}`,
        Number(windex),
        `w${sid.slice(1)}:p${pid.slice(1)}`,
        pid,
        Number(pindex),
      ]),
    );
  });

  test("the text tree names every session, window and pane", async () => {
    const s = await server({ session: "solo" });
    await s.run("split-window", "-t", "solo:0", "sh");
    const result = await s.taw(["tree"]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^w\d+ {2}solo$/);
    expect(lines.filter((line) => /^ {4}w\d+:p\d+ {2}sh/.test(line))).toHaveLength(2);
  });
});
