import { api, type CriteriaNode } from './api';
import { csvLine } from '../lib/csv-line';

const ROWS_PER_CALL = 1000;

/** Where the CSV goes, a chunk at a time. */
export interface CsvSink {
  write(chunk: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Every row matching a search, in the chosen columns, written to `sink` a page of 1 000 rows at a
 * time: only one page is ever in memory. Pages are read in id order so that none is read twice.
 */
export async function exportCsv(
  itemtype: string,
  criteria: CriteriaNode[],
  columns: { id: string; name: string }[],
  sink: CsvSink,
  onProgress: (done: number, total: number) => void,
): Promise<void> {
  await sink.write(`\uFEFF${csvLine(columns.map((c) => c.name))}`);
  const display = Object.fromEntries(columns.map((c, i) => [`forcedisplay[${i}]`, c.id]));
  for (let start = 0; ; start += ROWS_PER_CALL) {
    const page = await api.search(itemtype, criteria, { range: `${start}-${start + ROWS_PER_CALL - 1}`, sort: 2, order: 'ASC', ...display });
    await sink.write(page.rows.map((row) => csvLine(columns.map((c) => row[c.id]))).join(''));
    onProgress(Math.min(start + page.rows.length, page.total), page.total);
    if (start + ROWS_PER_CALL >= page.total || !page.rows.length) break;
  }
  await sink.close();
}

interface SaveFilePicker {
  showSaveFilePicker(options: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }): Promise<{
    createWritable(): Promise<{ write(data: string): Promise<void>; close(): Promise<void> }>;
  }>;
}

/**
 * A sink to a file the user picks (the File System Access API writes each chunk to disk), else a
 * Blob grown a chunk at a time (the browser keeps large blobs on disk, not as one string) and
 * downloaded at the end. Null when the user cancels the file picker.
 */
export async function fileSink(name: string, download: (blob: Blob, name: string) => void): Promise<CsvSink | null> {
  const host = window as unknown as Partial<SaveFilePicker>;
  if (host.showSaveFilePicker) {
    try {
      const handle = await host.showSaveFilePicker({ suggestedName: name, types: [{ description: 'CSV', accept: { 'text/csv': ['.csv'] } }] });
      const file = await handle.createWritable();
      return { write: (chunk) => file.write(chunk), close: () => file.close() };
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return null;
      // No picker in this context (an iframe, a policy): download instead.
    }
  }
  let blob = new Blob([], { type: 'text/csv;charset=utf-8' });
  return {
    write: async (chunk) => {
      blob = new Blob([blob, chunk], { type: blob.type });
    },
    close: async () => download(blob, name),
  };
}
