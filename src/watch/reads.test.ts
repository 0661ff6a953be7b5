import { expect, test } from "bun:test";
import { parseClients, watchedSessions } from "./reads.ts";

test("a control-mode client (the engine's own connection) is nobody looking; focus counts from tmux 3.3", () => {
  const listing = [
    "/dev/pts/1\t$1\tattached,focused,UTF-8",
    "/dev/pts/2\t$2\tattached,UTF-8",
    "client-99\t$9\tattached,focused,control-mode,ignore-size,no-output,UTF-8",
  ].join("\n");
  const clients = parseClients(listing, true);
  expect(clients.map((client) => client.name)).toEqual(["/dev/pts/1", "/dev/pts/2"]);
  expect([...watchedSessions(clients)]).toEqual(["$1"]);
  expect([...watchedSessions(parseClients(listing, false))]).toEqual(["$1", "$2"]);
});
