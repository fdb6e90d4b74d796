// The hyperlinks of a document as its source text writes them: Markdown inline links and images
// ("[text](target)", "![alt](src)"), Markdown reference links ("[text][ref]", "[text][]", "[text]"
// with a "[ref]: target" definition) and HTML anchors ("<a href=...>text</a>"). Markdown is kept
// as written by the ingest parser, so the link targets are still in the text; offsets are offsets
// into that text, for quotes.

export interface TextLink {
  /** The link text (an image's alt text), without Markdown or HTML markup. */
  text: string;
  /** The target as written, without surrounding angle brackets or a title. */
  target: string;
  /** Offset of the whole link (or of the reference use) in the text. */
  index: number;
  end: number;
  /** An embedded image, not a link a reader follows. */
  image: boolean;
}

// The target may be empty ("[text]()"): a link to nothing, which a check may want to see.
const INLINE =
  /(!?)\[([^[\]\n]{0,200})\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?\s*\)/g;
const DEFINITION = /^[ \t]{0,3}\[([^[\]\n]{1,80})\]:[ \t]*<?(\S+?)>?(?:[ \t]|$)/gm;
// A reference use: "[text][ref]", "[text][]" or the shortcut "[text]"; not an inline link's text
// ("[text](") nor a definition ("[ref]:").
const REFERENCE = /(!?)\[([^[\]\n]{1,200})\](?:\[([^[\]\n]{0,80})\])?(?![(:[])/g;
const ANCHOR = /<a\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\s\S]{0,400}?)<\/a\s*>/gi;

const labelKey = (label: string) => label.replace(/\s+/g, ' ').trim().toLowerCase();

function plain(text: string): string {
  return text
    .replace(/<[^>]+>/g, ' ')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function extractLinks(text: string): TextLink[] {
  const out: TextLink[] = [];
  for (const m of text.matchAll(INLINE))
    out.push({
      text: plain(m[2]!),
      target: m[3]!,
      index: m.index,
      end: m.index + m[0].length,
      image: m[1] === '!',
    });
  const definitions = new Map<string, string>();
  for (const m of text.matchAll(DEFINITION)) {
    const key = labelKey(m[1]!);
    if (!definitions.has(key)) definitions.set(key, m[2]!);
  }
  if (definitions.size > 0) {
    for (const m of text.matchAll(REFERENCE)) {
      // The label of a definition line is no use of it.
      if (text[m.index + m[0].length] === ':') continue;
      const target = definitions.get(labelKey(m[3] || m[2]!));
      if (target === undefined) continue;
      out.push({
        text: plain(m[2]!),
        target,
        index: m.index,
        end: m.index + m[0].length,
        image: m[1] === '!',
      });
    }
  }
  for (const m of text.matchAll(ANCHOR))
    out.push({
      text: plain(m[3]!),
      target: (m[1] ?? m[2] ?? '').trim(),
      index: m.index,
      end: m.index + m[0].length,
      image: false,
    });
  return out.sort((a, b) => a.index - b.index);
}
