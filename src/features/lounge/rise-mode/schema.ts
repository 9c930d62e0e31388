/**
 * Rise Mode's content schemas (src/content/lounge/rise-mode/, wired in src/content.config.ts):
 * growth-framed statements, brave actions and the app's copy, which the owner edits without
 * code. Members get the statements and actions from the content gate; pages read the copy and
 * the statements marked for the preview.
 */
import { z } from 'zod';
import { fixedId } from '../shared/schema';

const contentId = (what: string) => fixedId(`Fixed id of the ${what}, stored with members' days: keep it once published.`);

export const riseStatementSchema = z.object({
  id: contentId('statement'),
  text: z.string().min(1).max(300).describe('The statement in the first person, framed as growth ("I am learning to...", "Today I practise...").'),
  preview: z.boolean().optional().describe('Shown on the public preview (/app/rise-mode): one of these is the visitor\'s statement of the day.'),
});

export const riseBraveActionSchema = z.object({
  id: contentId('brave action'),
  text: z.string().min(1).max(300).describe('One small, concrete brave action that can be done today.'),
});

export const risePromptsSchema = z.object({
  intention: z.string().min(1).max(400).describe('The invitation to set the day\'s intention.'),
  statement: z.string().min(1).max(400).describe('How to read the statement, and the invitation to write one\'s own.'),
  braveAction: z.string().min(1).max(400).describe('The invitation to choose a brave action.'),
  checkIn: z.string().min(1).max(80).describe('The evening question ("Did you live it?").'),
  checkInNote: z.string().min(1).max(400).describe('The invitation to write a short note in the evening.'),
});
