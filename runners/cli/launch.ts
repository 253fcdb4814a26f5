/** The executable entry: `npm run eval` and bin/wisp-eval.js start here. */
import { runMain } from './main.js';

await runMain();
