import { expect, test } from "bun:test";
import { forgetLauncherEnv } from "./runtime.ts";

test("the allocator setting the launcher made is taken out of the environment; one the user made stays", () => {
  const launched: NodeJS.ProcessEnv = { MIMALLOC_PURGE_DELAY: "0", TAW_SET_PURGE_DELAY: "1", HOME: "/h" };
  forgetLauncherEnv(launched);
  expect(launched).toEqual({ HOME: "/h" });
  const users: NodeJS.ProcessEnv = { MIMALLOC_PURGE_DELAY: "250", HOME: "/h" };
  forgetLauncherEnv(users);
  expect(users).toEqual({ MIMALLOC_PURGE_DELAY: "250", HOME: "/h" });
});
