// How a user manifest that does not load is shown: one line, kept in a global option the
// dashboard, `taw doctor` and the status read. Small on purpose: the dashboard's first frame
// imports it, and the manifest loader stays out of that.

import type { ManifestError, ManifestSet } from "../detect/manifest.ts";

/** The manifest error's one-line text: `file:line: field: message`. */
export const formatManifestError = (error: ManifestError) =>
  `${error.file}${error.line ? `:${error.line}` : ""}: ${error.field ? `${error.field}: ` : ""}${error.message}`;

/** Where the first manifest error is shown (the dashboard's message line reads it; `taw
 * doctor` and the log say it too); unset while every manifest loads. */
export const MANIFEST_ERROR_OPTION = "@agent_wizard_manifest_error";

/** The first manifest error as the dashboard shows it, or undefined while all load. */
export function manifestProblem(set: ManifestSet): string | undefined {
  const first = set.errors[0];
  return first && `manifest: ${formatManifestError(first)}`;
}

/** The command that reads the shown manifest error (empty while all load). */
export const SHOW_MANIFEST_ERROR = ["show-options", "-gqv", MANIFEST_ERROR_OPTION];
