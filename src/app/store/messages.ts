// The message line: news and errors that expire, progress that waits for its outcome, and a
// file's standing problem that stays until the file is fixed.

import { publicIdsIn } from "../public-ids.ts";
import type { DashStore, Message, ProblemSource } from "./state.ts";

/** How long the message line keeps news, and an error (longer: it may need reading twice).
 * A standing problem (showProblem) stays until its file is fixed. */
export const INFO_MESSAGE_MS = 5_000;
export const ERROR_MESSAGE_MS = 15_000;

/** Messages name panes and windows by public id, whatever wrote them (public-ids.ts). */
const messageOf = (store: DashStore, text: string, error: boolean): Message => ({
  text: publicIdsIn(text, store.getState().snapshot),
  error,
});

export function showMessage(store: DashStore, text: string, error = false): void {
  const message = messageOf(store, text, error);
  store.setState({ message });
  const expire = () => {
    if (store.getState().message === message) store.setState({ message: undefined });
  };
  // unref: a message waiting to go never keeps the process alive.
  setTimeout(expire, error ? ERROR_MESSAGE_MS : INFO_MESSAGE_MS).unref();
}

/** What is under way ("starting claude…"): it stays until its outcome replaces it. */
export function showProgress(store: DashStore, text: string): void {
  store.setState({ message: messageOf(store, text, false) });
}

/** Show a file's problem, or (undefined) clear the one shown once that file is fixed. */
export function showProblem(store: DashStore, source: ProblemSource, text: string | undefined): void {
  const { message } = store.getState();
  if (text !== undefined) {
    if (message?.text !== text) store.setState({ message: { text, error: true, problem: source } });
  } else if (message?.problem === source) store.setState({ message: undefined });
}
