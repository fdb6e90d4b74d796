// DOCX: the zip package goes through the zip guard, word/document.xml through the XML guard (no
// DOCTYPE, so no entity expansion of any kind; bounded nesting), then it is read with xmldom.
// Each paragraph becomes a line; each table cell becomes a line (a cell's paragraphs joined by a
// space), in reading order.
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';

import { buildDocument, normaliseText } from '../document';
import { assertXmlPartSafe } from '../xml-guard';
import { guardedUnzip } from '../zip-guard';
import { ParseError } from '../types';
import type { Parser } from './parser';

const MAIN_PART = 'word/document.xml';
const ELEMENT_NODE = 1;

function children(node: Node): Element[] {
  const out: Element[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling)
    if (child.nodeType === ELEMENT_NODE) out.push(child as Element);
  return out;
}

/** The text of one paragraph: runs' text, tabs and breaks; deleted text (w:delText) is left out. */
function paragraphText(paragraph: Element): string {
  let text = '';
  const visit = (node: Element) => {
    for (const child of children(node)) {
      switch (child.localName ?? '') {
        case 't':
          text += child.textContent ?? '';
          break;
        case 'tab':
          text += '\t';
          break;
        case 'br':
        case 'cr':
          text += '\n';
          break;
        case 'noBreakHyphen':
          text += '-';
          break;
        case 'del':
          break;
        default:
          visit(child);
      }
    }
  };
  visit(paragraph);
  return text;
}

/** Lines of a block container (the body, a table cell, a content control) in reading order. */
function blockLines(container: Element): string[] {
  const lines: string[] = [];
  for (const child of children(container)) {
    if (child.localName === 'p') lines.push(paragraphText(child));
    else if (child.localName === 'tbl') {
      for (const row of children(child).filter((node) => node.localName === 'tr'))
        for (const cell of children(row).filter((node) => node.localName === 'tc'))
          lines.push(
            blockLines(cell)
              .filter((line) => line.trim() !== '')
              .join(' '),
          );
    } else if (child.localName !== 'sectPr') lines.push(...blockLines(child));
  }
  return lines;
}

/** The text of word/document.xml, which the XML guard has passed. */
function documentXmlToText(document: string, xml: string): string {
  const errors: string[] = [];
  let body: Element | undefined;
  try {
    const dom = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') errors.push(message);
      },
    }).parseFromString(xml, 'text/xml');
    const root = dom.documentElement;
    body = root ? children(root).find((node) => node.localName === 'body') : undefined;
  } catch (error) {
    errors.push((error as Error).message);
  }
  if (errors.length > 0 || !body)
    throw new ParseError(document, `the document XML is malformed${errors[0] ? ` (${errors[0]})` : ''}`);
  return blockLines(body)
    .filter((line) => line.trim() !== '')
    .join('\n');
}

export const parseDocx: Parser = async ({ bytes, document, extension }) => {
  const parts = guardedUnzip(document, bytes, (name) => name === MAIN_PART);
  const main = parts.get(MAIN_PART);
  if (!main) throw new ParseError(document, `not a Word document (no ${MAIN_PART} in the package)`);
  assertXmlPartSafe(document, MAIN_PART, main);
  const xml = new TextDecoder('utf-8').decode(main);
  return buildDocument({
    document,
    extension,
    sections: [{ text: normaliseText(documentXmlToText(document, xml)) }],
  });
};
