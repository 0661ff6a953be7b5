// How taw starts Bun for its own entries (the launcher bin/taw does the same in shell).
// Bun chooses its JSX transform once, at process start, from the tsconfig of the folder it
// starts in, not the one beside the file: started outside the checkout it would compile the
// dashboard for React's development build. Naming taw's own tsconfig keeps the production
// transform wherever the user stands.

import { join, resolve } from "node:path";

export const PACKAGE_ROOT = resolve(import.meta.dir, "..");

export const BUN_FLAGS = [`--tsconfig-override=${join(PACKAGE_ROOT, "tsconfig.json")}`];
