/**
 * A model behind a server (`ollama:<model>`, `openai:<model>`): the model port, and what the run
 * record keeps of the server and the model as the run found them.
 */
import type { ModelPort } from '../../engine/index.js';
import type { BackendRecord } from '../../records/run-record.js';

/** The model port of a model that a server runs. */
export interface ServerModel extends ModelPort {
  /** The server, the model, its digest and trained length, the options sent, the retries made. */
  backendRecord(): BackendRecord;
}

/** True for a model behind a server. */
export function isServerModel(model: ModelPort): model is ServerModel {
  return typeof (model as Partial<ServerModel>).backendRecord === 'function';
}
