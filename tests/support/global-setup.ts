/** Before any test: the gated content the content function imports is compiled and current. */
import { generateGatedContent } from '../../scripts/compile-gated-content.mjs';

export default async function setup(): Promise<void> {
  await generateGatedContent();
}
