import { parentPort } from "node:worker_threads";
import { prepareBatch } from "./prepare";
import type { PrepareRequest, PrepareResponse } from "./preparer";

/** Worker thread of `workerPreparer`: prepares the batches it is sent, answering each in turn. */
parentPort?.on("message", (request: PrepareRequest) => {
  let response: PrepareResponse;
  try {
    response = { id: request.id, batch: prepareBatch(request.batch, request.columns) };
  } catch (error) {
    response = {
      id: request.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
  parentPort?.postMessage(response);
});
