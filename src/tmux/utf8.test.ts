import { afterAll, expect, test } from "bun:test";
import { Tmux } from "./client.ts";

const socketName = `taw-utf8-test-${process.pid}`;
Bun.spawnSync(["tmux", "-L", socketName, "-f", "/dev/null", "new-session", "-d", "-s", "main", "sh"]);
afterAll(() => {
  Bun.spawnSync(["tmux", "-L", socketName, "kill-server"]);
});

test("a listing keeps its tabs in an environment with no UTF-8 locale (ssh, cron, systemd)", async () => {
  const saved = { LANG: process.env.LANG, LC_ALL: process.env.LC_ALL, LC_CTYPE: process.env.LC_CTYPE };
  for (const key of Object.keys(saved)) delete process.env[key];
  try {
    const tmux = new Tmux({ socketName });
    expect(await tmux.run(["display-message", "-p", "a\tb"])).toBe("a\tb\n");
    const control = tmux.withControl();
    try {
      expect((await control.batch([["display-message", "-p", "c\td"]]))[0]?.output).toBe("c\td");
    } finally {
      control.close();
    }
  } finally {
    for (const [key, value] of Object.entries(saved)) if (value !== undefined) process.env[key] = value;
  }
});
