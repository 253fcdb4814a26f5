#!/usr/bin/env node
// Runs the TypeScript command line through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
await import('../runners/cli/entry.ts');
