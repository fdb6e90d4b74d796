// The cells of a table row as Markdown, DOCX and XLSX text write it: "| Role | Duties |".

/** The cells between the pipes, trimmed; the row's outer pipes make no empty first or last cell. */
export function pipeCells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** A line of a table as the parsers write it: cells between pipes ("| a | b |", "a | b"). */
export function isTableRow(text: string): boolean {
  return text.includes(' | ') || /^\|.*\|$/.test(text);
}
