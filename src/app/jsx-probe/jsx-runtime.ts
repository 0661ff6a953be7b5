// The production JSX runtime of the transform probe (../jsx-transform.tsx): never called.
export const jsx = () => null;
export const jsxs = jsx;
export const Fragment = null;

export declare namespace JSX {
  interface IntrinsicElements {
    probe: Record<string, never>;
  }
}
