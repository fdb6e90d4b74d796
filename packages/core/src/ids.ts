import { randomBytes } from 'node:crypto';

/** The type prefixes of the specification (and of DECISIONS for comments and templates). */
export const ID_PREFIX = {
  engagement: 'eng',
  firm: 'firm',
  user: 'u',
  finding: 'f',
  comment: 'c',
  template: 'tpl',
  session: 's',
  corpusFile: 'file',
  chunk: 'ch',
  run: 'run',
  shard: 'shard',
  snapshot: 'snap',
  backupCode: 'bc',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

/** A new opaque id: the type prefix, a hyphen and 16 random hex characters (64 bits). */
export function newId(kind: IdKind): string {
  return `${ID_PREFIX[kind]}-${randomBytes(8).toString('hex')}`;
}
