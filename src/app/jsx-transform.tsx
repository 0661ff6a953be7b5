/** @jsxImportSource ./jsx-probe */
// Which JSX transform Bun compiled this process's files with. React's production build has
// no `jsxDEV`, so the dashboard may switch React to it only when the transform is the
// production one (see load.ts). The probe's element uses a runtime of its own: importing
// React's here would load React before load.ts chooses its build.

export const compiledForDevelopment = String(() => <probe />).includes("jsxDEV");
