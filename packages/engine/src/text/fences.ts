// Fenced blocks of Markdown ("```sh" ... "```", "~~~" ... "~~~"): where code samples, message
// templates and diagram sources sit. One reader for the checks that treat them apart (placeholders
// in code, links in examples, diagram labels that state no rule).

export interface FencedBlock {
  start: number;
  end: number;
  /** The opening fence's info string ("sh", "mermaid"), as written. */
  info: string;
  body: string;
  /** False for a fence never closed: the block runs to the end of the text. */
  closed: boolean;
}

const FENCED = /^[ \t]*(```|~~~)([^\n]*)\n([\s\S]*?)(?:(\n[ \t]*\1)[ \t]*$|$(?![\s\S]))/gm;

export function fencedBlocks(text: string): FencedBlock[] {
  return [...text.matchAll(FENCED)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    info: m[2]!,
    body: m[3]!,
    closed: m[4] !== undefined,
  }));
}
