// One GET, bounded: a time limit and a size cap, so a slow or hostile server can neither
// hang a background check nor fill the disk. Errors are one line that names the URL.

export const MAX_FETCH_BYTES = 256 * 1024;
export const FETCH_TIMEOUT_MS = 15_000;

export class FetchError extends Error {}

export async function fetchText(url: string, maxBytes = MAX_FETCH_BYTES): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: "follow" });
  } catch (error) {
    const reason = (error as Error).name === "TimeoutError" ? "no answer in 15s" : (error as Error).message;
    throw new FetchError(`cannot fetch ${url}: ${oneLine(reason)}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FetchError(`cannot fetch ${url}: HTTP ${response.status}`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new FetchError(`${url} is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new FetchError(`${url} is not UTF-8 text`);
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
