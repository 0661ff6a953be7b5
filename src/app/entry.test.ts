import { expect, test } from "bun:test";
import { parseEntryArgs } from "./entry.ts";

test("the popup entry reads --popup, --client and the server; anything else is a usage error", () => {
  expect(parseEntryArgs(["--popup", "--client", "/dev/pts/3", "-L", "work"], {})).toEqual({
    popup: true,
    client: "/dev/pts/3",
    server: { socketName: "work" },
  });
  expect(parseEntryArgs([], { TAW_TMUX_SOCKET: "/tmp/s" }).server).toEqual({ socketPath: "/tmp/s" });
  expect(() => parseEntryArgs(["--wat"], {})).toThrow("unknown option '--wat'");
  expect(() => parseEntryArgs(["--client"], {})).toThrow("needs a value");
});

test("--view opens the dashboard on a view (the Inbox from a notification); an unknown one is refused", () => {
  expect(parseEntryArgs(["--popup", "--view", "inbox"], {}).view).toBe("inbox");
  expect(() => parseEntryArgs(["--view", "mail"], {})).toThrow(
    "unknown view 'mail'; views are agents, tree, worktrees, inbox",
  );
});
