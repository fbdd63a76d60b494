// Entry of the import worker threads. Node 20 does not pass `--import tsx` on to worker threads, so the worker
// registers tsx itself before loading the TypeScript module named in workerData.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
