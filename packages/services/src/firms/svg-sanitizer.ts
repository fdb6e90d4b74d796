// SVG logos are rendered inside deliverables, so they are rebuilt from an allow-list: only drawing
// elements and presentation attributes survive. Scripts, event handlers, foreignObject, <style>,
// links and every reference outside the document (href, url(...)) are removed.
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';

const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
]);

const SVG_NS = 'http://www.w3.org/2000/svg';
const ALLOWED_ATTRIBUTE_NAMESPACES = new Set([
  null,
  '',
  SVG_NS,
  'http://www.w3.org/1999/xlink',
  'http://www.w3.org/XML/1998/namespace',
  'http://www.w3.org/2000/xmlns/',
]);

export class SvgRejectedError extends Error {}

/** A value that could reach outside the document or run code. */
function isDangerousValue(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
  if (/(javascript|vbscript|data):/.test(compact) && !/^data:image\/(png|jpeg|webp);base64,/.test(compact))
    return true;
  if (compact.includes('expression(') || compact.includes('@import')) return true;
  // url(...) may only point at an element of this document: url(#id).
  return /url\((?!['"]?#)/.test(compact);
}

interface XmlNode {
  nodeType: number;
  nodeName: string;
  localName?: string | null;
  childNodes: ArrayLike<XmlNode>;
  attributes?: ArrayLike<{
    name: string;
    localName: string | null;
    value: string;
    namespaceURI: string | null;
  }>;
  parentNode: XmlNode | null;
  removeChild(child: XmlNode): void;
  removeAttribute?(name: string): void;
}

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

function removeUnsafeAttributes(element: XmlNode): void {
  for (const attribute of Array.from(element.attributes ?? [])) {
    // A parsed attribute always has a local name; the name as written stands in if one had none.
    const name = (attribute.localName ?? attribute.name).toLowerCase();
    const drop =
      !ALLOWED_ATTRIBUTE_NAMESPACES.has(attribute.namespaceURI) ||
      name.startsWith('on') ||
      (name === 'href' && !attribute.value.trim().startsWith('#')) ||
      isDangerousValue(attribute.value);
    if (drop) element.removeAttribute!(attribute.name);
  }
}

/**
 * No logo nests elements this deep. Cleaning and serialising walk the tree recursively, so a
 * deeper one (a fuzzer's 20,000 nested <g>) would overflow the stack: it is refused first.
 */
export const MAX_SVG_DEPTH = 256;

/** How deep the elements nest under `root`, counted without recursion. */
function depthOf(root: XmlNode): number {
  let deepest = 0;
  const pending: [XmlNode, number][] = [[root, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === ELEMENT) pending.push([child, depth + 1]);
    }
  }
  return deepest;
}

/** Keeps text and allowed elements (recursively cleaned); removes everything else. */
function cleanElement(element: XmlNode): void {
  removeUnsafeAttributes(element);
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === TEXT || child.nodeType === CDATA) continue;
    if (child.nodeType === ELEMENT && ALLOWED_ELEMENTS.has(child.localName ?? '')) cleanElement(child);
    else element.removeChild(child);
  }
}

export function sanitizeSvg(source: string): string {
  if (/<!ENTITY/i.test(source)) throw new SvgRejectedError('SVG with entity declarations is not accepted.');
  let root: XmlNode | null = null;
  let wellFormed = true;
  try {
    const document = new DOMParser({
      onError: (level: string) => {
        if (level !== 'warning') wellFormed = false;
      },
    }).parseFromString(source, 'image/svg+xml');
    root = document.documentElement;
  } catch {
    wellFormed = false;
  }
  if (!wellFormed || !root || root.localName !== 'svg') {
    throw new SvgRejectedError('The file is not a well-formed SVG image.');
  }
  if (depthOf(root) > MAX_SVG_DEPTH) {
    throw new SvgRejectedError(`SVG elements nested more than ${MAX_SVG_DEPTH} deep are not accepted.`);
  }
  cleanElement(root);
  return new XMLSerializer().serializeToString(root as never);
}
