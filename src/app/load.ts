// Loading the dashboard's renderer with React's production build. React chooses its build
// once, when first required, from NODE_ENV; the development build's checks cost a fifth of
// the popup's first frame. The production build is chosen only when Bun compiled JSX with the
// production transform (taw's launchers ask for it): mixing the development transform with
// the production build crashes on the first element. A NODE_ENV the user set is kept, and
// ours is not passed on to the processes the dashboard starts. The compiled taw chose the
// production build when it was built, whatever NODE_ENV says.

import { COMPILED, PACKAGE_ROOT } from "../runtime.ts";

/** OpenTUI's native library, from the platform package npm installed beside the package: the
 * compiled taw (src/compiled) cannot resolve it from its embedded files. */
async function nativeLibrary(): Promise<string> {
  const platformPackage = `@opentui/core-${process.platform}-${process.arch}`;
  return (await import(Bun.resolveSync(platformPackage, PACKAGE_ROOT))).default as string;
}

export async function loadDashboard(): Promise<typeof import("./run.tsx")> {
  if (COMPILED) {
    // Built with NODE_ENV=production; only the native library needs naming.
    const [{ setRenderLibPath }, library] = await Promise.all([import("@opentui/core"), nativeLibrary()]);
    setRenderLibPath(library);
    return import("./run.tsx");
  }
  const chosen = process.env.NODE_ENV;
  const { compiledForDevelopment } = await import("./jsx-transform.tsx");
  const flip = chosen === undefined && !compiledForDevelopment;
  if (flip) process.env.NODE_ENV = "production";
  try {
    return await import("./run.tsx");
  } finally {
    if (flip) delete process.env.NODE_ENV;
  }
}
