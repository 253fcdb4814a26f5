/** Output stores: on disk for runs, in memory for tests. */
export { FileOutputStore, type OutputStoreOptions } from './file-store.js';
export { MemoryOutputStore } from './memory-store.js';
export { outputSessionsIn } from './output-folders.js';
