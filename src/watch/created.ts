// The sessions, windows and panes a tick sees for the first time, and the created event's
// payload a verb left on each as @agent_wizard_created (src/herdr/created.ts): read once,
// taken off as it is read, and carried on the snapshot (Snapshot.created) for the listeners.
// Only a tick with new objects asks tmux anything.

import { pidAlive } from "../pid.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import type { Snapshot } from "../tmux/snapshot.ts";

export const CREATED_OPTION = "@agent_wizard_created";

/** Set (to its pid) by a verb between making an object and leaving its payload: the engine
 * waits for the payload rather than read the object itself. One mark per server: of two verbs
 * at once, the second's objects may be read by the engine before its payloads land (its events
 * then carry the engine's read, as for objects plain tmux made). */
export const MAKING_OPTION = "@agent_wizard_making";

/** How long the engine waits for a verb's hand-over: a verb that died leaves the mark behind. */
export const HAND_OVER_WAIT_MS = 1000;
const HAND_OVER_POLL_MS = 20;

interface NewObject {
  id: string;
  /** set-option / show-options scope: session (none), window (-w), pane (-p). */
  scope: string[];
}

export function newObjects(before: Snapshot, next: Snapshot): NewObject[] {
  const sessions = new Set(before.sessions.map((s) => s.id));
  const windows = new Set(before.sessions.flatMap((s) => s.windows.map((w) => w.id)));
  const found: NewObject[] = [];
  for (const session of next.sessions) {
    if (!sessions.has(session.id)) found.push({ id: session.id, scope: [] });
    for (const window of session.windows)
      if (!windows.has(window.id)) {
        found.push({ id: window.id, scope: ["-w"] });
        windows.add(window.id);
      }
  }
  for (const id of next.panes.keys()) if (!before.panes.has(id)) found.push({ id, scope: ["-p"] });
  return found;
}

/** Each new object's handed-over payload by tmux id, taken off the objects that had one. */
export async function takeHandedOver(tmux: Tmux, objects: NewObject[]): Promise<Map<string, string>> {
  const waitUntil = Date.now() + HAND_OVER_WAIT_MS;
  for (;;) {
    const maker = Number((await tmux.tryRun(["show-options", "-gqv", MAKING_OPTION])).stdout.trim());
    if (!maker) break;
    if (!pidAlive(maker) || Date.now() >= waitUntil) {
      await tmux.tryRun(["set-option", "-gqu", MAKING_OPTION]);
      break;
    }
    await Bun.sleep(HAND_OVER_POLL_MS);
  }
  const read = (o: NewObject) => ["show-options", ...o.scope, "-qv", "-t", target(o.id), CREATED_OPTION];
  const answers = await tmux.batch(objects.map(read));
  const handed = new Map<string, string>();
  objects.forEach((object, index) => {
    const text = answers[index]?.output.trim();
    if (text) handed.set(object.id, text);
  });
  const unset = objects
    .filter((o) => handed.has(o.id))
    .map((o) => ["set-option", ...o.scope, "-qu", "-t", target(o.id), CREATED_OPTION]);
  if (unset.length) await tmux.batch(unset);
  return handed;
}

/** A handed-over payload as the engine read it (Snapshot.created), when it is of this type. */
export function handedOver(
  snapshot: { created?: Map<string, string> },
  id: string,
  type: string,
): Record<string, unknown> | undefined {
  const text = snapshot.created?.get(id);
  if (!text) return undefined;
  try {
    const data = JSON.parse(text);
    return data && typeof data === "object" && data.type === type ? data : undefined;
  } catch {
    return undefined;
  }
}
