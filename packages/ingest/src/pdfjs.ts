// pdf.js ships as ES modules only. Node 20.19+ can require() them natively, but only through Node's
// own loader: Jest's sandbox replaces `require` and `createRequire` (and cannot load ES modules),
// and tsx's CommonJS hook would transform the 2 MB bundle on every start. `Module._load` is Node's
// loader itself, which Jest passes through. The worker module is installed as
// `globalThis.pdfjsWorker`, so pdf.js runs its "fake worker" in this process without importing a
// worker file by URL.
import path from 'node:path';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

interface NodeModuleLoader {
  _load(request: string, parent: null, isMain: boolean): unknown;
}

let loaded: PdfJs | null = null;

function nodeLoad(specifier: string): unknown {
  const loader = require('node:module') as NodeModuleLoader;
  return loader._load(require.resolve(specifier), null, false);
}

export function loadPdfJs(): PdfJs {
  if (loaded) return loaded;
  const pdfjs = nodeLoad('pdfjs-dist/legacy/build/pdf.mjs') as PdfJs;
  const scope = globalThis as { pdfjsWorker?: unknown };
  scope.pdfjsWorker ??= nodeLoad('pdfjs-dist/legacy/build/pdf.worker.mjs');
  loaded = pdfjs;
  return pdfjs;
}

/** A data folder of the pdf.js package, as pdf.js wants it in Node: a path ending in a separator. */
export function pdfJsAssetDir(name: 'standard_fonts' | 'cmaps'): string {
  return path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), name) + path.sep;
}
