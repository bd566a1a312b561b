// Writes npm-ranges.json: what npm's own `semver` package says about a fixed list of ranges and
// versions. The Rust tests read only the committed JSON; node is needed only to regenerate it.
//
// To regenerate (node and npm on the machine):
//   tmp=$(mktemp -d) && (cd "$tmp" && npm install --no-save semver@7)
//   node crates/opencharacter-resolve/tests/data/gen-npm-ranges.mjs "$tmp/node_modules/semver" \
//     > crates/opencharacter-resolve/tests/data/npm-ranges.json
//
// Each range gets `valid` (node-semver's `validRange(range) !== null`, strict mode) and, when
// valid, `satisfied`: the versions of the pool that `satisfies(version, range)` accepts (default
// options: no `includePrerelease`, no `loose`).
import { createRequire } from 'node:module';

const semverDir = process.argv[2];
if (!semverDir) {
  console.error('usage: node gen-npm-ranges.mjs <path to node_modules/semver>');
  process.exit(2);
}
const require = createRequire(import.meta.url);
const semver = require(semverDir);

const versions = [
  '0.0.0', '0.0.1', '0.0.3-alpha', '0.0.3', '0.0.4', '0.1.0', '0.2.0', '0.2.3-beta', '0.2.3',
  '0.2.4', '0.3.0', '1.0.0-rc.1', '1.0.0-beta', '1.0.0', '1.1.9', '1.2.0-alpha', '1.2.0',
  '1.2.2', '1.2.3-0', '1.2.3-alpha', '1.2.3-beta', '1.2.3-beta.2', '1.2.3-beta.10',
  '1.2.3-beta.2+build.5', '1.2.3', '1.2.3+build', '1.2.4-beta', '1.2.4', '1.3.0-0', '1.3.0',
  '1.9.9', '2.0.0-0', '2.0.0-alpha', '2.0.0', '2.1.0-rc.1', '2.3.4', '2.3.5', '2.4.0', '3.0.0',
  '10.0.0', '9007199254740991.0.0',
];

// Ranges: every operator before every partial, then hand-picked forms, then invalid ones.
const operators = ['', '=', '<', '<=', '>', '>=', '~', '~>', '^'];
const partials = [
  '1', '1.2', '1.2.3', '0', '0.0', '0.0.3', '0.2', '0.2.3', '1.x', '1.2.x', '*', 'x', 'X.x',
  '1.2.3-beta.2', '0.0.3-alpha', 'v1.2.3', '1.2.3+build', '2.0.0-0', '1.2.x-beta',
];
const ranges = [];
for (const op of operators) for (const p of partials) ranges.push(op + p);
ranges.push(
  // spacing
  '', ' ', '  ^1.2.0  ', '>= 1.2.3', '> 1.2', '~ 1.2.3', '^ 1.2', '~> 1.2', '>=1.2.3 <2.0.0',
  '>=1.2  <2', '\t>=1.2\t<2 ', '1.2.3||2.3.4', ' 1.2.3 || 2.3.4 ', '||', '1.2.3 ||', '|| 1.2.3',
  // hyphen ranges
  '1.2.3 - 2.3.4', '1.2 - 2.3.4', '1.2.3 - 2.3', '1.2.3 - 2', '1 - 2', '* - 2', '1.2.3 - *',
  '0.0.0 - 1', '1.2.3-beta - 2.3.4-rc.1', '1.2.3-beta - 2.3', 'v1.2.3 - v2.3.4', '1.2.3+b - 2',
  '1.2.3 - 2.3.4 || 3', '1.x - 2.x', '1.2.x-beta - 2',
  // conjunctions and alternatives
  '>=1.2 <2', '>1.2.3 <=2.3.4', '>=0.2.3 <0.3', '^1.2.3 || ^2', '~1.2.3 || >=2.3.5',
  '1.2.3 2.3.4', '>=1.0.0-rc.1 <1.0.0', '>=1.2.3-alpha <1.2.3', '>=1.2.3-beta.2 <=1.2.3-beta.10',
  '<1.2.3-beta', '>1.2.3-beta', '=1.2.3-beta', '<=2.0.0-alpha', '^1.2.3-beta', '~1.2.3-beta',
  '^0.0.3-alpha', '^0.2.3-beta', '* || 1.0.0-beta', '1.0.0-beta || *', '1.0.0-beta || 2',
  '>=0.0.0', '>=0.0.0 || 1.0.0-beta', '>* || 1.2.3', '<0.0.0-0', '<0.0.0-0 || 1', '* *',
  '>=1 >=1.2 <3 <2.4', '^1.2.0 <1.2.3', '1.2.3-beta.2 || 1.2.3-beta.10', '>=2.0.0-0',
  '^9007199254740990.0.0', '9007199254740991.0.0', '>=9007199254740991', '<=1.2.3-0',
  '>=1.2.3-0 <1.2.3', '1.2.3-0', '^1.2.3-0', 'x.x.x', '*.*', '1.X', '1.2.X', '^0', '^0.0',
  '~0', '~0.0', '^0.x', '^0.0.x', '~1.x', '^1.x.x', '>=1.x', '<1.x', '>1.x', '<=1.x',
  '1.2.3-a-b.c-d', '1.2.3--', '1.2.3-x.7.z.92',
  // invalid
  '>=1.2.3<2', '01.2.3', '1.02', '1.2.03', '1.2.3.4', '1.x.3', 'x.2', '*.1.2', 'a', '1.a',
  '>', '>=', '<=', '~', '^', '=', '=>1', '<>1', '!=1.2.3', '1 - ', ' - 2', '1 -2', '1- 2',
  '1 - 2 - 3', '1 - 2 3', '3 1 - 2', '>1 - 2', '^1 - 2', '1.2.3-', '1.2.3-01', '1.2.3-beta..1',
  '1.2.3+', '1.2.3+a..b', '1.2-beta', '1-beta', '^~1', '~^1', '1.2.3 || >', '1 | 2', '|||',
  'latest', 'V1.2.3', '1.2.3 v', '1.2.3_4', '^9007199254740991', '9007199254740992',
  '~>>1', '>>1', '<<1', '1 || 2 ||| 3', '1.2.3 - 2.3.4 - 5', '1.2.3$', '1.2.3-beta_x',
  // node-semver accepts these; see the known divergences in tests/npm_ranges.rs
  'v=1.2', '==1.2', '=v=1', 'vv1', '1.2+build', '+build', '>=v0.0.0 || 1.0.0-beta',
  '1.2.3 \u00a0 2',
);

const seen = new Set();
const out = [];
for (const range of ranges) {
  if (seen.has(range)) continue;
  seen.add(range);
  const valid = semver.validRange(range) !== null;
  const entry = { range, valid };
  if (valid) entry.satisfied = versions.filter((v) => semver.satisfies(v, range));
  out.push(entry);
}

const lines = out.map((entry) => '    ' + JSON.stringify(entry));
process.stdout.write(
  '{\n  "generator": ' + JSON.stringify(`node-semver ${require(semverDir + '/package.json').version}`) +
    ',\n  "versions": ' + JSON.stringify(versions) +
    ',\n  "ranges": [\n' + lines.join(',\n') + '\n  ]\n}\n',
);
