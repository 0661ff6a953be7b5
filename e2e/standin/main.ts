// Run the stand-in by hand: `bun e2e/standin/main.ts` prints its URL and answers every
// main request with a slow reply, for poking at an agent interactively.

import { slowText } from "./script.ts";
import { startStandIn } from "./server.ts";

const SLOW_LINES = 8;
const LINE_DELAY_MS = 700;

const standIn = startStandIn();
for (let i = 0; i < 100; i++) standIn.script.push(slowText(SLOW_LINES, LINE_DELAY_MS));
console.log(standIn.url);
process.on("SIGINT", () => {
  standIn.stop();
  process.exit(0);
});
