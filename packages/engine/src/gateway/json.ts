// Tolerant JSON for model answers. Models are asked for one strict JSON value, but they wrap it in
// code fences or prose, and an answer cut at max_tokens ends mid-array. This parser takes the
// first JSON object or array in the text, and when it is truncated closes it after the last
// complete element, so a long list of findings loses only its unfinished tail.

/**
 * An open container, as a linked list so a cut can keep the stack of its moment in O(1).
 * `inRecord`: this container is, or lies within, an object that is an array element.
 */
interface Open {
  closer: '}' | ']';
  parent: Open | null;
  withinArray: boolean;
  inRecord: boolean;
}

/** A point where the value could be closed: text up to `end`, then the closers of `open`. */
interface Cut {
  end: number;
  open: Open | null;
}

function push(parent: Open | null, closer: '}' | ']'): Open {
  const withinArray = parent !== null && (parent.closer === ']' || parent.withinArray);
  return {
    closer,
    parent,
    withinArray,
    inRecord: (parent?.inRecord ?? false) || (closer === '}' && withinArray),
  };
}

function closers(open: Open | null): string {
  let out = '';
  for (let node = open; node; node = node.parent) out += node.closer;
  return out;
}

const MAX_STARTS = 20;
/** Repair attempts (each a JSON.parse of up to the whole text) per answer, to bound the work. */
const MAX_REPAIRS = 200;

/** Parses `text` strictly, else the first usable object or array inside it; throws when none. */
export function parseJsonLenient(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    // fall through to the tolerant path
  }
  const body = stripCodeFence(trimmed);
  let starts = 0;
  const budget = { repairs: MAX_REPAIRS };
  for (let index = 0; index < body.length && starts < MAX_STARTS; index++) {
    const char = body[index];
    if (char !== '{' && char !== '[') continue;
    starts++;
    const value = parseFrom(body, index, budget);
    if (value !== undefined) return value.value;
  }
  throw new SyntaxError('The answer holds no usable JSON value.');
}

/** The content of the first ``` fence (an unclosed fence runs to the end), else the text. */
function stripCodeFence(text: string): string {
  const open = /```[a-zA-Z0-9_-]*[ \t]*\r?\n?/.exec(text);
  if (!open) return text;
  const from = open.index + open[0].length;
  const close = text.indexOf('```', from);
  return close === -1 ? text.slice(from) : text.slice(from, close);
}

/** Scans one value from `start`; returns it when balanced, else the repaired truncation. */
function parseFrom(text: string, start: number, budget: { repairs: number }): { value: unknown } | undefined {
  let open: Open | null = null;
  const cuts: Cut[] = [];
  let inString = false;
  let escaped = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    switch (char) {
      case '"':
        inString = true;
        break;
      case '{':
      case '[':
        open = push(open, char === '{' ? '}' : ']');
        // An empty container is a valid place to stop.
        cuts.push({ end: index + 1, open });
        break;
      case '}':
      case ']':
        if (open?.closer !== char) return undefined;
        open = open.parent;
        if (open === null) return tryParse(text.slice(start, index + 1));
        cuts.push({ end: index + 1, open });
        break;
      case ',':
        // Everything before a comma at this depth is a complete element.
        cuts.push({ end: index, open });
        break;
      default:
        break;
    }
  }
  // Truncated: the text may end right after a complete element.
  if (!inString) cuts.push({ end: text.length, open });
  // Close at the latest cut that parses, preferring cuts that keep no partial array element
  // (an object cut inside an array is an incomplete record: drop it whole).
  cuts.reverse();
  const ordered = [...cuts.filter((cut) => !cut.open?.inRecord), ...cuts.filter((cut) => cut.open?.inRecord)];
  for (const cut of ordered) {
    if (budget.repairs-- <= 0) return undefined;
    const candidate = text.slice(start, cut.end).replace(/[\s,:]+$/, '') + closers(cut.open);
    const parsed = tryParse(candidate);
    if (parsed) return parsed;
  }
  return undefined;
}

function tryParse(candidate: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(candidate) };
  } catch {
    return undefined;
  }
}
