/** @pdf-lib/fontkit's minified build (same module as its `main`; typed where it is used, in fonts.ts). */
declare module '@pdf-lib/fontkit/dist/fontkit.umd.min.js' {
  const fontkit: unknown;
  export default fontkit;
}
