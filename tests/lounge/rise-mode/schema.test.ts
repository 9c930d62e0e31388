/**
 * Rise Mode's content passes its schemas (src/features/lounge/rise-mode/schema.ts, wired in
 * src/content.config.ts), and the schemas refuse a statement the app could not use.
 */
import { describe, expect, it } from 'vitest';
import statements from '../../../src/content/lounge/rise-mode/statements.json';
import actions from '../../../src/content/lounge/rise-mode/brave-actions.json';
import prompts from '../../../src/content/lounge/rise-mode/prompts.json';
import { riseBraveActionSchema, risePromptsSchema, riseStatementSchema } from '../../../src/features/lounge/rise-mode/schema';

describe('the content passes its schemas', () => {
  it('every file, with unique statement ids and at least one statement for the preview', () => {
    for (const s of statements) riseStatementSchema.parse(s);
    for (const a of actions) riseBraveActionSchema.parse(a);
    risePromptsSchema.parse(prompts);
    expect(new Set(statements.map((s) => s.id)).size).toBe(statements.length);
    expect(statements.filter((s) => 'preview' in s && s.preview).length).toBeGreaterThanOrEqual(1);
  });
});

describe('the schemas refuse what the app cannot use', () => {
  it('a statement without an id, or too long', () => {
    expect(riseStatementSchema.safeParse({ text: 'I am learning.' }).success).toBe(false);
    expect(riseStatementSchema.safeParse({ id: 'long', text: 'x'.repeat(301) }).success).toBe(false);
  });
});
