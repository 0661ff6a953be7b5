// Kilo CLI: OpenCode's plugin in Kilo's plugin folder.

import { opencodeFamily } from "./opencode.ts";

export const kilo = opencodeFamily("kilo", "Kilo CLI", "7.7.7 (run here against the stand-in)", "plugin");
