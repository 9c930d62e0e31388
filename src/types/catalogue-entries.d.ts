/** The built-in catalogue as the access model reads it (integrations/catalogue-entries.mjs). */
declare module '*/catalogue.json?access-entries' {
  const entries: readonly import('../core/access/access').AccessProduct[];
  export default entries;
}
