// Loading the dashboard's renderer with React's production build. React chooses its build
// once, when first required, from NODE_ENV; the development build's checks cost a fifth of
// the popup's first frame. A NODE_ENV the user set is kept, and ours is not passed on to
// the processes the dashboard starts.

export async function loadDashboard(): Promise<typeof import("./run.tsx")> {
  const chosen = process.env.NODE_ENV;
  if (chosen === undefined) process.env.NODE_ENV = "production";
  try {
    return await import("./run.tsx");
  } finally {
    if (chosen === undefined) delete process.env.NODE_ENV;
  }
}
