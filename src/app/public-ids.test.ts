import { expect, test } from "bun:test";
import { sampleSnapshot } from "./fixtures.ts";
import { publicIdsIn } from "./public-ids.ts";

test("raw pane and window ids the snapshot knows are written as public ids; anything else stays", () => {
  const snapshot = sampleSnapshot();
  expect(publicIdsIn("could not resume %2: gone; %5: gone", snapshot)).toBe(
    "could not resume w1:p2: gone; w2:p5: gone",
  );
  expect(publicIdsIn("moved window @101", snapshot)).toBe("moved window w1:t101");
  // Not ids: a percentage, a URL escape, an id nothing has, text without a snapshot.
  expect(publicIdsIn("50% done, a%20b, pane %99", snapshot)).toBe("50% done, a%20b, pane %99");
  expect(publicIdsIn("pane %2", undefined)).toBe("pane %2");
});
