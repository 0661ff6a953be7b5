import { expect, test } from "bun:test";
import { parseContainer } from "./container.ts";

test("Apple's container and Docker's sbx are runtimes: the agent they run is found", () => {
  expect(
    parseContainer(["container", "run", "--arch", "arm64", "-it", "-v", "/w:/w", "img", "claude", "-c"]),
  ).toEqual({
    runtime: "container",
    action: "run",
    target: "img",
    command: ["claude", "-c"],
    entrypoint: undefined,
  });
  expect(
    parseContainer([
      "/usr/local/bin/sbx",
      "run",
      "-t",
      "tpl:1",
      "--name",
      "x",
      "claude",
      ".",
      "--",
      "--resume",
    ]),
  ).toEqual({
    runtime: "sbx",
    action: "run",
    target: "claude",
    command: ["claude", "--resume"],
  });
  expect(parseContainer(["sbx", "run", "codex-myproj"])?.command).toEqual(["codex"]);
  expect(parseContainer(["sbx", "ls"])).toBeUndefined();
});
