// @ts-check
/**
 * `src/content/catalogue.json?access-entries`: the built-in catalogue as the access model reads
 * it (src/core/access/access.ts, `AccessProduct`: price id, name, mode, kind), for the access
 * store every member page loads (src/core/access/store.ts). The file's descriptions, prices and
 * currencies are the catalogue page's (rendered on the server) and never read in the browser
 * from this copy: without them the store is 0.6 KiB of gzip lighter on every member page
 * (docs/decisions/member-weight.md). Types: src/types/catalogue-entries.d.ts.
 */
import { readFileSync } from 'node:fs';

const QUERY = '?access-entries';
/** What the access model reads of an entry, in the file's order. */
const FIELDS = /** @type {const} */ (['priceId', 'name', 'mode', 'productType']);

/** @returns {import('vite').Plugin} */
export function catalogueEntriesPlugin() {
  return {
    name: 'catalogue-entries',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('/catalogue.json' + QUERY)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      return resolved ? resolved.id + QUERY : null;
    },
    load(id) {
      if (!id.endsWith('/catalogue.json' + QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      /** @type {Record<string, unknown>[]} */
      const catalogue = JSON.parse(readFileSync(file, 'utf8'));
      const entries = catalogue.map((entry) => Object.fromEntries(FIELDS.map((field) => [field, entry[field]])));
      return `export default ${JSON.stringify(entries)};`;
    },
  };
}

/** @returns {import('astro').AstroIntegration} */
export default function catalogueEntries() {
  return {
    name: 'catalogue-entries',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [catalogueEntriesPlugin()] } });
      },
    },
  };
}
