/* global module */
// What may import what, as allow-lists: an import that no rule below allows is an error. ESLint keeps
// the zones between wisp-eval's top-level folders and the engine's purity (eslint.config.js); this file
// keeps the layers inside the engine, the reader's narrow view of the world, and the tree free of
// import cycles, type-only imports included. test/lint/ shows each rule reporting what it should.
//
//   npx depcruise --config .dependency-cruiser.cjs engine runners/models/reader   (run by npm run lint)

/** The engine's layers, lowest first: a folder may import its own files and those of the layers below. */
const ENGINE_LAYERS = [
  // The bottom: modules that import nothing of the engine (ports, protocol texts, errors, settings).
  ['ports\\.ts', 'protocol\\.ts', 'errors\\.ts', 'settings\\.ts'],
  // The model's port and what it raises, the store of entries, and the audit's events and sink.
  ['model/port\\.ts', 'model/recognise-overflow\\.ts', 'store/', 'audit/'],
  // Measuring: estimates, the meter, the figures each turn reports.
  ['measure/'],
  // Calling the model: sessions, guided calls, the truncation watch.
  ['model/'],
  // Tool output: bounding, cuts, references, the output store's port and sweep.
  ['output/'],
  // Facts and the running summary, and how they are distilled.
  ['facts/'],
  // The assessment per request, and the composition of a request from entries and blocks.
  ['assess/', 'compose/'],
  // Tools, the memory tool, and the tool loop.
  ['tools/'],
  // Condensing earlier turns, ahead of time and on overflow.
  ['condense/'],
  // The turn loop: a conversation wires every part above.
  ['conversation/'],
  // The public API.
  ['index\\.ts'],
];

const engineRules = ENGINE_LAYERS.flatMap((layer, index) => {
  const allowed = ENGINE_LAYERS.slice(0, index + 1).flat();
  return layer.map((part) => ({
    comment: `engine/${part.replace(/\\/g, '')} imports its own layer and those below it`,
    from: { path: `^engine/${part}` },
    to: { path: `^engine/(${allowed.join('|')})` },
  }));
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'no module imports itself round a cycle, not even through `import type`',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  allowedSeverity: 'error',
  allowed: [
    // Outside the engine and the reader, ESLint's zones say who may import whom.
    { from: { pathNot: '^(engine|runners/models/reader)/' }, to: {} },
    ...engineRules,
    // The facts' subject kinds ship as data beside their module.
    { from: { path: '^engine/facts/' }, to: { path: '^engine/facts/kinds\\.json$' } },
    // The reader model answers from its request alone: it sees the engine's public API and protocol,
    // its own files and npm packages; no node: module, no other runner folder, no scenario, strategy
    // or record.
    {
      comment: 'the reader imports its own files, the public API and the protocol',
      from: { path: '^runners/models/reader/' },
      to: { path: '^(runners/models/reader/|engine/index\\.ts$|engine/protocol\\.ts$)' },
    },
    {
      comment: 'the reader imports npm packages',
      from: { path: '^runners/models/reader/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-no-pkg', 'npm-unknown'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    // Type-only imports are imports: a cycle through `import type` is a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
    },
    moduleSystems: ['es6'],
  },
};
