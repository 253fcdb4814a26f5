/** The repository: the folder above bin/. */
export declare const root: string;
/** The folders tsconfig.build.json compiles into dist/. */
export declare const SOURCE_FOLDERS: readonly string[];
/** The folders under those that it leaves out. */
export declare const EXCLUDED_FOLDERS: readonly string[];
/** The compiled command line, relative to the repository. */
export declare const COMPILED_ENTRY: string;
/** The state of dist/ under `at` (the repository by default). */
export type CompiledState = { state: 'missing' } | { state: 'stale'; source: string } | { state: 'current' };
/** Whether the compiled command line under `at` exists and is no older than its sources. */
export declare function compiledState(at?: string): CompiledState;
