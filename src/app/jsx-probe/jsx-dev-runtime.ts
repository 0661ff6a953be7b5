// The development JSX runtime of the transform probe (../jsx-transform.tsx): never called.
export const jsxDEV = () => null;
export const Fragment = null;
