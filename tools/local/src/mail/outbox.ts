import { mkdir, readdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { isId, newId } from '@giving/shared/ids';

/** One sent message as the outbox keeps it: a JSON file named by its id (a ULID, so names sort by time). */
export interface OutboxMessage {
  id: string;
  sentAt: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  text?: string;
  html?: string;
  headers: { name: string; value: string }[];
  tags: { name: string; value: string }[];
  configurationSetName?: string;
}

export type NewMessage = Omit<OutboxMessage, 'id' | 'sentAt'>;

/** The bare address of 'Name <a@b.c>' or 'a@b.c', lower-cased, for matching recipients. */
export function bareAddress(address: string): string {
  const angle = /<([^<>]*)>\s*$/.exec(address);
  return (angle ? angle[1]! : address).trim().toLowerCase();
}

export class Outbox {
  constructor(readonly rootDir: string) {}

  async save(message: NewMessage, now = new Date()): Promise<OutboxMessage> {
    const stored: OutboxMessage = { id: newId(now.getTime()), sentAt: now.toISOString(), ...message };
    await mkdir(this.rootDir, { recursive: true });
    const file = this.file(stored.id);
    // Write then rename, so a reader never sees half a message.
    await writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2));
    await rename(`${file}.tmp`, file);
    return stored;
  }

  /** Newest first; with `to`, only messages for that address (To, Cc or Bcc). */
  async list(filter: { to?: string } = {}): Promise<OutboxMessage[]> {
    let names: string[];
    try {
      names = await readdir(this.rootDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const ids = names
      .filter((name) => name.endsWith('.json') && isId(name.slice(0, -'.json'.length)))
      .map((name) => name.slice(0, -'.json'.length))
      .sort()
      .reverse();
    const messages = (await Promise.all(ids.map((id) => this.get(id)))).filter((m): m is OutboxMessage => m !== undefined);
    if (filter.to === undefined) return messages;
    const wanted = bareAddress(filter.to);
    return messages.filter((m) => [...m.to, ...m.cc, ...m.bcc].some((address) => bareAddress(address) === wanted));
  }

  async get(id: string): Promise<OutboxMessage | undefined> {
    if (!isId(id)) return undefined;
    try {
      return JSON.parse(await readFile(this.file(id), 'utf8')) as OutboxMessage;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async clear(): Promise<void> {
    for (const message of await this.list()) await rm(this.file(message.id), { force: true });
  }

  private file(id: string): string {
    return path.join(this.rootDir, `${id}.json`);
  }
}
