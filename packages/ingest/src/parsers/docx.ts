// DOCX: the zip package goes through the zip guard, word/document.xml through the XML guard (no
// DOCTYPE, so no entity expansion of any kind; bounded nesting), then it is read with xmldom.
// Each paragraph becomes a line, in reading order; each table row becomes a line of cells parted
// by " | " (a cell's paragraphs joined by a space).
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

/**
 * A table's rows, one line each with the cells kept apart by " | " between outer bars ("| R-10 |
 * Food safety records | 3 years |"), as a Markdown table reads, so a reader (and the analyst) sees
 * which value belongs to which row and column. A table of one column is a box of text: its cells
 * are lines of their own.
 */
function tableLines(table: Element): string[] {
  const rows = children(table)
    .filter((node) => node.localName === 'tr')
    .map((row) =>
      children(row)
        .filter((node) => node.localName === 'tc')
        .map((cell) =>
          blockLines(cell)
            .map((line) => line.replace(/\s+/g, ' ').trim())
            .filter((line) => line !== '')
            .join(' '),
        ),
    );
  if (rows.every((cells) => cells.length <= 1)) return rows.flat();
  return rows.filter((cells) => cells.some((c) => c !== '')).map((cells) => `| ${cells.join(' | ')} |`);
}

/** Lines of a block container (the body, a table cell, a content control) in reading order. */
function blockLines(container: Element): string[] {
  const lines: string[] = [];
  for (const child of children(container)) {
    if (child.localName === 'p') lines.push(paragraphText(child));
    else if (child.localName === 'tbl') lines.push(...tableLines(child));
    else if (child.localName !== 'sectPr') lines.push(...blockLines(child));
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
