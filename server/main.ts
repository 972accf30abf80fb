/**
 * The entry module. The request-serving threads, a scheduled backup and the background
 * checkpoints run in worker threads started from this same module (see serve.ts and
 * db/checkpointer.ts). The checkpoint worker needs its connection alone: it starts without
 * loading the server's modules (some 400 ms of CPU and their memory, spent just when a big write
 * first grows the WAL), which every other thread loads here on demand.
 */
import { isCheckpointWorker, serveCheckpoints } from './db/checkpointer';

if (isCheckpointWorker()) serveCheckpoints();
else await (await import('./serve')).serve(import.meta.path);
