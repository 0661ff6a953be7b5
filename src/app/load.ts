// Loading the dashboard's renderer with React's production build. React chooses its build
// once, when first required, from NODE_ENV; the development build's checks cost a fifth of
// the popup's first frame. The production build is chosen only when Bun compiled JSX with the
// production transform (taw's launchers ask for it): mixing the development transform with
// the production build crashes on the first element. A NODE_ENV the user set is kept, and
// ours is not passed on to the processes the dashboard starts.

export async function loadDashboard(): Promise<typeof import("./run.tsx")> {
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
