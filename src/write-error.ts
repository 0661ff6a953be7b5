// A write taw could not make, said so the user knows what to do: each errno has its own words
// (a read-only file system is not a full disk), and every one names the folder.

type Say = (folder: string) => string;

const MOVE = "or point TAW_STATE_DIR at another folder";
const denied: Say = (folder) => `permission denied writing in ${folder}: make it yours and writable, ${MOVE}`;
const inTheWay: Say = (folder) =>
  `something in the way in ${folder}: a file where taw needs a folder, or a folder where it writes a file; move it aside, ${MOVE}`;

const SAY: Record<string, Say> = {
  EROFS: (folder) => `${folder} is on a read-only file system: point TAW_STATE_DIR at a writable folder`,
  EACCES: denied,
  EPERM: denied,
  ENOSPC: (folder) => `no space left on the disk that holds ${folder}: free some space`,
  EDQUOT: (folder) => `your disk quota is used up where ${folder} is: free some space`,
  ENOTDIR: inTheWay,
  EISDIR: inTheWay,
  EEXIST: inTheWay,
};

/** What went wrong writing in `folder` and what to do; undefined for an error with no errno
 * (a bug, not the file system). */
export function writeFailure(error: unknown, folder: string): string | undefined {
  const { code, message } = error as NodeJS.ErrnoException;
  if (!code) return undefined;
  const say = SAY[code];
  return say ? `${say(folder)} (${code})` : `cannot write in ${folder}: ${message}`;
}
