// Checks packed npm packages (tarballs from `npm pack`) as npm and bundlers read them:
// publint (strict: warnings count) on the tarball's files, and validate-npm-package-license on
// its `license`, which must be valid for a new package. `inFile` is the file a
// `SEE LICENSE IN <file>` names (the caller checks the tarball holds it: `npm pack --json`
// lists the files).
//
//   node tools/package-checks/check.mjs TARBALL...
//
// Prints one JSON object a line per tarball ({tarball, name, license, problems}) and exits 1
// when any package has a problem. Install first: npm ci --prefix tools/package-checks.
import { readFileSync } from 'node:fs';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import validateLicense from 'validate-npm-package-license';

let failed = false;
for (const tarball of process.argv.slice(2)) {
  const bytes = readFileSync(tarball);
  const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const { messages, pkg } = await publint({ pack: { tarball: data }, strict: true });
  const problems = messages.map((message) => `publint: ${formatMessage(message, pkg) ?? message.code}`);
  const license = validateLicense(String(pkg.license ?? ''));
  if (!license.validForNewPackages) {
    problems.push(`license ${JSON.stringify(pkg.license)}: ${(license.warnings ?? []).join('; ')}`);
  }
  if (problems.length > 0) failed = true;
  process.stdout.write(`${JSON.stringify({ tarball, name: pkg.name, license: pkg.license, inFile: license.inFile ?? null, problems })}\n`);
}
process.exit(failed ? 1 : 0);
