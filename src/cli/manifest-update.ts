// taw manifest update | status: fetch newer detection manifests from a catalog, and say what
// the last fetch did. The work is src/manifest-update's; this only translates.

import { loadConfig } from "../config/load.ts";
import { catalogUrl } from "../manifest-update/catalog.ts";
import { type AgentOutcome, readStatus } from "../manifest-update/status.ts";
import { updateManifests } from "../manifest-update/update.ts";
import { defineCommand } from "./command.ts";
import { table } from "./table.ts";

export const manifestUpdate = defineCommand({
  path: ["manifest", "update"],
  summary: "fetch newer detection manifests from the catalog ([manifests] catalog_url)",
  flags: {
    "if-stale": { type: "boolean", description: "do nothing when the last check is less than a day old" },
  },
  run: (ctx) =>
    updateManifests(
      {
        url: catalogUrl(ctx.env, loadConfig(ctx.env).config.manifests.catalog_url),
        ifStale: ctx.args.flags["if-stale"] === true,
      },
      ctx.env,
    ),
  render: (result) =>
    result.skipped
      ? `skipped: ${result.reason}`
      : [
          `catalog ${result.catalogUrl}`,
          outcomes(result.agents),
          `${result.updated.length} manifest(s) updated${result.updated.length > 0 ? `: ${result.updated.join(", ")}` : ""}`,
        ].join("\n"),
});

export const manifestStatus = defineCommand({
  path: ["manifest", "status"],
  summary: "what the last `taw manifest update` did: when, and per agent",
  run: (ctx) => Promise.resolve(readStatus(ctx.env)),
  render: (status) =>
    [
      `catalog     ${status.catalogUrl ?? "-"}`,
      `last check  ${status.lastCheck ?? "never"}`,
      ...(status.lastError ? [`last error  ${status.lastError} (${status.lastAttempt ?? "?"})`] : []),
      ...(status.agents.length > 0 ? [outcomes(status.agents)] : []),
    ].join("\n"),
});

function outcomes(agents: AgentOutcome[]): string {
  return table(
    ["ID", "RESULT", "VERSION", "NOTE"],
    agents.map((agent) => [
      agent.id,
      agent.result,
      agent.version ?? "-",
      [agent.previous && agent.result === "updated" ? `was ${agent.previous}` : "", agent.message ?? ""]
        .filter(Boolean)
        .join("; "),
    ]),
  );
}
