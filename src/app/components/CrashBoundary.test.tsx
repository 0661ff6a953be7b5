import { afterEach, expect, spyOn, test } from "bun:test";
import { testRender } from "@opentui/react/test-utils";
import { act } from "react";
import { CrashBoundary } from "./CrashBoundary.tsx";

let setup: Awaited<ReturnType<typeof testRender>> | undefined;
afterEach(() => {
  act(() => setup?.renderer.destroy());
  setup = undefined;
});

function Broken(): never {
  throw new Error("broken view");
}

test("an error thrown while rendering reaches onCrash instead of leaving a blank screen", async () => {
  const crashes: unknown[] = [];
  // React also logs the error it caught: keep it out of the test output.
  const quiet = spyOn(console, "error").mockImplementation(() => undefined);
  setup = await testRender(
    <CrashBoundary onCrash={(error) => crashes.push(error)}>
      <Broken />
    </CrashBoundary>,
    { width: 40, height: 5 },
  );
  await setup.renderOnce();
  quiet.mockRestore();
  expect(crashes.map((error) => (error as Error).message)).toEqual(["broken view"]);
});

test("children that render fine are drawn and nothing is reported", async () => {
  const crashes: unknown[] = [];
  setup = await testRender(
    <CrashBoundary onCrash={(error) => crashes.push(error)}>
      <text>all well</text>
    </CrashBoundary>,
    { width: 40, height: 5 },
  );
  await setup.renderOnce();
  expect(setup.captureCharFrame()).toContain("all well");
  expect(crashes).toEqual([]);
});
