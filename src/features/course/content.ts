/**
 * The course as the pages read it at build time: the public outline (frontmatter only) and the
 * free preview entry. The whole course is checked once (src/features/course/outline.ts) so a bad edit fails
 * the build with its reason. Paid bodies are never read here: they reach members through the
 * content gate only.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { courseOutline, courseProblems, type OutlineModule } from './outline';

let checked: Promise<{ modules: OutlineModule[]; entries: CollectionEntry<'course'>[] }> | undefined;

export function loadCourse(): Promise<{ modules: OutlineModule[]; entries: CollectionEntry<'course'>[] }> {
  checked ??= (async () => {
    const entries = await getCollection('course');
    const modules = (await getCollection('courseModules')).map(({ data }) => data);
    const problems = courseProblems(
      entries.map((e) => ({ id: e.id, data: e.data, body: e.body ?? '' })),
      modules,
      { complete: false },
    );
    if (problems.length) throw new Error(`The course in src/content/course has problems:\n- ${problems.join('\n- ')}`);
    return { modules: courseOutline(entries, modules), entries };
  })();
  return checked;
}
