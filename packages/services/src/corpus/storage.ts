// Where corpus files live in the object store: corpus/<engagement id>/<stored name> (under
// DATA_DIR on the filesystem). Both names are ids we generated (validated here); a client's file
// name never becomes part of a key.
const ID_PATTERN = /^[a-z]+-[0-9a-f]{16}$/;

function checkedId(id: string): string {
  if (!ID_PATTERN.test(id)) throw new Error(`not a generated id: ${JSON.stringify(id)}`);
  return id;
}

/** The parent of every engagement's corpus folder. */
export const CORPUS_FOLDER = 'corpus/';

export function corpusFolder(engagementId: string): string {
  return `${CORPUS_FOLDER}${checkedId(engagementId)}/`;
}

export function corpusFileKey(engagementId: string, storedName: string): string {
  return `${corpusFolder(engagementId)}${checkedId(storedName)}`;
}

/** True for a name this module could have made: a generated id. */
export function isGeneratedId(name: string): boolean {
  return ID_PATTERN.test(name);
}
