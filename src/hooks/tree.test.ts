import { expect, test } from "bun:test";
import { createdBetween } from "./tree.ts";

const session = (id: number, windows: number[]) => ({
  id: `$${id}`,
  publicId: `w${id}`,
  name: `s${id}`,
  windows: windows.map((w) => ({ id: `@${w}`, publicId: `w${id}:t${w}`, name: `win${w}` })),
});

test("a new session is a workspace.created and its windows tab.created; a new window alone is a tab.created", () => {
  const before = { sessions: [session(1, [1])] };
  const after = { sessions: [session(1, [1, 2]), session(3, [4])] };
  expect(createdBetween(before, after)).toEqual([
    { event: "tab.created", workspace_id: "w1", workspace_name: "s1", tab_id: "w1:t2", tab_name: "win2" },
    { event: "workspace.created", workspace_id: "w3", workspace_name: "s3" },
    { event: "tab.created", workspace_id: "w3", workspace_name: "s3", tab_id: "w3:t4", tab_name: "win4" },
  ]);
  expect(createdBetween(after, after)).toEqual([]);
});
