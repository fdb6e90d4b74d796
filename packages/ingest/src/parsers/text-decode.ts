// Text files are read as UTF-8 (a byte order mark is dropped). The upload sniff has already refused
// content that is not text; a stray invalid byte becomes U+FFFD rather than failing the file.
export function decodeText(bytes: Buffer): string {
  return new TextDecoder('utf-8').decode(bytes).replace(/^\ufeff/, '');
}
