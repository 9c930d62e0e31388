/** @pdf-lib/fontkit's minified build (the same module as its `main`; typed where it is used, in card-fonts.ts). */
declare module '@pdf-lib/fontkit/dist/fontkit.umd.min.js' {
  const fontkit: unknown;
  export default fontkit;
}

/** pdf-lib's minified single-file build: the same API as 'pdf-lib' (its default export is the module). */
declare module 'pdf-lib/dist/pdf-lib.min.js' {
  import type * as lib from 'pdf-lib';
  const pdfLib: typeof lib;
  export default pdfLib;
}
