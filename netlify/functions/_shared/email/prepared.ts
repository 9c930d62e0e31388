/**
 * What a kind of message gives the outbox for a row a sender has claimed (./kinds.ts lists the
 * kinds): where the message goes and what it says, with its headers and attachments; a reason
 * not to send it after all (`skip`); or null when the row's details cannot be read (given up,
 * never sent half-filled). Types only.
 */
import type { EmailOutboxRow, Json } from '../../../../src/core/db/database.types';
import type { AdminDb } from '../supabase';
import type { MessageContent } from './render';
import type { Attachment } from './resend';
import type { EmailSettings } from './settings';

export type Params = { [key: string]: Json | undefined };

/** The fields of an outbox row a preparer reads. */
export type OutboxRow = Pick<EmailOutboxRow, 'id' | 'user_id' | 'kind' | 'ref' | 'params' | 'created_at'>;

export interface Composed {
  content: MessageContent;
  headers?: Record<string, string>;
  attachments?: Attachment[];
}

export type Prepared = { to: string; composed: Composed } | { skip: string } | null;

export type Preparer = (db: AdminDb, row: OutboxRow, context: { settings: EmailSettings; now: Date }) => Promise<Prepared>;

export const NO_ADDRESS = 'no verified address on record';
