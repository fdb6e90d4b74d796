// The text of a Word file's body: its w:t runs joined, XML entities left as written.
import { strFromU8, unzipSync } from 'fflate';

export function docxBodyText(bytes: Uint8Array): string {
  const xml = strFromU8(unzipSync(bytes)['word/document.xml']!);
  return [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('');
}
